import Foundation

/// How a workout or one of its activities is set up: the activity type, where it takes place and, for pool swims,
/// the lap length.
public struct WorkoutConfiguration: Sendable, Hashable {
    /// HealthKit's raw value of the activity type (running is 37).
    public var activityTypeRawValue: UInt
    /// HealthKit's raw value of the location type: 1 unknown, 2 indoor, 3 outdoor.
    public var locationTypeRawValue: Int
    /// HealthKit's raw value of the swimming location type: 0 unknown, 1 pool, 2 open water.
    public var swimmingLocationTypeRawValue: Int
    /// The length of a pool lap, for swimming.
    public var lapLength: Quantity?

    /// A configuration; `check()` says whether its values are valid.
    public init(
        activityTypeRawValue: UInt, locationTypeRawValue: Int = 1, swimmingLocationTypeRawValue: Int = 0,
        lapLength: Quantity? = nil
    ) {
        self.activityTypeRawValue = activityTypeRawValue
        self.locationTypeRawValue = locationTypeRawValue
        self.swimmingLocationTypeRawValue = swimmingLocationTypeRawValue
        self.lapLength = lapLength
    }

    /// Throws when the activity type is unknown, a location raw value is out of range or the lap length is not a
    /// finite, positive length.
    public func check(field: String) throws(HealthModelError) {
        guard TypeTable.workoutActivityType(rawValue: activityTypeRawValue) != nil else {
            throw .invalidField(
                field: "\(field).activityType", reason: "\(activityTypeRawValue) is not a known activity type")
        }
        guard (1...3).contains(locationTypeRawValue) else {
            throw .invalidField(
                field: "\(field).locationType", reason: "\(locationTypeRawValue) is not 1 (unknown), 2 or 3")
        }
        guard (0...2).contains(swimmingLocationTypeRawValue) else {
            throw .invalidField(
                field: "\(field).swimmingLocationType", reason: "\(swimmingLocationTypeRawValue) is not 0, 1 or 2")
        }
        if let lapLength {
            guard lapLength.unit.isCompatible(with: .meter()) else {
                throw .invalidField(field: "\(field).lapLength", reason: "\(lapLength.unit.unitString) is not a length")
            }
            guard lapLength.value.isFinite, lapLength.value > 0 else {
                throw .invalidField(field: "\(field).lapLength", reason: "must be finite and greater than zero")
            }
        }
    }
}

/// One activity of a workout (a leg of a triathlon, an interval): its configuration, interval, events, statistics
/// and metadata. An activity that has not ended yet (during a live workout) has no end date.
public struct WorkoutActivity: Sendable, Hashable {
    /// The activity's identifier.
    public let uuid: UUID
    /// The activity's configuration.
    public let configuration: WorkoutConfiguration
    /// When the activity starts.
    public let startDate: Date
    /// When it ends, once it has ended.
    public let endDate: Date?
    /// The workout's events that fall within the activity, in time order.
    public let events: [WorkoutEvent]
    /// Figures per quantity type identifier, from the samples recorded during the activity.
    public let statistics: [String: WorkoutStatistic]
    /// The activity's metadata.
    public let metadata: [String: MetadataValue]?

    /// An activity; the configuration must be valid and the end must not precede the start.
    public init(
        uuid: UUID = RandomUUID.make(), configuration: WorkoutConfiguration, startDate: Date, endDate: Date?,
        events: [WorkoutEvent] = [], statistics: [String: WorkoutStatistic] = [:],
        metadata: [String: MetadataValue]? = nil
    ) throws(HealthModelError) {
        try configuration.check(field: "workoutConfiguration")
        try Validation.checkFinite(startDate.timeIntervalSinceReferenceDate, field: "startDate")
        if let endDate {
            try Validation.checkInterval(start: startDate, end: endDate)
        }
        self.uuid = uuid
        self.configuration = configuration
        self.startDate = startDate
        self.endDate = endDate
        self.events = events.sorted { $0.startDate < $1.startDate }
        self.statistics = statistics
        self.metadata = metadata
    }

    /// The active time: from the start to the end (or to the start while it has not ended), less the paused spans
    /// of its events.
    public var duration: TimeInterval {
        WorkoutContent.activeDuration(start: startDate, end: endDate ?? startDate, events: events)
    }

    /// This activity with other values for some of its parts.
    public func with(
        endDate: Date?? = nil, events: [WorkoutEvent]? = nil, statistics: [String: WorkoutStatistic]? = nil,
        metadata: [String: MetadataValue]?? = nil
    ) throws(HealthModelError) -> WorkoutActivity {
        try WorkoutActivity(
            uuid: uuid, configuration: configuration, startDate: startDate, endDate: endDate ?? self.endDate,
            events: events ?? self.events, statistics: statistics ?? self.statistics,
            metadata: metadata ?? self.metadata)
    }
}

extension WorkoutActivity {
    /// Throws unless every activity has ended, lies within the workout's interval and overlaps no other activity.
    public static func checkPlacement(_ activities: [WorkoutActivity], start: Date, end: Date) throws(HealthModelError)
    {
        var previousEnd: Date?
        for (index, activity) in activities.sorted(by: { $0.startDate < $1.startDate }).enumerated() {
            guard let activityEnd = activity.endDate else {
                throw .invalidField(field: "workoutActivities[\(index)].endDate", reason: "the activity has not ended")
            }
            guard activity.startDate >= start, activityEnd <= end else {
                throw .invalidField(field: "workoutActivities[\(index)]", reason: "lies outside the workout's interval")
            }
            if let previousEnd, activity.startDate < previousEnd {
                throw .invalidField(field: "workoutActivities[\(index)]", reason: "overlaps the activity before it")
            }
            previousEnd = activityEnd
        }
    }
}

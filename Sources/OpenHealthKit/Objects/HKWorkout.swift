import Foundation
import HealthModel

/// Kinds of workout events, with HealthKit's raw values.
public enum HKWorkoutEventType: Int, Sendable, Hashable {
    case pause = 1
    case resume = 2
    case lap = 3
    case marker = 4
    case motionPaused = 5
    case motionResumed = 6
    case segment = 7
    case pauseOrResumeRequest = 8

    var model: WorkoutEventType { WorkoutEventType(rawValue: rawValue)! }
}

/// A workout event, as in HealthKit.
open class HKWorkoutEvent: NSObject, @unchecked Sendable {
    /// The model event, or why its values were rejected.
    let backing: Result<WorkoutEvent, HealthModelError>
    /// The kind of event.
    open internal(set) var type: HKWorkoutEventType
    /// When it happened.
    open internal(set) var dateInterval: DateInterval
    /// The event's metadata.
    open internal(set) var metadata: [String: Any]?

    /// An event over a date interval.
    public init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
        self.type = type
        self.dateInterval = dateInterval
        self.metadata = metadata
        backing = Result { () throws(HealthModelError) -> WorkoutEvent in
            try WorkoutEvent(
                type: type.model, startDate: dateInterval.start, endDate: dateInterval.end,
                metadata: try MetadataBridge.model(metadata))
        }
        super.init()
    }

    /// Unarchives an event (`NSSecureCoding`, HKWorkoutEvent+Coding.swift); fails on a missing or unknown type, a
    /// missing or reversed interval, or metadata that does not read.
    public required init?(coder: NSCoder) {
        guard let raw = ObjectArchive.integer(coder, HKWorkoutEvent.typeKey),
            let type = HKWorkoutEventType(rawValue: raw)
        else {
            ObjectArchive.report(coder, "HKWorkoutEvent", "no known event type")
            return nil
        }
        guard let start = ObjectArchive.date(coder, HKWorkoutEvent.startKey),
            let end = ObjectArchive.date(coder, HKWorkoutEvent.endKey), start <= end
        else {
            ObjectArchive.report(coder, "HKWorkoutEvent", "no valid date interval")
            return nil
        }
        let metadata = ObjectArchive.metadata(coder, HKWorkoutEvent.metadataKey)
        if case .invalid = metadata {
            ObjectArchive.report(coder, "HKWorkoutEvent", "metadata does not read")
            return nil
        }
        let interval = DateInterval(start: start, end: end)
        let model: WorkoutEvent
        do {
            model = try WorkoutEvent(
                type: type.model, startDate: start, endDate: end,
                metadata: try MetadataBridge.model(metadata.value))
        } catch {
            ObjectArchive.report(coder, "HKWorkoutEvent", "\(error)")
            return nil
        }
        self.type = type
        dateInterval = interval
        self.metadata = metadata.value
        backing = .success(model)
        super.init()
    }

    /// Events are equal when their type, interval and metadata are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutEvent else { return false }
        return other.type == type && other.dateInterval == dateInterval
            && (try? MetadataBridge.model(other.metadata)) == (try? MetadataBridge.model(metadata))
    }

    /// A hash of the type and interval.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(type)
        hasher.combine(dateInterval)
        return hasher.finalize()
    }

    init(_ event: WorkoutEvent) {
        type = HKWorkoutEventType(rawValue: event.type.rawValue)!
        dateInterval = DateInterval(start: event.startDate, end: event.endDate)
        metadata = MetadataBridge.healthKit(event.metadata)
        backing = .success(event)
        super.init()
    }
}

/// A workout, as in HealthKit.
open class HKWorkout: HKSample, @unchecked Sendable {
    /// The activity.
    open internal(set) var workoutActivityType: HKWorkoutActivityType
    /// Active time in seconds.
    open internal(set) var duration: TimeInterval
    /// Pauses, laps, segments and markers.
    open internal(set) var workoutEvents: [HKWorkoutEvent]?
    /// Total active energy.
    open internal(set) var totalEnergyBurned: HKQuantity?
    /// Total distance.
    open internal(set) var totalDistance: HKQuantity?
    /// Total swimming strokes.
    open internal(set) var totalSwimmingStrokeCount: HKQuantity?
    /// Total flights climbed.
    open internal(set) var totalFlightsClimbed: HKQuantity?
    /// Where the workout's time in zone comes from (`HKWorkout+Zones`).
    let zoneLookup = WorkoutZoneLookup()

    /// Unarchives a workout (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        // The same fields as `init(model:)` sets: a stored property added there is set here too.
        guard let sample = ObjectArchive.sample(coder, "HKWorkout", fits: { $0.workoutContent != nil }),
            let content = sample.workoutContent
        else { return nil }
        workoutActivityType = HKWorkoutActivityType(rawValue: content.activityTypeRawValue) ?? .other
        duration = content.duration
        workoutEvents = content.events.map(HKWorkoutEvent.init)
        totalEnergyBurned = content.totalEnergyBurned.map(HKQuantity.init)
        totalDistance = content.totalDistance.map(HKQuantity.init)
        totalSwimmingStrokeCount = content.totalSwimmingStrokeCount.map(HKQuantity.init)
        totalFlightsClimbed = content.totalFlightsClimbed.map(HKQuantity.init)
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKWorkoutType(sampleType: .workout),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        let content = sample.workoutContent!
        workoutActivityType = HKWorkoutActivityType(rawValue: content.activityTypeRawValue) ?? .other
        duration = content.duration
        workoutEvents = content.events.map(HKWorkoutEvent.init)
        totalEnergyBurned = content.totalEnergyBurned.map(HKQuantity.init)
        totalDistance = content.totalDistance.map(HKQuantity.init)
        totalSwimmingStrokeCount = content.totalSwimmingStrokeCount.map(HKQuantity.init)
        totalFlightsClimbed = content.totalFlightsClimbed.map(HKQuantity.init)
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKWorkoutType(sampleType: .workout),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// HealthKit's full initializer; the distance is recorded under the activity's distance type.
    public init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date, workoutEvents: [HKWorkoutEvent]?,
        totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, totalSwimmingStrokeCount: HKQuantity? = nil,
        totalFlightsClimbed: HKQuantity? = nil, duration: TimeInterval? = nil, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        let uuid = RandomUUID.make()
        let backing = Result<Sample, HealthModelError> { () throws(HealthModelError) -> Sample in
            var events: [WorkoutEvent] = []
            for event in workoutEvents ?? [] { events.append(try event.backing.get()) }
            var statistics: [WorkoutStatistic] = []
            if let totalEnergyBurned {
                statistics.append(
                    try WorkoutStatistic(
                        quantityTypeIdentifier: "HKQuantityTypeIdentifierActiveEnergyBurned",
                        sum: totalEnergyBurned.quantity))
            }
            if let totalDistance {
                statistics.append(
                    try WorkoutStatistic(
                        quantityTypeIdentifier: HKWorkout.distanceType(for: activityType), sum: totalDistance.quantity))
            }
            if let totalSwimmingStrokeCount {
                statistics.append(
                    try WorkoutStatistic(
                        quantityTypeIdentifier: "HKQuantityTypeIdentifierSwimmingStrokeCount",
                        sum: totalSwimmingStrokeCount.quantity))
            }
            if let totalFlightsClimbed {
                statistics.append(
                    try WorkoutStatistic(
                        quantityTypeIdentifier: "HKQuantityTypeIdentifierFlightsClimbed",
                        sum: totalFlightsClimbed.quantity))
            }
            return try Sample.workout(
                activityTypeRawValue: activityType.rawValue, start: startDate, end: endDate, duration: duration,
                events: events, statistics: statistics, metadata: try MetadataBridge.model(metadata),
                device: device?.device, uuid: uuid)
        }
        workoutActivityType = activityType
        self.workoutEvents = workoutEvents
        self.totalEnergyBurned = totalEnergyBurned
        self.totalDistance = totalDistance
        self.totalSwimmingStrokeCount = totalSwimmingStrokeCount
        self.totalFlightsClimbed = totalFlightsClimbed
        self.duration =
            (try? backing.get().workoutContent?.duration) ?? duration ?? endDate.timeIntervalSince(startDate)
        super.init(
            backing: backing, uuid: uuid, sampleType: HKWorkoutType(sampleType: .workout), startDate: startDate,
            endDate: endDate, metadata: metadata, device: device)
    }

    /// A workout with only an activity and its interval.
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date) {
        self.init(
            activityType: activityType, start: startDate, end: endDate, workoutEvents: nil, totalEnergyBurned: nil,
            totalDistance: nil, device: nil, metadata: nil)
    }

    /// A workout with events and totals.
    public convenience init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date, workoutEvents: [HKWorkoutEvent]?,
        totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: activityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: nil, metadata: metadata)
    }

    /// A workout with a given active duration and totals.
    public convenience init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date, duration: TimeInterval,
        totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: activityType, start: startDate, end: endDate, workoutEvents: nil,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, duration: duration, device: nil,
            metadata: metadata)
    }

    /// The distance type a workout of this activity records its distance under.
    static func distanceType(for activityType: HKWorkoutActivityType) -> String {
        switch activityType {
        case .cycling, .handCycling: return "HKQuantityTypeIdentifierDistanceCycling"
        case .swimming: return "HKQuantityTypeIdentifierDistanceSwimming"
        case .wheelchairWalkPace, .wheelchairRunPace: return "HKQuantityTypeIdentifierDistanceWheelchair"
        case .downhillSkiing, .snowboarding: return "HKQuantityTypeIdentifierDistanceDownhillSnowSports"
        case .crossCountrySkiing: return "HKQuantityTypeIdentifierDistanceCrossCountrySkiing"
        case .paddleSports: return "HKQuantityTypeIdentifierDistancePaddleSports"
        case .rowing: return "HKQuantityTypeIdentifierDistanceRowing"
        case .skatingSports: return "HKQuantityTypeIdentifierDistanceSkatingSports"
        default: return "HKQuantityTypeIdentifierDistanceWalkingRunning"
        }
    }
}

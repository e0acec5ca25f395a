import Foundation

/// A kind of workout event, with HealthKit's raw values.
public enum WorkoutEventType: Int, Sendable, Hashable, CaseIterable {
    case pause = 1
    case resume = 2
    case lap = 3
    case marker = 4
    case motionPaused = 5
    case motionResumed = 6
    case segment = 7
    case pauseOrResumeRequest = 8

    /// The name exports write, e.g. `HKWorkoutEventTypePause`.
    public var exportName: String {
        switch self {
        case .pause: return "HKWorkoutEventTypePause"
        case .resume: return "HKWorkoutEventTypeResume"
        case .lap: return "HKWorkoutEventTypeLap"
        case .marker: return "HKWorkoutEventTypeMarker"
        case .motionPaused: return "HKWorkoutEventTypeMotionPaused"
        case .motionResumed: return "HKWorkoutEventTypeMotionResumed"
        case .segment: return "HKWorkoutEventTypeSegment"
        case .pauseOrResumeRequest: return "HKWorkoutEventTypePauseOrResumeRequest"
        }
    }

    /// The event type with this export name, if any.
    public init?(exportName: String) {
        guard let match = WorkoutEventType.allCases.first(where: { $0.exportName == exportName }) else { return nil }
        self = match
    }
}

/// Something that happened during a workout: a pause, a lap, a segment.
public struct WorkoutEvent: Sendable, Hashable {
    /// The kind of event.
    public let type: WorkoutEventType
    /// When it starts.
    public let startDate: Date
    /// When it ends (equal to the start for instantaneous events such as pause).
    public let endDate: Date
    /// The event's metadata.
    public let metadata: [String: MetadataValue]?

    /// An event; the end must not precede the start.
    public init(
        type: WorkoutEventType, startDate: Date, endDate: Date? = nil, metadata: [String: MetadataValue]? = nil
    ) throws(HealthModelError) {
        let end = endDate ?? startDate
        guard end >= startDate else { throw .endBeforeStart(start: startDate, end: end) }
        self.type = type
        self.startDate = startDate
        self.endDate = end
        self.metadata = metadata
    }
}

/// A workout's figures for one quantity type: the sum for cumulative types, average/min/max for discrete ones.
public struct WorkoutStatistic: Sendable, Hashable {
    /// The quantity type identifier these figures are for.
    public let quantityTypeIdentifier: String
    /// The total, for cumulative types.
    public let sum: Quantity?
    /// The average, for discrete types.
    public let average: Quantity?
    /// The minimum, for discrete types.
    public let minimum: Quantity?
    /// The maximum, for discrete types.
    public let maximum: Quantity?

    /// Figures for one type; each quantity must be finite and compatible with the type's unit.
    public init(
        quantityTypeIdentifier: String, sum: Quantity? = nil, average: Quantity? = nil,
        minimum: Quantity? = nil, maximum: Quantity? = nil
    ) throws(HealthModelError) {
        let type = try SampleType.quantity(quantityTypeIdentifier)
        for (field, quantity) in [("sum", sum), ("average", average), ("minimum", minimum), ("maximum", maximum)] {
            guard let quantity else { continue }
            try Validation.check(quantity, for: type, field: "statistics[\(type.identifier)].\(field)")
        }
        self.quantityTypeIdentifier = type.identifier
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
    }
}

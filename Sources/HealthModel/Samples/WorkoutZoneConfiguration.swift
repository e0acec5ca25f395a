import Foundation

/// Where a set of workout zones came from (HealthKit's `HKWorkoutZoneConfiguration.Source`).
public enum WorkoutZoneSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// Derived from the person's data (`WorkoutZoneDefaults`).
    case system
    /// Set by the person (the preferred zones of the store).
    case user
    /// Supplied by an app for one workout.
    case app
}

/// A complete set of zones for one quantity type (heart rate or cycling power), checked once where it is made
/// (docs/decisions/workout-zones.md).
///
/// The zones are given by their boundaries: each boundary is the upper bound of one zone, lowest first; the first zone
/// has no lower bound and the last no upper bound. So `n` boundaries make `n + 1` zones: `120 140 160 180` beats per
/// minute make five zones, below 120, 120 to 140, 140 to 160, 160 to 180 and from 180 up. A value equal to a boundary
/// belongs to the zone above it (each zone's range is half-open, its maximum not included).
public struct WorkoutZoneConfiguration: Sendable, Hashable {
    /// The quantity type the zones are for.
    public let type: SampleType
    /// The upper bound of each zone but the last, increasing, in the type's canonical unit.
    public let boundaries: [Double]
    /// Where the zones came from.
    public let source: WorkoutZoneSource

    /// The quantity types that have zones, by identifier: heart rate and cycling power.
    public static let typeIdentifiers = ["HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierCyclingPower"]
    /// How many zones a configuration may have (WWDC26 session 207: three to nine).
    public static let zoneCounts = 3...9

    /// A configuration from boundaries in any unit of the type. Throws `invalidField(field: "zoneBoundaries")` naming
    /// what is wrong: a type without zones, a wrong number of boundaries, a boundary that is not a finite non-negative
    /// number, boundaries that do not increase; `unitNotCompatibleWithType` for a unit that does not fit the type.
    public init(type: SampleType, boundaries: [Quantity], source: WorkoutZoneSource) throws(HealthModelError) {
        try Self.checkType(type)
        var values: [Double] = []
        for (index, boundary) in boundaries.enumerated() {
            try Validation.check(boundary, for: type, field: "zoneBoundaries[\(index)]")
            values.append(try boundary.value(in: type.canonicalUnit!))
        }
        try self.init(type: type, canonicalBoundaries: values, source: source)
    }

    /// A configuration from boundaries in the type's canonical unit (`count/min`, `W`); the same checks.
    public init(type: SampleType, canonicalBoundaries: [Double], source: WorkoutZoneSource) throws(HealthModelError) {
        try Self.checkType(type)
        let counts = Self.zoneCounts
        guard counts.contains(canonicalBoundaries.count + 1) else {
            throw .invalidField(
                field: "zoneBoundaries",
                reason: "\(canonicalBoundaries.count) boundaries make \(canonicalBoundaries.count + 1) zones; "
                    + "\(counts.lowerBound) to \(counts.upperBound) zones need \(counts.lowerBound - 1) to "
                    + "\(counts.upperBound - 1) boundaries")
        }
        for (index, value) in canonicalBoundaries.enumerated() {
            guard value.isFinite else { throw .nonFiniteValue(field: "zoneBoundaries[\(index)]") }
            guard value >= 0 else {
                throw .invalidField(field: "zoneBoundaries[\(index)]", reason: "\(value) is negative")
            }
            if index > 0, value <= canonicalBoundaries[index - 1] {
                throw .invalidField(
                    field: "zoneBoundaries[\(index)]",
                    reason: "\(value) is not above the boundary before it (\(canonicalBoundaries[index - 1])): "
                        + "boundaries go from lowest to highest")
            }
        }
        self.type = type
        self.boundaries = canonicalBoundaries
        self.source = source
    }

    private static func checkType(_ type: SampleType) throws(HealthModelError) {
        guard typeIdentifiers.contains(type.identifier) else {
            throw .invalidField(
                field: "quantityType", reason: "\(type.identifier) has no zones (heart rate and cycling power do)")
        }
    }

    /// The same zones with another source.
    public func with(source: WorkoutZoneSource) -> WorkoutZoneConfiguration {
        WorkoutZoneConfiguration(unchecked: type, boundaries, source)
    }

    private init(unchecked type: SampleType, _ boundaries: [Double], _ source: WorkoutZoneSource) {
        self.type = type
        self.boundaries = boundaries
        self.source = source
    }

    /// The type's canonical unit, the unit of `boundaries`.
    public var unit: HealthUnit { type.canonicalUnit! }

    /// How many zones there are (one more than the boundaries).
    public var zoneCount: Int { boundaries.count + 1 }

    /// The lower bound of a zone in the canonical unit; nil for the first zone.
    public func minimum(ofZone index: Int) -> Double? { index == 0 ? nil : boundaries[index - 1] }

    /// The upper bound of a zone in the canonical unit; nil for the last zone.
    public func maximum(ofZone index: Int) -> Double? { index < boundaries.count ? boundaries[index] : nil }

    /// The zone a value in the canonical unit falls in: the first whose upper bound is above it (a value on a
    /// boundary belongs to the zone above).
    public func zone(of value: Double) -> Int {
        var low = 0
        var high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if value < boundaries[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The metadata key under which a workout built with an app's zones keeps them, as `storedText`.
    public static func metadataKey(for type: SampleType) -> String { "OHKWorkoutZoneBoundaries.\(type.identifier)" }

    /// The boundaries as text, in the canonical unit, separated by spaces (`120 140 160 180`).
    public var storedText: String {
        boundaries.map { $0.rounded() == $0 && abs($0) < 1e15 ? String(Int64($0)) : String($0) }.joined(separator: " ")
    }

    /// A configuration from `storedText`; throws as `init(type:canonicalBoundaries:source:)` does, and
    /// `invalidField(field: "zoneBoundaries")` for text that is not numbers.
    public init(type: SampleType, storedText: String, source: WorkoutZoneSource) throws(HealthModelError) {
        var values: [Double] = []
        for part in storedText.split(separator: " ") {
            guard let value = Double(part) else {
                throw .invalidField(field: "zoneBoundaries", reason: "\(part) is not a number")
            }
            values.append(value)
        }
        try self.init(type: type, canonicalBoundaries: values, source: source)
    }
}

/// The time spent in each zone of one configuration, over a workout or one of its activities.
public struct WorkoutZoneGroup: Sendable, Hashable {
    /// The zones counted.
    public let configuration: WorkoutZoneConfiguration
    /// Seconds in each zone, lowest zone first (one per zone).
    public let durations: [TimeInterval]

    /// A group; `durations` must hold one entry per zone.
    public init(configuration: WorkoutZoneConfiguration, durations: [TimeInterval]) {
        precondition(durations.count == configuration.zoneCount, "one duration per zone")
        self.configuration = configuration
        self.durations = durations
    }

    /// The durations as text, `Z1 4:10  Z2 12:30 …` (minutes and seconds, rounded to the second).
    public var summaryText: String {
        durations.enumerated().map { index, seconds in
            let whole = Int(seconds.rounded())
            return "Z\(index + 1) \(whole / 60):\(String(format: "%02d", whole % 60))"
        }.joined(separator: "  ")
    }
}

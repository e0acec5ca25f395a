import Foundation

/// How steady a person's gait is, as the Health app classifies Apple Walking Steadiness scores (a percentage from 0 to
/// 100 %, `HKUnit.percent()` fractions 0.0 to 1.0).
///
/// The class ranges are not in Apple's API reference; these are the ranges of Apple's published Walking Steadiness
/// classification: OK from 40 %, Low from 20 % up to 40 %, Very Low below 20 %. A score on a boundary belongs to the
/// higher class. docs/decisions/healthkit-classification-ranges.md names the source and how far it was checked.
public enum HKAppleWalkingSteadinessClassification: Int, Sendable, Hashable, CaseIterable {
    /// Steadiness within the normal range: 40 % to 100 %.
    case ok = 1
    /// Steadiness below normal: 20 % up to 40 %.
    case low = 2
    /// Steadiness well below normal: 0 % up to 20 %.
    case veryLow = 3

    /// The class of a walking steadiness score; throws `errorInvalidArgument` when the quantity is not a percentage
    /// or lies outside 0 to 100 %.
    public init(for appleWalkingSteadiness: HKQuantity) throws {
        guard appleWalkingSteadiness.is(compatibleWith: .percent()) else {
            throw HKError(
                .errorInvalidArgument, "walking steadiness must be a percentage (got \(appleWalkingSteadiness))")
        }
        let score = appleWalkingSteadiness.doubleValue(for: .percent())
        guard (0...1).contains(score) else {
            throw HKError(.errorInvalidArgument, "walking steadiness must lie between 0 % and 100 % (got \(score))")
        }
        self = Self.allCases.first { score >= $0.lowerBound } ?? .veryLow
    }

    /// The lowest score of the class, as a percentage quantity.
    public var minimum: HKQuantity { HKQuantity(unit: .percent(), doubleValue: lowerBound) }

    /// The highest score of the class (the next class's minimum, which belongs to that class; 100 % for OK), as a
    /// percentage quantity.
    public var maximum: HKQuantity { HKQuantity(unit: .percent(), doubleValue: upperBound) }

    private var lowerBound: Double {
        switch self {
        case .ok: 0.4
        case .low: 0.2
        case .veryLow: 0
        }
    }

    private var upperBound: Double {
        switch self {
        case .ok: 1
        case .low: 0.4
        case .veryLow: 0.2
        }
    }
}

/// Whether the breathing disturbances measured during sleep (`appleSleepingBreathingDisturbances`) are elevated.
///
/// The cases carry HealthKit's raw values. HealthKit's `init?(classifying:)` and `minimum` are not provided: the
/// threshold between the classes is neither in Apple's API reference nor in a source this project could check (see
/// docs/decisions/healthkit-classification-ranges.md).
public enum HKAppleSleepingBreathingDisturbancesClassification: Int, Sendable, Hashable, CaseIterable {
    /// Not elevated.
    case notElevated = 0
    /// Elevated.
    case elevated = 1
}

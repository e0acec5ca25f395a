import Foundation

/// How steady a person's gait is, as the Health app classifies Apple Walking Steadiness scores.
///
/// Apple does not document the score ranges of each class in its API reference, so this store gives only the cases
/// (HealthKit's raw values), not the functions that map a score to a class (see docs/decisions/api-coverage.md).
public enum HKAppleWalkingSteadinessClassification: Int, Sendable, Hashable, CaseIterable {
    /// Steadiness within the normal range.
    case ok = 1
    /// Steadiness below normal.
    case low = 2
    /// Steadiness well below normal.
    case veryLow = 3
}

/// Whether the breathing disturbances measured during sleep (`appleSleepingBreathingDisturbances`) are elevated.
///
/// As for walking steadiness, the cases carry HealthKit's raw values; the threshold between them is not documented.
public enum HKAppleSleepingBreathingDisturbancesClassification: Int, Sendable, Hashable, CaseIterable {
    /// Not elevated.
    case notElevated = 0
    /// Elevated.
    case elevated = 1
}

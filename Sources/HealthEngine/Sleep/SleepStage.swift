import Foundation

/// What a sleep analysis sample says (HealthKit's `HKCategoryValueSleepAnalysis`): in bed, awake, or asleep, with
/// the stage when the source knows it.
public enum SleepStage: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// In bed (the phone's bedtime schedule, sleep apps); not a sleep state.
    case inBed = 0
    /// Asleep without a stage (older data, most third-party apps).
    case asleepUnspecified = 1
    /// Awake during the night.
    case awake = 2
    /// Core (light) sleep.
    case asleepCore = 3
    /// Deep sleep.
    case asleepDeep = 4
    /// REM sleep.
    case asleepREM = 5

    /// Whether the stage is sleep (unspecified, core, deep or REM).
    public var isAsleep: Bool {
        self == .asleepUnspecified || self == .asleepCore || self == .asleepDeep || self == .asleepREM
    }

    /// The stage a slice of the night gets when one source's own samples overlap there: awake, then deep, REM, core,
    /// then unspecified (an app that writes "asleep" for the whole night and "awake" inside it means awake there; a
    /// staged sample says more than an unstaged one).
    var precedence: Int {
        switch self {
        case .awake: return 5
        case .asleepDeep: return 4
        case .asleepREM: return 3
        case .asleepCore: return 2
        case .asleepUnspecified: return 1
        case .inBed: return 0
        }
    }

    /// Orders stages by raw value.
    public static func < (left: SleepStage, right: SleepStage) -> Bool { left.rawValue < right.rawValue }
}

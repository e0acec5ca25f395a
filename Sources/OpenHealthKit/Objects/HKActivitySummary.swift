import Foundation
import HealthModel

/// How the Move ring is measured, as in HealthKit.
public enum HKActivityMoveMode: Int, Sendable, Hashable {
    /// Active energy, in kilocalories.
    case activeEnergy = 1
    /// Move minutes.
    case appleMoveTime = 2
}

/// The Move, Exercise and Stand rings of one day, as in HealthKit: imported from an export or computed from the day's
/// samples by the store.
public final class HKActivitySummary: NSObject, @unchecked Sendable {
    let summary: ActivitySummary

    init(_ summary: ActivitySummary) {
        self.summary = summary
        super.init()
    }

    /// The day's components (era, year, month, day) in a calendar.
    public func dateComponents(for calendar: Calendar) -> DateComponents {
        var components = DateComponents(year: summary.day.year, month: summary.day.month, day: summary.day.day)
        components.era = summary.day.era ?? 1
        components.calendar = calendar
        return components
    }

    /// How the Move ring is measured that day.
    public var activityMoveMode: HKActivityMoveMode {
        HKActivityMoveMode(rawValue: summary.moveMode.rawValue) ?? .activeEnergy
    }
    /// Whether the rings were paused that day.
    public var isPaused: Bool { summary.isPaused }
    /// Active energy burned.
    public var activeEnergyBurned: HKQuantity { HKQuantity(summary.activeEnergyBurned) }
    /// The Move goal in energy (0 when none was set).
    public var activeEnergyBurnedGoal: HKQuantity { HKQuantity(summary.activeEnergyBurnedGoal) }
    /// Move time.
    public var appleMoveTime: HKQuantity { HKQuantity(summary.appleMoveTime) }
    /// The Move goal in time.
    public var appleMoveTimeGoal: HKQuantity { HKQuantity(summary.appleMoveTimeGoal) }
    /// Exercise time.
    public var appleExerciseTime: HKQuantity { HKQuantity(summary.appleExerciseTime) }
    /// The Exercise goal.
    public var exerciseTimeGoal: HKQuantity? { HKQuantity(summary.appleExerciseTimeGoal) }
    /// The Exercise goal (the older name).
    public var appleExerciseTimeGoal: HKQuantity { HKQuantity(summary.appleExerciseTimeGoal) }
    /// Hours with a stand.
    public var appleStandHours: HKQuantity { HKQuantity(summary.appleStandHours) }
    /// The Stand goal.
    public var standHoursGoal: HKQuantity? { HKQuantity(summary.appleStandHoursGoal) }
    /// The Stand goal (the older name).
    public var appleStandHoursGoal: HKQuantity { HKQuantity(summary.appleStandHoursGoal) }

    public override func isEqual(_ object: Any?) -> Bool { (object as? HKActivitySummary)?.summary == summary }
    public override var hash: Int { summary.hashValue }
    public override var description: String {
        "HKActivitySummary(\(summary.day.year ?? 0)-\(summary.day.month ?? 0)-\(summary.day.day ?? 0): \(summary.activeEnergyBurned)/\(summary.activeEnergyBurnedGoal))"
    }
}

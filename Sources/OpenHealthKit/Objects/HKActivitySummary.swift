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
/// samples by the store; `HKActivitySummary()` makes an empty one whose values an app sets (to draw rings, as on iOS).
open class HKActivitySummary: NSObject, @unchecked Sendable {
    /// The day, without a calendar (nil for a summary the app made).
    private let day: DateComponents?

    init(_ summary: ActivitySummary) {
        var day = DateComponents(year: summary.day.year, month: summary.day.month, day: summary.day.day)
        day.era = summary.day.era ?? 1
        self.day = day
        activityMoveMode = HKActivityMoveMode(rawValue: summary.moveMode.rawValue) ?? .activeEnergy
        isPaused = summary.isPaused
        activeEnergyBurned = HKQuantity(summary.activeEnergyBurned)
        activeEnergyBurnedGoal = HKQuantity(summary.activeEnergyBurnedGoal)
        appleMoveTime = HKQuantity(summary.appleMoveTime)
        appleMoveTimeGoal = HKQuantity(summary.appleMoveTimeGoal)
        appleExerciseTime = HKQuantity(summary.appleExerciseTime)
        exerciseTimeGoal = HKQuantity(summary.appleExerciseTimeGoal)
        appleStandHours = HKQuantity(summary.appleStandHours)
        standHoursGoal = HKQuantity(summary.appleStandHoursGoal)
        super.init()
    }

    /// An empty summary: every value zero (0 kcal, 0 min, 0 hours), no goals, not paused, measured by active energy.
    public override init() {
        day = nil
        activityMoveMode = .activeEnergy
        isPaused = false
        activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
        activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
        appleMoveTime = HKQuantity(unit: .minute(), doubleValue: 0)
        appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
        appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 0)
        exerciseTimeGoal = nil
        appleStandHours = HKQuantity(unit: .count(), doubleValue: 0)
        standHoursGoal = nil
        super.init()
    }

    /// The day's components (era, year, month, day) in a calendar; only the calendar for a summary the app made.
    open func dateComponents(for calendar: Calendar) -> DateComponents {
        var components = day ?? DateComponents()
        components.calendar = calendar
        return components
    }

    /// How the Move ring is measured that day.
    open var activityMoveMode: HKActivityMoveMode
    /// Whether the rings were paused that day.
    open var isPaused: Bool
    /// Active energy burned.
    open var activeEnergyBurned: HKQuantity
    /// The Move goal in energy (0 when none was set).
    open var activeEnergyBurnedGoal: HKQuantity
    /// Move time.
    open var appleMoveTime: HKQuantity
    /// The Move goal in time.
    open var appleMoveTimeGoal: HKQuantity
    /// Exercise time.
    open var appleExerciseTime: HKQuantity
    /// The Exercise goal.
    open var exerciseTimeGoal: HKQuantity?
    /// Hours with a stand.
    open var appleStandHours: HKQuantity
    /// The Stand goal.
    open var standHoursGoal: HKQuantity?

    /// The Exercise goal (the older name; 0 minutes when none is set).
    @available(*, deprecated, renamed: "exerciseTimeGoal")
    open var appleExerciseTimeGoal: HKQuantity {
        get { exerciseTimeGoal ?? HKQuantity(unit: .minute(), doubleValue: 0) }
        set { exerciseTimeGoal = newValue }
    }
    /// The Stand goal (the older name; 0 hours when none is set).
    @available(*, deprecated, renamed: "standHoursGoal")
    open var appleStandHoursGoal: HKQuantity {
        get { standHoursGoal ?? HKQuantity(unit: .count(), doubleValue: 0) }
        set { standHoursGoal = newValue }
    }

    private var fields: [AnyHashable?] {
        [
            day, activityMoveMode, isPaused, activeEnergyBurned.quantity, activeEnergyBurnedGoal.quantity,
            appleMoveTime.quantity, appleMoveTimeGoal.quantity, appleExerciseTime.quantity, exerciseTimeGoal?.quantity,
            appleStandHours.quantity, standHoursGoal?.quantity,
        ]
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? HKActivitySummary)?.fields == fields }
    open override var hash: Int { day.hashValue }
    open override var description: String {
        "HKActivitySummary(\(day?.year ?? 0)-\(day?.month ?? 0)-\(day?.day ?? 0): \(activeEnergyBurned)/\(activeEnergyBurnedGoal))"
    }
}

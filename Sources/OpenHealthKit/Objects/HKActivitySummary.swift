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
open class HKActivitySummary: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The day, without a calendar (nil for a summary the app made).
    private var day: DateComponents?

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

    // MARK: NSSecureCoding, NSCopying

    /// The values with their archive keys (goals that are not set are left out).
    private var keyedQuantities: [(String, HKQuantity?)] {
        [
            ("HKActivitySummaryActiveEnergyBurned", activeEnergyBurned),
            ("HKActivitySummaryActiveEnergyBurnedGoal", activeEnergyBurnedGoal),
            ("HKActivitySummaryAppleMoveTime", appleMoveTime),
            ("HKActivitySummaryAppleMoveTimeGoal", appleMoveTimeGoal),
            ("HKActivitySummaryAppleExerciseTime", appleExerciseTime),
            ("HKActivitySummaryExerciseTimeGoal", exerciseTimeGoal),
            ("HKActivitySummaryAppleStandHours", appleStandHours), ("HKActivitySummaryStandHoursGoal", standHoursGoal),
        ]
    }

    /// Summaries decode only as summaries.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the day (era, year, month, day), the move mode, whether paused, and every value and goal.
    open func encode(with coder: NSCoder) {
        if let day {
            for (key, value) in [
                ("HKActivitySummaryEra", day.era), ("HKActivitySummaryYear", day.year),
                ("HKActivitySummaryMonth", day.month), ("HKActivitySummaryDay", day.day),
            ] {
                if let value { ObjectArchive.encode(value, forKey: key, to: coder) }
            }
        }
        ObjectArchive.encode(activityMoveMode.rawValue, forKey: "HKActivitySummaryMoveMode", to: coder)
        ObjectArchive.encode(isPaused ? 1 : 0, forKey: "HKActivitySummaryPaused", to: coder)
        for (key, quantity) in keyedQuantities { ObjectArchive.encode(quantity?.quantity, forKey: key, to: coder) }
    }

    /// Unarchives a summary; fails on an unknown move mode, a missing value, a value that does not read or a
    /// partial day.
    public required init?(coder: NSCoder) {
        func fail() { ObjectArchive.report(coder, "HKActivitySummary", "a field is missing or does not read") }
        guard let mode = ObjectArchive.integer(coder, "HKActivitySummaryMoveMode").flatMap(HKActivityMoveMode.init),
            let paused = ObjectArchive.integer(coder, "HKActivitySummaryPaused")
        else {
            fail()
            return nil
        }
        var values: [String: HKQuantity] = [:]
        for key in [
            "HKActivitySummaryActiveEnergyBurned", "HKActivitySummaryActiveEnergyBurnedGoal",
            "HKActivitySummaryAppleMoveTime", "HKActivitySummaryAppleMoveTimeGoal",
            "HKActivitySummaryAppleExerciseTime",
            "HKActivitySummaryExerciseTimeGoal", "HKActivitySummaryAppleStandHours", "HKActivitySummaryStandHoursGoal",
        ] {
            switch ObjectArchive.quantity(coder, key) {
            case let .value(quantity): values[key] = HKQuantity(quantity)
            case .invalid:
                fail()
                return nil
            case .absent: break
            }
        }
        let dayParts = ["HKActivitySummaryYear", "HKActivitySummaryMonth", "HKActivitySummaryDay"].map {
            ObjectArchive.integer(coder, $0)
        }
        guard let energy = values["HKActivitySummaryActiveEnergyBurned"],
            let energyGoal = values["HKActivitySummaryActiveEnergyBurnedGoal"],
            let moveTime = values["HKActivitySummaryAppleMoveTime"],
            let moveTimeGoal = values["HKActivitySummaryAppleMoveTimeGoal"],
            let exerciseTime = values["HKActivitySummaryAppleExerciseTime"],
            let standHours = values["HKActivitySummaryAppleStandHours"],
            dayParts.allSatisfy({ $0 == nil }) || dayParts.allSatisfy({ $0 != nil })
        else {
            fail()
            return nil
        }
        if let year = dayParts[0], let month = dayParts[1], let dayOfMonth = dayParts[2] {
            var components = DateComponents(year: year, month: month, day: dayOfMonth)
            components.era = ObjectArchive.integer(coder, "HKActivitySummaryEra")
            day = components
        }
        activityMoveMode = mode
        isPaused = paused != 0
        activeEnergyBurned = energy
        activeEnergyBurnedGoal = energyGoal
        appleMoveTime = moveTime
        appleMoveTimeGoal = moveTimeGoal
        appleExerciseTime = exerciseTime
        exerciseTimeGoal = values["HKActivitySummaryExerciseTimeGoal"]
        appleStandHours = standHours
        standHoursGoal = values["HKActivitySummaryStandHoursGoal"]
        super.init()
    }

    /// Summaries are mutable (an app sets their values to draw rings): the copy is a new summary with the same day and
    /// values.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = HKActivitySummary()
        copy.day = day
        copy.activityMoveMode = activityMoveMode
        copy.isPaused = isPaused
        copy.activeEnergyBurned = activeEnergyBurned
        copy.activeEnergyBurnedGoal = activeEnergyBurnedGoal
        copy.appleMoveTime = appleMoveTime
        copy.appleMoveTimeGoal = appleMoveTimeGoal
        copy.appleExerciseTime = appleExerciseTime
        copy.exerciseTimeGoal = exerciseTimeGoal
        copy.appleStandHours = appleStandHours
        copy.standHoursGoal = standHoursGoal
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? HKActivitySummary)?.fields == fields }
    open override var hash: Int { day.hashValue }
    open override var description: String {
        "HKActivitySummary(\(day?.year ?? 0)-\(day?.month ?? 0)-\(day?.day ?? 0): \(activeEnergyBurned)/\(activeEnergyBurnedGoal))"
    }
}

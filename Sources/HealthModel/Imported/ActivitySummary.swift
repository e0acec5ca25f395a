import Foundation

/// The Move, Exercise and Stand rings of one calendar day. Derived or imported by the store; apps cannot save them.
public struct ActivitySummary: Sendable, Hashable {
    /// How the Move ring is measured.
    public enum MoveMode: Int, Sendable, Hashable {
        case activeEnergy = 1
        case appleMoveTime = 2
    }

    /// The day (era, year, month, day) in the calendar of the person.
    public let day: DateComponents
    /// Active energy burned that day.
    public let activeEnergyBurned: Quantity
    /// The Move goal in energy.
    public let activeEnergyBurnedGoal: Quantity
    /// Move time that day (for move-time mode).
    public let appleMoveTime: Quantity
    /// The Move goal in time.
    public let appleMoveTimeGoal: Quantity
    /// Exercise time.
    public let appleExerciseTime: Quantity
    /// The Exercise goal.
    public let appleExerciseTimeGoal: Quantity
    /// Hours with a stand.
    public let appleStandHours: Quantity
    /// The Stand goal.
    public let appleStandHoursGoal: Quantity
    /// How Move is measured that day.
    public let moveMode: MoveMode
    /// Whether the rings were paused that day.
    public let isPaused: Bool

    /// A summary; every quantity must be finite and of the right dimension (energy, time, count).
    public init(
        day: DateComponents, activeEnergyBurned: Quantity, activeEnergyBurnedGoal: Quantity, appleMoveTime: Quantity,
        appleMoveTimeGoal: Quantity, appleExerciseTime: Quantity, appleExerciseTimeGoal: Quantity,
        appleStandHours: Quantity, appleStandHoursGoal: Quantity, moveMode: MoveMode = .activeEnergy,
        isPaused: Bool = false
    ) throws(HealthModelError) {
        guard day.year != nil, day.month != nil, day.day != nil else {
            throw .invalidField(field: "dateComponents", reason: "needs a year, month and day")
        }
        let checks: [(String, Quantity, HealthUnit)] = [
            ("activeEnergyBurned", activeEnergyBurned, .kilocalorie),
            ("activeEnergyBurnedGoal", activeEnergyBurnedGoal, .kilocalorie),
            ("appleMoveTime", appleMoveTime, .minute), ("appleMoveTimeGoal", appleMoveTimeGoal, .minute),
            ("appleExerciseTime", appleExerciseTime, .minute),
            ("appleExerciseTimeGoal", appleExerciseTimeGoal, .minute),
            ("appleStandHours", appleStandHours, .count), ("appleStandHoursGoal", appleStandHoursGoal, .count),
        ]
        for (field, quantity, unit) in checks {
            try Validation.checkFinite(quantity.value, field: field)
            guard quantity.unit.isCompatible(with: unit) else {
                throw .unitNotCompatibleWithType(unit: quantity.unit.unitString, type: field, expected: unit.unitString)
            }
        }
        self.day = day
        self.activeEnergyBurned = activeEnergyBurned
        self.activeEnergyBurnedGoal = activeEnergyBurnedGoal
        self.appleMoveTime = appleMoveTime
        self.appleMoveTimeGoal = appleMoveTimeGoal
        self.appleExerciseTime = appleExerciseTime
        self.appleExerciseTimeGoal = appleExerciseTimeGoal
        self.appleStandHours = appleStandHours
        self.appleStandHoursGoal = appleStandHoursGoal
        self.moveMode = moveMode
        self.isPaused = isPaused
    }
}

/// Which activity summaries to fetch: one day, or an inclusive range of days.
public enum ActivitySummaryPredicate: Sendable, Hashable {
    /// The summary of one day.
    case day(DateComponents)
    /// Summaries from the first day to the last day, both included.
    case days(from: DateComponents, through: DateComponents)
}

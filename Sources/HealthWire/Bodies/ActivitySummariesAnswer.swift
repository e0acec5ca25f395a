import Foundation
import HealthModel

/// The answer to `GET /activity-summaries`: `{"summaries": [{"day", "activeEnergyBurned", …, "moveMode",
/// "isPaused"}]}`, each figure a quantity `{"value", "unit"}`.
public struct ActivitySummariesAnswer: Encodable, Sendable {
    /// The days' summaries.
    public var summaries: [ActivitySummary]

    /// An answer.
    public init(summaries: [ActivitySummary]) { self.summaries = summaries }

    /// Writes `summaries`, each day's members in the documented order.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: WireKey.self)
        try members.put(summaries.map(Day.init), "summaries")
    }

    private struct Day: Encodable {
        let summary: ActivitySummary

        func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: WireKey.self)
            let day = summary.day
            try members.put(String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0), "day")
            for (name, quantity) in [
                ("activeEnergyBurned", summary.activeEnergyBurned),
                ("activeEnergyBurnedGoal", summary.activeEnergyBurnedGoal),
                ("appleMoveTime", summary.appleMoveTime), ("appleMoveTimeGoal", summary.appleMoveTimeGoal),
                ("appleExerciseTime", summary.appleExerciseTime),
                ("appleExerciseTimeGoal", summary.appleExerciseTimeGoal),
                ("appleStandHours", summary.appleStandHours), ("appleStandHoursGoal", summary.appleStandHoursGoal),
            ] {
                try members.put(WireQuantity(quantity), name)
            }
            try members.put(summary.moveMode == .activeEnergy ? "activeEnergy" : "appleMoveTime", "moveMode")
            try members.put(summary.isPaused, "isPaused")
        }
    }
}

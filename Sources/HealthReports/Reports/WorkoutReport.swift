import Foundation
import HealthEngine
import HealthModel

/// Workouts written for people (a table with durations, kilometres, pace as `m:ss /km` and clock times in the time
/// zone asked for) and for programs (CSV, JSON, NDJSON with seconds, metres, kilocalories and ISO 8601 times), and
/// their totals by week, month or activity.
public enum WorkoutReport {
    /// How totals are grouped.
    public enum Grouping: String, Sendable, CaseIterable {
        /// ISO weeks starting on Monday.
        case week
        /// Calendar months.
        case month
        /// Activity types.
        case type
    }

    /// One row per workout.
    public static func table(_ workouts: [WorkoutSummary], calendar: Calendar, format: OutputFormat) -> TextTable {
        let forPeople = format == .table
        var table = TextTable(
            columns: [
                "start", "activity", "duration", "distance", "energy", "pace", "speed", "avg_hr", "max_hr", "source",
            ],
            numericColumns: forPeople ? [] : ["duration", "distance", "energy", "pace", "speed", "avg_hr", "max_hr"])
        for workout in workouts {
            table.append([
                forPeople
                    ? DateWriter.format(workout.start, in: calendar.timeZone).prefix(16).replacingOccurrences(
                        of: "T", with: " ") : DateWriter.format(workout.start, in: calendar.timeZone),
                workout.activityType,
                forPeople ? clock(workout.duration) : number(workout.duration, places: 0),
                workout.distance.map { forPeople ? number($0 / 1000, places: 2) + " km" : number($0, places: 1) },
                workout.energy.map { forPeople ? number($0, places: 0) + " kcal" : number($0, places: 1) },
                workout.pace.map { forPeople ? clock($0) + " /km" : number($0, places: 1) },
                workout.speed.map { forPeople ? number($0, places: 1) + " km/h" : number($0, places: 2) },
                workout.averageHeartRate.map { number($0, places: 0) + (forPeople ? " bpm" : "") },
                workout.maximumHeartRate.map { number($0, places: 0) + (forPeople ? " bpm" : "") },
                workout.source?.name,
            ])
        }
        return table
    }

    /// Totals per week (starting Monday), month or activity: count, time, distance and energy.
    public static func totals(
        _ workouts: [WorkoutSummary], by grouping: Grouping, calendar: Calendar, format: OutputFormat
    ) -> TextTable {
        let forPeople = format == .table
        var groups: [(key: String, items: [WorkoutSummary])] = []
        for workout in workouts {
            let key = groupKey(workout, grouping, calendar)
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].items.append(workout)
            } else {
                groups.append((key, [workout]))
            }
        }
        if grouping == .type {
            groups.sort { $0.items.count > $1.items.count || ($0.items.count == $1.items.count && $0.key < $1.key) }
        }
        var table = TextTable(
            columns: [grouping.rawValue, "workouts", "duration", "distance", "energy"],
            numericColumns: forPeople ? [] : ["workouts", "duration", "distance", "energy"])
        for (key, items) in groups {
            let duration = items.map(\.duration).reduce(0, +)
            let distance = items.compactMap(\.distance).reduce(0, +)
            let energy = items.compactMap(\.energy).reduce(0, +)
            table.append([
                key, String(items.count), forPeople ? clock(duration) : number(duration, places: 0),
                forPeople ? number(distance / 1000, places: 1) + " km" : number(distance, places: 1),
                forPeople ? number(energy, places: 0) + " kcal" : number(energy, places: 1),
            ])
        }
        return table
    }

    private static func groupKey(_ workout: WorkoutSummary, _ grouping: Grouping, _ calendar: Calendar) -> String {
        switch grouping {
        case .type: return workout.activityType
        case .month:
            let parts = calendar.dateComponents([.year, .month], from: workout.start)
            return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
        case .week:
            var iso = Calendar(identifier: .iso8601)
            iso.timeZone = calendar.timeZone
            let monday = iso.dateInterval(of: .weekOfYear, for: workout.start)?.start ?? workout.start
            let parts = iso.dateComponents([.year, .month, .day], from: monday)
            return DateWriter.day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
        }
    }

    /// `1:02:03` or `32:05` for a number of seconds.
    static func clock(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    static func number(_ value: Double, places: Int) -> String { String(format: "%.\(places)f", value) }
}

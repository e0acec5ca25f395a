import Foundation
import HealthEngine
import HealthModel
import HealthWire

/// Workouts written for people (a table with durations, kilometres or miles, pace as `m:ss /km` or `/mi`, metres or
/// feet climbed, clock times in the time zone asked for and the start of each uuid, 8 characters or as many as tell it
/// apart) and for programs (CSV, JSON, NDJSON with the whole uuid, seconds, metres, kilocalories and ISO 8601 times),
/// and their totals by week, month or activity.
public enum WorkoutReport {
    /// The units a table for people writes distances, paces, speeds and climbs in (programs always get metres and
    /// seconds).
    public enum Measures: Sendable, Hashable {
        /// Kilometres, minutes per kilometre, km/h, metres climbed.
        case metric
        /// Miles, minutes per mile, mph, feet climbed.
        case imperial

        /// Imperial when the person's preferred unit of walking and running distance is the mile, else metric.
        public init(preferredDistanceUnit unit: HealthUnit?) {
            self = unit?.unitString == "mi" ? .imperial : .metric
        }

        /// Metres in the distance unit, with its name: `5.00 km`, `3.11 mi`.
        func distance(_ metres: Double, places: Int) -> String {
            self == .metric
                ? number(metres / 1000, places: places) + " km" : number(metres / 1609.344, places: places) + " mi"
        }

        /// Metres climbed in metres or feet: `120 m`, `394 ft`.
        func climb(_ metres: Double) -> String {
            self == .metric ? number(metres, places: 0) + " m" : number(metres / 0.3048, places: 0) + " ft"
        }

        /// Seconds per kilometre as a pace: `5:30 /km`, `8:51 /mi`.
        func pace(_ secondsPerKilometre: Double) -> String {
            self == .metric ? clock(secondsPerKilometre) + " /km" : clock(secondsPerKilometre * 1.609344) + " /mi"
        }

        /// Kilometres per hour as a speed: `21.3 km/h`, `13.2 mph`.
        func speed(_ kilometresPerHour: Double) -> String {
            self == .metric
                ? number(kilometresPerHour, places: 1) + " km/h"
                : number(kilometresPerHour / 1.609344, places: 1) + " mph"
        }
    }

    /// How totals are grouped.
    public enum Grouping: String, Sendable, CaseIterable {
        /// ISO weeks starting on Monday.
        case week
        /// Calendar months.
        case month
        /// Activity types.
        case type
    }

    /// One row per workout; a table for people in `measures`.
    public static func table(
        _ workouts: [WorkoutSummary], calendar: Calendar, format: OutputFormat, measures: Measures = .metric
    ) -> TextTable {
        let forPeople = format == .table
        var table = TextTable(
            columns: [
                "uuid", "start", "activity", "duration", "distance", "ascent", "descent", "energy", "pace", "speed",
                "avg_hr", "max_hr", "hr_zones", "source",
            ],
            numericColumns: forPeople
                ? [] : ["duration", "distance", "ascent", "descent", "energy", "pace", "speed", "avg_hr", "max_hr"])
        let shortIdentifiers = forPeople ? Self.shortIdentifiers(workouts.map(\.uuid)) : [:]
        for workout in workouts {
            table.append([
                forPeople ? shortIdentifiers[workout.uuid] : workout.uuid.uuidString,
                forPeople
                    ? DateWriter.format(workout.start, in: calendar.timeZone).prefix(16).replacingOccurrences(
                        of: "T", with: " ") : DateWriter.format(workout.start, in: calendar.timeZone),
                workout.activityType,
                forPeople ? clock(workout.duration) : number(workout.duration, places: 0),
                workout.distance.map { forPeople ? measures.distance($0, places: 2) : number($0, places: 1) },
                workout.elevation.map { forPeople ? measures.climb($0.ascended) : number($0.ascended, places: 1) },
                workout.elevation?.descended.map { forPeople ? measures.climb($0) : number($0, places: 1) },
                workout.energy.map { forPeople ? number($0, places: 0) + " kcal" : number($0, places: 1) },
                workout.pace.map { forPeople ? measures.pace($0) : number($0, places: 1) },
                workout.speed.map { forPeople ? measures.speed($0) : number($0, places: 2) },
                workout.averageHeartRate.map { number($0, places: 0) + (forPeople ? " bpm" : "") },
                workout.maximumHeartRate.map { number($0, places: 0) + (forPeople ? " bpm" : "") },
                workout.heartRateZones.map { forPeople ? $0.summaryText : zoneSeconds($0) },
                workout.source?.name,
            ])
        }
        return table
    }

    /// `GET /workouts`' document: the time zone, the workouts as `ohk workouts --format json` writes them, and when
    /// the answer stopped at its count limit, `next`, the start of the first workout left out (ask again from there).
    public static func document(
        _ workouts: [WorkoutSummary], timeZoneName: String, calendar: Calendar, next: Date?
    ) -> JSONValue {
        .object([
            ("timeZone", .string(timeZoneName)),
            ("workouts", table(workouts, calendar: calendar, format: .json).jsonValue),
            ("next", next.map { .string(DateWriter.formatWithMilliseconds($0, in: calendar.timeZone)) } ?? .null),
        ])
    }

    /// Totals per week (starting Monday), month or activity: count, time, distance, climb and energy; a table for
    /// people in `measures`.
    public static func totals(
        _ workouts: [WorkoutSummary], by grouping: Grouping, calendar: Calendar, format: OutputFormat,
        measures: Measures = .metric
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
            columns: [grouping.rawValue, "workouts", "duration", "distance", "ascent", "energy"],
            numericColumns: forPeople ? [] : ["workouts", "duration", "distance", "ascent", "energy"])
        for (key, items) in groups {
            let duration = items.map(\.duration).reduce(0, +)
            let distance = items.compactMap(\.distance).reduce(0, +)
            let energy = items.compactMap(\.energy).reduce(0, +)
            let ascent = items.compactMap(\.elevation?.ascended).reduce(0, +)
            table.append([
                key, String(items.count), forPeople ? clock(duration) : number(duration, places: 0),
                forPeople ? measures.distance(distance, places: 1) : number(distance, places: 1),
                forPeople ? measures.climb(ascent) : number(ascent, places: 1),
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

    /// The first characters of each uuid that tell it apart from the others listed, at least 8 (as git abbreviates
    /// commits): identifiers start with a time, so two workouts made in the same minute share more than 8.
    static func shortIdentifiers(_ uuids: [UUID]) -> [UUID: String] {
        let sorted = Set(uuids.map(\.uuidString)).sorted()
        func common(_ a: String, _ b: String) -> Int { zip(a, b).prefix { $0 == $1 }.count }
        var result: [UUID: String] = [:]
        for (index, text) in sorted.enumerated() {
            var length = max(
                8, index > 0 ? common(sorted[index - 1], text) + 1 : 0,
                index + 1 < sorted.count ? common(text, sorted[index + 1]) + 1 : 0)
            if length < text.count, text[text.index(text.startIndex, offsetBy: length - 1)] == "-" { length += 1 }
            if let uuid = UUID(uuidString: text) { result[uuid] = String(text.prefix(length)) }
        }
        return result
    }

    /// `1:02:03` or `32:05` for a number of seconds.
    static func clock(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// Seconds in each zone, lowest first, separated by spaces (`300 300 330 450 300`): the machine form of the
    /// `hr_zones` column, whose table form is `Z1 5:00  Z2 5:00 …`.
    static func zoneSeconds(_ group: WorkoutZoneGroup) -> String {
        group.durations.map { number($0, places: 0) }.joined(separator: " ")
    }

    static func number(_ value: Double, places: Int) -> String { String(format: "%.\(places)f", value) }
}

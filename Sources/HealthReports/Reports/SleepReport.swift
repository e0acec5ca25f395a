import Foundation
import HealthEngine
import HealthModel
import HealthWire

/// Sleep nights written for people (a table with hours and minutes, clock times in the time zone asked for) and for
/// programs (CSV, JSON and NDJSON with minutes as numbers and ISO 8601 times with their offsets).
public enum SleepReport {
    /// The columns of a night.
    static let columns = [
        "night", "kind", "bedtime", "asleep_at", "woke_at", "in_bed", "asleep", "core", "deep", "rem", "unspecified",
        "awake", "sources",
    ]
    /// The columns holding durations.
    static let durations: Set<String> = ["in_bed", "asleep", "core", "deep", "rem", "unspecified", "awake"]

    /// One row per night or nap, in `format`: durations as `h:mm` and clock times `HH:mm` in a table; as minutes and
    /// ISO 8601 instants with offsets otherwise.
    public static func table(_ nights: [SleepNight], calendar: Calendar, format: OutputFormat) -> TextTable {
        let forPeople = format == .table
        var table = TextTable(columns: columns, numericColumns: forPeople ? [] : durations)
        for night in nights {
            let time: (Date?) -> String? = { date in
                date.map { forPeople ? clock($0, calendar) : DateWriter.format($0, in: calendar.timeZone) }
            }
            let length: (TimeInterval?) -> String? = { seconds in
                seconds.map { forPeople ? hoursAndMinutes($0) : minutes($0) }
            }
            table.append([
                day(night.wakingDay), night.isNap ? "nap" : "night", time(night.start), time(night.sleepStart),
                time(night.sleepEnd), length(night.inBed), length(night.asleep), length(night.time(in: .asleepCore)),
                length(night.time(in: .asleepDeep)), length(night.time(in: .asleepREM)),
                length(night.time(in: .asleepUnspecified)), length(night.awake),
                night.sources.map(\.name).joined(separator: "; "),
            ])
        }
        return table
    }

    /// The nights and their summary as one JSON document: `{"timeZone", "nights": [...], "summary": {...}}`.
    public static func json(_ nights: [SleepNight], timeZoneName: String, calendar: Calendar) -> String {
        document(nights, timeZoneName: timeZoneName, calendar: calendar).text + "\n"
    }

    /// The JSON document of `json(_:timeZoneName:calendar:)` as a value (the server's answer to `GET /sleep`).
    public static func document(_ nights: [SleepNight], timeZoneName: String, calendar: Calendar) -> JSONValue {
        // The nights' members are written sorted by name (as they always were), not in the table's column order.
        let rows = table(nights, calendar: calendar, format: .json).jsonValue.keysSorted
        let summary = SleepSummary(nights: nights, calendar: calendar)
        let figures: [(String, JSONValue)] = [
            ("nights", .number(Double(summary.nights))),
            ("averageAsleepMinutes", number(summary.averageAsleep.map { $0 / 60 })),
            ("averageInBedMinutes", number(summary.averageInBed.map { $0 / 60 })),
            ("averageBedtime", string(summary.averageBedtime.map(clockText))),
            ("averageWakeTime", string(summary.averageWakeTime.map(clockText))),
            ("bedtimeDeviationMinutes", number(summary.bedtimeDeviation.map { $0 / 60 })),
            ("wakeTimeDeviationMinutes", number(summary.wakeTimeDeviation.map { $0 / 60 })),
        ]
        let stages = JSONValue.object(
            summary.averageStages.sorted { $0.key < $1.key }.map {
                (stageName($0.key), .number(($0.value / 60).rounded()))
            })
        return .object([
            ("timeZone", .string(timeZoneName)),
            ("nights", rows),
            ("summary", .object(figures + [("averageStageMinutes", stages)])),
        ])
    }

    /// The summary as lines for a person, under a table.
    public static func summaryText(_ nights: [SleepNight], calendar: Calendar) -> String {
        let summary = SleepSummary(nights: nights, calendar: calendar)
        guard summary.nights > 0, let asleep = summary.averageAsleep else { return "no nights in this period\n" }
        var lines = [
            "\(summary.nights) night\(summary.nights == 1 ? "" : "s"): asleep \(hoursAndMinutes(asleep)) on average"
                + (summary.averageInBed.map { ", in bed \(hoursAndMinutes($0))" } ?? "")
        ]
        if let bedtime = summary.averageBedtime, let wake = summary.averageWakeTime,
            let bedSpread = summary.bedtimeDeviation, let wakeSpread = summary.wakeTimeDeviation
        {
            lines.append(
                "asleep at \(clockText(bedtime)) ± \(hoursAndMinutes(bedSpread)), awake at \(clockText(wake)) ± \(hoursAndMinutes(wakeSpread))"
            )
        }
        let naps = nights.filter(\.isNap)
        if !naps.isEmpty {
            lines.append(
                "\(naps.count) nap\(naps.count == 1 ? "" : "s"), \(hoursAndMinutes(naps.map(\.asleep).reduce(0, +))) asleep"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `7:05` for 7 h 5 min (rounded to the minute).
    static func hoursAndMinutes(_ seconds: TimeInterval) -> String {
        let total = Int((seconds / 60).rounded())
        return "\(total / 60):" + String(format: "%02d", total % 60)
    }

    static func minutes(_ seconds: TimeInterval) -> String {
        let value = (seconds / 60 * 100).rounded() / 100
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// `23:05`: a clock time of seconds after midnight (past 24 h wraps).
    static func clockText(_ seconds: TimeInterval) -> String { NumberText.clockTime(seconds) }

    static func clock(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    static func day(_ components: DateComponents) -> String {
        DateWriter.day(year: components.year ?? 0, month: components.month ?? 0, day: components.day ?? 0)
    }

    static func stageName(_ stage: SleepStage) -> String {
        switch stage {
        case .inBed: return "inBed"
        case .asleepUnspecified: return "unspecified"
        case .awake: return "awake"
        case .asleepCore: return "core"
        case .asleepDeep: return "deep"
        case .asleepREM: return "rem"
        }
    }

    private static func number(_ value: Double?) -> JSONValue {
        value.map { .number(($0 * 10).rounded() / 10) } ?? .null
    }

    private static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}

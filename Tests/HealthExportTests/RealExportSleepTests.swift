import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

/// Sleep nights of the comocomo export (121 sleep analysis records from lark, Pillow, SleepTrack, Health and others,
/// 2017, every date written at +0200) from `HealthDataStore.sleepNights`, checked against nights computed here from
/// the XML by a separate, plain reading of docs/decisions/sleep.md: sessions of records at most 90 minutes apart, a
/// session's day the day it ends, the day's night the session with the most sleep; in each moment the state of the
/// highest-priority source recording one (awake winning within a source); time in bed the union over sources. Days are
/// compared where the rules decide without the ranking of hand-entered samples: sessions of one source, or without
/// hand-entered records. The sources that overlap there all say asleep (an app's awake inside another's asleep is
/// hand-entered), so the data checks that overlaps count once, not which source wins. (ipyhealth has no sleep records.)
@Suite("Sleep nights of a real export against the records read independently")
struct RealExportSleepTests {
    /// One sleep record as the XML writes it.
    struct Record {
        let source: String
        let start: Date
        let end: Date
        /// "InBed", "Asleep" or "Awake" (the suffix of HKCategoryValueSleepAnalysis…).
        let value: String
        /// Whether its metadata says HKWasUserEntered 1.
        let userEntered: Bool
    }

    /// A session computed here.
    struct Night {
        let wakingDay: DateComponents
        let start: Date
        let end: Date
        let asleep: TimeInterval
        let awake: TimeInterval
        let inBed: TimeInterval?
        let sources: Set<String>
    }

    /// The export's offset: every one of its dates is written at +0200.
    static let offset = 7_200
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        return calendar
    }()
    /// The source order the test sets for sleep analysis, highest first.
    static let sourceOrder = ["lark", "Pillow", "SleepTrack", "Sleep Cycle", "Sleep Better", "Connect", "Health"]

    /// The sleep records of an export file: each `Record` element of the type, its attributes read with a regular
    /// expression, its metadata lines up to `</Record>`.
    static func sleepRecords(in file: String) throws -> [Record] {
        let text = try String(contentsOf: SharedFixtures.url(file), encoding: .utf8)
        let attribute = try Regex(#"([A-Za-z]+)="([^"]*)""#)
        func attributes(_ line: Substring) -> [String: String] {
            var attributes: [String: String] = [:]
            for match in line.matches(of: attribute) {
                attributes[String(match.output[1].substring!)] = String(match.output[2].substring!)
            }
            return attributes
        }
        var records: [Record] = []
        let lines = text.split(separator: "\n")
        for (index, line) in lines.enumerated() where line.contains("type=\"HKCategoryTypeIdentifierSleepAnalysis\"") {
            let record = attributes(line)
            var userEntered = false
            if !line.hasSuffix("/>") {
                for child in lines[(index + 1)...].prefix(while: { !$0.contains("</Record>") }) {
                    let entry = attributes(child)
                    if entry["key"] == "HKWasUserEntered", entry["value"] == "1" { userEntered = true }
                }
            }
            records.append(
                Record(
                    source: record["sourceName"]!, start: try date(record["startDate"]!),
                    end: try date(record["endDate"]!),
                    value: String(record["value"]!.dropFirst("HKCategoryValueSleepAnalysis".count)),
                    userEntered: userEntered))
        }
        return records
    }

    /// "2017-03-07 15:06:00 +0200" as an instant, read field by field.
    static func date(_ text: String) throws -> Date {
        let parts = text.split(separator: " ")
        let day = parts[0].split(separator: "-").map { Int($0)! }
        let time = parts[1].split(separator: ":").map { Int($0)! }
        let zone = Int(parts[2])!
        let seconds = (zone / 100 * 3_600 + zone % 100 * 60)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let wall = try #require(
            utc.date(
                from: DateComponents(
                    year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1], second: time[2])))
        return wall.addingTimeInterval(-Double(seconds))
    }

    /// The length of the union of intervals.
    static func unionLength(_ intervals: [(Date, Date)]) -> TimeInterval {
        var total: TimeInterval = 0
        var current: (Date, Date)?
        for interval in intervals.sorted(by: { $0.0 < $1.0 }) {
            if let open = current, interval.0 <= open.1 {
                current = (open.0, max(open.1, interval.1))
            } else {
                if let open = current { total += open.1.timeIntervalSince(open.0) }
                current = interval
            }
        }
        if let open = current { total += open.1.timeIntervalSince(open.0) }
        return total
    }

    /// The length of `a`'s union less the parts `b` covers.
    static func length(of a: [(Date, Date)], outside b: [(Date, Date)]) -> TimeInterval {
        unionLength(a)
            - unionLength(
                a.flatMap { first in
                    b.compactMap { second in
                        let start = max(first.0, second.0)
                        let end = min(first.1, second.1)
                        return start < end ? (start, end) : nil
                    }
                })
    }

    /// A session's figures: in each slice between the state records' edges, the state of the highest-priority source
    /// with a state record there (awake if that source says awake there, else asleep); in bed wherever any source says so.
    static func night(_ session: [Record]) -> Night {
        let states = session.filter { $0.value != "InBed" }
        let cuts = Set(states.flatMap { [$0.start, $0.end] }).sorted()
        var asleep: TimeInterval = 0
        var awake: TimeInterval = 0
        for (from, to) in zip(cuts, cuts.dropFirst()) {
            let covering = states.filter { $0.start <= from && $0.end >= to }
            guard let top = covering.map(\.source).min(by: { rank($0) < rank($1) }) else { continue }
            if covering.contains(where: { $0.source == top && $0.value == "Awake" }) {
                awake += to.timeIntervalSince(from)
            } else {
                asleep += to.timeIntervalSince(from)
            }
        }
        let inBed = session.filter { $0.value == "InBed" }.map { ($0.start, $0.end) }
        let end = session.map(\.end).max()!
        return Night(
            wakingDay: calendar.dateComponents([.year, .month, .day], from: end), start: session.map(\.start).min()!,
            end: end, asleep: asleep, awake: awake, inBed: inBed.isEmpty ? nil : unionLength(inBed),
            sources: Set(session.map(\.source)))
    }

    static func rank(_ source: String) -> Int { sourceOrder.firstIndex(of: source) ?? sourceOrder.count }

    /// Sessions (records of any source at most 90 minutes apart), grouped by waking day, each day's sessions with the
    /// most sleep first; only days whose every session the rules decide without ranking hand-entered records.
    static func nightsByDay(_ records: [Record]) -> [(day: DateComponents, sessions: [Night])] {
        var sessions: [[Record]] = []
        var sessionEnd = Date.distantPast
        for record in records.sorted(by: { $0.start < $1.start }) {
            if !sessions.isEmpty, record.start.timeIntervalSince(sessionEnd) <= 90 * 60 {
                sessions[sessions.count - 1].append(record)
                sessionEnd = max(sessionEnd, record.end)
            } else {
                sessions.append([record])
                sessionEnd = record.end
            }
        }
        let decided = { (session: [Record]) in
            Set(session.map(\.source)).count == 1 || !session.contains(where: \.userEntered)
        }
        let byDay = Dictionary(grouping: sessions) { session in
            calendar.dateComponents([.year, .month, .day], from: session.map(\.end).max()!)
        }
        return byDay.compactMap { day, sessions in
            guard sessions.allSatisfy(decided) else { return nil }
            let nights = sessions.map(night).sorted {
                ($0.asleep, $0.inBed ?? 0, $0.end) > ($1.asleep, $1.inBed ?? 0, $1.end)
            }
            return (day, nights)
        }
        .sorted { calendar.date(from: $0.day)! < calendar.date(from: $1.day)! }
    }

    @Test(
        "comocomo: the nights and naps of every day the rules decide equal the engine's, sources ranked by an order set",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func comocomoNightsMatch(_ backend: StorageBackend) throws {
        let records = try Self.sleepRecords(in: "comocomo-export.xml")
        #expect(records.count == 121)
        #expect(records.filter(\.userEntered).count == 32)
        let expected = Self.nightsByDay(records)
        let multiSource = expected.filter { $0.sessions.contains { $0.sources.count > 1 } }
        #expect(expected.count >= 60, "few days to compare: \(expected.count)")
        #expect(multiSource.count >= 5, "few days with several sources: \(multiSource.count)")

        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        _ = try importer.importExport(at: ExportFixtures.url("comocomo-export.xml"))
        let type = try SampleType.named("HKCategoryTypeIdentifierSleepAnalysis")
        try store.setSourceOrder(Self.sourceOrder.map { "export:" + $0 }, for: type)
        let nights = try store.sleepNights(
            SleepNightsRequest(
                first: DateComponents(year: 2016, month: 12, day: 1),
                last: DateComponents(year: 2017, month: 12, day: 31),
                calendar: Self.calendar))
        for (day, sessions) in expected {
            let label = "\(day.year!)-\(day.month!)-\(day.day!) (\(sessions.map { $0.sources.sorted() }))"
            let found = nights.filter { $0.wakingDay == day }.sorted { !$0.isNap && $1.isNap }
            guard found.count == sessions.count else {
                Issue.record("\(label): the engine has \(found.count) sessions, expected \(sessions.count)")
                continue
            }
            #expect(found.dropFirst().allSatisfy(\.isNap) && !found[0].isNap, "\(label)")
            let main = found[0]
            let night = sessions[0]
            #expect(main.start == night.start, "\(label)")
            #expect(main.end == night.end, "\(label)")
            #expect(main.asleep == night.asleep, "\(label)")
            #expect(main.awake == night.awake, "\(label)")
            #expect(main.inBed == night.inBed, "\(label)")
            if night.sources.count == 1 { #expect(Set(main.sources.map(\.name)) == night.sources, "\(label)") }
        }
    }
}

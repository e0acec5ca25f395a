import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import HealthWire
import Testing

/// Health Auto Export day buckets of a real export's iPhone, pushed before and after that export is imported with the
/// importer `ohk import` uses: the daily totals are the export's alone wherever it covers the day, and the pushed days
/// after it ends count in full (docs/decisions/pushed-data.md). Europe/Berlin pinned: the range holds its autumn
/// change (29 October 2017, a 25-hour day).
@Suite(
    "Health Auto Export beside a real export",
    .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
struct HealthAutoExportRealExportTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let client = SourceRevision(source: Source(name: "Health Auto Export", bundleIdentifier: "com.hae.app"))
    /// The export's phone as the app names it: a straight apostrophe where the export writes ’.
    static let pushedName = "Jonathan's iPhone"
    static let exportName = "Jonathan’s iPhone"

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar
    }

    /// Midnight in Berlin of `day` (`2017-10-15`).
    static func midnight(_ day: String) -> Date {
        let parts = day.split(separator: "-").map { Int($0)! }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
    }

    /// A date as the app writes it (`2017-10-29 00:00:00 +0200`), in Berlin.
    static func appDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = berlin
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: date)
    }

    static func importExport(into store: HealthDataStore) throws {
        let report = try ExportImporter(store: store, clock: ContinuousClock())
            .importExport(at: SharedFixtures.url("comocomo-export.xml"))
        #expect(report.issues.isEmpty, "\(report.issues.prefix(3))")
    }

    /// Daily step totals (merged, and by source when asked) from `first` up to `end`, by day start.
    static func daily(
        _ store: HealthDataStore, from first: Date, to end: Date
    ) throws -> (merged: [Date: Double], phone: [Date: Double]) {
        let collection = try store.statisticsCollection(
            of: try SampleType.quantity("stepCount"), options: [.cumulativeSum, .separateBySource],
            anchor: first, interval: DateComponents(day: 1), calendar: calendar)
        var merged: [Date: Double] = [:]
        var phone: [Date: Double] = [:]
        for statistics in collection.statistics() where statistics.startDate >= first && statistics.startDate < end {
            merged[statistics.startDate] = try statistics.merged.sum?.value(in: .count)
            for (source, figures) in statistics.bySource where source.name == exportName {
                phone[statistics.startDate] = try figures.sum?.value(in: .count)
            }
        }
        return (merged, phone)
    }

    /// Pushes day buckets (`[day start: steps]`) of the phone as a request that arrived at `second`.
    static func push(_ store: HealthDataStore, _ days: [Date: Double], second: Double) throws {
        let points = days.keys.sorted().map { day in
            #"{"date": "\#(appDate(day))", "qty": \#(days[day]!), "source": "\#(pushedName)"}"#
        }
        let body = Data(
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(points.joined(separator: ","))]}]}}"#
                .utf8)
        let framing = try HealthAutoExportPayload.Framing(
            aggregation: "Days", receivedAt: Date(timeIntervalSince1970: 1_800_000_000 + second), timeZone: berlin)
        let samples = try WireDecoder(healthAutoExport: framing).decode(HealthAutoExportPayload.self, from: body)
            .samples
        #expect(samples.count == days.count)
        _ = try store.saveResent(samples, as: client)
    }

    @Test(
        "Pushed days of the phone, before or after the export is imported, leave the export's daily totals where it covers the day",
        arguments: StorageBackend.allCases)
    func pushAndImportInEitherOrder(backend: StorageBackend) throws {
        // The export's last records end on 11 November 2017; four weeks before that, and three days after.
        let first = Self.midnight("2017-10-14")
        let exportEnd = Self.midnight("2017-11-11")
        let pushEnd = Self.midnight("2017-11-15")

        let exportOnly = backend.makeStore()
        try Self.importExport(into: exportOnly)
        let expected = try Self.daily(exportOnly, from: first, to: exportEnd)
        // The phone counted steps on 16 of those days, 30,333 in all.
        #expect(expected.phone.count == 16)
        #expect(expected.phone.values.reduce(0, +).rounded() == 30_333)
        // The app's day buckets: the phone's own daily totals (as the phone's Health app reports them to the app), and
        // 6,000 steps on each day after the export ends.
        var pushed = expected.phone
        var after: [Date] = []
        var day = exportEnd
        while day < pushEnd {
            day = Self.calendar.date(byAdding: .day, value: 1, to: day)!
            if day < pushEnd {
                pushed[day] = 6_000
                after.append(day)
            }
        }

        let pushFirst = backend.makeStore()
        try Self.push(pushFirst, pushed, second: 0)
        try Self.importExport(into: pushFirst)
        let exportFirst = backend.makeStore()
        try Self.importExport(into: exportFirst)
        try Self.push(exportFirst, pushed, second: 0)

        for (order, store) in [("push then export", pushFirst), ("export then push", exportFirst)] {
            let read = try Self.daily(store, from: first, to: pushEnd)
            for (day, total) in expected.merged {
                #expect(abs((read.merged[day] ?? 0) - total) < 1e-6, "\(order): \(day) reads \(read.merged[day] ?? 0)")
            }
            for day in after {
                #expect(abs((read.merged[day] ?? 0) - 6_000) < 1e-6, "\(order): a pushed day after the export counts")
            }
        }
        // The 25-hour day of the autumn change is one of the days compared.
        #expect(expected.merged.keys.contains(Self.midnight("2017-10-29")))
    }
}

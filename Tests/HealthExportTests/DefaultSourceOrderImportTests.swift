import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

/// An export names sources only, with a device per record: the default source order must come from those devices
/// (SEMANTICS §5.1), for every type, and the importer writes no order of its own.
@Suite("An imported export's sources rank by their devices: hand entry, Watch, iPhone, then apps")
struct DefaultSourceOrderImportTests {
    static let watch =
        "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1&gt;"
    static let phone =
        "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple, model:iPhone, hardware:iPhone12,1, software:16.1&gt;"

    /// A sleep analysis record line.
    static func sleep(_ value: String, _ start: String, _ end: String, source: String, device: String?) -> String {
        let deviceAttribute = device.map { " device=\"\($0)\"" } ?? ""
        return
            " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"\(source)\" sourceVersion=\"9.1\"\(deviceAttribute) creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"HKCategoryValueSleepAnalysis\(value)\"/>\n"
    }

    /// The Watch's staged night (450 minutes asleep, 30 awake at 03:00) and, after it in the file, a sleep app's
    /// "asleep" over the whole of it, with no device.
    static let night =
        sleep(
            "InBed", "2024-01-01 22:30:00 +0100", "2024-01-02 07:00:00 +0100", source: "Alex’s Apple Watch",
            device: watch)
        + sleep(
            "AsleepCore", "2024-01-01 23:00:00 +0100", "2024-01-02 02:00:00 +0100", source: "Alex’s Apple Watch",
            device: watch)
        + sleep(
            "AsleepDeep", "2024-01-02 02:00:00 +0100", "2024-01-02 03:00:00 +0100", source: "Alex’s Apple Watch",
            device: watch)
        + sleep(
            "Awake", "2024-01-02 03:00:00 +0100", "2024-01-02 03:30:00 +0100", source: "Alex’s Apple Watch",
            device: watch)
        + sleep(
            "AsleepREM", "2024-01-02 03:30:00 +0100", "2024-01-02 05:00:00 +0100", source: "Alex’s Apple Watch",
            device: watch)
        + sleep(
            "AsleepCore", "2024-01-02 05:00:00 +0100", "2024-01-02 07:00:00 +0100", source: "Alex’s Apple Watch",
            device: watch)
        + sleep(
            "AsleepUnspecified", "2024-01-01 23:00:00 +0100", "2024-01-02 07:00:00 +0100", source: "SleepTrack",
            device: nil)

    static func imported(_ body: String, into backend: StorageBackend) throws -> HealthDataStore {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: url)
        #expect(report.issues.isEmpty, "\(report.issues)")
        return store
    }

    @Test(
        "a Watch's staged night outranks a sleep app's asleep inside it: the Watch's 450 minutes, not the app's 480",
        arguments: StorageBackend.allCases)
    func watchNightOutranksSleepApp(_ backend: StorageBackend) throws {
        let store = try Self.imported(Self.night, into: backend)
        #expect(
            try store.sourcesInPriorityOrder(for: Fixture.sleep).map(\.name) == ["Alex’s Apple Watch", "SleepTrack"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let day = DateComponents(year: 2024, month: 1, day: 2)
        let nights = try store.sleepNights(SleepNightsRequest(first: day, last: day, calendar: calendar))
        #expect(nights.count == 1)
        let night = try #require(nights.first)
        #expect(abs(night.asleep - 450 * 60) < 0.001)
        #expect(abs(night.awake - 30 * 60) < 0.001)
        #expect(abs((night.stages[.asleepDeep] ?? 0) - 60 * 60) < 0.001)
        #expect(night.sources.first?.name == "Alex’s Apple Watch")
        // A default, not a setting: the import wrote no order.
        #expect(try store.records.sourceOrder(for: Fixture.sleep) == nil)
    }

    @Test(
        "steps rank the Watch above the iPhone above an app whatever the file's order, and the sum is the Watch's",
        arguments: StorageBackend.allCases)
    func stepsRankWatchPhoneThenApp(_ backend: StorageBackend) throws {
        let start = "2024-01-01 09:00:00 +0100"
        let end = "2024-01-01 09:10:00 +0100"
        let body =
            ExportFixtures.steps(300, start: start, end: end, source: "Pedometer++")
            + ExportFixtures.steps(200, start: start, end: end, source: "Alex’s iPhone", device: Self.phone)
            + ExportFixtures.steps(100, start: start, end: end, source: "Alex’s Apple Watch", device: Self.watch)
            + ExportFixtures.steps(
                50, start: "2024-01-01 10:00:00 +0100", end: "2024-01-01 10:10:00 +0100", source: "Pedometer++")
        let store = try Self.imported(body, into: backend)
        #expect(
            try store.sourcesInPriorityOrder(for: Fixture.stepCount).map(\.name) == [
                "Alex’s Apple Watch", "Alex’s iPhone", "Pedometer++",
            ])
        let statistics = try store.statistics(of: Fixture.stepCount, options: [.cumulativeSum])
        #expect(abs((statistics.merged.sum?.value ?? 0) - (100 + 50)) < 0.001)
        #expect(try store.records.sourceOrder(for: Fixture.stepCount) == nil)
    }

    @Test(
        "an order a person set is kept by a later import and decides over the default",
        arguments: StorageBackend.allCases)
    func personsOrderIsKept(_ backend: StorageBackend) throws {
        let store = try Self.imported(Self.night, into: backend)
        try store.setSourceOrder(["export:SleepTrack"], for: Fixture.sleep)
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try ExportFixtures.write(ExportFixtures.document(Self.night), named: "again.xml", in: folder)
        let (importer, _) = ExportFixtures.importer(store: store)
        _ = try importer.importExport(at: url)
        #expect(try store.records.sourceOrder(for: Fixture.sleep) == ["export:SleepTrack"])
        #expect(
            try store.sourcesInPriorityOrder(for: Fixture.sleep).map(\.name) == ["SleepTrack", "Alex’s Apple Watch"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let day = DateComponents(year: 2024, month: 1, day: 2)
        let night = try #require(
            try store.sleepNights(SleepNightsRequest(first: day, last: day, calendar: calendar)).first)
        #expect(abs(night.asleep - 480 * 60) < 0.001)
    }
}

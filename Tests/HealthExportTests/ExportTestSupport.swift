import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import ZIPFoundation

/// The real exports in `../shared/fixtures/` (beside the checkout), and helpers to write small exports for tests.
enum ExportFixtures {
    /// A real export of `../shared/fixtures` (tests that read one are enabled only when `SharedFixtures.available`).
    static func url(_ name: String) -> URL { SharedFixtures.url(name) }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL { try TemporaryStoreFolder.newFolder("ohk-export-tests") }

    /// Writes text to a file in a folder and returns its URL.
    static func write(_ text: String, named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A zip with the given entries (path → file on disk).
    static func zip(_ entries: [(path: String, file: URL)], named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for entry in entries {
            let data = try Data(contentsOf: entry.file)
            try archive.addEntry(
                with: entry.path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
        return url
    }

    /// An export document around the given elements.
    static func document(_ body: String, prologue: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") -> String {
        prologue + "<HealthData locale=\"en_US\">\n <ExportDate value=\"2024-03-12 10:00:00 -0700\"/>\n" + body
            + "</HealthData>\n"
    }

    /// A date as exports write it, in Europe/Berlin (`2024-01-01 09:00:00 +0100`).
    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = calendar.timeZone.secondsFromGMT(for: date) / 60
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d %@%02d%02d", parts.year!, parts.month!, parts.day!, parts.hour!,
            parts.minute!,
            parts.second!, offset < 0 ? "-" : "+", abs(offset) / 60, abs(offset) % 60)
    }

    /// A step count record line.
    static func steps(
        _ value: Int, start: String, end: String, source: String = "Alex’s iPhone", device: String? = nil,
        extra: String = ""
    ) -> String {
        let deviceAttribute = device.map { " device=\"\($0)\"" } ?? ""
        return
            " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" sourceVersion=\"17.3\"\(deviceAttribute) unit=\"count\" creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"\(extra)/>\n"
    }

    /// A new in-memory store and an importer into it with a collector.
    static func importer(
        store: HealthDataStore = HealthDataStore(), batchSize: Int = 20_000
    ) -> (ExportImporter, ImportedDataCollector) {
        let collector = ImportedDataCollector()
        return (
            ExportImporter(store: store, receiver: collector, clock: ContinuousClock(), batchSize: batchSize), collector
        )
    }

    /// Every stored sample of a type.
    static func samples(_ store: HealthDataStore, _ type: SampleType) throws -> [Sample] {
        try store.samples(SampleQueryRequest(type: type, predicate: .all))
    }
}

/// Day keys for checking order.
enum DayKey {
    static func of(_ components: DateComponents) -> Int {
        (components.year ?? 0) * 10_000 + (components.month ?? 0) * 100 + (components.day ?? 0)
    }
}

/// An unzipped export folder with one workout whose route is the ipyhealth GPX fixture, and a kept child.
enum RouteExport {
    static func make(in folder: URL) throws -> URL {
        let root = folder.appendingPathComponent("route-export")
        let export = root.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(
            at: export.appendingPathComponent("workout-routes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExportFixtures.url("ipyhealth-route_2020-01-18_5.49pm.gpx"),
            to: export.appendingPathComponent("workout-routes/route_2020-01-18_5.49pm.gpx"))
        _ = try ExportFixtures.write(
            ExportFixtures.document(
                """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="60" durationUnit="min" sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 10:13:00 +0200" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 10:13:00 +0200">
                  <WorkoutActivity uuid="8D3C2A" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 10:13:00 +0200" duration="60" durationUnit="min"/>
                  <WorkoutRoute sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 10:13:00 +0200" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 10:13:00 +0200">
                   <FileReference path="/workout-routes/route_2020-01-18_5.49pm.gpx"/>
                  </WorkoutRoute>
                 </Workout>

                """), named: "export.xml", in: export)
        return root
    }
}

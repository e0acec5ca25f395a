import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Importing the real exports of ../shared/fixtures")
struct RealExportImportTests {
    @Test(
        "comocomo: 10,939 top-level records, 34 food correlations linked to their 162 top-level records, 61 workouts",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func comocomoCountsMatchTheFixturesReadme(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: ExportFixtures.url("comocomo-export.xml"))
        #expect(report.issues.isEmpty, "\(report.issues.prefix(5))")
        #expect(!report.endedEarly)
        // Every top-level record is stored once or counted as an exact duplicate of one that is.
        #expect(report.quantitySamples + report.categorySamples + report.duplicatesInExport == 10_939)
        #expect(report.correlations == 34)
        #expect(report.correlationMembersLinked == 162)
        #expect(report.workouts == 61)
        #expect(report.workoutEvents == 4)
        #expect(report.skipped == 0)
        // The store holds each record once: the nested copies did not add samples.
        let stored = try store.storage.typeSummaries().reduce(0) { $0 + $1.count }
        #expect(stored == report.quantitySamples + report.categorySamples + 34 + 61)
        let food = try ExportFixtures.samples(store, .correlation("HKCorrelationTypeIdentifierFood"))
        #expect(food.count == 34)
        #expect(food.reduce(0) { $0 + ($1.correlatedObjects?.count ?? 0) } == 162)
        let sources = Set(
            try ExportFixtures.samples(store, .quantity("HKQuantityTypeIdentifierStepCount")).compactMap {
                $0.sourceRevision?.source.name
            })
        #expect(!sources.isEmpty)
    }

    @Test(
        "ipyhealth: 1,862 records, 16 workouts, 8 activity summaries, one heartbeat series of 46 beats",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func ipyhealthCountsMatchTheFixturesReadme(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let (importer, collector) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: ExportFixtures.url("ipyhealth-export.xml"))
        #expect(report.issues.isEmpty, "\(report.issues.prefix(5))")
        // 22 heart rate records carry the same anonymized sync identifier ("0:AAAAAAAA-0000-…", version 1): as in
        // HealthKit, one object per source and sync identifier is kept, and the other 21 are counted as such.
        #expect(report.olderSyncVersions == 21)
        #expect(
            report.quantitySamples + report.categorySamples + report.duplicatesInExport + report.olderSyncVersions
                == 1_862)
        #expect(report.workouts == 16)
        #expect(report.activitySummaries == 8)
        #expect(collector.activitySummaries.count == 8)
        #expect(report.heartbeatSeries == 1)
        #expect(report.heartbeats == 46)
        let series = try #require(collector.heartbeatSeries.values.first)
        #expect(series.beats.count == 46)
        #expect(series.beats.first?.beatsPerMinute == 65)
        // 23:47:49,20 local (+0200) on 2020-04-11 is 21:47:49.20 UTC.
        let firstBeat = try #require(series.beats.first?.date)
        #expect(abs(firstBeat.timeIntervalSince1970 - 1_586_641_669.2) < 0.001)
        #expect(collector.characteristics["HKCharacteristicTypeIdentifierDateOfBirth"] == "1989-04-24")
        #expect(collector.locale == "en_ZA")
        #expect(report.exportDate == Date(timeIntervalSince1970: 1_587_122_633))
        // Entities decoded in source names; the device string's fields parsed.
        let heartRate = try ExportFixtures.samples(store, .quantity("HKQuantityTypeIdentifierHeartRate"))
        let first = try #require(heartRate.first)
        #expect(first.sourceRevision?.source.name == "User\u{2019}s Apple\u{A0}Watch")
        #expect(first.device?.hardwareVersion == "Watch5,3")
        #expect(first.device?.manufacturer == "Apple Inc.")
        #expect(first.device?.softwareVersion == "6.1.3")
        #expect(first.metadata?[ExportMetadataKey.utcOffset] == .number(7200))
    }

    @Test(
        "a workout route in a GPX file beside the export: all 16,654 track points",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func routeFromGPXFileReference() throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try RouteExport.make(in: folder)
        let (importer, collector) = ExportFixtures.importer()
        let report = try importer.importExport(at: export)
        #expect(report.issues.isEmpty, "\(report.issues)")
        #expect(report.workouts == 1)
        #expect(report.workoutRoutes == 1)
        #expect(report.routePoints == 16_654)
        let route = try #require(collector.routes.values.first)
        #expect(route.locations.count == 16_654)
        #expect(route.locations.first?.latitude == -34.017655)
        #expect(route.locations.first?.altitude == 16.224207)
        #expect(route.locations.first?.date == Date(timeIntervalSince1970: 1_579_331_595))
    }
}

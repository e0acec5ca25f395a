import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Export import: everything besides samples is kept in the store (both backends, SQLite after reopening)")
struct PersistedImportTests {
    @Test(
        "ipyhealth: 8 activity summaries, one heartbeat series of 46 beats, characteristics and the export's date; the same after a re-import",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason),
        arguments: StorageBackend.allCases)
    func ipyhealthNonSampleDataIsPersisted(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (store, reopen) = try backend.makeReopenableStore()
        let importer = ExportImporter(store: store, clock: ContinuousClock())
        let report = try importer.importExport(at: ExportFixtures.url("ipyhealth-export.xml"))
        #expect(report.issues.isEmpty, "\(report.issues.prefix(5))")
        for round in 0..<2 {
            let storage = try reopen().storage
            let counts = try HealthDataStore(storage: storage).importedDataCounts()
            #expect(counts.activitySummaries == 8, "round \(round)")
            #expect(counts.heartbeatSeries == 1)
            #expect(counts.heartbeats == 46)
            #expect(counts.keptElements == report.keptElements)
            let summaries = try storage.activitySummaries(
                from: DateComponents(year: 2000, month: 1, day: 1),
                through: DateComponents(year: 2100, month: 12, day: 31))
            #expect(summaries.count == 8)
            #expect(summaries.map { DayKey.of($0.day) } == summaries.map { DayKey.of($0.day) }.sorted())
            // The HRV sample the series belongs to is stored, and the series is found by its uuid.
            let hrv = try ExportFixtures.samples(
                HealthDataStore(storage: storage), .quantity("HKQuantityTypeIdentifierHeartRateVariabilitySDNN"))
            let series = try #require(
                hrv.lazy.compactMap { try? HealthDataStore(storage: storage).heartbeatSeries(ofSample: $0.uuid) }.first)
            #expect(series.beats.count == 46)
            #expect(series.beats.first?.beatsPerMinute == 65)
            #expect(abs((series.beats.first?.date.timeIntervalSince1970 ?? 0) - 1_586_641_669.2) < 0.001)
            #expect(try storage.characteristics()["HKCharacteristicTypeIdentifierDateOfBirth"] == "1989-04-24")
            #expect(
                try storage.exportInformation()
                    == ExportInformation(exportDate: Date(timeIntervalSince1970: 1_587_122_633), locale: "en_ZA"))
            if round == 0 {
                // Import the same file again: nothing new anywhere.
                let again = try ExportImporter(store: try reopen(), clock: ContinuousClock()).importExport(
                    at: ExportFixtures.url("ipyhealth-export.xml"))
                #expect(again.samplesStored == 0)
                #expect(again.activitySummaries == 8)
            }
        }
    }

    @Test(
        "A GPX route of 16,654 points is kept with its workout, and importing again does not add a second route",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason),
        arguments: StorageBackend.allCases)
    func gpxRouteIsPersisted(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try RouteExport.make(in: folder)
        let (store, reopen) = try backend.makeReopenableStore()
        let report = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: export)
        #expect(report.issues.isEmpty, "\(report.issues)")
        _ = try ExportImporter(store: try reopen(), clock: ContinuousClock()).importExport(at: export)
        let reopened = try reopen()
        let workouts = try ExportFixtures.samples(reopened, .workout)
        #expect(workouts.count == 1)
        let workout = try #require(workouts.first)
        let routes = try reopened.workoutRoutes(ofWorkout: workout.uuid)
        #expect(routes.count == 1)
        let route = try #require(routes.first)
        #expect(route.locations.count == 16_654)
        #expect(route.locations.first?.latitude == -34.017655)
        #expect(route.locations.first?.altitude == 16.224207)
        #expect(route.locations.first?.date == Date(timeIntervalSince1970: 1_579_331_595))
        // The route is a sample of its own, with the workout's source, found by its identifier.
        let sample = try #require(
            try reopened.samples(SampleQueryRequest(type: .workoutRoute, predicate: .uuids([route.uuid]))).first)
        #expect(sample.sourceRevision == workout.sourceRevision)
        #expect(try reopened.importedDataCounts().routeLocations == 16_654)
        // The workout's kept WorkoutActivity child is found by its parent, once.
        let kept = try reopened.storage.keptElements(parent: workout.uuid)
        #expect(kept.map(\.element.name) == ["WorkoutActivity"])
    }

    @Test(
        "Top-level elements of unknown kinds are kept once across imports, even when a newer export moves them to another line",
        arguments: StorageBackend.allCases)
    func keptElementsAreKeptOnce(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let audiogram =
            " <Audiogram type=\"HKDataTypeIdentifierAudiogram\" sourceName=\"Mimi\" startDate=\"2024-03-10 09:00:00 -0700\">\n  <SensitivityPoint frequencyValue=\"125\" leftEarValue=\"10\"/>\n </Audiogram>\n"
        let first = try ExportFixtures.write(ExportFixtures.document(audiogram), named: "first/export.xml", in: folder)
        let newer = try ExportFixtures.write(
            ExportFixtures.document(
                ExportFixtures.steps(120, start: "2024-03-11 09:00:00 -0700", end: "2024-03-11 09:10:00 -0700")
                    + audiogram), named: "newer/export.xml", in: folder)
        let (store, reopen) = try backend.makeReopenableStore()
        _ = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: first)
        _ = try ExportImporter(store: try reopen(), clock: ContinuousClock()).importExport(at: newer)
        let kept = try reopen().storage.keptElements(parent: nil)
        #expect(kept.count == 1)
        #expect(kept.first?.element.name == "Audiogram")
        #expect(kept.first?.element.children.first?.attribute("leftEarValue") == "10")
    }
}

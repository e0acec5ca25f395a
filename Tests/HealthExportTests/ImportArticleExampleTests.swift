import Foundation
import HealthExport
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import Testing

/// The code of the article "Importing an Apple Health export" (Sources/HealthExport/HealthExport.docc), run as
/// written on a real export: each of the article's Swift blocks is a run of lines of this file, which
/// scripts/ci/check-docs.sh checks. Edit both together. Imports on every backend are tested in RealExportImportTests.
@Suite("The import article's examples run as written")
struct ImportArticleExampleTests {
    @Test(
        "A real export into an SQLite store, with progress; a re-import adds nothing; the Me element and activity summaries are kept",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func importIntoSQLite() throws {
        let exportURL = SharedFixtures.url("ipyhealth-export.xml")
        let storePath = TemporaryStoreFolder.newPath("import-article")

        let store = HealthDataStore(storage: try SQLiteStorage(path: storePath))
        let importer = ExportImporter(store: store, clock: ContinuousClock())
        var updates = 0
        let report = try importer.importExport(at: exportURL) { progress in
            updates += 1
            print("\(Int(progress.fractionCompleted * 100)) %, \(Int(progress.recordsPerSecond)) records/s")
        }
        print(report.summary)
        #expect(report.issues.isEmpty && !report.endedEarly)
        #expect(report.workouts == 16 && report.activitySummaries == 8)
        #expect(updates >= 1)

        let again = try importer.importExport(at: exportURL)
        #expect(again.samplesStored == 0)

        let characteristics = try store.records.characteristics()
        #expect(characteristics["HKCharacteristicTypeIdentifierDateOfBirth"] == "1989-04-24")
        let summaries = try store.records.activitySummaries(
            from: DateComponents(year: 2020, month: 1, day: 1), through: DateComponents(year: 2020, month: 12, day: 31))
        #expect(summaries.count == 8)
        let types = try store.samples.typeSummaries()
        #expect(types.contains { $0.type.identifier == "HKQuantityTypeIdentifierHeartRate" })
    }
}

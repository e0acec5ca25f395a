import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Tolerant reading of broken and legacy exports")
struct TolerantImportTests {
    @Test("a broken DTD (as iOS 16.0 wrote) is skipped and the records import")
    func brokenDoctypeIsSkipped() throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prologue = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 13 -->
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
            <!ATTLIST HealthData
              locale CDATA #REQUIRED
            >
            <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
            <!ATTLIST Record
              type          CDATA #REQUIRED
              unit          CDATA #IMPLIED
              value         CDATA #IMPLIED
            <!ELEMENT WorkoutActivity (WorkoutEvent|WorkoutStatistics|MetadataEntry)*>
            <!ATTLIST WorkoutActivity
              uuid       CDATA #REQUIRED
              startDate  CDATA #REQUIRED
              endDate    CDATA #IMPLIED
              duration   CDATA #IMPLIED
              durationUnit CDATA #IMPLIED
            >
            <!ATTLIST Record
              type          CDATA #REQUIRED
            >
            ]>

            """
        let body =
            ExportFixtures.steps(10, start: "2024-03-10 01:00:00 -0800", end: "2024-03-10 01:30:00 -0800")
            + ExportFixtures.steps(20, start: "2024-03-10 03:00:00 -0700", end: "2024-03-10 03:30:00 -0700")
        let url = try ExportFixtures.write(
            ExportFixtures.document(body, prologue: prologue), named: "export.xml", in: folder)
        // Foundation's parser (libxml2) stops at this DTD; the importer does not.
        let parser = XMLParser(contentsOf: url)!
        #expect(parser.parse() == false)
        let (importer, _) = ExportFixtures.importer()
        let report = try importer.importExport(at: url)
        #expect(report.quantitySamples == 2)
        #expect(report.issues.isEmpty, "\(report.issues)")
    }

    @Test(
        "a truncated file imports what was complete and says the file ended early, with the line",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func truncatedFileImportsWhatWasComplete() throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Data(contentsOf: ExportFixtures.url("ipyhealth-export.xml"))
        let cut = whole.prefix(whole.count / 2)
        let url = folder.appendingPathComponent("export.xml")
        try cut.write(to: url)
        let startedRecords = String(decoding: cut, as: UTF8.self).components(separatedBy: "<Record ").count - 1
        let (importer, _) = ExportFixtures.importer()
        let report = try importer.importExport(at: url)
        #expect(report.endedEarly)
        let linesInCut = String(decoding: cut, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .count
        let ended = report.issues.first { if case .fileEndedEarly = $0 { return true } else { return false } }
        #expect(ended?.line == linesInCut)
        let read =
            report.quantitySamples + report.categorySamples + report.duplicatesInExport + report.olderSyncVersions
        #expect(read > 100)
        // Every record that started is read, except the one the cut went through.
        #expect(read == startedRecords - 1)
    }

    @Test("control characters in values do not stop the import", arguments: StorageBackend.allCases)
    func controlCharactersAreTolerated(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = """
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale\u{01}App" sourceVersion="1" unit="kg" creationDate="2024-01-01 08:00:00 +0100" startDate="2024-01-01 08:00:00 +0100" endDate="2024-01-01 08:00:00 +0100" value="72.5">
              <MetadataEntry key="note" value="weighed\u{0B}after\u{1F}run"/>
             </Record>

            """ + ExportFixtures.steps(5, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100")
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        #expect(XMLParser(contentsOf: url)!.parse() == false)
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: url)
        #expect(report.quantitySamples == 2)
        let mass = try #require(try ExportFixtures.samples(store, .quantity("HKQuantityTypeIdentifierBodyMass")).first)
        #expect(mass.metadata?["note"] == .string("weighed\u{0B}after\u{1F}run"))
        #expect(mass.sourceRevision?.source.name == "Scale\u{01}App")
    }

    @Test(
        "legacy files with metadata keys written as attributes (with spaces) keep them as metadata",
        arguments: StorageBackend.allCases)
    func legacyAttributeMetadataIsRecovered(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = """
             <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="mySugr" sourceVersion="3.1" unit="mg/dL" creationDate="2015-02-01 08:00:00 +0100" startDate="2015-02-01 08:00:00 +0100" endDate="2015-02-01 08:00:00 +0100" value="104" Meal Time="Before Breakfast" HKWasUserEntered="1"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Sleep App" sourceVersion="1" creationDate="2015-02-01 08:00:00 +0100" startDate="2015-02-01 00:00:00 +0100" endDate="2015-02-01 07:00:00 +0100" value="0"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Sleep App" sourceVersion="1" creationDate="2015-02-02 08:00:00 +0100" startDate="2015-02-02 00:00:00 +0100" endDate="2015-02-02 07:00:00 +0100" value="HKCategoryValueSleepAnalysisAsleepCore"/>

            """
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: url)
        #expect(report.issues.isEmpty, "\(report.issues)")
        let glucose = try #require(
            try ExportFixtures.samples(store, .quantity("HKQuantityTypeIdentifierBloodGlucose")).first)
        #expect(glucose.metadata?["Meal Time"] == .string("Before Breakfast"))
        #expect(glucose.wasUserEntered)
        let sleep = try ExportFixtures.samples(store, .category("HKCategoryTypeIdentifierSleepAnalysis")).map(
            \.categoryValue)
        #expect(sleep == [0, 3])
    }

    @Test("a record that cannot be read is reported with its line and reason; the rest imports")
    func unreadableRecordIsReportedWithItsLine() throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let body =
            ExportFixtures.steps(1, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100")
            + ExportFixtures.steps(2, start: "2024-01-01 10:00:00 +0100", end: "2024-01-01 10:10:00 +0100")
            .replacingOccurrences(of: "value=\"2\"", with: "value=\"two\"")
            + ExportFixtures.steps(3, start: "2024-01-01 11:00:00 +0100", end: "2024-01-01 10:10:00 +0100")
            + " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"x\" unit=\"kg\" startDate=\"2024-01-01 12:00:00 +0100\" endDate=\"2024-01-01 12:00:00 +0100\" value=\"4\"/>\n"
            + ExportFixtures.steps(5, start: "2024-01-01 13:00:00 +0100", end: "2024-01-01 13:10:00 +0100")
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        let (importer, _) = ExportFixtures.importer()
        let report = try importer.importExport(at: url)
        #expect(report.quantitySamples == 2)
        #expect(report.skipped == 3)
        let lines = report.issues.compactMap(\.line)
        #expect(lines == [5, 6, 7])
        #expect(report.issues.first?.description.contains("\"two\" is not a number") == true)
    }

    @Test(
        "a record date with an impossible UTC offset is reported with its line, not read as another instant",
        arguments: StorageBackend.allCases)
    func impossibleOffsetIsReported(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let body =
            ExportFixtures.steps(1, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100")
            + ExportFixtures.steps(2, start: "2024-01-01 10:00:00 +9900", end: "2024-01-01 10:10:00 +0100")
            + ExportFixtures.steps(3, start: "2024-01-01 11:00:00 +0100", end: "2024-01-01 11:10:00 +0060")
            + ExportFixtures.steps(4, start: "2024-01-01 12:00:00 +1400", end: "2024-01-01 12:10:00 +1400")
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: url)
        #expect(report.quantitySamples == 2)
        #expect(report.issues.compactMap(\.line) == [5, 6])
        let starts = try ExportFixtures.samples(store, .quantity("HKQuantityTypeIdentifierStepCount")).map(
            \.startDate.timeIntervalSince1970
        ).sorted()
        // 2024-01-01 12:00 +14:00 is 2023-12-31 22:00 UTC; 09:00 +01:00 is 08:00 UTC.
        #expect(starts == [1_704_060_000, 1_704_096_000])
    }

    @Test("unknown record types and unknown elements are kept, not dropped")
    func unknownTypesAreKept() throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = """
             <Record type="HKQuantityTypeIdentifierFutureThing" sourceName="Watch" unit="zz" startDate="2024-01-01 09:00:00 +0100" endDate="2024-01-01 09:00:00 +0100" value="1">
              <MetadataEntry key="k" value="v"/>
             </Record>
             <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" startDate="2024-01-01 09:00:00 +0100" endDate="2024-01-01 09:00:00 +0100">
              <SensitivityPoint frequencyValue="125" frequencyUnit="Hz" leftEarValue="10" leftEarUnit="dBHL"/>
             </Audiogram>

            """
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        let (importer, collector) = ExportFixtures.importer()
        let report = try importer.importExport(at: url)
        #expect(report.keptElements == 2)
        #expect(collector.keptElements.map(\.name) == ["Record", "Audiogram"])
        #expect(collector.keptElements.first?.children.first?.attribute("key") == "k")
        #expect(collector.keptElements.last?.children.first?.attribute("frequencyValue") == "125")
    }

    @Test(
        "an activity summary dated after the year 9999 is reported with its line; the summaries and samples around it are kept",
        arguments: StorageBackend.allCases)
    func activitySummaryOutOfRangeIsReported(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let body =
            ExportFixtures.steps(5, start: "2024-03-01 09:00:00 +0100", end: "2024-03-01 09:10:00 +0100")
                + """
                 <ActivitySummary dateComponents="2024-03-01" activeEnergyBurned="412.5" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="31" appleExerciseTimeGoal="30" appleStandHours="11" appleStandHoursGoal="12"/>
                 <ActivitySummary dateComponents="10000-03-02" activeEnergyBurned="300" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="20" appleExerciseTimeGoal="30" appleStandHours="9" appleStandHoursGoal="12"/>
                 <ActivitySummary dateComponents="2024-03-03" activeEnergyBurned="515" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="45" appleExerciseTimeGoal="30" appleStandHours="12" appleStandHoursGoal="12"/>

                """
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: url)
        #expect(report.quantitySamples == 1)
        let problems = report.issues.map { "\($0)" }
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("dateComponents") == true, "\(problems)")
        #expect(problems.first?.contains("10000-03-02") == true, "\(problems)")
        let summaries = try store.storage.activitySummaries(
            from: DateComponents(year: 2024, month: 1, day: 1), through: DateComponents(year: 2024, month: 12, day: 31))
        #expect(summaries.map(\.day.day) == [1, 3])
        #expect(summaries.map(\.activeEnergyBurned.value) == [412.5, 515])
    }
}

import Foundation
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// Clinical documents as exports carry them: a well-formed CDA, and the malformed kind recent iOS versions write
/// (unescaped ampersands in the body, and a file that stops before its closing tags).
enum ClinicalDocumentFixtures {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
         <realmCode code="US"/>
         <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
         <title>Health Data</title>
         <effectiveTime value="20200417101500+0200"/>
         <recordTarget><patientRole><patient>
          <name><given>Merelda</given><family>Wu</family></name>
         </patient></patientRole></recordTarget>
         <author><time value="20200417101500+0200"/><assignedAuthor><assignedPerson>
          <name><given>Merelda</given><family>Wu</family></name>
         </assignedPerson></assignedAuthor></author>
         <custodian><assignedCustodian><representedCustodianOrganization>
          <name>Health App &amp; Watch</name>
         </representedCustodianOrganization></assignedCustodian></custodian>
         <documentationOf><serviceEvent classCode="PCPR"><effectiveTime><low value="20191229000000+0200"/><high value="20200417101500+0200"/></effectiveTime></serviceEvent></documentationOf>
        """

    static let wellFormed =
        header + """
             <component><structuredBody><component><section><title>Vital Signs</title><text>Heart rate 62 count/min</text></section></component></structuredBody></component>
            </ClinicalDocument>

            """

    static let malformed =
        header + """
             <component><structuredBody><component><section><title>Vital Signs</title><text>Heart rate 62 count/min & steps 10 000 <br> Tom & Jerry
            """

    /// An export folder with the comocomo-sized tiny data file and a CDA document beside it.
    static func export(_ cda: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-cda-\(UUID().uuidString)/apple_health_export")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_ZA">
             <ExportDate value="2020-04-17 10:15:00 +0200"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" creationDate="2020-04-16 10:00:00 +0200" startDate="2020-04-16 09:00:00 +0200" endDate="2020-04-16 09:10:00 +0200" value="800"/>
            </HealthData>

            """.utf8
        ).write(to: root.appendingPathComponent("export.xml"))
        try Data(cda.utf8).write(to: root.appendingPathComponent("export_cda.xml"))
        return root.deletingLastPathComponent()
    }
}

@Suite("HKDocumentQuery: CDA documents from export_cda.xml, well-formed or malformed")
struct DocumentQueryTests {
    func documents(
        _ healthStore: HKHealthStore, includeData: Bool, predicate: NSPredicate? = nil
    ) async -> ([HKDocumentSample], Bool) {
        await withCheckedContinuation { continuation in
            healthStore.execute(
                HKDocumentQuery(
                    documentType: HKObjectType.documentType(forIdentifier: .CDA)!, predicate: predicate,
                    limit: HKObjectQueryNoLimit,
                    sortDescriptors: nil, includeDocumentData: includeData
                ) { _, samples, done, _ in
                    continuation.resume(returning: (samples ?? [], done))
                })
        }
    }

    @Test(
        "The document's fields, its period and (when asked) its data; re-import keeps one",
        arguments: StorageBackend.allCases, ["wellFormed", "malformed"])
    func importedDocuments(_ backend: StorageBackend, form: String) async throws {
        let cda = form == "wellFormed" ? ClinicalDocumentFixtures.wellFormed : ClinicalDocumentFixtures.malformed
        let folder = try ClinicalDocumentFixtures.export(cda)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataStore = backend.makeStore()
        let report = try ExportImporter(store: dataStore, clock: ContinuousClock()).importExport(at: folder)
        #expect(report.clinicalDocuments == 1)
        _ = try ExportImporter(store: dataStore, clock: ContinuousClock()).importExport(at: folder)
        let healthStore = HKHealthStore(dataStore: dataStore)

        let (found, done) = await documents(healthStore, includeData: true)
        #expect(done)
        let sample = try #require(found.first as? HKCDADocumentSample)
        #expect(found.count == 1)
        let document = try #require(sample.document)
        #expect(document.title == "Health Data")
        #expect(document.patientName == "Merelda Wu")
        #expect(document.authorName == "Merelda Wu")
        #expect(document.custodianName == "Health App & Watch")
        #expect(document.documentData == Data(cda.utf8))
        // The service period 2019-12-29 00:00 +02:00 … 2020-04-17 10:15 +02:00.
        #expect(sample.startDate == ISO8601DateFormatter().date(from: "2019-12-28T22:00:00Z"))
        #expect(sample.endDate == ISO8601DateFormatter().date(from: "2020-04-17T08:15:00Z"))

        #expect(
            await documents(healthStore, includeData: false).0.compactMap {
                ($0 as? HKCDADocumentSample)?.document?.documentData
            }.isEmpty)
        let before = HKQuery.predicateForSamples(
            withStart: nil, end: ISO8601DateFormatter().date(from: "2019-01-01T00:00:00Z"))
        #expect(await documents(healthStore, includeData: false, predicate: before).0.isEmpty)
    }

    @Test("A client without read permission on CDA documents sees none")
    func documentsNeedReadPermission() async throws {
        let folder = try ClinicalDocumentFixtures.export(ClinicalDocumentFixtures.wellFormed)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataStore = HealthDataStore(access: AccessControl(policy: .denyRead(["HKDocumentTypeIdentifierCDA"])))
        _ = try ExportImporter(store: dataStore, clock: ContinuousClock()).importExport(at: folder)
        let app = HKHealthStore(
            dataStore: dataStore, client: HKSource(Source(name: "Reader", bundleIdentifier: "com.example.reader")))
        try await app.requestAuthorization(toShare: [], read: [HKObjectType.documentType(forIdentifier: .CDA)!])
        #expect(await documents(app, includeData: false).0.isEmpty)
        #expect(await documents(HKHealthStore(dataStore: dataStore), includeData: false).0.count == 1)
    }
}

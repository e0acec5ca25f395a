import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// An unzipped Apple Health export with clinical records: `ClinicalRecord` elements in export.xml and the FHIR R4
/// resources they name in `clinical-records/`, as the Health app writes them.
enum ClinicalRecordExportFixture {
    /// A hemoglobin A1c result, as a patient portal's FHIR R4 server sends it.
    static let observation = """
        {
          "resourceType": "Observation",
          "id": "ab12",
          "meta": {"lastUpdated": "2023-05-02T09:58:00-07:00"},
          "status": "final",
          "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory", "display": "Laboratory"}]}],
          "code": {
            "coding": [{"system": "http://loinc.org", "code": "4548-4", "display": "Hemoglobin A1c/Hemoglobin.total in Blood"}],
            "text": "Hemoglobin A1c"
          },
          "subject": {"reference": "Patient/p-1001", "display": "Jane Appleseed"},
          "effectiveDateTime": "2023-04-28T08:30:00-07:00",
          "issued": "2023-04-28T14:02:00-07:00",
          "valueQuantity": {"value": 5.4, "unit": "%", "system": "http://unitsofmeasure.org", "code": "%"},
          "referenceRange": [{"low": {"value": 4.0, "unit": "%"}, "high": {"value": 5.6, "unit": "%"}}]
        }
        """

    /// A peanut allergy.
    static let allergy = """
        {
          "resourceType": "AllergyIntolerance",
          "id": "al-7",
          "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", "code": "active"}]},
          "verificationStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification", "code": "confirmed"}]},
          "type": "allergy",
          "category": ["food"],
          "criticality": "high",
          "code": {"coding": [{"system": "http://snomed.info/sct", "code": "91935009", "display": "Allergy to peanut"}]},
          "patient": {"reference": "Patient/p-1001"},
          "recordedDate": "2019-11-04",
          "reaction": [{"manifestation": [{"coding": [{"system": "http://snomed.info/sct", "code": "39579001", "display": "Anaphylaxis"}]}], "severity": "severe"}]
        }
        """

    /// Atorvastatin taken daily.
    static let medication = """
        {
          "resourceType": "MedicationStatement",
          "id": "ms-31",
          "status": "active",
          "medicationCodeableConcept": {
            "coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "617312", "display": "atorvastatin 20 MG Oral Tablet"}],
            "text": "Atorvastatin 20 mg tablet"
          },
          "subject": {"reference": "Patient/p-1001"},
          "effectivePeriod": {"start": "2021-02-10"},
          "dosage": [{"text": "Take 1 tablet by mouth once daily", "timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d"}}}]
        }
        """

    static let sourceURL = "https://fhir.example.org/api/FHIR/R4/"

    /// The folder; `files` are the resource files written (path → JSON), by default the three above.
    static func make(
        files: [String: String] = [
            "Observation-ab12.json": observation, "AllergyIntolerance-al-7.json": allergy,
            "MedicationStatement-ms-31.json": medication,
        ]
    ) throws -> URL {
        let export = try TemporaryStoreFolder.newFolder("ohk-clinical").appendingPathComponent("apple_health_export")
        let records = export.appendingPathComponent("clinical-records")
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        for (name, json) in files { try Data(json.utf8).write(to: records.appendingPathComponent(name)) }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2023-05-10 09:00:00 -0700"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jane’s iPhone" sourceVersion="16.4" unit="count" creationDate="2023-05-02 10:20:00 -0700" startDate="2023-05-02 10:00:00 -0700" endDate="2023-05-02 10:15:00 -0700" value="1250"/>
             <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="Observation/ab12" sourceName="Hospital X" sourceURL="\(sourceURL)Observation/ab12" fhirVersion="4.0.1" receivedDate="2023-05-02 10:11:12 -0700" resourceFilePath="/clinical-records/Observation-ab12.json"/>
             <ClinicalRecord type="HKClinicalTypeIdentifierAllergyRecord" identifier="AllergyIntolerance/al-7" sourceName="Hospital X" sourceURL="\(sourceURL)AllergyIntolerance/al-7" fhirVersion="4.0.1" receivedDate="2023-05-02 10:11:12 -0700" resourceFilePath="/clinical-records/AllergyIntolerance-al-7.json"/>
             <ClinicalRecord type="HKClinicalTypeIdentifierMedicationRecord" identifier="MedicationStatement/ms-31" sourceName="Hospital X" sourceURL="\(sourceURL)MedicationStatement/ms-31" fhirVersion="4.0.1" receivedDate="2023-05-03 08:00:00 -0700" resourceFilePath="/clinical-records/MedicationStatement-ms-31.json"/>
            </HealthData>

            """
        try Data(xml.utf8).write(to: export.appendingPathComponent("export.xml"))
        return export
    }

    /// Runs an `HKSampleQuery` and returns what it delivered.
    static func query(
        _ healthStore: HKHealthStore, _ type: HKSampleType, _ predicate: NSPredicate? = nil
    ) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            healthStore.execute(
                HKSampleQuery(sampleType: type, predicate: predicate, limit: HKObjectQueryNoLimit, sortDescriptors: nil)
                { _, samples, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: samples ?? [])
                    }
                })
        }
    }
}

@Suite("HKClinicalRecord: FHIR resources imported from an export and read through HealthKit's queries")
struct ClinicalRecordTests {
    static let app = HKSource(Source(name: "Records", bundleIdentifier: "com.example.records"))
    static let clinicalTypes: Set<HKObjectType> = [
        HKClinicalType(.labResultRecord), HKClinicalType(.allergyRecord), HKClinicalType(.medicationRecord),
    ]

    @Test(
        "Three clinical records of an export are imported once and found by FHIR resource type with HKSampleQuery",
        arguments: StorageBackend.allCases)
    func importedAndQueried(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let folder = try ClinicalRecordExportFixture.make()
        let importer = ExportImporter(store: store, clock: ContinuousClock())
        let report = try importer.importExport(at: folder)
        #expect(report.issues.isEmpty, "\(report.issues)")
        #expect(report.clinicalRecords == 3)
        #expect(report.quantitySamples == 1)
        #expect(report.keptElements == 0)

        let healthStore = HKHealthStore(dataStore: store, client: Self.app)
        try await healthStore.requestAuthorization(toShare: [], read: Self.clinicalTypes)
        let labs = try await ClinicalRecordExportFixture.query(
            healthStore, HKClinicalType(.labResultRecord),
            HKQuery.predicateForClinicalRecords(withFHIRResourceType: .observation))
        let lab = try #require(labs.first as? HKClinicalRecord)
        #expect(labs.count == 1)
        #expect(lab.clinicalType == HKClinicalType(.labResultRecord))
        #expect(lab.displayName == "Hemoglobin A1c")
        #expect(lab.startDate == Date(timeIntervalSince1970: 1_683_047_472))  // 2023-05-02 17:11:12 UTC
        #expect(lab.endDate == lab.startDate)
        #expect(lab.sourceRevision.source.name == "Hospital X")
        let resource = try #require(lab.fhirResource)
        #expect(resource.resourceType == .observation)
        #expect(resource.identifier == "ab12")
        #expect(resource.sourceURL == URL(string: ClinicalRecordExportFixture.sourceURL + "Observation/ab12"))
        #expect(resource.fhirVersion.stringRepresentation == "4.0.1")
        #expect(resource.fhirVersion.fhirRelease == .r4)
        #expect(resource.data == Data(ClinicalRecordExportFixture.observation.utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: resource.data) as? [String: Any])
        #expect((json["valueQuantity"] as? [String: Any])?["value"] as? Double == 5.4)

        // Another resource type on the same clinical type matches nothing; the allergy is found by source, type and
        // identifier; the descriptor reads the medication.
        #expect(
            try await ClinicalRecordExportFixture.query(
                healthStore, HKClinicalType(.labResultRecord),
                HKQuery.predicateForClinicalRecords(withFHIRResourceType: .diagnosticReport)
            ).isEmpty)
        let allergies = try await ClinicalRecordExportFixture.query(
            healthStore, HKClinicalType(.allergyRecord),
            HKQuery.predicateForClinicalRecords(
                from: lab.sourceRevision.source, fhirResourceType: .allergyIntolerance, identifier: "al-7"))
        #expect((allergies as? [HKClinicalRecord])?.map(\.displayName) == ["Allergy to peanut"])
        let medications = try await HKSampleQueryDescriptor(
            predicates: [
                .clinicalRecord(
                    type: HKClinicalType(.medicationRecord),
                    predicate: HKQuery.predicateForClinicalRecords(withFHIRResourceType: .medicationStatement))
            ], sortDescriptors: []
        ).result(for: healthStore)
        #expect(medications.map(\.displayName) == ["Atorvastatin 20 mg tablet"])
        #expect(medications.first?.fhirResource?.identifier == "ms-31")

        let again = try importer.importExport(at: folder)
        #expect(again.clinicalRecords == 0)
        #expect(again.alreadyStored >= 3)
        #expect(try await ClinicalRecordExportFixture.query(healthStore, HKClinicalType(.labResultRecord)).count == 1)
    }

    @Test(
        "An app without read permission sees no clinical records, and no app may share them",
        arguments: StorageBackend.allCases)
    func permissions(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        _ = try ExportImporter(store: store, clock: ContinuousClock()).importExport(
            at: try ClinicalRecordExportFixture.make())
        store.access.policy = .denyRead([HKClinicalTypeIdentifier.labResultRecord.rawValue])
        let healthStore = HKHealthStore(dataStore: store, client: Self.app)
        try await healthStore.requestAuthorization(toShare: [], read: Self.clinicalTypes)
        #expect(try await ClinicalRecordExportFixture.query(healthStore, HKClinicalType(.labResultRecord)).isEmpty)
        let anchored = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.clinicalRecord(type: HKClinicalType(.labResultRecord))], anchor: nil
        ).result(for: healthStore)
        #expect(anchored.addedSamples.isEmpty)
        // The types it was granted read as usual.
        #expect(try await ClinicalRecordExportFixture.query(healthStore, HKClinicalType(.allergyRecord)).count == 1)
        do {
            try await healthStore.requestAuthorization(toShare: [HKClinicalType(.allergyRecord)], read: [])
            Issue.record("an app was allowed to share clinical records")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
        }
        #expect(throws: HealthStoreError.self) {
            try store.client("com.example.records").save(
                [try #require(try store.samples(SampleQueryRequest(type: .clinicalRecord(.allergy))).first)],
                as: SourceRevision(source: Self.app.source, version: "1"))
        }
    }

    @Test(
        "A malformed resource file and a missing one are reported naming them; the rest of the export imports",
        arguments: StorageBackend.allCases)
    func malformedResourceFile(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let folder = try ClinicalRecordExportFixture.make(files: [
            "Observation-ab12.json": String(ClinicalRecordExportFixture.observation.prefix(120)),
            "MedicationStatement-ms-31.json": ClinicalRecordExportFixture.medication,
        ])
        let report = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: folder)
        #expect(report.clinicalRecords == 1)
        #expect(report.quantitySamples == 1)
        #expect(report.skipped == 2)
        #expect(report.issues.count == 2)
        let malformed = try #require(report.issues.first { "\($0)".contains("Observation-ab12.json") })
        guard case let .unreadable(file, reason) = malformed else {
            Issue.record("not an unreadable file: \(malformed)")
            return
        }
        #expect(file == "/clinical-records/Observation-ab12.json")
        #expect(reason.contains("is not JSON"))
        #expect(
            report.issues.contains(
                .missingReferencedFile(
                    file: "export.xml", line: 6, path: "/clinical-records/AllergyIntolerance-al-7.json")))
        #expect(try store.samples(SampleQueryRequest(type: .clinicalRecord(.medication))).count == 1)
        #expect(try store.samples(SampleQueryRequest(type: .clinicalRecord(.labResult))).isEmpty)

        // With the files put right, importing the export again brings in the two records it skipped, and only them.
        let records = folder.appendingPathComponent("clinical-records")
        try Data(ClinicalRecordExportFixture.observation.utf8).write(
            to: records.appendingPathComponent("Observation-ab12.json"))
        try Data(ClinicalRecordExportFixture.allergy.utf8).write(
            to: records.appendingPathComponent("AllergyIntolerance-al-7.json"))
        let fixed = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: folder)
        #expect(fixed.issues.isEmpty, "\(fixed.issues)")
        #expect(fixed.clinicalRecords == 2)
        #expect(fixed.quantitySamples == 0)
        #expect(try store.samples(SampleQueryRequest(type: .clinicalRecord(.labResult))).count == 1)
    }

    @Test("A resource whose JSON says another resource type is refused naming the field")
    func resourceTypeMismatch() {
        let resource = FHIRResourceContent(
            resourceType: "Condition", identifier: "ab12", json: ClinicalRecordExportFixture.observation,
            sourceURL: nil, fhirVersion: "4.0.1")
        #expect {
            try Sample(
                type: .clinicalRecord(.labResult), startDate: Date(timeIntervalSince1970: 1_683_047_472),
                endDate: Date(timeIntervalSince1970: 1_683_047_472),
                content: .payload(.clinicalRecord(ClinicalRecordContent(displayName: "A1c", resource: resource))))
        } throws: { error in
            "\(error)".contains("clinicalRecord.resource.json.resourceType") && "\(error)".contains("'Observation'")
        }
    }

    @Test("FHIR versions read their release: 4.0.1 is R4, 1.0.2 DSTU2, 3.0.2 unknown; 4.0 is refused")
    func fhirVersions() throws {
        #expect(try HKFHIRVersion(fromVersionString: "4.0.1").fhirRelease == .r4)
        #expect(HKFHIRVersion.primaryDSTU2().stringRepresentation == "1.0.2")
        #expect(HKFHIRVersion.primaryDSTU2().fhirRelease == .dstu2)
        #expect(HKFHIRVersion.primaryR4() == (try HKFHIRVersion(fromVersionString: "4.0.1")))
        let stu3 = try HKFHIRVersion(fromVersionString: "3.0.2")
        #expect(stu3.fhirRelease == .unknown && stu3.majorVersion == 3 && stu3.patchVersion == 2)
        #expect(throws: HKError(.errorInvalidArgument, "'4.0' is not a FHIR version like 4.0.1")) {
            try HKFHIRVersion(fromVersionString: "4.0")
        }
        #expect(
            HKObjectType.clinicalType(forIdentifier: .vitalSignRecord)?.identifier
                == "HKClinicalTypeIdentifierVitalSignRecord")
        #expect(HKObjectType.clinicalType(forIdentifier: HKClinicalTypeIdentifier(rawValue: "HKNoSuchRecord")) == nil)
    }

    @Test("Verifiable clinical record queries fail with errorHealthDataUnavailable: there is no Wallet off-device")
    func verifiableRecordsUnavailable() async throws {
        let healthStore = HKHealthStore(dataStore: HealthDataStore(), client: Self.app)
        do {
            _ = try await HKVerifiableClinicalRecordQueryDescriptor(
                recordTypes: [.covid19, .immunization], sourceTypes: [.smartHealthCard, .euDigitalCOVIDCertificate]
            ).result(for: healthStore)
            Issue.record("a verifiable record query succeeded")
        } catch let error as HKError {
            #expect(error.code == .errorHealthDataUnavailable)
        }
        let log = DeliveryLog<(Int?, Int?)>()
        healthStore.execute(
            HKVerifiableClinicalRecordQuery(
                recordTypes: [HKVerifiableClinicalRecordCredentialType.immunization.rawValue],
                sourceTypes: [.smartHealthCard], predicate: nil
            ) { _, records, error in log.append((records?.count, (error as? HKError)?.code.rawValue)) })
        healthStore.execute(
            HKVerifiableClinicalRecordQuery(recordTypes: [], sourceTypes: [.smartHealthCard], predicate: nil) {
                _, records, error in log.append((records?.count, (error as? HKError)?.code.rawValue))
            })
        let delivered = try await log.wait(forCount: 2)
        #expect(delivered.map(\.0) == [nil, nil])
        #expect(Set(delivered.map(\.1)) == [HKError.Code.errorHealthDataUnavailable.rawValue, 3])
    }

    @Test("A CDA document built from its XML reads its header; data that is no CDA document fails with the detail key")
    func cdaDocumentSample() throws {
        let xml = """
            <?xml version="1.0"?>
            <ClinicalDocument xmlns="urn:hl7-org:v3">
             <title>Discharge Summary</title>
             <effectiveTime value="20230502101112-0700"/>
             <recordTarget><patientRole><patient><name><given>Jane</given><family>Appleseed</family></name></patient></patientRole></recordTarget>
             <author><assignedAuthor><assignedPerson><name><given>Ana</given><family>Ruiz</family></name></assignedPerson></assignedAuthor></author>
             <custodian><assignedCustodian><representedCustodianOrganization><name>Hospital X</name></representedCustodianOrganization></assignedCustodian></custodian>
            </ClinicalDocument>
            """
        let start = Date(timeIntervalSince1970: 1_683_047_472)
        let sample = try HKCDADocumentSample(
            data: Data(xml.utf8), start: start, end: start.addingTimeInterval(3_600), metadata: nil)
        let document = try #require(sample.document)
        #expect(document.title == "Discharge Summary")
        #expect(document.patientName == "Jane Appleseed")
        #expect(document.authorName == "Ana Ruiz")
        #expect(document.custodianName == "Hospital X")
        #expect(document.documentData == Data(xml.utf8))
        #expect(sample.documentType == HKDocumentType(.CDA))
        do {
            _ = try HKCDADocumentSample(data: Data("<html/>".utf8), start: start, end: start, metadata: nil)
            Issue.record("an HTML page was taken for a CDA document")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            #expect(
                (error as NSError).userInfo[HKDetailedCDAValidationErrorKey] as? String == "no ClinicalDocument element"
            )
        }
    }
}

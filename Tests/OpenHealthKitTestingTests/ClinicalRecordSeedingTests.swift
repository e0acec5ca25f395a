import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Testing

@Suite("The testing product seeds clinical records, which apps read through anchored queries and descriptors")
struct ClinicalRecordSeedingTests {
    /// 2024-03-12 16:00 UTC.
    static let afternoon = Date(timeIntervalSince1970: 1_710_259_200)
    static let immunization = Data(
        #"""
        {"resourceType": "Immunization", "id": "imm-88", "status": "completed",
         "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/sid/cvx", "code": "140", "display": "Influenza, seasonal, injectable, preservative free"}]},
         "patient": {"reference": "Patient/p-1001"}, "occurrenceDateTime": "2023-10-12T10:30:00-07:00",
         "lotNumber": "UT7135BA", "primarySource": true}
        """#.utf8)

    @Test(
        "A seeded immunization reaches an app's anchored query as it arrives, with its resource; a bad resource is refused naming the field",
        arguments: StorageBackend.allCases)
    func seededAndDelivered(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.afternoon)
        let app = HKSource(Source(name: "Shots", bundleIdentifier: "com.example.shots"))
        let healthStore = bench.healthStore(for: app)
        let type = HKClinicalType(.immunizationRecord)
        try await healthStore.requestAuthorization(toShare: [], read: [type])
        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.clinicalRecord(type: type)], anchor: nil)
        var batches: [[HKClinicalRecord]] = []
        for try await result in descriptor.results(for: healthStore) {
            batches.append(result.addedSamples)
            if batches.count == 1 {
                try bench.addClinicalRecord(
                    .immunizationRecord, fhirResource: Self.immunization, institution: "Valley Clinic",
                    sourceURL: URL(string: "https://fhir.valleyclinic.example/r4/Immunization/imm-88"))
            } else {
                break
            }
        }
        #expect(batches.first?.isEmpty == true)
        let record = try #require(batches.last?.first)
        #expect(record.displayName == "Influenza, seasonal, injectable, preservative free")
        #expect(record.startDate == Self.afternoon)
        #expect(record.sourceRevision.source.name == "Valley Clinic")
        #expect(record.fhirResource?.resourceType == .immunization)
        #expect(record.fhirResource?.identifier == "imm-88")
        #expect(record.fhirResource?.fhirVersion == HKFHIRVersion.primaryR4())
        #expect(record.fhirResource?.data == Self.immunization)

        let named = try bench.addClinicalRecord(
            .immunizationRecord, fhirResource: Self.immunization, displayName: "Flu shot",
            fhirVersion: .primaryDSTU2())
        let all = try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: type)], sortDescriptors: [])
            .result(for: healthStore)
        #expect(all.first { $0.uuid == named }?.displayName == "Flu shot")
        #expect(all.first { $0.uuid == named }?.fhirResource?.fhirVersion.fhirRelease == .dstu2)
        #expect {
            try bench.addClinicalRecord(.immunizationRecord, fhirResource: Data(#"{"id": "x"}"#.utf8))
        } throws: { error in
            "\(error)".contains("fhirResource.resourceType")
        }
    }
}

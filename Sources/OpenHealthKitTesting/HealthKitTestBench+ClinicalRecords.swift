import Foundation
import HealthModel
import OpenHealthKit

/// Seeding clinical records: on a device they are downloaded from a healthcare institution, never saved by apps, so a
/// test puts them in the store the way an institution's download (or an export's import) does.
extension HealthKitTestBench {
    /// Adds a clinical record of `type` holding the FHIR resource `json` (whose `resourceType` and `id` it takes), as
    /// downloaded from `institution` when the bench's clock reads now; returns its identifier. `displayName` defaults
    /// to the resource's main concept (`code.text`, …). A resource that is not JSON, has no `resourceType`, or a
    /// version that is not like `4.0.1` fails naming the field.
    @discardableResult
    public func addClinicalRecord(
        _ type: HKClinicalTypeIdentifier, fhirResource json: Data, displayName: String? = nil,
        institution: String = "Health Records", sourceURL: URL? = nil, fhirVersion: HKFHIRVersion = .primaryR4()
    ) throws -> UUID {
        guard let category = ClinicalRecordContent.Category(rawValue: type.rawValue) else {
            throw HealthModelError.unknownTypeIdentifier(type.rawValue)
        }
        let header = try FHIRResourceContent.header(ofJSON: json, field: "fhirResource")
        let resource = FHIRResourceContent(
            resourceType: header.resourceType, identifier: header.id ?? "", json: String(decoding: json, as: UTF8.self),
            sourceURL: sourceURL?.absoluteString, fhirVersion: fhirVersion.stringRepresentation)
        let received = clock.now()
        let sample = try Sample(
            type: .clinicalRecord(category), startDate: received, endDate: received,
            sourceRevision: SourceRevision(
                source: Source(name: institution, bundleIdentifier: "health-records:\(institution)"), version: nil),
            content: .payload(
                .clinicalRecord(
                    ClinicalRecordContent(
                        displayName: displayName ?? FHIRResourceContent.displayName(ofJSON: json)
                            ?? header.resourceType, resource: resource))))
        try dataStore.saveImported([sample])
        return sample.uuid
    }
}

import Foundation
import HealthModel
import HealthStore

/// One `ClinicalRecord` element of an export document: what it says of the record, and the FHIR resource file it
/// names (`resourceFilePath="/clinical-records/Observation-ab12.json"`), read once the document is done.
struct ClinicalRecordReference: Sendable {
    /// The line of the element in the document.
    var line: Int
    /// The attributes, by name (`type`, `identifier`, `sourceName`, `sourceURL`, `fhirVersion`, `receivedDate`,
    /// `resourceFilePath`).
    var attributes: [String: String]
}

/// Imports the clinical records an export document lists, each with the FHIR resource file beside the document
/// (`clinical-records/*.json`). A record whose element lacks a field, or whose file is missing or is not the FHIR
/// resource the element says, is reported naming the line, field or file, and skipped; the others import. Each
/// record's identifier comes from its element and its file's bytes, so importing the same export again adds nothing.
enum ClinicalRecordImporter {
    /// Reads the files of `references` and saves their records, counting in `report`.
    static func importRecords(
        _ references: [ClinicalRecordReference], document file: String, from location: ExportLocation,
        into store: HealthDataStore, report: inout ImportReport
    ) throws {
        var samples: [Sample] = []
        for reference in references {
            do {
                samples.append(try sample(for: reference, document: file, from: location))
            } catch {
                report.issues.append(error)
                report.skipped += 1
            }
        }
        guard !samples.isEmpty else { return }
        let stored = try store.samples.storedSequences(withUUIDs: Set(samples.map(\.uuid)))
        let new = samples.filter { stored[$0.uuid] == nil }
        report.alreadyStored += samples.count - new.count
        guard !new.isEmpty else { return }
        report.clinicalRecords += try store.saveImported(new).inserted.count
    }

    /// The record of one element, with its resource read from its file.
    static func sample(
        for reference: ClinicalRecordReference, document file: String, from location: ExportLocation
    ) throws(HealthExportError) -> Sample {
        func invalid(_ field: String, _ reason: String) -> HealthExportError {
            .invalidElement(file: file, line: reference.line, element: "ClinicalRecord", field: field, reason: reason)
        }
        func required(_ name: String) throws(HealthExportError) -> String {
            guard let value = reference.attributes[name], !value.isEmpty else { throw invalid(name, "is missing") }
            return value
        }
        let typeName = try required("type")
        guard let category = ClinicalRecordContent.Category(rawValue: typeName) else {
            throw invalid("type", "'\(typeName)' is not a clinical type identifier")
        }
        let dateText = try required("receivedDate")
        guard
            let received = dateText.utf8CString.withUnsafeBytes({ bytes in
                DateReader.exportRecordDate(UnsafeRawBufferPointer(rebasing: bytes.dropLast()))
            })
        else { throw invalid("receivedDate", "'\(dateText)' is not a date like 2023-05-02 10:11:12 -0700") }
        let path = try required("resourceFilePath")
        var data = Data()
        let found: Bool
        do {
            found = try location.readReferencedFile(path) { data.append(contentsOf: $0) }
        } catch {
            throw .unreadable(file: path, reason: "\(error)")
        }
        guard found else { throw .missingReferencedFile(file: file, line: reference.line, path: path) }
        let header: (resourceType: String, id: String?)
        do {
            header = try FHIRResourceContent.header(ofJSON: data, field: path)
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
        // The element's identifier is `ResourceType/id`; the resource's own `id` is what HealthKit shows.
        let elementIdentifier = reference.attributes["identifier"] ?? ""
        let identifier = header.id ?? String(elementIdentifier.split(separator: "/").last ?? "")
        let sourceName = reference.attributes["sourceName"] ?? "Health Records"
        let resource = FHIRResourceContent(
            resourceType: header.resourceType, identifier: identifier, json: String(decoding: data, as: UTF8.self),
            sourceURL: reference.attributes["sourceURL"].flatMap { $0.isEmpty ? nil : $0 },
            fhirVersion: reference.attributes["fhirVersion"] ?? "")
        var hasher = ContentHasher(seed: 0xC11)
        for name in ["type", "identifier", "sourceName", "sourceURL", "fhirVersion", "receivedDate"] {
            hasher.combine(reference.attributes[name] ?? "")
        }
        data.withUnsafeBytes { hasher.combine($0) }
        let revision = SourceRevision(
            source: Source(name: sourceName, bundleIdentifier: SourceEntry.bundleIdentifier(forName: sourceName)),
            version: nil)
        do {
            return try Sample(
                uuid: hasher.finalize().uuid(startingAt: received.date), type: .clinicalRecord(category),
                startDate: received.date, endDate: received.date,
                metadata: [ExportMetadataKey.utcOffset: .number(Double(received.offset))], device: nil,
                sourceRevision: revision,
                content: .payload(
                    .clinicalRecord(
                        ClinicalRecordContent(
                            displayName: FHIRResourceContent.displayName(ofJSON: data) ?? header.resourceType,
                            resource: resource))))
        } catch {
            throw invalid("record", "\(error)")
        }
    }
}

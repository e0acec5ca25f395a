// The public members here implement ImportedDataStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import NIOCore
import PostgresNIO

/// Data besides samples (migration "v2 …"): activity summaries, characteristics,
/// the export's date and locale, kept elements, clinical documents; the same blobs as the SQLite store.
extension PostgresStorage {
    public func saveImportedData(_ data: ImportedData) throws {
        guard !data.isEmpty else { return }
        try database.blocking("saving imported data") { [self] in
            try await transaction(.readCommitted) { connection in
                try await save(data, on: connection)
            }
        }
    }

    private func save(_ data: ImportedData, on connection: PostgresConnection) async throws {
        func run(_ query: PostgresQuery) async throws { try await connection.query(query, logger: logger) }
        if !data.activitySummaries.isEmpty {
            try await run(
                """
                INSERT INTO activity_summaries (person, day, summary)
                SELECT \(person), * FROM unnest(\(data.activitySummaries.map { ImportedDataCoding.dayKey($0.day) })::int8[],
                                                \(data.activitySummaries.map { ByteBuffer(bytes: ImportedDataCoding.encode($0)) })::bytea[])
                ON CONFLICT (person, day) DO UPDATE SET summary = excluded.summary
                """)
        }
        if !data.characteristics.isEmpty {
            let sorted = data.characteristics.sorted { $0.key < $1.key }
            try await run(
                """
                INSERT INTO characteristics (person, identifier, value)
                SELECT \(person), * FROM unnest(\(sorted.map(\.key))::text[], \(sorted.map(\.value))::text[])
                ON CONFLICT (person, identifier) DO UPDATE SET value = excluded.value
                """)
        }
        for document in data.clinicalDocuments {
            try await run(
                """
                INSERT INTO clinical_documents (person, uuid, start_time, end_time, title, patient_name, author_name, custodian_name, data)
                VALUES (\(person), \(document.uuid), \(document.startDate.timeIntervalSinceReferenceDate), \(document.endDate.timeIntervalSinceReferenceDate),
                        \(document.title), \(document.patientName), \(document.authorName), \(document.custodianName),
                        \(ByteBuffer(bytes: Array(document.data))))
                ON CONFLICT (person, uuid) DO UPDATE SET start_time = excluded.start_time, end_time = excluded.end_time, title = excluded.title,
                    patient_name = excluded.patient_name, author_name = excluded.author_name, custodian_name = excluded.custodian_name,
                    data = excluded.data
                """)
        }
        if let information = data.exportInformation {
            try await run(
                """
                INSERT INTO export_information (person, export_date, locale)
                VALUES (\(person), \(information.exportDate?.timeIntervalSinceReferenceDate)::float8, \(information.locale)::text)
                ON CONFLICT (person) DO UPDATE SET export_date = excluded.export_date, locale = excluded.locale
                """)
        }
        // Kept elements keep the position of their first save; in the order given.
        for kept in data.keptElements {
            try await run(
                """
                INSERT INTO kept_elements (person, identity, parent_uuid, name, element)
                VALUES (\(person), \(kept.identity), \(kept.parent)::uuid, \(kept.element.name), \(ByteBuffer(bytes: ImportedDataCoding.encode(kept.element))))
                ON CONFLICT (person, identity) DO NOTHING
                """)
        }
    }

    /// Reads rows and turns each into a value, in the bridge.
    private func read<T: Sendable>(
        _ operation: String, _ query: PostgresQuery, _ transform: @escaping @Sendable (PostgresRow) throws -> T
    ) throws -> [T] {
        try database.blocking(operation) { [self] in
            try await rows(query).map(transform)
        }
    }

    public func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]
    {
        try read(
            "reading activity summaries",
            """
            SELECT day, summary FROM activity_summaries
            WHERE person = \(person) AND day BETWEEN \(ImportedDataCoding.dayKey(first)) AND \(ImportedDataCoding.dayKey(last)) ORDER BY day
            """
        ) { row in
            let (day, summary) = try row.decode((Int64, ByteBuffer).self)
            return try ImportedDataCoding.decodeActivitySummary(Array(summary.readableBytesView), dayKey: day)
        }
    }

    public func characteristics() throws -> [String: String] {
        let pairs = try read(
            "reading characteristics", "SELECT identifier, value FROM characteristics WHERE person = \(person)"
        ) { try $0.decode((String, String).self) }
        return Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }

    public func exportInformation() throws -> ExportInformation? {
        try read(
            "reading the export information",
            "SELECT export_date, locale FROM export_information WHERE person = \(person)"
        ) { row in
            let (date, locale) = try row.decode((Double?, String?).self)
            return ExportInformation(exportDate: date.map(Date.init(timeIntervalSinceReferenceDate:)), locale: locale)
        }.first
    }

    public func keptElements(parent: UUID?) throws -> [KeptElement] {
        let query: PostgresQuery =
            parent.map { parent in
                "SELECT identity, parent_uuid, element FROM kept_elements WHERE person = \(person) AND parent_uuid = \(parent) ORDER BY position"
            } ?? "SELECT identity, parent_uuid, element FROM kept_elements WHERE person = \(person) ORDER BY position"
        return try read("reading kept elements", query) { row in
            let (identity, parent, element) = try row.decode((UUID, UUID?, ByteBuffer).self)
            return KeptElement(
                identity: identity, parent: parent,
                element: try ImportedDataCoding.decodeElement(Array(element.readableBytesView), identity: identity))
        }
    }

    public func importedDataCounts() throws -> ImportedDataCounts {
        try read(
            "counting imported data",
            """
            SELECT (SELECT count(*) FROM activity_summaries WHERE person = $1),
                   (SELECT count(*) FROM characteristics WHERE person = $1),
                   (SELECT count(*) FROM kept_elements WHERE person = $1)
            """.bound(to: person)
        ) { row in
            let (summaries, characteristics, kept) = try row.decode((Int, Int, Int).self)
            return ImportedDataCounts(
                activitySummaries: summaries, characteristics: characteristics, keptElements: kept)
        }.first ?? ImportedDataCounts()
    }

    public func clinicalDocuments() throws -> [ClinicalDocument] {
        try read(
            "reading clinical documents",
            """
            SELECT uuid, start_time, end_time, title, patient_name, author_name, custodian_name, data FROM clinical_documents
            WHERE person = \(person) ORDER BY start_time, uuid
            """
        ) { row in
            let (uuid, start, end, title, patient, author, custodian, data) = try row.decode(
                (UUID, Double, Double, String, String, String, String, ByteBuffer).self)
            do {
                return try ClinicalDocument(
                    uuid: uuid, startDate: Date(timeIntervalSinceReferenceDate: start),
                    endDate: Date(timeIntervalSinceReferenceDate: end),
                    title: title, patientName: patient, authorName: author, custodianName: custodian,
                    data: Data(data.readableBytesView))
            } catch {
                throw HealthStoreError.corruptStore("clinical document \(uuid): \(error)")
            }
        }
    }
}

extension String {
    /// This SQL with one parameter, `$1`, bound to a person.
    fileprivate func bound(to person: String) -> PostgresQuery {
        var binds = PostgresBindings(capacity: 1)
        binds.append(person)
        return PostgresQuery(unsafeSQL: self, binds: binds)
    }
}

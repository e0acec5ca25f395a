import Foundation
import HealthStore
import Logging
import NIOCore
import PostgresNIO

extension PostgresSchema {
    /// Moves every person's rows of the tables migration v9 drops into `records` (sequence 0), as their kinds encode
    /// them (`ImportedRecordsMigration`), one person at a time so that memory holds one person's rows.
    static func moveImportedData(_ connection: PostgresConnection, logger: Logger) async throws {
        func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
            var result: [PostgresRow] = []
            for try await row in try await connection.query(query, logger: logger) { result.append(row) }
            return result
        }
        let people = try await rows(
            """
            SELECT person FROM activity_summaries UNION SELECT person FROM characteristics
            UNION SELECT person FROM export_information UNION SELECT person FROM kept_elements
            UNION SELECT person FROM clinical_documents
            """
        ).map { try $0.decode(String.self) }
        for person in people {
            var moved: [ImportedRecordsMigration.Row] = []
            for row in try await rows("SELECT day, summary FROM activity_summaries WHERE person = \(person)") {
                let (day, summary) = try row.decode((Int64, ByteBuffer).self)
                moved.append(
                    try ImportedRecordsMigration.activitySummary(day: day, summary: Array(summary.readableBytesView)))
            }
            for row in try await rows("SELECT identifier, value FROM characteristics WHERE person = \(person)") {
                let (identifier, value) = try row.decode((String, String).self)
                moved.append(try ImportedRecordsMigration.characteristic(identifier: identifier, value: value))
            }
            for row in try await rows("SELECT export_date, locale FROM export_information WHERE person = \(person)") {
                let (date, locale) = try row.decode((Double?, String?).self)
                moved.append(try ImportedRecordsMigration.exportInformation(exportDate: date, locale: locale))
            }
            for row in try await rows(
                "SELECT position, identity, parent_uuid, element FROM kept_elements WHERE person = \(person)")
            {
                let (position, identity, parent, element) = try row.decode((Int64, UUID, UUID?, ByteBuffer).self)
                moved.append(
                    try ImportedRecordsMigration.keptElement(
                        position: position, identity: identity, parent: parent,
                        element: Array(element.readableBytesView)))
            }
            for row in try await rows(
                """
                SELECT uuid, start_time, end_time, title, patient_name, author_name, custodian_name, data
                FROM clinical_documents WHERE person = \(person)
                """)
            {
                let (uuid, start, end, title, patient, author, custodian, data) = try row.decode(
                    (UUID, Double, Double, String, String, String, String, ByteBuffer).self)
                moved.append(
                    try ImportedRecordsMigration.clinicalDocument(
                        uuid: uuid, startTime: start, endTime: end, title: title, patientName: patient,
                        authorName: author, custodianName: custodian, data: Data(data.readableBytesView)))
            }
            try await connection.query(
                """
                INSERT INTO records (person, kind, key, sequence, value)
                SELECT \(person), kind, key, 0, value::jsonb
                FROM unnest(\(moved.map(\.kind))::text[], \(moved.map(\.key))::text[], \(moved.map(\.value))::text[])
                    AS moved (kind, key, value)
                """, logger: logger)
        }
    }
}

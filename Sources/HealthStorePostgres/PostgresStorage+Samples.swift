// The public members here implement SampleStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

extension PostgresStorage {
    // MARK: Reading samples

    /// A sample from its stored bytes.
    func sample(_ bytes: ByteBuffer, sequence: Int64) throws -> Sample {
        do {
            return try SampleDetailCoding.sample(from: Array(bytes.readableBytesView))
        } catch {
            throw HealthStoreError.corruptStore("sample \(sequence) of \(person): \(error)")
        }
    }

    func window(_ typeID: Int32, _ bounds: TimeBounds) -> WindowBindings {
        WindowBindings(
            person: person, typeID: typeID, startLowerBound: bounds.startLowerBound,
            startUpperBound: bounds.startUpperBound,
            endLowerBound: bounds.endLowerBound, endUpperBound: bounds.endUpperBound)
    }

    public func candidates(of type: SampleType, within bounds: TimeBounds) throws -> [StoredSample] {
        guard !bounds.isEmpty else { return [] }
        return try database.blocking("reading samples of \(type.identifier)") { [self] in
            guard let typeID = try await existingTypeID(type) else { return [] }
            var result: [StoredSample] = []
            for try await (sequence, bytes) in try await client.execute(
                CandidatesStatement(window: window(typeID, bounds)), logger: logger)
            {
                result.append(StoredSample(sequence: sequence, sample: try sample(bytes, sequence: sequence)))
            }
            return result
        }
    }
    public func typeSummaries() throws -> [TypeSummary] {
        try database.blocking("summarizing sample types") { [self] in
            let rows = try await rows(
                """
                SELECT t.identifier, s.count, s.first, s.last FROM sample_types t JOIN (
                    SELECT type_id, count(*) AS count, min(start_time) AS first, max(end_time) AS last FROM samples
                    WHERE person = \(person) GROUP BY type_id
                ) s ON s.type_id = t.id ORDER BY t.identifier COLLATE "C"
                """
            ).map { try $0.decode((String, Int, Double, Double).self) }
            return try rows.map { identifier, count, first, last in
                guard let type = try? SampleType.named(identifier) else {
                    throw HealthStoreError.corruptStore("sample_types: unknown type identifier \(identifier)")
                }
                return TypeSummary(
                    type: type, count: count, firstStart: Date(timeIntervalSinceReferenceDate: first),
                    lastEnd: Date(timeIntervalSinceReferenceDate: last))
            }
        }
    }

    public func storedSamples(withUUIDs uuids: Set<UUID>) throws -> [StoredSample] {
        guard !uuids.isEmpty else { return [] }
        return try database.blocking("reading samples by uuid") { [self] in
            var result: [StoredSample] = []
            for try await (sequence, bytes) in try await client.execute(
                SamplesByUUIDStatement(person: person, uuids: Array(uuids)), logger: logger)
            {
                result.append(StoredSample(sequence: sequence, sample: try sample(bytes, sequence: sequence)))
            }
            return result
        }
    }

    public func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64] {
        guard !uuids.isEmpty else { return [:] }
        return try database.blocking("looking up samples by uuid") { [self] in
            var result: [UUID: Int64] = [:]
            for try await (uuid, sequence, _, _, _) in try await client.execute(
                StoredRowsStatement(person: person, uuids: Array(uuids)), logger: logger)
            {
                result[uuid] = sequence
            }
            return result
        }
    }

    // MARK: Relations

    public func correlationMembers(among uuids: [UUID]) throws -> Set<UUID> {
        guard !uuids.isEmpty else { return [] }
        return try database.blocking("reading correlation members") { [self] in
            Set(
                try await column(
                    "SELECT DISTINCT member_uuid FROM correlation_members WHERE person = \(person) AND member_uuid = ANY(\(uuids)::uuid[])",
                    as: UUID.self))
        }
    }

    public func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID> {
        try database.blocking("reading workout associations") { [self] in
            Set(
                try await column(
                    """
                    SELECT a.sample_uuid FROM workout_associations a JOIN samples s ON s.person = a.person AND s.sequence = a.workout
                    WHERE s.person = \(person) AND s.uuid = \(workout)
                    """, as: UUID.self))
        }
    }
}

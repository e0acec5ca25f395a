import Foundation
import HealthEngine
import HealthModel
import HealthStore
import NIOCore
import PostgresNIO

extension PostgresStorage {
    /// Moves this person's rows of the retired `workout_routes` and `heartbeat_series` tables into route and
    /// heartbeat series samples (`RetiredSeriesMigration` builds the batch) and deletes the rows, in one transaction,
    /// as the person's store opens. The tables hold people's rows until each person's store has opened once, so they
    /// stay in the schema (a later release drops them). Nothing happens once this person has no rows there.
    func moveRetiredSeries() throws {
        let (routes, beats) = try database.blocking("reading the retired series of \(person)") { [self] in
            let routes = try await rows(
                "SELECT uuid, workout_uuid, locations FROM workout_routes WHERE person = \(person)"
            ).map { row -> RetiredSeriesMigration.RouteRow in
                let (uuid, workout, locations) = try row.decode((UUID, UUID, ByteBuffer).self)
                return .init(uuid: uuid, workout: workout, locations: Array(locations.readableBytesView))
            }
            let beats = try await rows(
                "SELECT sample_uuid, beats FROM heartbeat_series WHERE person = \(person)"
            ).map { row -> RetiredSeriesMigration.BeatsRow in
                let (sample, beats) = try row.decode((UUID, ByteBuffer).self)
                return .init(sample: sample, beats: Array(beats.readableBytesView))
            }
            return (routes, beats)
        }
        guard !routes.isEmpty || !beats.isEmpty else { return }
        let batch = try RetiredSeriesMigration.batch(
            routes: routes, beats: beats, owners: { try storedSamples(withUUIDs: $0).map(\.sample) },
            stored: { Set(try storedSequences(withUUIDs: $0).keys) })
        let built = try PostgresRowBuilder.rows(for: batch.samples)
        let now = retention.clock?()
        _ = try database.blocking("moving the routes and heartbeat series of \(person) into samples") { [self] in
            let typeIDs = try await typeIDs(for: Set(batch.samples.map(\.type)))
            return try await transaction(.readCommitted) { connection in
                if !batch.isEmpty {
                    _ = try await commit(batch, built, typeIDs: typeIDs, now: now, cutoff: nil, on: connection)
                }
                try await connection.query("DELETE FROM workout_routes WHERE person = \(person)", logger: logger)
                try await connection.query("DELETE FROM heartbeat_series WHERE person = \(person)", logger: logger)
                return true
            }
        }
    }
}

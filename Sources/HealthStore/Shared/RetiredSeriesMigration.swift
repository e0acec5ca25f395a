import Foundation
import HealthEngine
import HealthModel

/// Turns the rows of the retired route and heartbeat tables (schemas before routes and heartbeat series became
/// samples) into one commit batch: a route sample per route, associated with its workout and carrying the workout's
/// source revision and device; a heartbeat series sample per series, with its heart rate variability sample's
/// (`Sample.heartbeatSeries(importedWith:beats:)`). Both backends read their rows, ask this for the batch, commit it
/// and drop the tables in one transaction, so a store opens with nothing lost or nothing moved.
///
/// Identifiers are kept (a route's own; a series' derived from its sample's as before), and a sample already stored
/// under one is left out, so running the move again adds nothing. A route whose workout, or a series whose sample,
/// is no longer stored cannot be given a source and is dropped, as queries never showed it.
package enum RetiredSeriesMigration {
    /// A route row: the route's identifier, its workout's, its points in the old blob layout.
    package struct RouteRow {
        let uuid: UUID
        let workout: UUID
        let locations: [UInt8]

        /// A row as read.
        package init(uuid: UUID, workout: UUID, locations: [UInt8]) {
            self.uuid = uuid
            self.workout = workout
            self.locations = locations
        }
    }

    /// A heartbeat row: the heart rate variability sample's identifier and its beats in the old blob layout.
    package struct BeatsRow {
        let sample: UUID
        let beats: [UInt8]

        /// A row as read.
        package init(sample: UUID, beats: [UInt8]) {
            self.sample = sample
            self.beats = beats
        }
    }

    /// The batch moving the rows into samples; `owners` finds the stored workouts and HRV samples, `stored` the
    /// identifiers among those given that are already stored.
    package static func batch(
        routes: [RouteRow], beats: [BeatsRow], owners: (Set<UUID>) throws -> [Sample],
        stored: (Set<UUID>) throws -> Set<UUID>
    ) throws -> CommitBatch {
        guard !routes.isEmpty || !beats.isEmpty else { return CommitBatch() }
        var wanted = Set(routes.map(\.workout))
        wanted.formUnion(beats.map(\.sample))
        let found = Dictionary(try owners(wanted).map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        var samples: [Sample] = []
        var associations: [WorkoutAssociation] = []
        for row in routes {
            guard let workout = found[row.workout] else { continue }
            let locations = try ImportedDataCoding.decodeLocations(row.locations, route: row.uuid)
            guard
                let route = try? Sample.workoutRoute(
                    uuid: row.uuid, locations: locations, device: workout.device,
                    sourceRevision: workout.sourceRevision)
            else { continue }
            samples.append(route)
            associations.append(WorkoutAssociation(workout: workout.uuid, samples: [route.uuid]))
        }
        for row in beats {
            guard let owner = found[row.sample] else { continue }
            let beats = try ImportedDataCoding.decodeBeats(row.beats, sample: row.sample).map {
                HeartbeatSeries.Beat(date: $0.date, beatsPerMinute: $0.beatsPerMinute)
            }
            guard let series = try? Sample.heartbeatSeries(importedWith: owner, beats: beats) else { continue }
            samples.append(series)
        }
        let already = try stored(Set(samples.map(\.uuid)))
        return CommitBatch(samples: samples.filter { !already.contains($0.uuid) }, associations: associations)
    }
}

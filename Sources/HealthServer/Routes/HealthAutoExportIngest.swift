import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthWire

/// How a Health Auto Export payload is saved for a client, in one commit: its samples, its workouts' heart-rate
/// samples and routes associated with them, and the samples of read-only types (electrocardiograms, heart-rate
/// events, walking heart rate average, …) only for an importer of the person's own data, a client registered with
/// full access (docs/SECURITY.md). For any other client those are listed in `skipped`, one entry per type, and the
/// rest is saved.
public enum HealthAutoExportIngest {
    /// What was saved (nil when nothing was to be saved) and what was left out.
    public struct Outcome: Sendable {
        /// The commit's result, nil when the payload held nothing to save or nothing changed.
        public let result: CommitResult?
        /// The samples left out because their stored twins read the same (a re-send).
        public let unchanged: [UUID]
        /// The payload's own skipped entries, then the read-only types left out.
        public let skipped: [HealthAutoExportPayload.Skipped]
    }

    /// The samples this client saves: every sample for an importer, the writable ones for any other client.
    public static func samples(
        of payload: HealthAutoExportPayload, importer: Bool
    ) -> (samples: [Sample], skipped: [HealthAutoExportPayload.Skipped]) {
        guard !importer else { return (payload.samples + payload.readOnlySamples.map { $0.sample }, payload.skipped) }
        var skipped = payload.skipped
        var counts: [String: Int] = [:]
        var firstField: [(type: String, field: String)] = []
        for (field, sample) in payload.readOnlySamples {
            if counts[sample.type.identifier] == nil { firstField.append((sample.type.identifier, field)) }
            counts[sample.type.identifier, default: 0] += 1
        }
        for (type, field) in firstField {
            let count = counts[type] ?? 0
            skipped.append(
                HealthAutoExportPayload.Skipped(
                    field: field,
                    reason:
                        "\(type) is read-only in HealthKit (\(count) sample\(count == 1 ? "" : "s") left out): only a "
                        + "client registered with full access (ohk clients add --full-access), the person's importer "
                        + "of their own data, saves it"))
        }
        return (payload.samples, skipped)
    }

    /// Saves the payload through `store` (the client's view) as `revision`, in one commit, leaving out what a re-send
    /// did not change (`HealthDataStore.saveResent`); `importer` when the client has full access.
    public static func save(
        _ payload: HealthAutoExportPayload, to store: HealthDataStore, as revision: SourceRevision, importer: Bool
    ) throws -> Outcome {
        let (samples, skipped) = Self.samples(of: payload, importer: importer)
        guard !samples.isEmpty else { return Outcome(result: nil, unchanged: [], skipped: skipped) }
        let associations = payload.workoutMembers.map { WorkoutAssociation(workout: $0.workout, samples: $0.samples) }
        let (result, unchanged) = try store.saveResent(
            samples, as: revision, associations: associations, asImporter: importer)
        return Outcome(result: result, unchanged: unchanged, skipped: skipped)
    }
}

import Foundation
import HealthReports
import HealthStore
import HealthWire
import Hummingbird

extension HealthAPI {
    /// `POST /ingest/health-auto-export`: the JSON the iOS app Health Auto Export posts to a REST automation, saved as
    /// the client in one all-or-nothing batch (see `HealthAutoExportPayload`, `HealthAutoExportIngest`). Re-sending
    /// the same payload saves nothing more. Types the client was not granted sharing are refused (403) like any save;
    /// metrics the server does not map, and read-only types for a client without full access, are listed in
    /// `skipped`.
    func ingestHealthAutoExport(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let client = try context.requireClient()
        let store = try await onStoreExecutor { try stores.store(for: client) }
        _ = try QueryParameters(request, known: [])
        let payload = try Self.decoded(HealthAutoExportPayload.self, from: try await collectedBody(request))
        var saved = 0
        var ignored = 0
        var anchor: Int64?
        let importer = client.fullAccess
        let total = payload.samples.count + (importer ? payload.readOnlySamples.count : 0)
        if total > 0 { try configuration.limits.checkBatch(total) }
        let revision = client.sourceRevision
        let outcome = try await store.run { store in
            try perform(field: "data") {
                try HealthAutoExportIngest.save(payload, to: store, as: revision, importer: importer)
            }
        }
        if let result = outcome.result {
            saved = result.inserted.count
            ignored = result.ignored.count
            anchor = result.latestSequence
            count("saved", saved)
        }
        return JSONResponse.make(
            HealthAutoExportAnswer(
                saved: saved, ignored: ignored, skipped: outcome.skipped, anchor: anchor.map { Int($0) }),
            status: saved > 0 ? .created : .ok)
    }
}

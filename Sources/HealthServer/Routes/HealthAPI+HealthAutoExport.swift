import Foundation
import HealthReports
import HealthStore
import HealthWire
import Hummingbird

extension HealthAPI {
    /// `POST /ingest/health-auto-export`: the JSON the iOS app Health Auto Export posts to a REST automation, saved as
    /// the client in one all-or-nothing batch (see `HealthAutoExportPayload`). Re-sending the same payload saves
    /// nothing more. Types the client was not granted sharing are refused (403) like any save; metrics the server does
    /// not map are listed in `skipped`.
    func ingestHealthAutoExport(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let client = try context.requireClient()
        let store = try await onStoreExecutor { try stores.store(for: client) }
        _ = try QueryParameters(request, known: [])
        let payload = try Self.decoded(HealthAutoExportPayload.self, from: try await collectedBody(request))
        var saved = 0
        var ignored = 0
        var anchor: Int64?
        if !payload.samples.isEmpty {
            try configuration.limits.checkBatch(payload.samples.count)
            let samples = payload.samples
            let result = try await store.run { store in
                try perform(field: "data") { try store.save(samples, as: client.sourceRevision) }
            }
            saved = result.inserted.count
            ignored = result.ignored.count
            anchor = result.latestSequence
            count("saved", saved)
        }
        return JSONResponse.make(
            HealthAutoExportAnswer(
                saved: saved, ignored: ignored, skipped: payload.skipped, anchor: anchor.map { Int($0) }),
            status: saved > 0 ? .created : .ok)
    }
}

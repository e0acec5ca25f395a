import Foundation
import HealthReports
import HealthStore
import HealthWire
import Hummingbird

extension HealthAPI {
    /// `POST /ingest/health-auto-export`: the JSON the iOS app Health Auto Export posts to a REST automation, saved as
    /// the client in one all-or-nothing batch (see `HealthAutoExportPayload`, `HealthAutoExportIngest`). Types the
    /// client was not granted sharing are refused (403) like any save; metrics the server does not map, and read-only
    /// types for a client without full access, are listed in `skipped`.
    ///
    /// The `automation-aggregation` header gives each point's bucket length (an unknown value is refused naming the
    /// header); the points' sync version is the time the request arrived, so a re-sent bucket with a new value
    /// replaces the stored one and one with the same value changes nothing (`HealthDataStore.saveResent`). A day
    /// bucket follows the `timeZone` parameter's (else the server's) zone when its offset matches the payload's.
    /// `session-id` and the `automation-*` headers are logged with the request.
    func ingestHealthAutoExport(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let client = try context.requireClient()
        let store = try await onStoreExecutor { try stores.store(for: client) }
        let parameters = try QueryParameters(request, known: ["timeZone"])
        let headers = Self.automationHeaders(request)
        context.logger.info(
            "health auto export", metadata: headers.mapValues { .string($0) })
        let timeZone = try parameters.timeZone(default: configuration.timeZone)
        let framing: HealthAutoExportPayload.Framing
        do {
            framing = try HealthAutoExportPayload.Framing(
                aggregation: headers["automation-aggregation"], receivedAt: configuration.now(), timeZone: timeZone)
        } catch {
            throw HealthServerError.from(error)
        }
        let payload = try Self.decoded(
            HealthAutoExportPayload.self, from: try await collectedBody(request),
            WireDecoder(healthAutoExport: framing))
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
        ignored = outcome.unchanged.count
        if let result = outcome.result {
            saved = result.inserted.count
            ignored += result.ignored.count
            anchor = result.latestSequence
            count("saved", saved)
        }
        return JSONResponse.make(
            HealthAutoExportAnswer(
                saved: saved, ignored: ignored, skipped: outcome.skipped, anchor: anchor.map { Int($0) }),
            status: saved > 0 ? .created : .ok)
    }

    /// The request's `session-id` and `automation-*` headers (Health Auto Export's), by lowercased name.
    static func automationHeaders(_ request: Request) -> [String: String] {
        var found: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName.lowercased()
            if name == "session-id" || name.hasPrefix("automation-") { found[name] = field.value }
        }
        return found
    }
}

import Foundation
import HealthExport
import Hummingbird

extension HealthAPI {
    /// `GET /export`: everything of the person as an Apple Health `export.xml` (`ExportDocumentWriter`), the format
    /// `POST /import` and `ohk import` read back, for a client with full access (the export holds every app's data).
    /// Streamed as it is written, with memory bounded by one window of samples and four 256 KB chunks whatever the size
    /// of the store; dates without a recorded offset are written in `timeZone` (default the server's). Not one
    /// snapshot: a commit made while the export runs may be in it or not. A failure after the answer started ends the
    /// document early (no closing `</HealthData>`), which an import reports.
    func exportDocument(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let client = try context.requireClient()
        guard client.fullAccess else {
            throw HealthServerError.forbidden(
                field: nil,
                reason:
                    "only a client with full access (the person's Health app) exports: an export holds every app's data"
            )
        }
        let zone = try QueryParameters(request, known: ["timeZone"]).timeZone(default: configuration.timeZone)
        let person = client.person
        let store = try await onStoreExecutor { try stores.personStore(person) }
        let exportDate = configuration.now()
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/xml; charset=utf-8",
                .contentDisposition: "attachment; filename=\"export.xml\"",
            ],
            body: ResponseBody { writer in
                let channel = ExportChunkChannel()
                defer { channel.cancel() }
                // The writer is synchronous and as long as the store: a thread of its own (`StoreExecutor.runLong`).
                store.executor.runLong(named: "org.openhealthkit.export") {
                    _ = try? ExportDocumentWriter(store: store, timeZone: zone, exportDate: exportDate).write {
                        try channel.send($0)
                    }
                    channel.finish()
                }
                for await chunk in channel.chunks {
                    try await writer.write(ByteBuffer(bytes: chunk))
                    channel.taken()
                }
                try await writer.finish(nil)
            })
    }
}

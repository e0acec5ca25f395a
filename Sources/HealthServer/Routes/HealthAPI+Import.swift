import Foundation
import HealthExport
import HealthReports
import HealthStore
import HealthWire
import Hummingbird

extension HealthAPI {
    /// `POST /import`: an Apple Health export (`export.zip` or `export.xml`) as the body, for a client with full access
    /// (an export holds every app's data, as the person's own Health app may write it). The body is streamed to a file
    /// in the server directory (never held in memory; at most `maximumUploadBytes`), then imported into the person's
    /// store while the answer streams NDJSON: `{"progress": {"bytesRead", "totalBytes", "records"}}` lines, then
    /// `{"report": {...}}` (or `{"error": {...}}` when nothing could be imported). Re-importing adds only what is new.
    func importExport(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let client = try context.requireClient()
        guard client.fullAccess else {
            throw HealthServerError.forbidden(
                field: nil,
                reason:
                    "only a client with full access (the person's Health app) imports an export: it holds every app's data"
            )
        }
        _ = try QueryParameters(request, known: [])
        let person = client.person
        let store = try await onStoreExecutor { try stores.personStore(person) }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }),
            length > configuration.limits.maximumUploadBytes
        {
            throw HealthServerError.limitExceeded(
                .maximumUploadBytes, maximum: Double(configuration.limits.maximumUploadBytes), requested: Double(length)
            )
        }
        // The import holds a place among the person's and the server's from its upload to the end of its importer.
        let slot = try budget.openImport(person: client.person)
        let file = try await upload(request.body, person: client.person)
        let clock = configuration.clock
        return Response(
            status: .ok, headers: [.contentType: "application/x-ndjson"],
            body: ResponseBody { writer in
                defer { try? FileManager.default.removeItem(at: file) }
                let (lines, continuation) = AsyncStream<ImportLine>.makeStream(bufferingPolicy: .bufferingNewest(64))
                // The importer is synchronous (it reads and commits in batches) and long: it runs on a thread of its own
                // (`StoreExecutor.runLong`), handing its progress to this stream.
                store.executor.runLong(named: "org.openhealthkit.import") {
                    defer { withExtendedLifetime(slot) {} }
                    do {
                        let report = try ExportImporter(store: store, clock: clock).importExport(at: file) { progress in
                            continuation.yield(
                                .progress(
                                    bytesRead: Int(progress.bytesRead), totalBytes: Int(progress.totalBytes),
                                    records: Int(progress.records)))
                        }
                        continuation.yield(.report(Self.report(report)))
                    } catch {
                        let failure = HealthServerError.invalidField(
                            field: "body", reason: "not an Apple Health export: \(error)")
                        continuation.yield(.error(failure.body(requestIdentifier: nil)))
                    }
                    continuation.finish()
                }
                for await line in lines {
                    try await writer.write(ByteBuffer(string: WireEncoder().text(line) + "\n"))
                }
                try await writer.finish(nil)
            })
    }

    /// Writes a request body to a new file under the server directory's `uploads/PERSON` (removed with the person),
    /// refusing more than the upload limit
    /// and bodies that cannot be an export (neither a zip nor XML naming HealthData near its start).
    private func upload(_ body: RequestBody, person: String) async throws -> URL {
        let folder = URL(fileURLWithPath: directory.uploadsPath(of: person))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(UUID().uuidString + ".upload")
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: file)
        else {
            throw HealthServerError.storeFailure("cannot write an upload under \(folder.path)")
        }
        var written = 0
        var head = Data()
        do {
            defer { try? handle.close() }
            for try await buffer in body {
                written += buffer.readableBytes
                guard written <= configuration.limits.maximumUploadBytes else {
                    throw HealthServerError.limitExceeded(
                        .maximumUploadBytes, maximum: Double(configuration.limits.maximumUploadBytes))
                }
                let bytes = Data(buffer.readableBytesView)
                if head.count < 65_536 { head.append(bytes.prefix(65_536 - head.count)) }
                try handle.write(contentsOf: bytes)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let isZip = head.starts(with: [0x50, 0x4B, 0x03, 0x04])
        guard isZip || head.range(of: Data("<HealthData".utf8)) != nil else {
            try? FileManager.default.removeItem(at: file)
            throw HealthServerError.invalidField(
                field: "body",
                reason: written == 0
                    ? "is empty: send export.zip or export.xml" : "is neither a zip nor an Apple Health export.xml")
        }
        return file
    }

    private static func report(_ report: ImportReport) -> ImportLine.Report {
        ImportLine.Report(
            quantitySamples: report.quantitySamples, categorySamples: report.categorySamples,
            correlations: report.correlations, workouts: report.workouts, activitySummaries: report.activitySummaries,
            workoutRoutes: report.workoutRoutes, heartbeatSeries: report.heartbeatSeries,
            characteristics: report.characteristics, clinicalDocuments: report.clinicalDocuments,
            electrocardiograms: report.electrocardiograms, clinicalRecords: report.clinicalRecords,
            samplesStored: report.samplesStored, alreadyStored: report.alreadyStored,
            duplicatesInExport: report.duplicatesInExport, issues: report.issues.count, endedEarly: report.endedEarly,
            locale: report.locale)
    }
}

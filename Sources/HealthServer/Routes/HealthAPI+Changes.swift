import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire
import Hummingbird
import ServiceLifecycle

extension HealthAPI {
    /// `GET /changes?type=…&anchor=N[&limit=…][&wait=S]`: the samples saved and deleted after the anchor that the
    /// client may see, and the anchor to ask from next time (HealthKit's anchored object query). With `wait`, a request
    /// that finds nothing new waits up to that many seconds for a commit before answering (long-poll).
    func changes(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let client = try context.requireClient()
        let store = try await onStoreExecutor { try stores.store(for: client) }
        let parameters = try QueryParameters(request, known: ["type", "anchor", "limit", "wait", "timeZone"])
        let timeZone = try parameters.timeZone()
        let descriptors = try parameters.typeDescriptors()
        let anchor = try QueryParameters.anchor(parameters.string("anchor")) ?? 0
        let limit = try parameters.pageSize(configuration.limits)
        let wait =
            try parameters.limited(
                "wait", minimum: 0, limit: .maximumWaitSeconds, maximum: configuration.limits.maximumWaitSeconds) ?? 0
        // A long-poll holds a place among the client's until it answers.
        let slot = try wait > 0 ? budget.openLongPoll(client) : nil
        defer { withExtendedLifetime(slot) {} }
        let changeRequest = AnchoredQueryRequest(descriptors: descriptors, anchor: anchor, limit: limit)
        // Each read on the store's executor; the waits between them here.
        let query = { @Sendable () async throws -> AnchoredQueryResult in
            try await store.run { store throws(HealthServerError) -> AnchoredQueryResult in
                do {
                    return try store.changes(changeRequest)
                } catch let error as HealthStoreError {
                    throw .from(error, field: "anchor")
                } catch {
                    throw .storeFailure("\(error)")
                }
            }
        }
        let result =
            wait == 0 ? try await query() : try await ChangeWaiter.firstNonEmpty(store: store, seconds: wait, query)
        return JSONResponse.make(
            ChangesAnswer(
                samples: result.samples.map { WireSample($0, timeZone: timeZone) },
                deletions: result.deletions.map {
                    ChangesAnswer.Deletion(
                        uuid: $0.uuid, type: $0.type.identifier, syncIdentifier: $0.syncIdentifier,
                        syncVersion: $0.syncVersion)
                }, anchor: Int(result.anchor)))
    }
}

/// Waits for a change feed answer that is not empty: reads, and when nothing is new waits for the store's next commit
/// (`HealthDataStore.commits()`, called before the first read, so no commit slips between) and reads again, until `seconds` pass
/// or the server begins a graceful shutdown; then answers with what it has (possibly nothing, with the same anchor).
enum ChangeWaiter {
    static func firstNonEmpty(
        store: HealthDataStore, seconds: Int, _ query: @escaping @Sendable () async throws -> AnchoredQueryResult
    ) async throws -> AnchoredQueryResult {
        /// true: a commit happened; false: time is up.
        let (events, continuation) = AsyncStream<Bool>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let commits = store.commits()
        let watching = Task {
            for await _ in commits { continuation.yield(true) }
        }
        let timer = Task {
            try? await Task.sleep(for: .seconds(seconds))
            continuation.yield(false)
        }
        defer {
            watching.cancel()
            timer.cancel()
            continuation.finish()
        }
        var result = try await query()
        guard result.isEmpty else { return result }
        try await withGracefulShutdownHandler {
            for await committed in events {
                guard committed else { break }
                result = try await query()
                if !result.isEmpty { break }
            }
        } onGracefulShutdown: {
            continuation.yield(false)
        }
        return result
    }
}

import Foundation
import HTTPTypes
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire
import Hummingbird
import ServiceLifecycle

extension HealthAPI {
    /// `GET /observe?type=…[&anchor=N][&timeout=S]`: Server-Sent Events, HealthKit's observer query over HTTP. After
    /// each commit that saved or deleted samples of the types that the client can see, one event
    /// `event: change` / `id: ANCHOR` / `data: {"types": [...], "anchor": N}`; the client then reads `/changes` from its
    /// own anchor. Like `HKObserverQuery`, it does not fire when it starts, unless `anchor` (or a reconnecting
    /// `Last-Event-ID`) names a position with changes after it. A comment line every 15 seconds keeps proxies from
    /// closing the stream; `timeout` ends the stream after that many seconds (0: never); a graceful shutdown ends it.
    func observe(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let client = try context.requireClient()
        let store = try await onStoreExecutor { try stores.store(for: client) }
        let parameters = try QueryParameters(request, known: ["type", "anchor", "timeout"])
        let descriptors = try parameters.typeDescriptors()
        let start = try QueryParameters.anchor(
            request.headers[HTTPField.Name("Last-Event-ID")!] ?? parameters.string("anchor"))
        let timeout = try parameters.integer("timeout", in: 0...86_400) ?? 0
        let latest: Int64
        do {
            latest = try await store.run { try $0.changeLog.latestSequence() }
        } catch let error as HealthStoreError {
            throw HealthServerError.from(error)
        }
        // The stream holds a place among the client's until its answer ends (or is dropped unsent).
        let slot = try budget.openStream(client)
        // The stream reads the log once after its observer is registered: a commit between this read of the latest position
        // and the registration would otherwise never be reported (without an anchor that first read finds nothing, so
        // the stream still does not fire at start, as HKObserverQuery).
        let stream = ObservationStream(
            store: store, descriptors: descriptors, position: start ?? latest, timeout: timeout)
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                defer { withExtendedLifetime(slot) {} }
                try await stream.run(writer: &writer)
            })
    }
}

/// One client's observation: the store's commits (`HealthDataStore.commits()`) wake it; it then reads the change log from its
/// position (the anchored query the client could make), and writes an event when something it may see changed.
struct ObservationStream: Sendable {
    let store: HealthDataStore
    let descriptors: [SampleQueryDescriptor]
    let position: Int64
    let timeout: Int

    private enum Signal: Sendable { case commit, keepAlive, end }

    func run(writer: inout any ResponseBodyWriter) async throws {
        let (signals, continuation) = AsyncStream<Signal>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let commits = store.commits()
        let watching = Task {
            for await _ in commits { continuation.yield(.commit) }
        }
        let keepAlive = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(15))
                continuation.yield(.keepAlive)
            }
        }
        let ending = Task {
            guard timeout > 0 else { return }
            try await Task.sleep(for: .seconds(timeout))
            continuation.yield(.end)
        }
        defer {
            watching.cancel()
            keepAlive.cancel()
            ending.cancel()
            continuation.finish()
        }
        var position = self.position
        try await writer.write(ByteBuffer(string: ": observing from anchor \(position)\n\n"))
        continuation.yield(.commit)
        try await withGracefulShutdownHandler {
            for await signal in signals {
                switch signal {
                case .end: return
                case .keepAlive: try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                case .commit:
                    let result: AnchoredQueryResult
                    do {
                        let request = AnchoredQueryRequest(descriptors: descriptors, anchor: position)
                        result = try await store.run { try $0.changes(request) }
                    } catch let error as HealthStoreError {
                        // The stream has begun: the error goes out as an event, and the stream ends.
                        let serverError = HealthServerError.from(error, field: "anchor")
                        try await writer.write(
                            ByteBuffer(
                                string: "event: error\ndata: \(serverError.json(requestIdentifier: nil).text)\n\n"))
                        return
                    }
                    position = result.anchor
                    guard !result.isEmpty else { continue }
                    let types = Set(result.changes.map(\.change.type.identifier)).sorted()
                    let data = WireEncoder().text(ChangeEvent(types: types, anchor: Int(position)))
                    try await writer.write(ByteBuffer(string: "event: change\nid: \(position)\ndata: \(data)\n\n"))
                }
            }
        } onGracefulShutdown: {
            continuation.yield(.end)
        }
        try await writer.finish(nil)
    }
}

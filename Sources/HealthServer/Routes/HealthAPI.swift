import Foundation
import HealthEngine
import HealthModel
import HealthRegistry
import HealthReports
import HealthStore
import HealthWire
import Hummingbird
import Prometheus

/// The JSON endpoints. Each acts as the request's client through the person's store as that client sees it, so the
/// store's permission rules decide what is read and written; the endpoints only translate.
struct HealthAPI: Sendable {
    let configuration: ServerConfiguration
    let directory: ServerDirectory
    let stores: PersonStores
    let metrics: PrometheusCollectorRegistry
    /// The rates and requests open at once.
    let budget: RequestBudget

    /// Counts samples saved and deleted through the API (`/metrics`).
    func count(_ name: String, _ amount: Int) {
        guard amount > 0 else { return }
        metrics.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "ohk", metricName: "samples_\(name)", unitName: "total",
                helpText: "Samples \(name) through the API.")
        ).increment(by: Int64(amount))
    }

    func register(on routes: RouterGroup<ServerRequestContext>) {
        // Store work runs on the stores' executor (`onStoreExecutor`) once the body is in; waiting endpoints (changes,
        // observe) wait here between their reads, and import and export take a thread of their own from the same
        // executor (`StoreExecutor.runLong`). A route taking no parameters refuses any before reading its body.
        routes.post("/samples") { request, context in
            _ = try QueryParameters(request, known: [])
            let data = try await collectedBody(request)
            return try await onStoreExecutor { try saveSamples(data, context) }
        }
        routes.get("/samples") { request, context in
            try await onStoreExecutor { try querySamples(request, context) }
        }
        routes.delete("/samples") { request, context in
            let data = try await collectedBody(request, optional: true)
            return try await onStoreExecutor { try deleteSamples(request, context, body: data) }
        }
        routes.get("/statistics") { request, context in
            try await onStoreExecutor { try statistics(request, context, collection: false) }
        }
        routes.get("/statistics/collection") { request, context in
            try await onStoreExecutor { try statistics(request, context, collection: true) }
        }
        routes.get("/changes") { request, context in try await changes(request, context) }
        routes.get("/sources") { request, context in
            try await onStoreExecutor { try sources(request, context) }
        }
        routes.put("/sources/priority") { request, context in try await setSourcePriority(request, context) }
        routes.get("/observe") { request, context in try await observe(request, context) }
        routes.post("/ingest/health-auto-export") { request, context in
            try await ingestHealthAutoExport(request, context)
        }
        routes.post("/import") { request, context in try await importExport(request, context) }
        routes.get("/export") { request, context in try await exportDocument(request, context) }
        routes.get("/activity-summaries") { request, context in
            try await onStoreExecutor { try activitySummaries(request, context) }
        }
        routes.get("/sleep") { request, context in
            try await onStoreExecutor { try sleepNights(request, context) }
        }
        routes.get("/hrv") { request, context in
            try await onStoreExecutor { try heartRateVariability(request, context) }
        }
        routes.get("/workouts") { request, context in
            try await onStoreExecutor { try workouts(request, context) }
        }
        routes.get("/workouts/{uuid}/route") { request, context in
            try await onStoreExecutor { try workoutRoute(request, context) }
        }
        routes.get("/preferred-units") { request, context in
            try await onStoreExecutor { try preferredUnits(request, context) }
        }
        routes.put("/preferred-units") { request, context in
            _ = try QueryParameters(request, known: [])
            let data = try await collectedBody(request)
            return try await onStoreExecutor { try setPreferredUnits(request, context, body: data) }
        }
        routes.get("/preferred-zones") { request, context in
            try await onStoreExecutor { try preferredZones(request, context) }
        }
        routes.put("/preferred-zones") { request, context in
            _ = try QueryParameters(request, known: [])
            let data = try await collectedBody(request)
            return try await onStoreExecutor { try setPreferredZones(request, context, body: data) }
        }
        routes.post("/mcp") { request, context in try await assistant(request, context) }
        routes.get("/characteristics") { request, context in
            try await onStoreExecutor { try characteristics(request, context) }
        }
        routes.put("/characteristics") { request, context in
            _ = try QueryParameters(request, known: [])
            let data = try await collectedBody(request)
            return try await onStoreExecutor { try setCharacteristics(request, context, body: data) }
        }
    }

    /// Runs an endpoint's blocking store work (opening the person's store included) on the executor every person's
    /// store is opened with (`PersonStores.executor`), never on Swift's cooperative pool.
    func onStoreExecutor<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await stores.executor.run(body)
    }

    /// The store of the request's person as its client sees it.
    private func store(_ context: ServerRequestContext) throws(HealthServerError) -> (RegisteredClient, HealthDataStore)
    {
        let client = try context.requireClient()
        return (client, try stores.store(for: client))
    }

    /// Runs a store operation, turning any module's refusal into the server's by its kind (`HealthServerError.from`),
    /// naming `field` when given and renaming neutral field names by `names` (`to` as `endDate`).
    func perform<T>(
        field: String? = nil, names: [String: String] = [:], _ body: () throws -> T
    ) throws(HealthServerError) -> T {
        do {
            return try body()
        } catch let error as any FieldError {
            throw .from(error, field: field, names: names)
        } catch {
            throw .storeFailure("\(error)")
        }
    }

    /// A request body read as a wire type (`HealthWire`), its refusals named by field.
    static func decoded<T: Decodable>(
        _ type: T.Type, from data: Data, _ decoder: WireDecoder = WireDecoder()
    ) throws(HealthServerError) -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .from(error)
        }
    }

    /// The request's body bytes, within the size limit and of a JSON type (parsed later, on the stores' executor); nil for
    /// an empty body when `optional`.
    private func collectedBody(_ request: Request, optional: Bool) async throws -> Data? {
        let buffer = try await Self.collect(
            request, upTo: configuration.limits.maximumBodyBytes, limits: configuration.limits)
        if optional, buffer.readableBytes == 0 { return nil }
        if let type = request.headers[.contentType], !type.lowercased().contains("json") {
            throw HealthServerError.unsupportedMediaType(type)
        }
        return Data(buffer.readableBytesView)
    }

    /// A request's body, at most `limit` bytes (more, declared or sent: 413 naming `maximumBodyBytes`), arriving within
    /// `bodyTimeoutSeconds` once the head is in (slower: 408 naming it, and the rest of the body is not read).
    static func collect(_ request: Request, upTo limit: Int, limits: ServerLimits) async throws -> ByteBuffer {
        let tooLarge = HealthServerError.limitExceeded(.maximumBodyBytes, maximum: Double(limit))
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
        let seconds = limits.bodyTimeoutSeconds
        return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask {
                do {
                    return try await request.body.collect(upTo: limit)
                } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                    throw tooLarge
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let buffer = try await group.next() ?? nil else {
                throw HealthServerError.limitExceeded(.bodyTimeoutSeconds, maximum: Double(seconds))
            }
            return buffer
        }
    }

    /// The request's body bytes, which must be there.
    func collectedBody(_ request: Request) async throws -> Data {
        try await collectedBody(request, optional: false)!
    }

    // MARK: Samples

    /// `POST /samples` `{"samples": [...]}`: one all-or-nothing batch saved as the client.
    private func saveSamples(_ data: Data, _ context: ServerRequestContext) throws -> Response {
        let (client, store) = try store(context)
        let samples = try Self.decoded(
            SaveSamplesBody.self, from: data,
            WireDecoder(choosesUUIDs: client.fullAccess, maximumSamples: configuration.limits.maximumBatchSamples)
        ).samples
        let result = try perform(field: "samples") { try store.save(samples, as: client.sourceRevision) }
        let ignored = Set(result.ignored)
        count("saved", result.inserted.count)
        return JSONResponse.make(
            SaveSamplesAnswer(
                saved: samples.filter { !ignored.contains($0.uuid) }.map(\.uuid), ignored: result.ignored,
                replaced: result.deleted, anchor: Int(result.latestSequence)),
            status: .created)
    }

    /// `GET /samples?type=…`: a sample query with a window, sources, sort, limit and a cursor for the next page.
    private func querySamples(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let (_, store) = try store(context)
        let parameters = try QueryParameters(
            request,
            known: [
                "type", "startDate", "endDate", "strictStartDate", "strictEndDate", "source", "sort", "limit", "cursor",
                "unit", "timeZone",
            ])
        let timeZone = try parameters.timeZone()
        let type = try parameters.type()
        let unit = try parameters.unit(for: type)
        let predicate = try windowPredicate(parameters, timeZone: timeZone)
        let bundleIdentifiers = Set(parameters.all("source"))
        let order = try SampleOrder(parameters.string("sort") ?? "startDate")
        let limit = try parameters.pageSize(configuration.limits)
        let cursor = try parameters.string("cursor").map { text throws(HealthServerError) in
            try SampleCursor(text: text, order: order)
        }
        var matches = try perform { try store.samples(SampleQueryRequest(type: type, predicate: predicate)) }
        // Sources by bundle identifier (HealthKit's source predicate compares whole sources, names included).
        if !bundleIdentifiers.isEmpty {
            matches.removeAll { !bundleIdentifiers.contains($0.sourceRevision?.source.bundleIdentifier ?? "") }
        }
        let page = order.page(of: matches, after: cursor, limit: limit)
        return JSONResponse.make(
            SamplesPage(
                type: type.identifier, samples: page.samples.map { WireSample($0, unit: unit, timeZone: timeZone) },
                nextCursor: page.next?.text))
    }

    /// The date window of `startDate`/`endDate` with `strictStartDate`/`strictEndDate` (HealthKit's predicate).
    private func windowPredicate(
        _ parameters: QueryParameters, timeZone: TimeZone
    ) throws(HealthServerError) -> SamplePredicate {
        let start = try parameters.date("startDate", timeZone: timeZone)
        let end = try parameters.date("endDate", timeZone: timeZone)
        if let start, let end, end < start {
            throw .invalidField(field: "endDate", reason: "endDate is before startDate")
        }
        var options: DateMatchingOptions = []
        if try parameters.flag("strictStartDate") { options.insert(.strictStartDate) }
        if try parameters.flag("strictEndDate") { options.insert(.strictEndDate) }
        return start == nil && end == nil ? .all : .date(start: start, end: end, options: options)
    }

    /// `DELETE /samples?uuid=…` (or a body `{"uuids": [...]}`) deletes those objects, all or none;
    /// `DELETE /samples?type=…&startDate=…&endDate=…` deletes the client's own samples of a type in a window.
    private func deleteSamples(_ request: Request, _ context: ServerRequestContext, body: Data?) throws -> Response {
        let (client, store) = try store(context)
        let parameters = try QueryParameters(
            request, known: ["uuid", "type", "startDate", "endDate", "strictStartDate", "strictEndDate", "timeZone"])
        let texts = parameters.all("uuid")
        let bodyUUIDs = try body.map { data throws(HealthServerError) in
            try Self.decoded(DeleteSamplesBody.self, from: data).uuids
        }
        let result: CommitResult
        if !texts.isEmpty || !(bodyUUIDs ?? []).isEmpty {
            guard parameters.string("type") == nil else {
                throw HealthServerError.invalidField(
                    field: "type", reason: "delete either by uuid or by type and window, not both")
            }
            var uuids: [UUID] = []
            for (index, text) in texts.enumerated() {
                guard let uuid = UUID(uuidString: text) else {
                    throw HealthServerError.invalidField(field: "uuid[\(index)]", reason: "'\(text)' is not a UUID")
                }
                uuids.append(uuid)
            }
            uuids += bodyUUIDs ?? []
            result = try perform(field: "uuid") { try store.delete(uuids) }
        } else {
            let timeZone = try parameters.timeZone()
            let type = try parameters.type()
            guard parameters.string("startDate") != nil, parameters.string("endDate") != nil else {
                throw HealthServerError.invalidField(
                    field: parameters.string("startDate") == nil ? "startDate" : "endDate",
                    reason: "a delete by type needs a window: give startDate and endDate (or delete by uuid)")
            }
            let window = try windowPredicate(parameters, timeZone: timeZone)
            // HealthKit's deleteObjects(of:predicate:) deletes only what the app itself saved.
            let own = try perform { try store.sources(of: type, matching: window) }.filter {
                $0.bundleIdentifier == client.bundleIdentifier
            }
            if own.isEmpty {
                result = CommitResult(inserted: [], deleted: [], ignored: [], latestSequence: 0)
            } else {
                result = try perform { try store.delete(type: type, matching: .and([window, .sources(Set(own))])) }
            }
        }
        count("deleted", result.deleted.count)
        return JSONResponse.make(DeleteSamplesAnswer(deleted: result.deleted, anchor: Int(result.latestSequence)))
    }

    // MARK: Statistics

    /// `GET /statistics` (one query over the window) and `GET /statistics/collection` (buckets of `interval`): the
    /// JSON of `ohk stats --format json`.
    private func statistics(_ request: Request, _ context: ServerRequestContext, collection: Bool) throws -> Response {
        let (client, store) = try store(context)
        var known: Set<String> = [
            "type", "startDate", "endDate", "options", "bySource", "unit", "timeZone", "provenance",
        ]
        if collection { known.formUnion(["interval", "anchor"]) }
        let parameters = try QueryParameters(request, known: known)
        let timeZone = try parameters.timeZone()
        let type = try parameters.type()
        var interval: DateComponents?
        if collection {
            guard let text = parameters.string("interval") else {
                throw HealthServerError.invalidField(field: "interval", reason: "is required (e.g. 1h, 1d, 1w, 1mo)")
            }
            interval = try perform { try IntervalArgument.parse(text, field: "interval") }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let from = try parameters.date("startDate", timeZone: timeZone)
        let to = try parameters.date("endDate", timeZone: timeZone)
        let anchor = try parameters.date("anchor", timeZone: timeZone)
        let unit = try parameters.unit(for: type)
        let bySource = try parameters.flag("bySource")
        // Checked once, here: type, figures, unit, window, interval and a closed window's buckets.
        let reportRequest = try perform(names: Self.statisticsFieldNames) {
            var options = try StatisticsReportRequest.options(named: parameters.all("options"))
            if bySource { options.insert(.separateBySource) }
            let provenance = try parameters.string("provenance").map { text throws(HealthReportsError) in
                try StatisticsReport.provenance(named: text)
            }
            return try StatisticsReportRequest(
                type: type, from: from, to: to, interval: interval, anchor: anchor, calendar: calendar,
                options: options, unit: unit, timeZoneName: parameters.timeZoneName(),
                maximumBuckets: configuration.limits.maximumBuckets, provenance: provenance ?? .none)
        }
        // A closed window's bucket count is known now, within the limit: it costs its weight up front.
        let knownBuckets = reportRequest.bucketCount
        if let knownBuckets { try budget.take(client: client, cost: budget.cost(ofBuckets: knownBuckets)) }
        let report = try perform { try StatisticsReport.make(reportRequest, store: store) }
        if knownBuckets == nil { budget.charge(client: client, cost: budget.cost(ofBuckets: report.rows.count)) }
        return JSONResponse.make(report.json)
    }

    /// The API's names for the statistics request's neutral field names.
    static let statisticsFieldNames = ["from": "startDate", "to": "endDate"]

    // MARK: Sources

    /// `GET /sources?type=…`: the sources of a type's samples in the order statistics merge them, and the order set.
    private func sources(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let (_, store) = try store(context)
        let parameters = try QueryParameters(request, known: ["type"])
        let type = try parameters.type()
        let (sources, order) = try perform {
            (try store.sourcesInPriorityOrder(for: type), try store.records.sourceOrder(for: type))
        }
        return JSONResponse.make(sourcesJSON(type, sources: sources, order: order))
    }

    /// `PUT /sources/priority?type=…` `{"order": ["bundle", …]}` (or `null` for the default order); only a client
    /// with full access (the person's own Health app) may, as in HealthKit.
    private func setSourcePriority(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let (_, store) = try store(context)
        let parameters = try QueryParameters(request, known: ["type"])
        let type = try parameters.type()
        guard type.kind == .quantity else {
            throw HealthServerError.invalidField(field: "type", reason: "source priorities apply to quantity types")
        }
        let order = try Self.decoded(SourceOrderBody.self, from: try await collectedBody(request)).order
        let (sources, stored) = try await store.run { store in
            try perform {
                try store.setSourceOrder(order, for: type)
                return (try store.sourcesInPriorityOrder(for: type), try store.records.sourceOrder(for: type))
            }
        }
        return JSONResponse.make(sourcesJSON(type, sources: sources, order: stored))
    }

    private func sourcesJSON(_ type: SampleType, sources: [Source], order: [String]?) -> SourcesAnswer {
        SourcesAnswer(type: type.identifier, order: order, sources: sources)
    }
}

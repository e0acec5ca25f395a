import Foundation
import HTTPTypes
import HealthEngine
import HealthModel
import HealthServer
import HealthStore
import HealthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import PropertyBased
import Synchronization
import Testing

/// The privacy property through HTTP: one server per random world holds its two people, written to by their apps
/// through the API, and for every app a third person holding only what that app may see of its person (with the
/// same apps and grants). Every reading route — taken from the router, so a new route fails until it is covered
/// here — answers an app exactly as it answers the same app of the reduced person, anchors left aside; and the
/// answers agree with the model (`PrivacyModel`).
@Suite("Privacy as a property: random people, apps, grants and data through every reading route")
struct ServerPrivacyPropertyTests {
    /// The reading routes this test covers.
    static let coveredRoutes: Set<String> = [
        "/", "/samples", "/statistics", "/statistics/collection", "/changes", "/sources", "/observe",
        "/activity-summaries", "/export", "/preferred-units", "/preferred-zones", "/characteristics", "/sleep",
        "/hrv", "/workouts",
        "/workouts/{uuid}/route",
    ]

    @Test(
        "Every reading route answers an app as if what it may not see never existed", .shrinking(false),
        arguments: ServerPrivacyBackend.available)
    func everyRoute(_ backend: ServerPrivacyBackend) async throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        let reading = Set(
            fixture.server.router().routes.filter { $0.method == .get }.map { "\($0.path)" }
                .filter { !RequestErrorTests.openRoutes.union(RequestErrorTests.operatorRoutes).contains("GET \($0)") })
        #expect(reading == Self.coveredRoutes, "every reading route is covered by the privacy property")

        let violations = PrivacyViolations()
        let worlds = Mutex(0)
        await propertyCheck(count: backend.worlds, input: PrivacyWorld.generator) { world in
            worlds.withLock { $0 += 1 }
            try await ServerPrivacyCheck(world: world, backend: backend, violations: violations).run()
        }
        print(
            "ServerPrivacyPropertyTests(\(backend)): \(worlds.withLock { $0 }) worlds, \(violations.checks) comparisons"
        )
        #expect(violations.checks > backend.worlds * 100, "the comparisons ran")
    }
}

/// Where the server keeps people and stores: its directory (SQLite), or PostgreSQL when `OHK_TEST_POSTGRES_URL` is set.
enum ServerPrivacyBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    static var available: [ServerPrivacyBackend] { PostgresTestDatabase.url == nil ? [.sqlite] : allCases }

    var worlds: Int {
        if let override = PrivacyWorld.worldsOverride { return override }
        switch self {
        case .sqlite: return 20
        case .postgres: return 8
        }
    }

    var testDescription: String { rawValue }
}

/// One world through HTTP.
struct ServerPrivacyCheck {
    let world: PrivacyWorld
    let backend: ServerPrivacyBackend
    let violations: PrivacyViolations

    /// A person registered on the server: its name, its apps' tokens, and its Health app (full access).
    struct Person {
        let name: String
        var tokens: [String: String] = [:]
        var clients: [String: RegisteredClient] = [:]
        var health: RegisteredClient?
    }

    func run() async throws {
        let model = PrivacyModel(world)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-privacy-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configuration = ServerFixture.configuration()
        let server = try HealthServer(
            directory: ServerDirectory(path: path), configuration: configuration,
            postgres: backend == .postgres ? PrivacyBackend.postgresClient : nil)
        defer { server.stores.close() }
        // Names no other world (or earlier run on the same database) has used.
        let tag = UUID().uuidString.lowercased().prefix(13)
        func register(_ name: String, grants: [PrivacyGrants]) throws -> Person {
            try server.registry.addPerson(name, now: ServerFixture.fixedNow)
            var person = Person(name: name)
            for (app, granted) in grants.enumerated() {
                let bundle = PrivacyWorld.apps[app]
                let (registered, token) = try server.registry.addClient(
                    person: name, bundleIdentifier: bundle, name: bundle, share: PrivacyTypes.shared,
                    read: Array(granted.read),
                    fullAccess: granted.fullAccess, now: ServerFixture.fixedNow)
                person.tokens[bundle] = token.text
                person.clients[bundle] = registered
            }
            let (health, token) = try server.registry.addClient(
                person: name, bundleIdentifier: PrivacyWorld.health, name: PrivacyWorld.health, share: [], read: [],
                fullAccess: true, now: ServerFixture.fixedNow)
            person.tokens[PrivacyWorld.health] = token.text
            person.health = health
            return person
        }
        let people = try (0..<PrivacyWorld.people).map { try register("p\($0)-\(tag)", grants: world.grants[$0]) }
        // Half the apps of each person (the other half differ only in their random grants), to keep a world short.
        let viewers = [(0, 0), (0, 1), (1, 2), (1, 3)].map { person, app in
            PrivacyViewer(person: person, app: app, grants: world.grants[person][app])
        }
        var reducedPeople: [PrivacyViewer: Person] = [:]
        for viewer in viewers {
            let person = try register("r\(viewer.person)\(viewer.app)-\(tag)", grants: world.grants[viewer.person])
            reducedPeople[viewer] = person
            let store = try server.stores.store(for: person.health!)
            for (_, write) in model.reducedWrites(for: viewer) { try write.apply(to: store) }
        }

        var logger = Logger(label: "ohk.test")
        logger.logLevel = .critical
        let application = server.application(logger: logger)
        let violations = self.violations
        let reduced = reducedPeople
        try await application.test(.router) { [world] client in
            var streams: [PrivacyViewer: Task<String, any Error>] = [:]
            var opened: ContinuousClock.Instant?
            for (index, write) in world.writes.enumerated() {
                if index == world.liveFrom, world.observed {
                    opened = .now
                    for viewer in viewers {
                        let token = people[viewer.person].tokens[viewer.bundle]!
                        let anchor = try await Self.latestAnchor(client, token: token)
                        streams[viewer] = Task {
                            try await client.call(
                                .get, "/observe?\(Self.allTypes)&anchor=\(anchor)&timeout=2", token: token
                            ).text
                        }
                    }
                }
                try await Self.apply(write, people: people, client: client, server: server, violations: violations)
            }
            // Streams last 2 seconds: on a machine so slow that the live writes took longer, a stream may have ended
            // before the last of them, and only "no event it may not see" is checked.
            let streamsOutlivedWrites = opened.map { ContinuousClock.now - $0 < .milliseconds(1_500) } ?? false
            for viewer in viewers {
                let label = "world \(world.testDescription)\nviewer \(viewer)"
                let token = people[viewer.person].tokens[viewer.bundle]!
                let reducedToken = reduced[viewer]!.tokens[viewer.bundle]!
                let others = model.otherPeoplesUUIDs(than: viewer).map(\.uuidString)
                // Every identifier of the world as a workout's route (hidden, another person's, a sample's, absent alike).
                let routeRequests = world.uuids.enumerated().map { index, uuid in
                    "/workouts/\(uuid.uuidString)/route?format=\(index % 4 == 0 ? "gpx" : "geojson")"
                }
                for request in Self.readingRequests + routeRequests {
                    let observed = try await Self.answer(client, request, token: token)
                    let expected = try await Self.answer(client, request, token: reducedToken)
                    // An export holds every app's data: only full-access clients get one.
                    // A route is there (200) or not (404), as for the reduced person: compared below.
                    let status: HTTPResponse.Status =
                        request == "/export" && !viewer.grants.fullAccess
                        ? .forbidden : request.hasPrefix("/workouts/") ? observed.status : .ok
                    violations.expect(
                        observed.status, status, "\(label)\nGET \(request): \(observed.text.prefix(2_000))")
                    let leaked = others.filter { observed.text.localizedCaseInsensitiveContains($0) }
                    violations.expect(leaked, [], "\(label)\nGET \(request) shows another person's objects")
                    let renaming = (from: reduced[viewer]!.name, to: people[viewer.person].name)
                    violations.expect(
                        observed.normalized, expected.normalized(renaming: renaming),
                        "\(label)\nGET \(request): differs from a store without what it may not see")
                }
                // The MCP tools through POST /mcp, as this app: the same answers as for the reduced person.
                for call in Self.assistantCalls(uuids: world.uuids) {
                    let body = Self.assistantRequest(call)
                    let observed = PrivacyReply(
                        try await client.call(.post, "/mcp", token: token, body: body, headers: Self.assistantHeaders))
                    let expected = PrivacyReply(
                        try await client.call(
                            .post, "/mcp", token: reducedToken, body: body, headers: Self.assistantHeaders))
                    violations.expect(observed.status, .ok, "\(label)\nPOST /mcp \(call.name): \(observed.text)")
                    let leaked = others.filter { observed.text.localizedCaseInsensitiveContains($0) }
                    violations.expect(leaked, [], "\(label)\nPOST /mcp \(call.name) shows another person's objects")
                    let renaming = (from: reduced[viewer]!.name, to: people[viewer.person].name)
                    violations.expect(
                        observed.normalized, expected.normalized(renaming: renaming),
                        "\(label)\nPOST /mcp \(call.name) \(call.arguments): differs from a store without what it may not see"
                    )
                }
                try await checkModel(client, model: model, viewer: viewer, token: token, label: label)
                if let stream = streams[viewer] {
                    let text = try await stream.value
                    let heard = Self.eventTypes(text)
                    let expected = Self.liveTypes(world, model: model, viewer: viewer)
                    violations.expect(
                        heard.subtracting(expected), [],
                        "\(label)\n/observe: events for changes it may not see:\n\(text)")
                    if streamsOutlivedWrites {
                        violations.expect(heard, expected, "\(label)\n/observe events:\n\(text)")
                    }
                }
                try await probeWrites(
                    client, model: model, viewer: viewer, token: token, reducedToken: reducedToken, label: label)
            }
        }
    }

    static let allTypes = PrivacyTypes.queried.map { "type=\(PrivacyTypes.shortNames[$0]!)" }.joined(separator: "&")
    static let window = "startDate=2024-03-01T00:00:00Z&endDate=2024-03-09T00:00:00Z"

    /// One request for each question an app may ask of the reading routes (except `/observe`, checked on its own).
    static let readingRequests: [String] = {
        var requests = [
            "/?timeZone=UTC", "/export", "/activity-summaries?startDay=2024-03-01&endDay=2024-03-09&timeZone=UTC",
            "/changes?\(allTypes)&limit=3", "/preferred-units", "/preferred-zones", "/characteristics",
            "/sleep?startDay=2024-03-01&endDay=2024-03-09&timeZone=UTC",
            "/hrv?startDay=2024-03-01&endDay=2024-03-09&timeZone=UTC",
            "/hrv?startDay=2024-03-01&endDay=2024-03-09&timeZone=UTC&by=measurement",
            "/workouts?from=2024-03-01&to=2024-03-09&timeZone=UTC",
        ]
        for type in PrivacyTypes.queried {
            let name = PrivacyTypes.shortNames[type]!
            requests += [
                "/samples?type=\(name)&timeZone=UTC", "/samples?type=\(name)&limit=2&timeZone=UTC",
                "/changes?type=\(name)",
            ]
        }
        for type in PrivacyTypes.quantities {
            let name = PrivacyTypes.shortNames[type]!
            let options =
                type.aggregationStyle == .cumulative
                ? "options=sum" : "options=average&options=minimum&options=maximum&options=mostRecent"
            requests += [
                "/sources?type=\(name)", "/statistics?type=\(name)&\(window)&\(options)&bySource=true&timeZone=UTC",
                "/statistics/collection?type=\(name)&\(window)&\(options)&interval=1d&bySource=true&timeZone=UTC",
            ]
        }
        return requests
    }()

    /// The MCP tool calls the property makes through `POST /mcp`: every tool over the world's week, each type's
    /// samples and statistics, and the routes of every third identifier of the world.
    static func assistantCalls(uuids: [UUID]) -> [(name: String, arguments: String)] {
        let week = "\"from\": \"2024-03-01\", \"to\": \"2024-03-09\""
        var calls: [(name: String, arguments: String)] = [
            ("list_types", "{}"), ("sleep", "{\(week)}"), ("workouts", "{\(week)}"), ("vitals", "{\(week)}"),
            ("trends", "{\"type\": \"stepCount\", \"date\": \"2024-03-03\"}"),
            (
                "compare_periods",
                "{\"type\": \"stepCount\", \"firstFrom\": \"2024-03-01\", \"firstTo\": \"2024-03-04\","
                    + " \"secondFrom\": \"2024-03-05\", \"secondTo\": \"2024-03-09\"}"
            ),
        ]
        for type in PrivacyTypes.queried {
            calls.append(("samples", "{\"type\": \"\(PrivacyTypes.shortNames[type]!)\", \(week)}"))
        }
        for type in PrivacyTypes.quantities {
            calls.append(
                (
                    "statistics",
                    "{\"type\": \"\(PrivacyTypes.shortNames[type]!)\", \(week), \"interval\": \"1d\", \"bySource\": true}"
                ))
        }
        // Every third identifier (the HTTP route above probes them all through the same `WorkoutRouteFile.find`).
        calls += uuids.enumerated().filter { $0.offset % 3 == 0 }.map {
            ("route", "{\"workout\": \"\($0.element.uuidString)\"}")
        }
        return calls
    }

    /// A JSON-RPC `tools/call` request.
    static func assistantRequest(_ call: (name: String, arguments: String)) -> String {
        "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\", \"params\": {\"name\": \"\(call.name)\","
            + " \"arguments\": \(call.arguments)}}"
    }

    /// The headers an MCP client sends.
    static let assistantHeaders: HTTPFields = [.accept: "application/json, text/event-stream"]

    /// The answer to a request, following `nextCursor` (samples) or `anchor` (changes) while the request pages.
    static func answer(_ client: some TestClientProtocol, _ request: String, token: String) async throws -> PrivacyReply
    {
        var reply = PrivacyReply(try await client.call(.get, request, token: token))
        guard request.contains("limit=") else { return reply }
        for _ in 0..<100 {
            let json = reply.lastJSON
            let next: String
            if let cursor = json["nextCursor"] as? String {
                next =
                    request + "&cursor="
                    + (cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor)
            } else if request.hasPrefix("/changes"), let anchor = json["anchor"] as? Double,
                !((json["samples"] as? [Any])?.isEmpty ?? true) || !((json["deletions"] as? [Any])?.isEmpty ?? true)
            {
                next = request + "&anchor=\(Int64(anchor))"
            } else {
                break
            }
            reply.append(try await client.call(.get, next, token: token))
        }
        return reply
    }

    /// The anchor after everything the app can see now.
    static func latestAnchor(_ client: some TestClientProtocol, token: String) async throws -> Int64 {
        var anchor: Int64 = 0
        for _ in 0..<100 {
            let json = try await client.call(.get, "/changes?\(allTypes)&anchor=\(anchor)&limit=1000", token: token)
                .json
            anchor = Int64(json["anchor"] as? Double ?? 0)
            if (json["samples"] as? [Any])?.isEmpty ?? true, (json["deletions"] as? [Any])?.isEmpty ?? true { break }
        }
        return anchor
    }

    /// Makes one write of the world the way apps make it: deletes and priorities through the API, saves through the
    /// app's view of the store (the API names no uuids for apps), imports through the person's store (the API's
    /// import takes whole export archives).
    static func apply(
        _ write: PrivacyWorld.Write, people: [Person], client: some TestClientProtocol, server: HealthServer,
        violations: PrivacyViolations
    ) async throws {
        switch write {
        case let .save(person, app, samples):
            // Through the app's own view of the store: the API lets only full-access clients name uuids, and the
            // world's uuids must be known to compare.
            let client = people[person].clients[PrivacyWorld.apps[app]]!
            try server.stores.store(for: client).save(samples, as: client.sourceRevision)
        case let .delete(person, app, uuids):
            let reply = try await client.call(
                .delete, "/samples?" + uuids.map { "uuid=\($0.uuidString)" }.joined(separator: "&"),
                token: people[person].tokens[PrivacyWorld.apps[app]]!)
            violations.expect(reply.status, .ok, "deleting \(uuids): \(reply.text)")
        case let .importData(person, data):
            try server.stores.store(for: people[person].health!).saveImportedData(data)
        case let .series(person, _, routes, beats):
            try TrustedWrite.saveSeries(
                routes: routes, beats: beats, into: server.stores.store(for: people[person].health!))
        case let .setOrder(person, type, order):
            let body =
                "{\"order\": \(order.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" } ?? "null")}"
            let reply = try await client.call(
                .put, "/sources/priority?type=\(PrivacyTypes.shortNames[type]!)",
                token: people[person].tokens[PrivacyWorld.health]!, body: body)
            violations.expect(reply.status, .ok, "setting the order \(body): \(reply.text)")
        case let .attach(person, _, object, name, size):
            // Attachments have no HTTP route yet: written through the person's store, shown by no route.
            try TrustedWrite.attach(
                name, size: size, to: object, in: server.stores.store(for: people[person].health!))
        case let .subscribe(person, app, type, frequency):
            // Background delivery is a HealthKit API feature, not an HTTP one: the app's subscription is written
            // through the person's store, and no route may show it to another app.
            try server.stores.store(for: people[person].health!).saveBackgroundDelivery(
                BackgroundDeliverySubscription(
                    bundleIdentifier: PrivacyWorld.apps[app], type: type, frequency: frequency))
        }
    }

    /// A sample as the API takes it.
    static func json(_ sample: Sample) -> String {
        var members = [
            "\"uuid\": \"\(sample.uuid.uuidString)\"", "\"type\": \"\(PrivacyTypes.shortNames[sample.type]!)\"",
            "\"startDate\": \"\(dateText(sample.startDate))\"", "\"endDate\": \"\(dateText(sample.endDate))\"",
        ]
        if let quantity = sample.quantityContent?.quantity {
            members += ["\"value\": \(quantity.value)", "\"unit\": \"\(PrivacyTypes.units[sample.type]!)\""]
        } else if let objects = sample.correlatedObjects {
            members.append("\"objects\": [\(objects.map(json).joined(separator: ","))]")
        } else {
            members.append("\"activityType\": 37")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func dateText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The types of the change events of an `/observe` stream.
    static func eventTypes(_ text: String) -> Set<String> {
        var types = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("data: ") {
            let data = Data(line.dropFirst(6).utf8)
            guard let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { continue }
            types.formUnion(json["types"] as? [String] ?? ["(not a change event) \(line)"])
        }
        return types
    }

    /// The types of the live writes' changes the viewer may see.
    static func liveTypes(_ world: PrivacyWorld, model: PrivacyModel, viewer: PrivacyViewer) -> Set<String> {
        var types = Set<String>()
        for write in world.writes[world.liveFrom...] where write.person == viewer.person {
            switch write {
            case let .save(person, app, samples):
                for sample in PrivacyModel.stamped(samples, by: PrivacyWorld.apps[app])
                where PrivacyModel.view(sample, owner: PrivacyWorld.apps[app], person: person, by: viewer) != nil {
                    types.insert(sample.type.identifier)
                }
            case let .delete(_, _, uuids):
                for uuid in uuids where model.sees(uuid, viewer) {
                    types.insert(model.entries[uuid]!.sample.type.identifier)
                }
            // The streams observe `allTypes`, which has no series type.
            case .importData, .setOrder, .series, .subscribe, .attach: continue
            }
        }
        return types
    }

    /// The model's own expectations of the HTTP answers.
    private func checkModel(
        _ client: some TestClientProtocol, model: PrivacyModel, viewer: PrivacyViewer, token: String, label: String
    ) async throws {
        for type in PrivacyTypes.queried {
            let reply = try await client.call(
                .get, "/samples?type=\(PrivacyTypes.shortNames[type]!)&limit=1000", token: token)
            violations.expect(
                Set(reply.uuids), Set(model.visible(type, by: viewer).map(\.uuid.uuidString)),
                "\(label)\n/samples of \(type.identifier): not what the model allows")
        }
        for type in [PrivacyTypes.steps, PrivacyTypes.heartRate] {
            let reply = try await client.call(.get, "/sources?type=\(PrivacyTypes.shortNames[type]!)", token: token)
            violations.expect(
                reply.json["order"] as? [String], model.sourceOrder(type, by: viewer),
                "\(label)\n/sources order of \(type.identifier): \(reply.text)")
        }
        if !viewer.grants.readsActivitySummaries {
            let reply = try await client.call(
                .get, "/activity-summaries?startDay=2024-03-01&endDay=2024-03-09&timeZone=UTC", token: token)
            violations.expect(
                (reply.json["summaries"] as? [Any])?.count, 0,
                "\(label)\n/activity-summaries without the read grant: \(reply.text)")
        }
    }

    /// A delete or a save naming an object the app cannot see answers as for an identifier never used (made last:
    /// the save changes the stores).
    private func probeWrites(
        _ client: some TestClientProtocol, model: PrivacyModel, viewer: PrivacyViewer, token: String,
        reducedToken: String, label: String
    ) async throws {
        for uuid in [model.hiddenUUID(from: viewer), model.otherPeoplesUUIDs(than: viewer).first].compactMap({ $0 }) {
            let observed = PrivacyReply(
                try await client.call(.delete, "/samples?uuid=\(uuid.uuidString)", token: token))
            let expected = PrivacyReply(
                try await client.call(.delete, "/samples?uuid=\(uuid.uuidString)", token: reducedToken))
            violations.expect(
                observed.normalized, expected.normalized, "\(label)\nDELETE /samples?uuid=\(uuid) (hidden)")
        }
        guard let hidden = model.hiddenUUID(from: viewer) else { return }
        let body =
            "{\"samples\": [\(Self.json(PrivacyTypes.sample(PrivacyTypes.steps, 7, at: PrivacyWorld.origin, uuid: hidden)))]}"
        let observed = PrivacyReply(try await client.call(.post, "/samples", token: token, body: body))
        let expected = PrivacyReply(try await client.call(.post, "/samples", token: reducedToken, body: body))
        violations.expect(observed.normalized, expected.normalized, "\(label)\nPOST /samples with hidden \(hidden)")
    }
}

/// An answer (one or more pages) as compared: status and body, with anchors and request identifiers left out.
struct PrivacyReply: @unchecked Sendable {
    var pages: [Reply]

    init(_ reply: Reply) { pages = [reply] }
    mutating func append(_ reply: Reply) { pages.append(reply) }

    var status: HTTPResponse.Status { pages.map(\.status).first { $0 != .ok } ?? .ok }
    var text: String { pages.map(\.text).joined(separator: "\n") }
    var lastJSON: [String: Any] { pages.last?.json ?? [:] }

    /// Each page as status and text, JSON with sorted keys and no anchors, cursors or request identifiers.
    var normalized: [String] { normalized() }

    /// The same, leaving out some keys too, with a person's name (the reduced person's) written as another's.
    func normalized(dropping keys: Set<String> = [], renaming: (from: String, to: String)? = nil) -> [String] {
        pages.map { page in
            var body = page.body
            if let renaming {
                body = Data(
                    String(decoding: body, as: UTF8.self).replacingOccurrences(of: renaming.from, with: renaming.to)
                        .utf8)
            }
            return "\(page.status.code) " + Self.normalize(body, dropping: keys)
        }
    }

    static func normalize(_ body: Data, dropping: Set<String>) -> String {
        guard let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            return String(decoding: body, as: UTF8.self)
        }
        let cleaned = strip(json, dropping: dropping.union(["anchor", "requestId", "nextCursor"]))
        let data =
            (try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys, .fragmentsAllowed])) ?? body
        return String(decoding: data, as: UTF8.self)
    }

    private static func strip(_ value: Any, dropping: Set<String>) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !dropping.contains($0.key) }.mapValues { strip($0, dropping: dropping) }
        }
        if let array = value as? [Any] { return array.map { strip($0, dropping: dropping) } }
        return value
    }
}

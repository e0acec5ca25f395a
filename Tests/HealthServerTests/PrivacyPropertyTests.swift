import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStorePostgres
import HealthStoreSQLite
import HealthTestSupport
import PropertyBased
import Synchronization
import Testing

/// The privacy property (SEMANTICS §8, docs/security/privacy.md) on random worlds (`PrivacyWorld`), through the Swift
/// API here and through HTTP in `ServerPrivacyPropertyTests`:
///
/// - **Differential**: every answer an app gets equals, after removing anchors, the answer to the same request
///   against a store where what the app may not see never existed (`PrivacyModel.reducedWrites(for:)`): invisible
///   looks exactly like empty.
/// - **Model**: the samples, source orders and activity summaries answered are those the model says the app may see.
///
/// A failing world is shrunk by swift-property-based and printed with the seed that reproduces it.
@Suite("Privacy as a property: random people, apps, grants and data through the Swift API")
struct PrivacyPropertyTests {
    @Test(
        "Every query of an app's view equals the same query on a store without what it may not see",
        arguments: PrivacyBackend.available)
    func swiftAPI(_ backend: PrivacyBackend) async throws {
        let violations = PrivacyViolations()
        let worlds = Mutex(0)
        await propertyCheck(count: backend.storeWorlds, input: PrivacyWorld.generator) { world in
            worlds.withLock { $0 += 1 }
            try StorePrivacyCheck(world: world, backend: backend, violations: violations).run()
        }
        print("PrivacyPropertyTests(\(backend)): \(worlds.withLock { $0 }) worlds, \(violations.checks) comparisons")
        #expect(violations.checks > backend.storeWorlds * 100, "the comparisons ran")
    }
}

/// The backends of the privacy property: memory, SQLite, and PostgreSQL when `OHK_TEST_POSTGRES_URL` names a database.
enum PrivacyBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case sqlite
    case postgres

    static var available: [PrivacyBackend] { PostgresTestDatabase.url == nil ? [.memory, .sqlite] : allCases }

    /// Worlds checked through the Swift API (each checks 8 apps with some 200 queries each).
    var storeWorlds: Int {
        if let override = PrivacyWorld.worldsOverride { return override }
        switch self {
        case .memory: return 150
        case .sqlite: return 60
        case .postgres: return 25
        }
    }

    /// A new, empty storage.
    func makeStorage() throws -> any HealthStorage {
        switch self {
        case .memory: return try StorageBackend.inMemory.makeStorage()
        case .sqlite: return try StorageBackend.sqlite.makeStorage()
        case .postgres:
            return try PostgresStorage(client: Self.postgresClient, person: PostgresTestDatabase.newPerson("privacy"))
        }
    }

    /// Removes what `makeStorage` left on disk.
    static func discard(_ storage: any HealthStorage) {
        guard let sqlite = storage as? SQLiteStorage else { return }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlite.path + suffix) }
    }

    static let postgresClient: PostgresStoreClient = {
        guard let url = PostgresTestDatabase.url else { fatalError("OHK_TEST_POSTGRES_URL is not set") }
        do { return try PostgresStoreClient(url: url, maximumConnections: 4) } catch {
            fatalError("cannot connect to \(url): \(error)")
        }
    }()

    var testDescription: String { rawValue }
}

/// One world checked through the Swift API: the people's stores built by the apps' own writes, then every app's
/// view compared with the model and with a store built from only what it may see.
struct StorePrivacyCheck {
    let world: PrivacyWorld
    let backend: PrivacyBackend
    let violations: PrivacyViolations

    /// Every app of every person.
    var viewers: [PrivacyViewer] {
        (0..<PrivacyWorld.people).flatMap { person in
            PrivacyWorld.apps.indices.map { PrivacyViewer(person: person, app: $0, grants: world.grants[person][$0]) }
        }
    }

    /// The grants of a person's apps, as a server applies them (everything not granted is denied).
    static func access(_ grants: [PrivacyGrants]) -> AccessControl {
        let access = AccessControl(policy: .denyAll)
        for (app, granted) in grants.enumerated() {
            let bundle = PrivacyWorld.apps[app]
            for type in PrivacyTypes.shared { access.setDecision(.authorized, client: bundle, type: type, share: true) }
            for type in granted.read { access.setDecision(.authorized, client: bundle, type: type, share: false) }
            access.setFullAccess(bundle, granted.fullAccess)
        }
        access.setFullAccess(PrivacyWorld.health, true)
        return access
    }

    /// Commit results an observer heard.
    final class Heard: Sendable {
        let results = Mutex<[CommitResult]>([])
        /// The commits that brought something, as (inserted, deleted).
        var nonEmpty: [String] {
            results.withLock { $0 }.filter { !$0.inserted.isEmpty || !$0.deleted.isEmpty }.map { result in
                var text = ""
                dump(result.inserted, to: &text)
                return text + " deleted \(result.deleted)"
            }
        }
    }

    func run() throws {
        let model = PrivacyModel(world)
        var storages: [any HealthStorage] = []
        defer { storages.forEach(PrivacyBackend.discard) }
        let stores = try (0..<PrivacyWorld.people).map { person in
            let storage = try backend.makeStorage()
            storages.append(storage)
            return HealthDataStore(storage: storage, access: Self.access(world.grants[person]))
        }
        var heard: [PrivacyViewer: Heard] = [:]
        for (index, write) in world.writes.enumerated() {
            if index == world.liveFrom {
                for viewer in viewers { heard[viewer] = listen(stores[viewer.person].client(viewer.bundle)) }
            }
            let store = stores[write.person]
            switch write {
            case let .save(_, app, samples):
                try store.client(PrivacyWorld.apps[app]).save(
                    samples, as: PrivacyTypes.revision(PrivacyWorld.apps[app]))
            case let .delete(_, app, uuids): try store.client(PrivacyWorld.apps[app]).delete(uuids)
            case let .importData(_, data): try store.client(PrivacyWorld.health).saveImportedData(data)
            case let .series(_, _, routes, beats):
                try TrustedWrite.saveSeries(routes: routes, beats: beats, into: store.client(PrivacyWorld.health))
            case let .setOrder(_, type, order): try store.client(PrivacyWorld.health).setSourceOrder(order, for: type)
            case let .attach(_, app, object, name, size):
                try TrustedWrite.attach(name, size: size, to: object, in: store.client(PrivacyWorld.apps[app]))
            case let .subscribe(_, app, type, frequency):
                let bundle = PrivacyWorld.apps[app]
                try store.client(bundle).saveBackgroundDelivery(
                    BackgroundDeliverySubscription(bundleIdentifier: bundle, type: type, frequency: frequency))
            }
        }
        var probes: [(viewer: PrivacyViewer, reduced: HealthDataStore, label: String)] = []
        for viewer in viewers {
            let storage = try backend.makeStorage()
            storages.append(storage)
            let reducedStore = HealthDataStore(storage: storage, access: Self.access(world.grants[viewer.person]))
            var reducedHeard: Heard?
            // The live part of the reduced world starts with the first write made from a live write of the world.
            for (origin, write) in model.reducedWrites(for: viewer) {
                if origin >= world.liveFrom, reducedHeard == nil {
                    reducedHeard = listen(reducedStore.client(viewer.bundle))
                }
                try write.apply(to: reducedStore)
            }
            let full = stores[viewer.person].client(viewer.bundle)
            let reduced = reducedStore.client(viewer.bundle)
            let label = "world \(world.testDescription)\nviewer \(viewer)"
            let observed = answers(full, viewer: viewer)
            let expected = answers(reduced, viewer: viewer)
            for (key, value) in observed {
                violations.expect(
                    value, expected[key] ?? "(no answer)",
                    "\(label)\n\(key): differs from a store without what it may not see")
            }
            violations.expect(
                heard[viewer]?.nonEmpty ?? [], reducedHeard?.nonEmpty ?? [],
                "\(label)\nobserver: the commits heard differ")
            for result in heard[viewer]?.results.withLock({ $0 }) ?? [] where !viewer.grants.fullAccess {
                violations.expect(result.deleted, [], "\(label)\nobserver: deleted identifiers reach a client")
                violations.expect(
                    result.inserted.allSatisfy { model.sees($0.uuid, viewer) }, true,
                    "\(label)\nobserver: hidden samples reach a client")
                violations.expect(
                    result.records.filter { !$0.isAnnouncedToEveryClient }.map(\.kind), [],
                    "\(label)\nobserver: changes of records it may not see reach a client")
            }
            try checkModel(full, model: model, viewer: viewer, label: label)
            probes.append((viewer, reduced, label))
        }
        // The write probes change the stores: after every read, each undone before the next.
        for (viewer, reduced, label) in probes {
            try probeWrites(stores[viewer.person], reduced, model: model, viewer: viewer, label: label)
        }
    }

    /// An observer on a view, recording what it hears.
    private func listen(_ view: HealthDataStore) -> Heard {
        let heard = Heard()
        view.addObserver { result in heard.results.withLock { $0.append(result) } }
        return heard
    }

    /// The answers of every read, by name, rendered as text (anchors left out).
    func answers(_ view: HealthDataStore, viewer: PrivacyViewer) -> [String: String] {
        var result: [String: String] = [:]
        func answer(_ name: String, _ body: () throws -> Any) {
            do {
                // dump, not description: a sample's description does not show its content.
                var text = ""
                dump(try body(), to: &text)
                result[name] = text
            } catch {
                result[name] = "error: \(error)"
            }
        }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        for type in PrivacyTypes.queried {
            answer("samples \(type)") { try view.samples(SampleQueryRequest(type: type)) }
            answer("latest 3 \(type)") {
                try view.samples(
                    SampleQueryRequest(type: type, limit: 3, sort: [SampleSort(.startDate, ascending: false)]))
            }
            answer("window \(type)") {
                try view.samples(
                    SampleQueryRequest(
                        type: type,
                        predicate: .date(
                            start: PrivacyWorld.origin.addingTimeInterval(86_400),
                            end: PrivacyWorld.origin.addingTimeInterval(4 * 86_400), options: [])))
            }
            answer("changes \(type)") {
                render(try view.changes(AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: type)])))
            }
        }
        for type in PrivacyTypes.quantities {
            answer("sources \(type)") { try view.sources(of: type).sorted() }
            answer("priority \(type)") { try view.sourcesInPriorityOrder(for: type) }
            answer("order \(type)") { try view.records.sourceOrder(for: type) as Any }
            let cumulative = type.aggregationStyle == .cumulative
            let options: StatisticsOptions =
                cumulative
                ? [.cumulativeSum, .separateBySource]
                : [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .separateBySource]
            answer("statistics \(type)") { render(try view.statistics(of: type, options: options)) }
            answer("daily \(type)") {
                try view.statisticsCollection(
                    of: type, options: options, anchor: PrivacyWorld.origin, interval: DateComponents(day: 1),
                    calendar: utc
                ).statistics().map(render)
            }
        }
        // Anchored over every type, a few at a time, each page from the anchor the last one gave.
        answer("changes, pages of 4") {
            var pages: [String] = []
            var anchor: Int64 = 0
            for _ in 0..<200 {
                let page = try view.changes(
                    AnchoredQueryRequest(
                        descriptors: PrivacyTypes.queried.map { SampleQueryDescriptor(type: $0) }, anchor: anchor,
                        limit: 4))
                if page.isEmpty { break }
                pages.append(render(page))
                anchor = page.anchor
            }
            return pages
        }
        answer("blood pressures") { try view.correlations(CorrelationQueryRequest(type: PrivacyTypes.bloodPressure)) }
        answer("meals") { try view.correlations(CorrelationQueryRequest(type: PrivacyTypes.food)) }
        answer("routes") { try view.samples(SampleQueryRequest(type: .workoutRoute)) }
        answer("heartbeats") { try view.samples(SampleQueryRequest(type: .heartbeatSeries)) }
        answer("activity summaries") { try view.activitySummaries(matching: nil, calendar: utc) }
        for app in PrivacyWorld.apps {
            answer("subscriptions of \(app)") { try view.records.backgroundDeliveries(of: app) }
        }
        answer("type summaries") { try view.storage.typeSummaries().sorted { $0.type < $1.type } }
        // Every identifier the world made, asked for directly: another's object looks like one never made.
        for uuid in world.uuids {
            let suffix = uuid.uuidString.suffix(4)
            answer("stored \(suffix)") { try view.storage.storedSamples(withUUIDs: [uuid]).map(\.sample) }
            answer("sequence known \(suffix)") {
                try view.storage.storedSequences(withUUIDs: [uuid]).keys.sorted { $0.uuidString < $1.uuidString }
            }
            answer("routes of \(suffix)") { try view.workoutRoutes(ofWorkout: uuid) }
            // Attachment identifiers are made at random (and order attachments of the same date): compared by what
            // the app sees of them and their bytes, sorted.
            answer("attachments of \(suffix)") {
                try view.attachments(of: uuid).map {
                    "\($0.name) \($0.size) \($0.metadata ?? [:]) \(try view.attachmentData($0.id, of: uuid).count)"
                }.sorted()
            }
            answer("associated with \(suffix)") {
                try view.storage.samplesAssociated(withWorkout: uuid).sorted { $0.uuidString < $1.uuidString }
            }
        }
        return result
    }

    /// The model's own expectations, independent of the reduced store.
    private func checkModel(_ view: HealthDataStore, model: PrivacyModel, viewer: PrivacyViewer, label: String) throws {
        for type in PrivacyTypes.queried {
            let found = try view.samples(SampleQueryRequest(type: type))
            violations.expect(
                Set(found), Set(model.visible(type, by: viewer)),
                "\(label)\nsamples of \(type.identifier) are not those the model allows")
        }
        for type in [PrivacyTypes.steps, PrivacyTypes.heartRate] {
            violations.expect(
                try view.records.sourceOrder(for: type), model.sourceOrder(type, by: viewer),
                "\(label)\nsource order of \(type.identifier)")
        }
        if !viewer.grants.readsActivitySummaries {
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            violations.expect(
                try view.activitySummaries(matching: nil, calendar: utc), [],
                "\(label)\nactivity summaries without the read grant")
        }
    }

    /// A delete naming an object the app cannot see (or another person's) answers as for a uuid never used. Made
    /// after every read. (A save naming such a uuid is refused as a duplicate through the Swift API, which runs in
    /// the developer's own process; the server lets only full-access clients name uuids: docs/decisions/server.md.)
    private func probeWrites(
        _ store: HealthDataStore, _ reduced: HealthDataStore, model: PrivacyModel, viewer: PrivacyViewer, label: String
    ) throws {
        let full = store.client(viewer.bundle)
        for uuid in [model.hiddenUUID(from: viewer), model.otherPeoplesUUIDs(than: viewer).first].compactMap({ $0 }) {
            violations.expect(
                outcome { try full.delete([uuid]) }, outcome { try reduced.delete([uuid]) },
                "\(label)\ndeleting hidden \(uuid)")
        }
    }

    private func outcome(_ body: () throws -> CommitResult) -> String {
        do {
            let result = try body()
            return "inserted \(result.inserted.map(\.uuid)) deleted \(result.deleted) ignored \(result.ignored)"
        } catch {
            return "error: \(error)"
        }
    }

    private func render(_ result: AnchoredQueryResult) -> String {
        var samples = ""
        dump(result.samples, to: &samples)
        return "\(samples) deletions \(result.deletions.map { "\($0.uuid) \($0.type) \($0.syncIdentifier ?? "")" })"
    }

    private func render(_ statistics: QuantityStatistics) -> String {
        "\(statistics.startDate) \(statistics.endDate) \(statistics.merged) by source "
            + statistics.bySource.sorted { $0.key.bundleIdentifier < $1.key.bundleIdentifier }.map {
                "\($0.key): \($0.value)"
            }.joined(separator: "; ")
    }
}

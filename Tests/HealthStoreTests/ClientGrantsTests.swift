import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Grants kept outside the store: a view given them decides by them alone, on every backend")
struct ClientGrantsTests {
    static let app = "com.example.app"
    static let appRevision = SourceRevision(source: Source(name: "App", bundleIdentifier: app), version: "1")

    /// A store with the Watch's steps and heart rate, and no decision recorded for the app.
    static func store(_ backend: StorageBackend) throws -> HealthDataStore {
        let store = backend.makeStore()
        store.access.policy = .denyAll
        _ = try store.save(
            [try Fixture.steps(100, from: Fixture.at(0)), try Fixture.heartRate(60, at: Fixture.at(10))],
            as: Fixture.watch)
        return store
    }

    @Test("Read grants show other sources' samples of the granted types only", arguments: StorageBackend.allCases)
    func readGrantsDecideVisibility(_ backend: StorageBackend) throws {
        let store = try Self.store(backend)
        let view = store.client(
            Self.app, grants: ClientGrants(share: [], read: [Fixture.stepCount.identifier], fullAccess: false))
        #expect(try view.samples(SampleQueryRequest(type: Fixture.stepCount)).count == 1)
        #expect(try view.samples(SampleQueryRequest(type: Fixture.heartRate)).isEmpty)
        #expect(try view.samples.typeSummaries().map(\.type) == [Fixture.stepCount])
        // The store's own decisions were not touched: a view without grants still sees nothing.
        #expect(try store.client(Self.app).samples(SampleQueryRequest(type: Fixture.stepCount)).isEmpty)
        #expect(store.access.readDecision(client: Self.app, type: Fixture.stepCount.identifier) == .notDetermined)
    }

    @Test(
        "Share grants decide saves; a type outside them was never granted, as for an app that never asked",
        arguments: StorageBackend.allCases)
    func shareGrantsDecideSaves(_ backend: StorageBackend) throws {
        let store = try Self.store(backend)
        let grants = ClientGrants(share: [Fixture.stepCount.identifier], read: [], fullAccess: false)
        let view = store.client(Self.app, grants: grants)
        _ = try view.save([try Fixture.steps(5, from: Fixture.at(30))], as: Self.appRevision)
        #expect(throws: HealthStoreError.authorizationNotDetermined(type: Fixture.heartRate.identifier)) {
            try view.save([try Fixture.heartRate(70, at: Fixture.at(40))], as: Self.appRevision)
        }
        #expect(view.shareDecision(for: Fixture.stepCount.identifier) == .authorized)
        #expect(view.shareDecision(for: Fixture.heartRate.identifier) == .notDetermined)
        // Grants taken away at the next view (a client re-registered with fewer types) apply at once.
        let narrowed = store.client(Self.app, grants: ClientGrants(share: [], read: [], fullAccess: false))
        #expect(throws: HealthStoreError.authorizationNotDetermined(type: Fixture.stepCount.identifier)) {
            try narrowed.save([try Fixture.steps(6, from: Fixture.at(50))], as: Self.appRevision)
        }
        // A type taken back is denied, not undetermined: the app asked, and the answer is no.
        let takenBack = store.client(
            Self.app,
            grants: ClientGrants(share: [], read: [], fullAccess: false, deniedShare: [Fixture.stepCount.identifier]))
        #expect(throws: HealthStoreError.authorizationDenied("sharing \(Fixture.stepCount.identifier) was denied")) {
            try takenBack.save([try Fixture.steps(6, from: Fixture.at(50))], as: Self.appRevision)
        }
        #expect(takenBack.shareDecision(for: Fixture.stepCount.identifier) == .denied)
        // Its own samples stay visible without any read grant.
        #expect(
            try narrowed.samples(SampleQueryRequest(type: Fixture.stepCount)).map(\.sourceRevision) == [
                Self.appRevision
            ])
    }

    @Test("Full access in the grants reads and writes everything", arguments: StorageBackend.allCases)
    func fullAccessGrants(_ backend: StorageBackend) throws {
        let store = try Self.store(backend)
        let view = store.client(Self.app, grants: ClientGrants(share: [], read: [], fullAccess: true))
        #expect(try view.samples(SampleQueryRequest(type: Fixture.heartRate)).count == 1)
        try view.setSourceOrder([Self.app], for: Fixture.stepCount)
        #expect(try store.records.sourceOrder(for: Fixture.stepCount) == [Self.app])
        #expect(!store.access.hasFullAccess(Self.app))
    }
}

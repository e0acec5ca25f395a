import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Synchronization
import Testing

/// The app's own errors in seed `003_…txt`.
enum HealthKitError: Error, Equatable {
    case notAvailable
    case authorizationDenied
}

/// The authorization part of seed `003_…txt` (HealthTrends' HealthKitManager), as written there, unchanged but for the
/// import. The cached-entry fallback stands for the widget's cache.
final class HealthKitManager: @unchecked Sendable {
    let healthStore: HKHealthStore
    var isAuthorized = false
    var guestModeSkips = 0

    init(healthStore: HKHealthStore) { self.healthStore = healthStore }

    func requestAuthorization() async throws {
        guard HKHealthStore.isHealthDataAvailable() else {
            throw HealthKitError.notAvailable
        }
        let activeEnergyType = HKObjectType.quantityType(forIdentifier: .activeEnergyBurned)!
        let activitySummaryType = HKObjectType.activitySummaryType()
        let typesToRead: Set<HKObjectType> = [activeEnergyType, activitySummaryType]
        let typesToWrite: Set<HKSampleType> = [activeEnergyType]
        try await healthStore.requestAuthorization(toShare: typesToWrite, read: typesToRead)
        // For read permissions, HealthKit NEVER reveals if user granted access (privacy)
        // Assume success if no error thrown
        isAuthorized = true
    }

    func save(_ samples: [HKSample]) async throws {
        let activeEnergyType = HKObjectType.quantityType(forIdentifier: .activeEnergyBurned)!
        let status = healthStore.authorizationStatus(for: activeEnergyType)
        switch status {
        case .notDetermined:
            // Haven't requested yet - call requestAuthorization()
            try await requestAuthorization()
        case .sharingDenied:
            // User denied - show error, can't save
            throw HealthKitError.authorizationDenied
        case .sharingAuthorized:
            // Can save samples
            try await healthStore.save(samples)
        }
    }

    func passiveSave(_ sample: HKSample) async throws {
        // In Guest User sessions, writes fail with specific error
        do {
            try await healthStore.save(sample)
        } catch let error as HKError where error.code == .errorNotPermissibleForGuestUserMode {
            // Silently ignore for passive saves, or show alert for explicit actions
            guestModeSkips += 1
        }
    }

    func todaysSamples(cached: [HKQuantitySample]) async throws -> [HKQuantitySample] {
        let query = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.activeEnergyBurned))], sortDescriptors: [])
        do {
            let samples = try await query.result(for: healthStore)
            return samples
        } catch let error as HKError where error.code == .errorDatabaseInaccessible {
            // Device is locked - use cached data
            return cached
        }
    }
}

@Suite("Authorization through the HealthKit API: requests, status, privacy, store states")
struct AuthorizationTests {
    let energy = HKQuantityType(.activeEnergyBurned)
    let steps = HKQuantityType(.stepCount)
    let day = Date(timeIntervalSince1970: 1_709_942_400)

    func energySample(_ kilocalories: Double, minute: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: kilocalories),
            start: day.addingTimeInterval(minute * 60), end: day.addingTimeInterval(minute * 60 + 300))
    }

    static func app(_ name: String) -> HKSource {
        HKSource(Source(name: name, bundleIdentifier: "com.example.\(name.lowercased())"))
    }

    @Test(
        "The seed's manager: status moves from notDetermined to sharingAuthorized; a denied share throws the app's error",
        arguments: StorageBackend.allCases)
    func seedAuthorizationFlow(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let healthStore = HKHealthStore(dataStore: store, client: Self.app("Trends"))
        let manager = HealthKitManager(healthStore: healthStore)
        #expect(healthStore.authorizationStatus(for: energy) == .notDetermined)
        #expect(
            try await healthStore.statusForAuthorizationRequest(toShare: [energy], read: [energy]) == .shouldRequest)
        try await manager.save([energySample(10, minute: 0)])  // asks first
        #expect(manager.isAuthorized)
        #expect(healthStore.authorizationStatus(for: energy) == .sharingAuthorized)
        #expect(try await healthStore.statusForAuthorizationRequest(toShare: [energy], read: [energy]) == .unnecessary)
        try await manager.save([energySample(20, minute: 10)])
        #expect(try await manager.todaysSamples(cached: []).count == 1)

        let deniedStore = HealthDataStore(access: AccessControl(policy: .denyShare([energy.identifier])))
        let denied = HealthKitManager(healthStore: HKHealthStore(dataStore: deniedStore, client: Self.app("Trends")))
        try await denied.requestAuthorization()
        #expect(denied.healthStore.authorizationStatus(for: energy) == .sharingDenied)
        await #expect(throws: HealthKitError.authorizationDenied) {
            try await denied.save([energySample(5, minute: 0)])
        }
    }

    @Test(
        "Saving without asking fails with errorAuthorizationNotDetermined, after a refusal with errorAuthorizationDenied"
    )
    func saveErrors() async throws {
        let store = HealthDataStore(access: AccessControl(policy: .denyShare([HKQuantityType(.stepCount).identifier])))
        let healthStore = HKHealthStore(dataStore: store, client: Self.app("Logger"))
        await #expect(throws: HKError.self) { try await healthStore.save(energySample(1, minute: 0)) }
        do {
            try await healthStore.save(energySample(1, minute: 0))
        } catch let error as HKError {
            #expect(error.code == .errorAuthorizationNotDetermined)
        }
        try await healthStore.requestAuthorization(toShare: [energy, steps], read: [])
        do {
            try await healthStore.save(
                HKQuantitySample(
                    type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 5), start: day, end: day))
            Issue.record("saving a denied type succeeded")
        } catch let error as HKError {
            #expect(error.code == .errorAuthorizationDenied)
        }
        await #expect(throws: HKError.self) {
            try await healthStore.requestAuthorization(toShare: [HKCorrelationType(.food)], read: [])
        }
    }

    @Test(
        "Read denial is never revealed: the client sees only its own samples, and requestAuthorization still succeeds")
    func readDenialIsHidden() async throws {
        let store = HealthDataStore(
            access: AccessControl(policy: .denyRead([HKQuantityType(.activeEnergyBurned).identifier])))
        let watch = HKHealthStore(dataStore: store)  // the default client: full access
        try await watch.save(energySample(300, minute: 0))
        let app = HKHealthStore(dataStore: store, client: Self.app("Trends"))
        try await app.requestAuthorization(toShare: [energy], read: [energy])
        try await app.save(energySample(25, minute: 30))
        let seen = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: energy)], sortDescriptors: [])
            .result(for: app)
        #expect(seen.map { $0.quantity.doubleValue(for: .kilocalorie()) } == [25])
        let total = try await HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: energy), options: .cumulativeSum
        ).result(for: app)
        #expect(total?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 25)
        #expect(
            try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: energy)], sortDescriptors: []).result(
                for: watch
            ).count == 2)
    }

    @Test(
        "Locked store: reads fail with errorDatabaseInaccessible (the seed falls back to its cache), writes appear after unlock; guest mode refuses writes",
        arguments: StorageBackend.allCases)
    func storeStates(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let healthStore = HKHealthStore(dataStore: store, client: Self.app("Trends"))
        let manager = HealthKitManager(healthStore: healthStore)
        try await manager.requestAuthorization()
        let cached = [energySample(99, minute: 0)]
        store.setCondition(.locked)
        #expect(try await manager.todaysSamples(cached: cached).map(\.uuid) == cached.map(\.uuid))
        try await healthStore.save(energySample(10, minute: 5))
        store.setCondition(.available)
        #expect(try await manager.todaysSamples(cached: cached).count == 1)

        store.setCondition(.guest)
        try await manager.passiveSave(energySample(1, minute: 9))
        #expect(manager.guestModeSkips == 1)
        store.setCondition(.unavailable)
        await #expect(throws: HKError.self) { try await manager.todaysSamples(cached: []) }
        store.setCondition(.available)
    }
}

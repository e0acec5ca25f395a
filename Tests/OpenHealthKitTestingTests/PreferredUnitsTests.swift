import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Synchronization
import Testing

@Suite("Preferred units: HKHealthStore.preferredUnits(for:), the export's locale, HKUserPreferencesDidChange")
struct PreferredUnitsTests {
    static let morning = Date(timeIntervalSince1970: 1_710_255_600)
    static let app = HKSource(Source(name: "Scale", bundleIdentifier: "com.example.scale"))
    static let bodyMass = HKQuantityType(.bodyMass)
    static let distance = HKQuantityType(.distanceWalkingRunning)
    static let energy = HKQuantityType(.activeEnergyBurned)
    static let glucose = HKQuantityType(.bloodGlucose)
    static let heartRate = HKQuantityType(.heartRate)
    static let temperature = HKQuantityType(.bodyTemperature)

    func unitStrings(_ units: [HKQuantityType: HKUnit]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: units.map { ($0.key.identifier, $0.value.unitString) })
    }

    @Test(
        "A real en_ZA export: metric units, kilocalories, mmol/L; the export's own units agree",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func southAfricanExport(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.morning)
        try bench.seedExport(at: SharedFixtures.url("ipyhealth-export.xml"))
        let units = try await bench.healthStore().preferredUnits(
            for: [Self.bodyMass, Self.distance, Self.energy, Self.glucose, Self.heartRate, Self.temperature])
        #expect(
            unitStrings(units) == [
                Self.bodyMass.identifier: "kg", Self.distance.identifier: "km", Self.energy.identifier: "kcal",
                Self.glucose.identifier: "mmol<180.15588000005408>/L", Self.heartRate.identifier: "count/min",
                Self.temperature.identifier: "degC",
            ])
        #expect(
            units[Self.glucose]
                == HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter()))
    }

    @Test(
        "A real en_US export: pounds, miles, large calories (kcal), mg/dL, Fahrenheit; the bench's locale and choices override",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func americanExport() throws {
        let bench = HealthKitTestBench(start: Self.morning)
        try bench.seedExport(at: SharedFixtures.url("comocomo-export.xml"))
        let healthStore = bench.healthStore()
        let types: Set<HKQuantityType> = [Self.bodyMass, Self.distance, Self.energy, Self.glucose, Self.temperature]
        let units = try callback(healthStore, types)
        #expect(
            unitStrings(units) == [
                Self.bodyMass.identifier: "lb", Self.distance.identifier: "mi", Self.energy.identifier: "kcal",
                Self.glucose.identifier: "mg/dL", Self.temperature.identifier: "degF",
            ])
        // The person of this export kept body mass in kilograms and walking distances in kilometres (its records say
        // so); the Health app's choices are set on the bench.
        try bench.setPreferredUnit(.gramUnit(with: .kilo), for: Self.bodyMass)
        try bench.setPreferredUnit(.meterUnit(with: .kilo), for: Self.distance)
        try bench.setLocale("de_DE")
        #expect(
            unitStrings(try callback(healthStore, types)) == [
                Self.bodyMass.identifier: "kg", Self.distance.identifier: "km", Self.energy.identifier: "kcal",
                Self.glucose.identifier: "mg/dL", Self.temperature.identifier: "degC",
            ])
    }

    /// The callback form, waited for.
    func callback(_ healthStore: HKHealthStore, _ types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<([HKQuantityType: HKUnit], (any Error)?)>(([:], nil))
        healthStore.preferredUnits(for: types) { units, error in
            answer.withLock { $0 = (units, error) }
            done.signal()
        }
        done.wait()
        let (units, error) = answer.withLock { $0 }
        if let error { throw error }
        return units
    }

    @Test(
        "An app must have asked to share or read every type: not asked is errorAuthorizationNotDetermined, denied reads still get units",
        arguments: StorageBackend.allCases)
    func authorization(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(
            storage: try backend.makeStorage(), start: Self.morning, policy: .denyRead([Self.bodyMass.identifier]))
        try bench.setLocale("en_GB")
        let healthStore = bench.healthStore(for: Self.app)
        await #expect {
            try await healthStore.preferredUnits(for: [Self.bodyMass])
        } throws: { ($0 as? HKError)?.code == .errorAuthorizationNotDetermined }
        #expect {
            try callback(healthStore, [Self.distance])
        } throws: { ($0 as? HKError)?.code == .errorAuthorizationNotDetermined }
        try await healthStore.requestAuthorization(toShare: [Self.distance], read: [Self.bodyMass])
        let units = try await healthStore.preferredUnits(for: [Self.bodyMass, Self.distance])
        #expect(unitStrings(units) == [Self.bodyMass.identifier: "st", Self.distance.identifier: "mi"])
        #expect(try await healthStore.preferredUnits(for: []).isEmpty)
        await #expect {
            try await healthStore.preferredUnits(for: [Self.bodyMass, Self.glucose])
        } throws: { ($0 as? HKError)?.code == .errorAuthorizationNotDetermined }
    }

    @Test("Each health store posts HKUserPreferencesDidChange as itself when a unit or the locale changes")
    func notification() throws {
        let bench = HealthKitTestBench(start: Self.morning)
        let first = bench.healthStore()
        let second = bench.healthStore(for: Self.app)
        let posted = Mutex<[ObjectIdentifier]>([])
        let tokens = [first, second].map { store in
            NotificationCenter.default.addObserver(forName: .HKUserPreferencesDidChange, object: store, queue: nil) {
                note in
                if let store = note.object as? HKHealthStore { posted.withLock { $0.append(ObjectIdentifier(store)) } }
            }
        }
        defer { for token in tokens { NotificationCenter.default.removeObserver(token) } }
        try bench.setPreferredUnit(.pound(), for: Self.bodyMass)
        #expect(Set(posted.withLock { $0 }) == [ObjectIdentifier(first), ObjectIdentifier(second)])
        #expect(posted.withLock { $0 }.count == 2)
        try bench.setLocale("ja_JP")
        #expect(posted.withLock { $0 }.count == 4)
        // A refused change changes nothing and tells no one.
        #expect(throws: HKError.self) { try bench.setPreferredUnit(.count(), for: Self.bodyMass) }
        #expect(throws: HKError.self) { try bench.setLocale("not a locale") }
        #expect(posted.withLock { $0 }.count == 4)
    }
}

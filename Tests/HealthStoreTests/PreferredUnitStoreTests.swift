import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Synchronization
import Testing

@Suite("Preferred units kept with the store: chosen units, the locale of the defaults, who may read and set them")
struct PreferredUnitStoreTests {
    static let bodyMass = try! SampleType.quantity("HKQuantityTypeIdentifierBodyMass")
    static let distance = try! SampleType.quantity("HKQuantityTypeIdentifierDistanceWalkingRunning")
    static let glucose = try! SampleType.quantity("HKQuantityTypeIdentifierBloodGlucose")
    static let steps = try! SampleType.quantity("HKQuantityTypeIdentifierStepCount")
    static let app = "com.example.scale"

    func units(_ store: HealthDataStore, _ types: Set<SampleType>) throws -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: try store.preferredUnits(for: types).map { ($0.key.identifier, $0.value.unitString) })
    }

    @Test(
        "Chosen units and the locale survive reopening the store; clearing restores the default",
        arguments: StorageBackend.allCases)
    func persisted(_ backend: StorageBackend) throws {
        let (store, reopen) = try backend.makeReopenableStore()
        #expect(try store.unitLocale() == UnitLocale.fallback)
        #expect(
            try units(store, [Self.bodyMass, Self.distance]) == [
                Self.bodyMass.identifier: "lb", Self.distance.identifier: "mi",
            ])
        try store.setUnitLocale(UnitLocale(identifier: "de_DE"))
        try store.setPreferredUnit(HealthUnit(parsing: "st"), for: Self.bodyMass)
        try store.setPreferredUnit(HealthUnit(parsing: "mmol<180.15588000005408>/L"), for: Self.glucose)

        let reopened = try reopen()
        #expect(try reopened.unitLocale().identifier == "de_DE")
        #expect(
            try units(reopened, [Self.bodyMass, Self.distance, Self.glucose]) == [
                Self.bodyMass.identifier: "st", Self.distance.identifier: "km",
                Self.glucose.identifier: "mmol<180.15588000005408>/L",
            ])
        #expect(try reopened.chosenPreferredUnits().count == 2)

        try reopened.setPreferredUnit(nil, for: Self.bodyMass)
        try reopened.setPreferredUnit(HealthUnit(parsing: "kg"), for: Self.bodyMass)  // replaces
        try reopened.setUnitLocale(nil)
        let again = try reopen()
        #expect(
            try units(again, [Self.bodyMass, Self.distance]) == [
                Self.bodyMass.identifier: "kg", Self.distance.identifier: "mi",
            ])
        try again.setPreferredUnit(nil, for: Self.bodyMass)
        #expect(try units(again, [Self.bodyMass]) == [Self.bodyMass.identifier: "lb"])
    }

    @Test(
        "An imported export's locale seeds the defaults; a locale set on the store wins over it",
        arguments: StorageBackend.allCases)
    func exportLocale(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        var data = ImportedData()
        data.exportInformation = ExportInformation(exportDate: nil, locale: "en_GB")
        try store.saveImportedData(data)
        #expect(try store.unitLocale().identifier == "en_GB")
        #expect(
            try units(store, [Self.bodyMass, Self.distance]) == [
                Self.bodyMass.identifier: "st", Self.distance.identifier: "mi",
            ])
        try store.setUnitLocale(UnitLocale(identifier: "fr_FR"))
        #expect(
            try units(store, [Self.bodyMass, Self.distance]) == [
                Self.bodyMass.identifier: "kg", Self.distance.identifier: "km",
            ])
        // A client (which cannot see the export information) gets the same defaults.
        store.access.request(client: Self.app, share: [], read: [Self.bodyMass.identifier])
        try store.setUnitLocale(nil)
        #expect(try units(store.client(Self.app), [Self.bodyMass]) == [Self.bodyMass.identifier: "st"])
    }

    @Test(
        "Bad input is refused naming the field: a unit of another dimension, a type without units",
        arguments: StorageBackend.allCases)
    func refused(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        #expect {
            try store.setPreferredUnit(HealthUnit(parsing: "kg"), for: Self.steps)
        } throws: { error in
            guard case .model(.unitNotCompatibleWithType(let unit, let type, _)) = error as? HealthStoreError else {
                return false
            }
            return unit == "kg" && type == Self.steps.identifier
        }
        let sleep = try SampleType.category("HKCategoryTypeIdentifierSleepAnalysis")
        let attempts: [() throws -> Void] = [
            { try store.setPreferredUnit(.count, for: sleep) },
            { _ = try store.preferredUnits(for: [sleep, Self.steps]) },
        ]
        for attempt in attempts {
            #expect {
                try attempt()
            } throws: { error in
                guard case .model(.invalidField(let field, _)) = error as? HealthStoreError else { return false }
                return field == "type"
            }
        }
        #expect(try store.chosenPreferredUnits().isEmpty)
    }

    @Test(
        "A client reads the units of types it asked about, even when denied; not asked is not determined; only full access sets",
        arguments: StorageBackend.allCases)
    func clients(_ backend: StorageBackend) throws {
        let store = HealthDataStore(
            storage: try backend.makeStorage(), access: AccessControl(policy: .denyRead([Self.bodyMass.identifier])))
        let app = store.client(Self.app)
        #expect {
            try app.preferredUnits(for: [Self.bodyMass])
        } throws: { error in
            guard case .authorizationNotDetermined(let type) = error as? HealthStoreError else { return false }
            return type == Self.bodyMass.identifier
        }
        store.access.request(client: Self.app, share: [Self.distance.identifier], read: [Self.bodyMass.identifier])
        try store.setPreferredUnit(HealthUnit(parsing: "kg"), for: Self.bodyMass)
        #expect(
            try units(app, [Self.bodyMass, Self.distance]) == [
                Self.bodyMass.identifier: "kg", Self.distance.identifier: "mi",
            ])
        #expect(throws: HealthStoreError.self) { try app.setPreferredUnit(.count, for: Self.steps) }
        #expect(throws: HealthStoreError.self) { try app.setUnitLocale(UnitLocale(identifier: "de_DE")) }
        store.access.setFullAccess("com.example.admin", true)
        try store.client("com.example.admin").setPreferredUnit(HealthUnit(parsing: "st"), for: Self.bodyMass)
        #expect(try units(app, [Self.bodyMass]) == [Self.bodyMass.identifier: "st"])
    }

    @Test("Every change reaches the observers of the store and of its client views", arguments: StorageBackend.allCases)
    func observed(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let view = store.client(Self.app)
        let heard = Mutex(0)
        final class Owner: Sendable {}
        let owner = Owner()
        view.addObserver(owner: owner) { commit in
            if !commit.records.isEmpty { heard.withLock { $0 += 1 } }
        }
        try store.setPreferredUnit(HealthUnit(parsing: "kg"), for: Self.bodyMass)
        try store.setUnitLocale(UnitLocale(identifier: "en_GB"))
        #expect(heard.withLock { $0 } == 2)
        #expect(throws: HealthStoreError.self) { try store.setPreferredUnit(.count, for: Self.bodyMass) }
        #expect(heard.withLock { $0 } == 2)
        _ = owner
    }
}

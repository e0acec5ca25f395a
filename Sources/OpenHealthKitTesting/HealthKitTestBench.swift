import Foundation
import HealthDemoData
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import OpenHealthKit
@_spi(Testing) import OpenHealthKit
import Synchronization

/// A store for testing HealthKit app code off-device: `HKHealthStore`s on it for any app, a clock the test moves,
/// seeding from the data generator or an Apple Health export, the store's states and authorization policy, faults
/// injected into the next queries of a kind, and a record of every query run.
///
/// ```swift
/// let bench = try HealthKitTestBench(start: someMorning)
/// try bench.seedGeneratedData(days: 30, calendar: calendar)
/// let healthStore = bench.healthStore(for: HKSource(Source(name: "MyApp", bundleIdentifier: "com.example.app")))
/// bench.failNext(1, .statisticsCollection, with: .errorDatabaseInaccessible)
/// // … run the app code …
/// #expect(bench.executedQueries.map(\.kind) == ["HKStatisticsCollectionQuery"])
/// ```
public final class HealthKitTestBench: Sendable {
    /// The store (unrestricted); apps see it through `healthStore(for:)`.
    public let dataStore: HealthDataStore
    /// The clock every health store of the bench uses (background delivery, the record's dates).
    public let clock: TestClock

    private struct Fault: Sendable {
        let kind: QueryKind
        var remaining: Int
        let action: QueryFault
    }

    private struct State {
        var faults: [Fault] = []
        var executed: [ExecutedQuery] = []
    }

    private let state = Mutex(State())

    /// A bench on `storage` (nil: an empty in-memory store, `HealthDataStore`'s default), its clock at `start`,
    /// answering authorization requests with `policy`.
    public init(storage: (any HealthStorage)? = nil, start: Date, policy: AuthorizationPolicy = .grantAll) {
        let access = AccessControl(policy: policy)
        dataStore = storage.map { HealthDataStore(storage: $0, access: access) } ?? HealthDataStore(access: access)
        clock = TestClock(start)
    }

    /// A health store acting for an app (nil: the in-process default client, which has full access), on the bench's
    /// clock, with its queries recorded and subject to the injected faults.
    public func healthStore(for client: HKSource? = nil) -> HKHealthStore {
        let clock = self.clock
        let healthStore = HKHealthStore(dataStore: dataStore, clock: { clock.now() }, client: client)
        healthStore.queryInterceptor = Interceptor(bench: self)
        return healthStore
    }

    /// Sends the background notifications the health stores held back because their frequency's period had not
    /// passed, now that the bench's clock has moved on (on a device the system wakes the app at that time).
    public func deliverDueBackgroundUpdates(to healthStores: HKHealthStore...) {
        for healthStore in healthStores { healthStore.deliverDueBackgroundUpdates() }
    }

    // MARK: Seeding

    /// Sets the person's characteristics, as the Health app's profile does (apps cannot); a nil argument leaves that
    /// characteristic as it is, `.notSet` clears it, and `dateOfBirth` needs year, month and day.
    public func setCharacteristics(
        biologicalSex: HKBiologicalSex? = nil, bloodType: HKBloodType? = nil, dateOfBirth: DateComponents? = nil,
        fitzpatrickSkinType: HKFitzpatrickSkinType? = nil, wheelchairUse: HKWheelchairUse? = nil,
        activityMoveMode: HKActivityMoveMode? = nil
    ) throws {
        var values: [String: String?] = [:]
        if let biologicalSex {
            values[HKCharacteristicTypeIdentifier.biologicalSex.rawValue] = biologicalSex.storedName
        }
        if let bloodType { values[HKCharacteristicTypeIdentifier.bloodType.rawValue] = bloodType.storedName }
        if let fitzpatrickSkinType {
            values[HKCharacteristicTypeIdentifier.fitzpatrickSkinType.rawValue] = fitzpatrickSkinType.storedName
        }
        if let wheelchairUse {
            values[HKCharacteristicTypeIdentifier.wheelchairUse.rawValue] = wheelchairUse.storedName
        }
        if let activityMoveMode {
            values[HKCharacteristicTypeIdentifier.activityMoveMode.rawValue] = activityMoveMode.storedName
        }
        if let dateOfBirth {
            guard let year = dateOfBirth.year, let month = dateOfBirth.month, let day = dateOfBirth.day,
                ProlepticGregorian.isDay(year: year, month: month, day: day)
            else {
                throw HKError(.errorInvalidArgument, "dateOfBirth needs a year, a month and a day that exist")
            }
            values[HKCharacteristicTypeIdentifier.dateOfBirth.rawValue] = DateWriter.day(
                year: year, month: month, day: day)
        }
        try dataStore.setCharacteristics(values)
    }

    /// Saves generated data (`SyntheticHealthData`: overlapping Watch and iPhone steps, heart rate, energy, sleep from
    /// three sources, vitals, workouts with routes, food, a scale) for `days` local days from the clock's day back;
    /// returns how many samples were saved.
    @discardableResult
    public func seedGeneratedData(days: Int, calendar: Calendar, seed: UInt64 = 1) throws -> Int {
        let firstDay =
            calendar.date(byAdding: .day, value: -(days - 1), to: calendar.startOfDay(for: clock.now())) ?? clock.now()
        return try SyntheticHealthData(calendar: calendar, firstDay: firstDay, days: days, seed: seed).save(
            into: dataStore)
    }

    /// Imports an Apple Health export (`export.zip`, the folder or the XML) into the store.
    @discardableResult
    public func seedExport(at url: URL) throws -> ImportReport {
        try ExportImporter(store: dataStore, clock: ContinuousClock()).importExport(at: url)
    }

    // MARK: Store state and permissions

    /// Sets the store's state (available, unavailable, locked, guest); see `HealthDataStore.setCondition(_:)`.
    public func setCondition(_ condition: StoreCondition) {
        dataStore.setCondition(condition)
    }

    /// How later authorization requests are answered.
    public func setAuthorizationPolicy(_ policy: AuthorizationPolicy) {
        dataStore.access.policy = policy
    }

    // MARK: Faults and the record

    /// Makes the next `count` queries of the kind fail with the error code (their handler receives it, or the
    /// descriptor throws it).
    public func failNext(_ count: Int, _ kind: QueryKind, with code: HKError.Code) {
        state.withLock {
            $0.faults.append(
                Fault(kind: kind, remaining: count, action: .fail(HKError(code, "injected by the test bench"))))
        }
    }

    /// Makes the next `count` queries of the kind wait before running.
    public func delayNext(_ count: Int, _ kind: QueryKind, by seconds: TimeInterval) {
        state.withLock { $0.faults.append(Fault(kind: kind, remaining: count, action: .delay(seconds))) }
    }

    /// Every query run so far by the bench's health stores, oldest first.
    public var executedQueries: [ExecutedQuery] { state.withLock { $0.executed } }

    /// Forgets the record and the faults not used yet.
    public func reset() { state.withLock { $0 = State() } }

    fileprivate func queryWillRun(kind: String, types: [String], predicate: String?) -> QueryFault? {
        let date = clock.now()
        return state.withLock { state -> QueryFault? in
            var applied: QueryFault?
            if let index = state.faults.firstIndex(where: { $0.remaining > 0 && $0.kind.matches(kind) }) {
                applied = state.faults[index].action
                state.faults[index].remaining -= 1
                if state.faults[index].remaining == 0 { state.faults.remove(at: index) }
            }
            let described: String?
            switch applied {
            case let .fail(error)?: described = "failed with \(error.code)"
            case let .delay(seconds)?: described = "delayed \(seconds) s"
            case nil: described = nil
            }
            state.executed.append(
                ExecutedQuery(kind: kind, types: types, predicate: predicate, date: date, fault: described))
            return applied
        }
    }
}

/// Hands each query to its bench (held weakly, so a health store kept by app code does not keep the bench alive).
private struct Interceptor: QueryInterceptor {
    weak var bench: HealthKitTestBench?

    func queryWillRun(kind: String, types: [String], predicate: String?) -> QueryFault? {
        bench?.queryWillRun(kind: kind, types: types, predicate: predicate)
    }
}

/// A person sharing only a recent window of their history with an app (HealthKit in iOS 27): the app reads the
/// samples of those types that start at the window's start or later (and its own), on every query path, and
/// `earliestAuthorizedSampleDate(for:)` tells it the date.
extension HealthKitTestBench {
    /// Limits what the app reads of the types to the samples starting at `date` or later; nil gives the whole
    /// history back. The app must still be granted reading the types.
    public func limitHistory(of app: HKSource, for types: Set<HKObjectType>, from date: Date?) {
        for type in types {
            dataStore.access.setReadWindow(from: date, client: app.bundleIdentifier, type: type.identifier)
        }
    }
}

/// The person's unit settings, as the Health app sets them (apps cannot): the device's locale, which the default
/// units follow, and the unit chosen for a type. Every health store of the bench posts `HKUserPreferencesDidChange`
/// after each change.
extension HealthKitTestBench {
    /// Sets the locale the default units follow (`en_US`, `de_DE`); nil: the imported export's locale again, else
    /// `en_US`. Throws `errorInvalidArgument` for an identifier that is not a locale.
    public func setLocale(_ identifier: String?) throws {
        do {
            try dataStore.setUnitLocale(identifier.map { try UnitLocale(identifier: $0) })
        } catch {
            throw HKError(.errorInvalidArgument, "\(error)")
        }
    }

    /// Chooses the unit of a quantity type (nil: back to the locale's default). Throws `errorInvalidArgument` for a
    /// unit that does not measure what the type measures.
    public func setPreferredUnit(_ unit: HKUnit?, for type: HKQuantityType) throws {
        do {
            try dataStore.setPreferredUnit(unit.map { try HealthUnit(parsing: $0.unitString) }, for: type.sampleType)
        } catch {
            throw HKError(.errorInvalidArgument, "\(error)")
        }
    }
}

/// Driving workout sessions off-device: a scripted sensor feed read by `HKLiveWorkoutDataSource`, delivered as the
/// bench's clock moves on.
extension HealthKitTestBench {
    /// The bench's sensor feed: what a watch's sensors would measure during a workout.
    public var sensorFeed: LiveSensorFeed { LiveSensorFeed.install(for: dataStore) }

    /// Scripts sensor readings: each a quantity of a type over an interval (an instant when `end` is nil).
    public func scriptSensorReadings(_ readings: [(HKQuantityType, HKQuantity, start: Date, end: Date?)]) {
        sensorFeed.script(
            readings.map {
                LiveSensorFeed.Reading(type: $0.0, quantity: $0.1, start: $0.start, end: $0.end ?? $0.start)
            })
    }

    /// Moves the clock on and hands the running live workout builders the readings that ended by then, as a watch
    /// delivers its sensors' data during a workout.
    public func advanceWorkout(by seconds: TimeInterval) {
        clock.advance(by: seconds)
        sensorFeed.deliver(until: clock.now())
    }
}

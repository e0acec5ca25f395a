import Foundation
import HealthModel
import HealthStore
import Synchronization

/// Where a live workout builder's samples come from, as in HealthKit: the types it collects, chosen from the
/// workout's configuration and changed with `enableCollection`/`disableCollection`. Off-device the samples are the
/// readings of the test bench's scripted sensor feed (`LiveSensorFeed`), delivered as the bench's clock moves on;
/// without a feed nothing is collected.
open class HKLiveWorkoutDataSource: NSObject, @unchecked Sendable {
    private struct State: @unchecked Sendable {
        var types: [HKQuantityType: NSPredicate?] = [:]
        var delivered: Set<Int> = []
        weak var builder: HKLiveWorkoutBuilder?
    }

    private let healthStore: HKHealthStore
    private let state: Mutex<State>

    /// A data source collecting, for a workout set up as `configuration`, the types HealthKit collects for it:
    /// heart rate, active and basal energy, and the activity's distance (with strokes for swims).
    public init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?) {
        self.healthStore = healthStore
        var initial = State()
        for identifier in Self.defaultTypes(for: configuration?.activityType ?? .other) {
            initial.types[HKQuantityType(identifier)] = .some(nil)
        }
        state = Mutex(initial)
        super.init()
    }

    /// The quantity types being collected.
    open var typesToCollect: Set<HKQuantityType> { state.withLock { Set($0.types.keys) } }

    /// Collects a type too, its samples filtered by `predicate` when given.
    open func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        state.withLock { $0.types[quantityType] = .some(predicate) }
    }

    /// Stops collecting a type.
    open func disableCollection(for quantityType: HKQuantityType) {
        state.withLock { $0.types[quantityType] = nil }
    }

    static func defaultTypes(for activityType: HKWorkoutActivityType) -> [HKQuantityTypeIdentifier] {
        var types: [HKQuantityTypeIdentifier] = [.heartRate, .activeEnergyBurned, .basalEnergyBurned]
        switch activityType {
        case .cycling: types.append(.distanceCycling)
        case .swimming: types += [.distanceSwimming, .swimmingStrokeCount]
        case .wheelchairRunPace, .wheelchairWalkPace: types.append(.distanceWheelchair)
        case .downhillSkiing, .snowboarding: types.append(.distanceDownhillSnowSports)
        case .running, .walking, .hiking: types.append(.distanceWalkingRunning)
        default: break
        }
        return types
    }

    func attach(to builder: HKLiveWorkoutBuilder) {
        state.withLock { $0.builder = builder }
        LiveSensorFeed.feed(for: healthStore.dataStore)?.register(self)
    }

    /// Hands the builder the feed's readings of collected types that lie within its collection and end by `now`,
    /// each once.
    func deliver(_ readings: [LiveSensorFeed.Reading], until now: Date) {
        let (builder, chosen) = state.withLock { state -> (HKLiveWorkoutBuilder?, [HKSample]) in
            guard let builder = state.builder, builder.isCollecting, let start = builder.startDate else {
                return (nil, [])
            }
            var chosen: [HKSample] = []
            for (index, reading) in readings.enumerated()
            where !state.delivered.contains(index) && reading.startDate >= start && reading.endDate <= now {
                guard let entry = state.types[reading.type] else { continue }
                let sample = HKQuantitySample(
                    type: reading.type, quantity: reading.quantity, start: reading.startDate, end: reading.endDate)
                if let predicate = entry, !predicate.evaluate(with: sample) { continue }
                state.delivered.insert(index)
                chosen.append(sample)
            }
            return (builder, chosen)
        }
        builder?.collected(chosen)
    }
}

/// A scripted sensor feed for live workout builders off-device: readings at given times, delivered to the data
/// sources of a store's running workouts when `deliver(until:)` is called (the test bench calls it as its clock
/// moves on). One feed per store; `HealthKitTestBench` sets it up.
public final class LiveSensorFeed: Sendable {
    /// One scripted reading.
    public struct Reading: @unchecked Sendable {
        /// The reading's type.
        public let type: HKQuantityType
        /// Its value.
        public let quantity: HKQuantity
        /// When it starts.
        public let startDate: Date
        /// When it ends (equal to the start for an instant reading).
        public let endDate: Date

        /// A reading.
        public init(type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date) {
            self.type = type
            self.quantity = quantity
            self.startDate = start
            self.endDate = end
        }
    }

    private struct WeakSource: @unchecked Sendable {
        weak var source: HKLiveWorkoutDataSource?
    }

    private let readings = Mutex<[Reading]>([])
    private let sources = Mutex<[WeakSource]>([])

    private struct Entry: @unchecked Sendable {
        weak var access: AnyObject?
        let feed: LiveSensorFeed
    }
    private static let feeds = Mutex<[ObjectIdentifier: Entry]>([:])

    private init() {}

    /// The feed of a store (shared by every app's view of it), made on first use.
    public static func install(for dataStore: HealthDataStore) -> LiveSensorFeed {
        feeds.withLock { feeds in
            let key = ObjectIdentifier(dataStore.access)
            if let entry = feeds[key], entry.access === dataStore.access { return entry.feed }
            feeds = feeds.filter { $0.value.access != nil }
            let feed = LiveSensorFeed()
            feeds[key] = Entry(access: dataStore.access, feed: feed)
            return feed
        }
    }

    static func feed(for dataStore: HealthDataStore) -> LiveSensorFeed? {
        feeds.withLock { feeds in
            let key = ObjectIdentifier(dataStore.access)
            guard let entry = feeds[key], entry.access === dataStore.access else { return nil }
            return entry.feed
        }
    }

    /// Adds readings to the script.
    public func script(_ more: [Reading]) {
        readings.withLock { $0 += more }
    }

    func register(_ source: HKLiveWorkoutDataSource) {
        sources.withLock { sources in
            sources = sources.filter { $0.source != nil && $0.source !== source }
            sources.append(WeakSource(source: source))
        }
    }

    /// Delivers to every collecting data source the readings that end by `now` and were not delivered yet.
    public func deliver(until now: Date) {
        let script = readings.withLock { $0 }
        for source in sources.withLock({ $0.compactMap(\.source) }) {
            source.deliver(script, until: now)
        }
    }
}

import Foundation
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite(
    "Series query descriptors: HKWorkoutRouteQueryDescriptor, HKHeartbeatSeriesQueryDescriptor, HKQuantitySeriesSampleQueryDescriptor",
    .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
struct SeriesDescriptorTests {
    @Test(
        "A route found with .workoutRoute() yields its 16,654 locations in time order through results(for:)",
        arguments: StorageBackend.allCases)
    func routeDescriptor(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let folder = try RouteExportFixture.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try ExportImporter(store: dataStore, clock: ContinuousClock()).importExport(at: folder)
        let healthStore = HKHealthStore(dataStore: dataStore)
        let routes = try await HKSampleQueryDescriptor(predicates: [.workoutRoute()], sortDescriptors: []).result(
            for: healthStore)
        let route = try #require(routes.first)
        #expect(routes.count == 1 && route.count == 16_654)
        var locations: [CLLocation] = []
        for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: healthStore) {
            locations.append(location)
        }
        #expect(locations.count == 16_654)
        #expect(locations.first?.coordinate.latitude == -34.017655)
        #expect(locations.first?.coordinate.longitude == 23.842259)
        #expect(locations.map(\.timestamp) == locations.map(\.timestamp).sorted())
    }

    @Test(
        "The ipyhealth heartbeat series through .heartbeatSeries() and results(for:): 46 beats from 0, the first without a gap",
        arguments: StorageBackend.allCases)
    func heartbeatDescriptor(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        _ = try ExportImporter(store: dataStore, clock: ContinuousClock()).importExport(
            at: SharedFixtures.url("ipyhealth-export.xml"))
        let healthStore = HKHealthStore(dataStore: dataStore)
        let found = try await HKSampleQueryDescriptor(predicates: [.heartbeatSeries()], sortDescriptors: []).result(
            for: healthStore)
        let series = try #require(found.first)
        var beats: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
        let descriptor = HKHeartbeatSeriesQueryDescriptor(series)
        #expect(descriptor.sample.uuid == series.uuid, "the series is `sample`, as HealthKit names it")
        for try await beat in descriptor.results(for: healthStore) { beats.append(beat) }
        #expect(beats.count == 46)
        #expect(beats.first?.timeIntervalSinceStart == 0 && beats.first?.precededByGap == false)
        #expect(beats.map(\.timeIntervalSinceStart) == beats.map(\.timeIntervalSinceStart).sorted())

        var callback: [(TimeInterval, Bool)] = []
        let log = DeliveryLog<(TimeInterval, Bool)>()
        healthStore.execute(
            HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, _, _ in log.append((time, gap)) })
        callback = try await log.wait(forCount: 46)
        #expect(callback.map(\.0) == beats.map(\.timeIntervalSinceStart))
        #expect(callback.map(\.1) == beats.map(\.precededByGap))
    }

    @Test(
        "Quantity series entries come one per sample without entries, with the sample when asked, ordered by sample start",
        arguments: StorageBackend.allCases)
    func quantitySeriesDescriptor(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let steps = HKQuantityType(.stepCount)
        let morning = Date(timeIntervalSince1970: 1_711_872_000)  // 2024-03-31 08:00 Berlin (summer time)
        let later = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 730),
            start: morning.addingTimeInterval(3_600),
            end: morning.addingTimeInterval(4_200))
        let earlier = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 215), start: morning,
            end: morning.addingTimeInterval(300))
        try await healthStore.save([later, earlier])
        var descriptor = HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: steps))
        var saved: [Double] = []
        for try await entry in descriptor.results(for: healthStore) {
            #expect(entry.sample == nil)
            saved.append(entry.quantity.doubleValue(for: .count()))
        }
        #expect(saved == [730, 215], "the order samples were saved")
        descriptor.options = [.orderByQuantitySampleStartDate, .includeSample]
        var ordered: [HKQuantitySeriesSampleQueryDescriptor.Result] = []
        for try await entry in descriptor.results(for: healthStore) { ordered.append(entry) }
        #expect(ordered.map { $0.quantity.doubleValue(for: .count()) } == [215, 730])
        #expect(ordered.map(\.sample?.uuid) == [earlier.uuid, later.uuid])
        #expect(ordered.first?.dateInterval == DateInterval(start: morning, end: morning.addingTimeInterval(300)))
    }

    @Test("Sample predicates are equal when their types and predicates are")
    func samplePredicateEquality() {
        let day = HKQuery.predicateForSamples(
            withStart: Date(timeIntervalSince1970: 1_711_843_200), end: Date(timeIntervalSince1970: 1_711_929_600))
        let sameDay = HKQuery.predicateForSamples(
            withStart: Date(timeIntervalSince1970: 1_711_843_200), end: Date(timeIntervalSince1970: 1_711_929_600))
        let steps = HKQuantityType(.stepCount)
        #expect(
            HKSamplePredicate.quantitySample(type: steps, predicate: day)
                == .quantitySample(type: steps, predicate: sameDay))
        #expect(HKSamplePredicate.quantitySample(type: steps, predicate: day) != .quantitySample(type: steps))
        #expect(HKSamplePredicate.quantitySample(type: steps) != .quantitySample(type: HKQuantityType(.heartRate)))
        #expect(Set([HKSamplePredicate.workoutRoute(), .workoutRoute()]).count == 1)
        #expect(HKSamplePredicate.heartbeatSeries().sampleType == HKSeriesType.heartbeat())
    }
}

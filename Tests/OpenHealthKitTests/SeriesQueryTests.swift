import Foundation
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// Exports made around the real files of `../shared/fixtures`.
enum RouteExportFixture {
    /// An export folder with one running workout whose route is the ipyhealth GPX fixture (16,654 points).
    static func make() throws -> URL {
        try RouteExportFolder.make(
            "ohk-route",
            workouts: """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="60" durationUnit="min" sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 18:50:00 +0200" startDate="2020-01-18 17:49:00 +0200" endDate="2020-01-18 18:49:00 +0200">
                  <WorkoutRoute sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 18:50:00 +0200" startDate="2020-01-18 17:49:00 +0200" endDate="2020-01-18 18:49:00 +0200">
                   <FileReference path="\(RouteExportFolder.referencePath)"/>
                  </WorkoutRoute>
                 </Workout>
                """)
    }
}

@Suite(
    "Series: HKSeriesType sample queries, HKWorkoutRouteQuery, HKHeartbeatSeriesQuery, from real exports",
    .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
struct SeriesQueryTests {
    @Test(
        "A workout's route is found by its workout and read in batches: 16,654 locations, the GPX's first point first",
        arguments: StorageBackend.allCases)
    func workoutRoute(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let folder = try RouteExportFixture.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try ExportImporter(store: dataStore, clock: ContinuousClock()).importExport(at: folder)
        let healthStore = HKHealthStore(dataStore: dataStore)
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(
            for: healthStore)
        let workout = try #require(workouts.first)
        let routes: [HKSample] = await withCheckedContinuation { continuation in
            healthStore.execute(
                HKSampleQuery(
                    sampleType: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout),
                    limit: HKObjectQueryNoLimit,
                    sortDescriptors: nil
                ) { _, samples, _ in continuation.resume(returning: samples ?? []) })
        }
        let route = try #require(routes.first as? HKWorkoutRoute)
        #expect(routes.count == 1)
        #expect(route.count == 16_654)
        #expect(route.sampleType == HKSeriesType.workoutRoute())

        let batches = DeliveryLog<([CLLocation], Bool)>()
        healthStore.execute(
            HKWorkoutRouteQuery(route: route) { _, locations, done, error in
                #expect(error == nil)
                batches.append((locations ?? [], done))
            })
        let deadline = Date().addingTimeInterval(120)
        while !(batches.all.last?.1 ?? false), Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        let all = batches.all
        #expect(all.flatMap(\.0).count == 16_654)
        #expect(all.map(\.1) == Array(repeating: false, count: all.count - 1) + [true])
        let first = try #require(all.first?.0.first)
        #expect(first.coordinate.latitude == -34.017655 && first.coordinate.longitude == 23.842259)
        let times = all.flatMap(\.0).map(\.timestamp)
        #expect(times == times.sorted())

        // A route is a sample of its own: deleted alone, it is gone, and its workout stays.
        try await healthStore.delete(route)
        let left = try await HKSampleQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.workoutRoute())], sortDescriptors: []
        ).result(for: healthStore)
        #expect(left.isEmpty)
        #expect(try healthStore.dataStore.workout(withUUID: workout.uuid) != nil)
    }

    @Test(
        "The heartbeat series under the ipyhealth HRV record: 46 beats from time 0, in order, done on the last",
        arguments: StorageBackend.allCases)
    func heartbeatSeries(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        _ = try ExportImporter(store: dataStore, clock: ContinuousClock()).importExport(
            at: SharedFixtures.url("ipyhealth-export.xml"))
        let healthStore = HKHealthStore(dataStore: dataStore)
        let found = try await HKSampleQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.heartbeat())], sortDescriptors: []
        ).result(for: healthStore)
        let series = try #require(found.first as? HKHeartbeatSeriesSample)
        #expect(found.count == 1)
        #expect(series.count == 46)
        let beats = DeliveryLog<(TimeInterval, Bool, Bool)>()
        healthStore.execute(
            HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, error in
                #expect(error == nil)
                beats.append((time, gap, done))
            })
        let all = try await beats.wait(forCount: 46)
        #expect(all.count == 46)
        #expect(all.first?.0 == 0)
        #expect(all.map(\.0) == all.map(\.0).sorted())
        #expect(all.map(\.2) == Array(repeating: false, count: 45) + [true])
        #expect(all.first?.1 == false)

        // A date window outside the series finds nothing.
        let early = HKQuery.predicateForSamples(
            withStart: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 1_000))
        #expect(
            try await HKSampleQueryDescriptor(
                predicates: [.sample(type: HKSeriesType.heartbeat(), predicate: early)], sortDescriptors: []
            ).result(for: healthStore).isEmpty)
    }
}

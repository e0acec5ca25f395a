import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Sample query: limit, sort, descriptors and predicates (SEMANTICS §3, §4)")
struct SampleQueryTests {
    // MARK: - Limit

    /// Five step samples saved out of time order; returns them in insertion order.
    private func fiveStepSamples(in store: HealthDataStore) throws -> [Sample] {
        let samples = try [40.0, 10, 30, 0, 20].enumerated().map { index, minutes in
            try Fixture.steps(Double(400 + index * 100), from: Fixture.at(minutes))
        }
        try store.save(samples, as: Fixture.watch)
        return samples
    }

    @Test("Limit 0 returns every match", arguments: StorageBackend.allCases)
    func limitZeroMeansAll(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let samples = try fiveStepSamples(in: store)
        #expect(try store.uuids(Fixture.stepCount, limit: 0) == samples.map(\.uuid))
    }

    @Test("A limit below the match count keeps the first n in the requested order", arguments: StorageBackend.allCases)
    func limitBelowMatches(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let samples = try fiveStepSamples(in: store)
        #expect(try store.uuids(Fixture.stepCount, limit: 2) == [samples[0].uuid, samples[1].uuid])
        // The limit applies after sorting: the two latest starts, not the two first inserted.
        let latest = try store.uuids(Fixture.stepCount, limit: 2, sort: [SampleSort(.startDate, ascending: false)])
        #expect(latest == [samples[0].uuid, samples[2].uuid])
        let earliest = try store.uuids(Fixture.stepCount, limit: 1, sort: [SampleSort(.startDate)])
        #expect(earliest == [samples[3].uuid])
    }

    @Test("A limit above the match count returns every match", arguments: StorageBackend.allCases)
    func limitAboveMatches(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let samples = try fiveStepSamples(in: store)
        #expect(try store.uuids(Fixture.stepCount, limit: 50) == samples.map(\.uuid))
        let window: SamplePredicate = .date(start: Fixture.at(10), end: Fixture.at(30), options: .strictStartDate)
        #expect(try store.uuids(Fixture.stepCount, window, limit: 5) == [samples[1].uuid, samples[4].uuid])
    }

    @Test("A negative limit is an invalid query", arguments: StorageBackend.allCases)
    func negativeLimit(backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try fiveStepSamples(in: store)
        let error = #expect(throws: HealthStoreError.self) { try store.uuids(Fixture.stepCount, limit: -1) }
        guard case .engine(.invalidQuery(field: "limit", reason: _)) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
    }

    // MARK: - Sort

    @Test(
        "Without a sort, results come in insertion order even when inserted out of time order",
        arguments: StorageBackend.allCases)
    func noSortIsInsertionOrder(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let late = try Fixture.steps(900, from: Fixture.at(120))
        let early = try Fixture.steps(300, from: Fixture.at(0))
        let middle = try Fixture.steps(650, from: Fixture.at(60))
        let earliest = try Fixture.steps(120, from: Fixture.at(-60))
        try store.save([late, early], as: Fixture.watch)
        try store.save([middle], as: Fixture.phone)
        try store.save([earliest], as: Fixture.watch)
        let expected = [late, early, middle, earliest].map(\.uuid)
        #expect(try store.uuids(Fixture.stepCount) == expected)
        // Through the time index as well: a window that covers everything.
        let window: SamplePredicate = .date(start: Fixture.at(-120), end: Fixture.at(240), options: [])
        #expect(try store.uuids(Fixture.stepCount, window) == expected)
    }

    @Test("Sorting by start date ascending and descending", arguments: StorageBackend.allCases)
    func sortByStart(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let samples = try fiveStepSamples(in: store)  // starts at 40, 10, 30, 0, 20 minutes
        let ascending = try store.uuids(Fixture.stepCount, sort: [SampleSort(.startDate)])
        #expect(ascending == [3, 1, 4, 2, 0].map { samples[$0].uuid })
        let descending = try store.uuids(Fixture.stepCount, sort: [SampleSort(.startDate, ascending: false)])
        #expect(descending == [0, 2, 4, 1, 3].map { samples[$0].uuid })
    }

    @Test("Sorting by end date orders by end, not start", arguments: StorageBackend.allCases)
    func sortByEnd(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let long = try Fixture.steps(4200, from: Fixture.at(0), minutes: 90)  // ends at 90
        let short = try Fixture.steps(800, from: Fixture.at(30), minutes: 10)  // ends at 40
        let late = try Fixture.steps(500, from: Fixture.at(60), minutes: 5)  // ends at 65
        try store.save([long, short, late], as: Fixture.watch)
        #expect(try store.uuids(Fixture.stepCount, sort: [SampleSort(.endDate)]) == [short.uuid, late.uuid, long.uuid])
        #expect(
            try store.uuids(Fixture.stepCount, sort: [SampleSort(.endDate, ascending: false)]) == [
                long.uuid, late.uuid, short.uuid,
            ])
        // The start order differs, so the test would catch a sort on the wrong key.
        #expect(
            try store.uuids(Fixture.stepCount, sort: [SampleSort(.startDate)]) == [long.uuid, short.uuid, late.uuid])
    }

    @Test(
        "Ties keep insertion order in both directions, and a second key breaks them", arguments: StorageBackend.allCases
    )
    func tiesKeepInsertionOrder(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let first = try Fixture.steps(100, from: Fixture.at(30), minutes: 5)
        let second = try Fixture.steps(200, from: Fixture.at(30), minutes: 15)
        let earlier = try Fixture.steps(300, from: Fixture.at(0), minutes: 10)
        let third = try Fixture.steps(400, from: Fixture.at(30), minutes: 10)
        try store.save([first, second], as: Fixture.watch)
        try store.save([earlier, third], as: Fixture.phone)
        #expect(
            try store.uuids(Fixture.stepCount, sort: [SampleSort(.startDate)])
                == [earlier, first, second, third].map(\.uuid))
        #expect(
            try store.uuids(Fixture.stepCount, sort: [SampleSort(.startDate, ascending: false)])
                == [first, second, third, earlier].map(\.uuid))
        let twoKeys = [SampleSort(.startDate), SampleSort(.endDate, ascending: false)]
        #expect(try store.uuids(Fixture.stepCount, sort: twoKeys) == [earlier, second, third, first].map(\.uuid))
    }

    // MARK: - Several descriptors

    @Test(
        "Several descriptors return samples matching any of them, each once, in insertion order",
        arguments: StorageBackend.allCases)
    func severalDescriptors(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let morningSteps = try Fixture.steps(
            850, from: Fixture.at(5), metadata: [MetadataKey.wasUserEntered: .number(1)])
        let restingPulse = try Fixture.heartRate(58, at: Fixture.at(7))
        let eveningSteps = try Fixture.steps(1200, from: Fixture.at(600))
        let runningPulse = try Fixture.heartRate(148, at: Fixture.at(8))
        let enteredLater = try Fixture.steps(
            300, from: Fixture.at(700), metadata: [MetadataKey.wasUserEntered: .number(1)])
        try store.save([morningSteps, restingPulse, eveningSteps], as: Fixture.watch)
        try store.save([runningPulse, enteredLater], as: Fixture.phone)

        let request = SampleQueryRequest(descriptors: [
            SampleQueryDescriptor(
                type: Fixture.stepCount, predicate: .date(start: Fixture.at(0), end: Fixture.at(60), options: [])),
            SampleQueryDescriptor(
                type: Fixture.heartRate, predicate: .quantity(.greaterThan, Quantity(100, Fixture.bpm))),
            // Overlaps the first descriptor on `morningSteps`: it must still come back once.
            SampleQueryDescriptor(type: Fixture.stepCount, predicate: .metadataKeyExists(MetadataKey.wasUserEntered)),
        ])
        let result = try store.samples(request)
        #expect(result.map(\.uuid) == [morningSteps.uuid, runningPulse.uuid, enteredLater.uuid])
        #expect(Set(result.map(\.uuid)).count == result.count)

        let sorted = try store.samples(
            SampleQueryRequest(
                descriptors: request.descriptors, limit: 2, sort: [SampleSort(.startDate, ascending: false)]))
        #expect(sorted.map(\.uuid) == [enteredLater.uuid, runningPulse.uuid])
    }

    // MARK: - Workout sorts

    private struct Workouts {
        let easyRun, longRide, pausedRun, strength: Sample
        var all: [Sample] { [easyRun, longRide, pausedRun, strength] }
    }

    private func saveWorkouts(in store: HealthDataStore) throws -> Workouts {
        let kilojoule = HealthUnit.joule(.kilo)
        let easyRun = try Sample.workout(
            activityTypeRawValue: 37, start: Fixture.at(0), end: Fixture.at(30),
            statistics: [
                WorkoutStatistic(quantityTypeIdentifier: "activeEnergyBurned", sum: Quantity(320, .kilocalorie)),
                WorkoutStatistic(quantityTypeIdentifier: "distanceWalkingRunning", sum: Quantity(5, .meter(.kilo))),
            ])
        let longRide = try Sample.workout(
            activityTypeRawValue: 13, start: Fixture.at(120), end: Fixture.at(210),
            statistics: [
                // 2000 kJ is 478 kcal.
                WorkoutStatistic(quantityTypeIdentifier: "activeEnergyBurned", sum: Quantity(2000, kilojoule)),
                WorkoutStatistic(quantityTypeIdentifier: "distanceCycling", sum: Quantity(20, .mile)),  // 32 187 m
            ])
        let pausedRun = try Sample.workout(
            activityTypeRawValue: 37, start: Fixture.at(300), end: Fixture.at(360),
            events: [
                WorkoutEvent(type: .pause, startDate: Fixture.at(320)),
                WorkoutEvent(type: .resume, startDate: Fixture.at(330)),
            ],
            statistics: [
                WorkoutStatistic(quantityTypeIdentifier: "activeEnergyBurned", sum: Quantity(610, .kilocalorie)),
                // 3.1 mile is 4 989 m.
                WorkoutStatistic(quantityTypeIdentifier: "distanceWalkingRunning", sum: Quantity(3.1, .mile)),
            ])
        let strength = try Sample.workout(activityTypeRawValue: 50, start: Fixture.at(400), end: Fixture.at(455))
        let workouts = Workouts(easyRun: easyRun, longRide: longRide, pausedRun: pausedRun, strength: strength)
        try store.save(workouts.all, as: Fixture.watch)
        return workouts
    }

    @Test("Workouts sort by active duration (pauses excluded)", arguments: StorageBackend.allCases)
    func workoutSortByDuration(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let w = try saveWorkouts(in: store)
        #expect(w.pausedRun.workoutContent?.duration == TimeInterval(50 * 60))
        // Elapsed time would put the paused run (60 min) after the 55-minute strength session; active time (50 min)
        // puts it before.
        let ascending = try store.uuids(.workout, sort: [SampleSort(.workoutDuration)])
        #expect(ascending == [w.easyRun, w.pausedRun, w.strength, w.longRide].map(\.uuid))
        let descending = try store.uuids(.workout, sort: [SampleSort(.workoutDuration, ascending: false)])
        #expect(descending == [w.longRide, w.strength, w.pausedRun, w.easyRun].map(\.uuid))
    }

    @Test(
        "Workouts sort by total energy across units, a missing total first when ascending",
        arguments: StorageBackend.allCases)
    func workoutSortByEnergy(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let w = try saveWorkouts(in: store)
        let ascending = try store.uuids(.workout, sort: [SampleSort(.workoutTotalEnergyBurned)])
        #expect(ascending == [w.strength, w.easyRun, w.longRide, w.pausedRun].map(\.uuid))
        let descending = try store.uuids(.workout, sort: [SampleSort(.workoutTotalEnergyBurned, ascending: false)])
        #expect(descending == [w.pausedRun, w.longRide, w.easyRun, w.strength].map(\.uuid))
    }

    @Test(
        "Workouts sort by total distance from any distance type and unit, a missing total first when ascending",
        arguments: StorageBackend.allCases)
    func workoutSortByDistance(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let w = try saveWorkouts(in: store)
        // 3.1 mi (4 989 m) < 5 km < 20 mi: a sort on raw values would put 3.1 first and 20 second.
        let ascending = try store.uuids(.workout, sort: [SampleSort(.workoutTotalDistance)])
        #expect(ascending == [w.strength, w.pausedRun, w.easyRun, w.longRide].map(\.uuid))
        let descending = try store.uuids(.workout, sort: [SampleSort(.workoutTotalDistance, ascending: false)])
        #expect(descending == [w.longRide, w.easyRun, w.pausedRun, w.strength].map(\.uuid))
    }

    // MARK: - Provenance predicates

    @Test("Source and source-revision predicates", arguments: StorageBackend.allCases)
    func sourcePredicates(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let fromWatch = try Fixture.steps(900, from: Fixture.at(0))
        let fromPhone = try Fixture.steps(870, from: Fixture.at(0))
        let fromApp = try Fixture.steps(1000, from: Fixture.at(0))
        let fromOlderWatch = try Fixture.steps(450, from: Fixture.at(-1440))
        try store.save([fromWatch], as: Fixture.watch)
        try store.save([fromPhone], as: Fixture.phone)
        try store.save([fromApp], as: Fixture.app)
        try store.save([fromOlderWatch], as: Fixture.watchOlder)

        #expect(
            try store.uuids(Fixture.stepCount, .sources([Fixture.watchSource])) == [
                fromWatch.uuid, fromOlderWatch.uuid,
            ])
        #expect(
            try store.uuids(Fixture.stepCount, .sources([Fixture.phoneSource, Fixture.appSource])) == [
                fromPhone.uuid, fromApp.uuid,
            ])
        // A source with the same bundle identifier but another name is another source.
        let renamed = Source(name: "Watch", bundleIdentifier: Fixture.watchSource.bundleIdentifier)
        #expect(try store.uuids(Fixture.stepCount, .sources([renamed])).isEmpty)

        #expect(try store.uuids(Fixture.stepCount, .sourceRevisions([Fixture.watch])) == [fromWatch.uuid])
        #expect(
            try store.uuids(Fixture.stepCount, .sourceRevisions([Fixture.watchOlder, Fixture.app])) == [
                fromApp.uuid, fromOlderWatch.uuid,
            ])
        // Every field must be equal: the same source and version without product type and OS is another revision.
        let partial = SourceRevision(source: Fixture.watchSource, version: "10.3")
        #expect(try store.uuids(Fixture.stepCount, .sourceRevisions([partial])).isEmpty)
    }

    @Test("Device predicates: all properties equal, or one property among values", arguments: StorageBackend.allCases)
    func devicePredicates(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let current = try Fixture.steps(900, from: Fixture.at(0), device: Fixture.watchDevice(firmware: "10.3"))
        let oldFirmware = try Fixture.steps(800, from: Fixture.at(10), device: Fixture.watchDevice(firmware: "10.2"))
        let phone = try Fixture.steps(700, from: Fixture.at(20), device: Fixture.phoneDevice)
        let unknown = try Fixture.steps(600, from: Fixture.at(30))
        try store.save([current, oldFirmware, phone, unknown], as: Fixture.watch)

        // A separately built device with equal fields matches; one differing field (firmware) does not.
        #expect(try store.uuids(Fixture.stepCount, .devices([Fixture.watchDevice(firmware: "10.3")])) == [current.uuid])
        #expect(
            try store.uuids(Fixture.stepCount, .devices([Fixture.watchDevice(firmware: "10.3"), Fixture.phoneDevice]))
                == [current.uuid, phone.uuid])
        #expect(try store.uuids(Fixture.stepCount, .devices([Device(name: "Apple Watch")])).isEmpty)

        #expect(
            try store.uuids(Fixture.stepCount, .deviceProperty(.model, values: ["Watch"])) == [
                current.uuid, oldFirmware.uuid,
            ])
        #expect(
            try store.uuids(Fixture.stepCount, .deviceProperty(.firmwareVersion, values: ["10.2", "9.5"])) == [
                oldFirmware.uuid
            ])
        #expect(
            try store.uuids(Fixture.stepCount, .deviceProperty(.manufacturer, values: ["Apple Inc."])) == [
                current.uuid, oldFirmware.uuid, phone.uuid,
            ])
        // A property no device has (local identifier) never matches, even against the empty string.
        #expect(try store.uuids(Fixture.stepCount, .deviceProperty(.localIdentifier, values: [""])).isEmpty)
    }

    @Test("UUID predicates return the stored samples of the queried type only", arguments: StorageBackend.allCases)
    func uuidPredicates(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let a = try Fixture.steps(900, from: Fixture.at(0))
        let b = try Fixture.steps(800, from: Fixture.at(10))
        let c = try Fixture.steps(700, from: Fixture.at(20))
        let pulse = try Fixture.heartRate(66, at: Fixture.at(5))
        try store.save([a, b, c, pulse], as: Fixture.watch)

        #expect(try store.uuids(Fixture.stepCount, .uuids([b.uuid])) == [b.uuid])
        // Insertion order, not set order; unknown identifiers and other types' identifiers are left out.
        #expect(try store.uuids(Fixture.stepCount, .uuids([c.uuid, a.uuid, UUID(), pulse.uuid])) == [a.uuid, c.uuid])
        #expect(try store.uuids(Fixture.stepCount, .uuids([])).isEmpty)
        let combined: SamplePredicate = .and([
            .uuids([a.uuid, b.uuid, c.uuid]), .date(start: Fixture.at(5), end: nil, options: .strictStartDate),
        ])
        #expect(try store.uuids(Fixture.stepCount, combined) == [b.uuid, c.uuid])
        #expect(try store.uuids(Fixture.stepCount, .not(.uuids([b.uuid]))) == [a.uuid, c.uuid])
    }

    // MARK: - Metadata predicates

    @Test("Metadata key exists and value ∈ values (kinds never mix)", arguments: StorageBackend.allCases)
    func metadataExistsAndValues(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let typed = try Fixture.steps(
            1500, from: Fixture.at(0),
            metadata: [MetadataKey.wasUserEntered: .number(1), "com.example.route": .string("Embarcadero")])
        let park = try Fixture.steps(
            2400, from: Fixture.at(30),
            metadata: ["com.example.route": .string("Golden Gate Park"), "com.example.effort": .number(6)])
        let plain = try Fixture.steps(300, from: Fixture.at(60))
        try store.save([typed, park, plain], as: Fixture.phone)

        #expect(try store.uuids(Fixture.stepCount, .metadataKeyExists(MetadataKey.wasUserEntered)) == [typed.uuid])
        #expect(try store.uuids(Fixture.stepCount, .metadataKeyExists("com.example.route")) == [typed.uuid, park.uuid])
        #expect(try store.uuids(Fixture.stepCount, .metadataKeyExists("com.example.missing")).isEmpty)

        let routes: SamplePredicate = .metadataValues(
            key: "com.example.route", values: [.string("Presidio"), .string("Golden Gate Park")])
        #expect(try store.uuids(Fixture.stepCount, routes) == [park.uuid])
        #expect(
            try store.uuids(Fixture.stepCount, .metadataValues(key: "com.example.effort", values: [.number(6)])) == [
                park.uuid
            ])
        // The string "6" is not the number 6.
        #expect(
            try store.uuids(Fixture.stepCount, .metadataValues(key: "com.example.effort", values: [.string("6")]))
                .isEmpty)
        // Samples without the key are not "not equal": NOT of a key check still includes them.
        #expect(try store.uuids(Fixture.stepCount, .not(.metadataKeyExists("com.example.route"))) == [plain.uuid])
    }

    @Test(
        "Metadata compared with an operator: numbers, strings, dates and quantities", arguments: StorageBackend.allCases
    )
    func metadataComparison(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let synced = Fixture.at(-60)
        let easy = try Fixture.steps(
            1000, from: Fixture.at(0),
            metadata: [
                "com.example.effort": .number(3), "com.example.route": .string("Embarcadero"),
                "com.example.syncedAt": .date(synced), "HKElevationAscended": .quantity(Quantity(418, .meter(.centi))),
            ])
        let medium = try Fixture.steps(
            2000, from: Fixture.at(20),
            metadata: [
                "com.example.effort": .number(6), "com.example.route": .string("Golden Gate Park"),
                "com.example.syncedAt": .date(synced.addingTimeInterval(1)),
                "HKElevationAscended": .quantity(Quantity(12, .meter())),
            ])
        let hard = try Fixture.steps(
            3000, from: Fixture.at(40),
            metadata: [
                "com.example.effort": .number(8.5), "com.example.route": .string("Presidio"),
                "com.example.syncedAt": .date(synced.addingTimeInterval(-1)),
                "HKElevationAscended": .quantity(Quantity(50, .foot)),
            ])
        let none = try Fixture.steps(400, from: Fixture.at(60))
        try store.save([easy, medium, hard, none], as: Fixture.app)

        func query(_ key: String, _ comparison: ComparisonOperator, _ value: MetadataValue) throws -> [UUID] {
            try store.uuids(Fixture.stepCount, .metadataComparison(key: key, comparison: comparison, value: value))
        }
        // Numbers.
        #expect(try query("com.example.effort", .greaterThan, .number(5)) == [medium.uuid, hard.uuid])
        #expect(try query("com.example.effort", .lessThanOrEqualTo, .number(6)) == [easy.uuid, medium.uuid])
        #expect(try query("com.example.effort", .equalTo, .number(8.5)) == [hard.uuid])
        #expect(try query("com.example.effort", .notEqualTo, .number(6)) == [easy.uuid, hard.uuid])
        // Strings compare lexicographically.
        #expect(try query("com.example.route", .lessThan, .string("G")) == [easy.uuid])
        #expect(
            try query("com.example.route", .greaterThanOrEqualTo, .string("Golden Gate Park")) == [
                medium.uuid, hard.uuid,
            ])
        // Dates, to the second.
        #expect(try query("com.example.syncedAt", .greaterThanOrEqualTo, .date(synced)) == [easy.uuid, medium.uuid])
        #expect(try query("com.example.syncedAt", .lessThan, .date(synced)) == [hard.uuid])
        // Quantities compare after unit conversion: 418 cm = 4.18 m, 12 m, 50 ft = 15.24 m.
        #expect(
            try query("HKElevationAscended", .greaterThan, .quantity(Quantity(10, .meter()))) == [
                medium.uuid, hard.uuid,
            ])
        #expect(
            try query("HKElevationAscended", .lessThan, .quantity(Quantity(40, .foot))) == [easy.uuid, medium.uuid])
        // A value of another kind never compares, not even with "!=".
        #expect(try query("com.example.effort", .notEqualTo, .string("3")).isEmpty)
        #expect(try query("com.example.route", .greaterThan, .number(0)).isEmpty)
    }

    // MARK: - Correlations and workouts

    @Test(
        "noCorrelation leaves out members of a saved food correlation, which a plain query still returns",
        arguments: StorageBackend.allCases)
    func noCorrelation(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let yogurtEnergy = try Sample.quantity(
            type: Fixture.dietaryEnergy, quantity: Quantity(150, .kilocalorie), start: Fixture.at(0), end: Fixture.at(0)
        )
        let yogurtProtein = try Sample.quantity(
            type: Fixture.dietaryProtein, quantity: Quantity(17, .gram()), start: Fixture.at(0), end: Fixture.at(0))
        let yogurt = try Sample.correlation(
            type: Fixture.food, start: Fixture.at(0), end: Fixture.at(0), objects: [yogurtEnergy, yogurtProtein],
            metadata: [MetadataKey.foodType: .string("Greek yogurt")])
        let snack = try Sample.quantity(
            type: Fixture.dietaryEnergy, quantity: Quantity(210, .kilocalorie), start: Fixture.at(90),
            end: Fixture.at(90))
        try store.save([yogurt], as: Fixture.app)
        try store.save([snack], as: Fixture.app)

        #expect(try store.uuids(Fixture.dietaryEnergy) == [yogurtEnergy.uuid, snack.uuid])
        #expect(try store.uuids(Fixture.dietaryEnergy, .noCorrelation) == [snack.uuid])
        #expect(try store.uuids(Fixture.dietaryEnergy, .not(.noCorrelation)) == [yogurtEnergy.uuid])
        #expect(try store.uuids(Fixture.dietaryProtein, .noCorrelation).isEmpty)
        #expect(try store.uuids(Fixture.dietaryProtein) == [yogurtProtein.uuid])

        let correlations = try store.all(Fixture.food)
        #expect(correlations.map(\.uuid) == [yogurt.uuid])
        #expect(correlations.first?.correlatedObjects?.map(\.uuid) == [yogurtEnergy.uuid, yogurtProtein.uuid])
        #expect(correlations.first?.correlatedObjects?.allSatisfy { $0.sourceRevision == Fixture.app } == true)

        // Once the correlation is deleted its former members belong to no correlation.
        try store.delete([yogurt.uuid])
        #expect(try store.uuids(Fixture.dietaryEnergy, .noCorrelation) == [yogurtEnergy.uuid, snack.uuid])
    }

    @Test(
        "associatedWithWorkout returns the samples associated with that workout only",
        arguments: StorageBackend.allCases)
    func associatedWithWorkout(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let run = try Sample.workout(activityTypeRawValue: 37, start: Fixture.at(0), end: Fixture.at(30))
        let walk = try Sample.workout(activityTypeRawValue: 52, start: Fixture.at(60), end: Fixture.at(90))
        let pulses = try [132.0, 151, 144, 96].enumerated().map { index, bpm in
            try Fixture.heartRate(bpm, at: Fixture.at(Double(index) * 10 + 5))
        }
        try store.save([run, walk], as: Fixture.watch)
        try store.save(pulses, as: Fixture.watch)
        try store.associate([pulses[2].uuid, pulses[0].uuid], withWorkout: run.uuid)
        try store.associate([pulses[3].uuid], withWorkout: walk.uuid)

        #expect(
            try store.uuids(Fixture.heartRate, .associatedWithWorkout(run.uuid)) == [pulses[0].uuid, pulses[2].uuid])
        #expect(try store.uuids(Fixture.heartRate, .associatedWithWorkout(walk.uuid)) == [pulses[3].uuid])
        #expect(try store.uuids(Fixture.heartRate, .associatedWithWorkout(UUID())).isEmpty)
        let elevated: SamplePredicate = .and([
            .associatedWithWorkout(run.uuid), .quantity(.greaterThan, Quantity(140, Fixture.bpm)),
        ])
        #expect(try store.uuids(Fixture.heartRate, elevated) == [pulses[2].uuid])
        #expect(throws: HealthStoreError.objectNotFound(pulses[1].uuid)) {
            try store.associate([pulses[1].uuid], withWorkout: pulses[1].uuid)
        }
    }

    // MARK: - Value predicates

    @Test(
        "Quantity comparison converts units: >= 1 km matches 1200 m and not 800 m", arguments: StorageBackend.allCases)
    func quantityComparisonDistance(backend: StorageBackend) throws {
        let store = backend.makeStore()
        func walk(_ value: Double, _ unit: HealthUnit, at minutes: Double) throws -> Sample {
            try Sample.quantity(
                type: Fixture.distance, quantity: Quantity(value, unit), start: Fixture.at(minutes),
                end: Fixture.at(minutes + 15))
        }
        let long = try walk(1200, .meter(), at: 0)
        let short = try walk(800, .meter(), at: 20)
        let exact = try walk(1000, .meter(), at: 40)
        let miles = try walk(0.75, .mile, at: 60)  // 1 207 m
        try store.save([long, short, exact, miles], as: Fixture.watch)

        let oneKilometer = Quantity(1, .meter(.kilo))
        #expect(
            try store.uuids(Fixture.distance, .quantity(.greaterThanOrEqualTo, oneKilometer)) == [
                long.uuid, exact.uuid, miles.uuid,
            ])
        #expect(try store.uuids(Fixture.distance, .quantity(.greaterThan, oneKilometer)) == [long.uuid, miles.uuid])
        #expect(try store.uuids(Fixture.distance, .quantity(.equalTo, oneKilometer)) == [exact.uuid])
        // 0.5 mile is 804.672 m.
        #expect(try store.uuids(Fixture.distance, .quantity(.lessThan, Quantity(0.5, .mile))) == [short.uuid])
        #expect(try store.uuids(Fixture.distance, .quantity(.greaterThan, Quantity(1205, .meter()))) == [miles.uuid])
    }

    @Test(
        "Blood glucose comparison converts between mg/dL and mmol<180.15588000005408>/L",
        arguments: StorageBackend.allCases)
    func quantityComparisonGlucose(backend: StorageBackend) throws {
        let store = backend.makeStore()
        func glucose(_ value: Double, _ unit: HealthUnit, at minutes: Double) throws -> Sample {
            try Sample.quantity(
                type: Fixture.bloodGlucose, quantity: Quantity(value, unit), start: Fixture.at(minutes),
                end: Fixture.at(minutes))
        }
        let fasting = try glucose(5.5, Fixture.mmolPerLiter, at: 0)  // 99.0858 mg/dL
        let afterMeal = try glucose(126, Fixture.mgPerDeciliter, at: 90)  // 6.99 mmol/L
        let high = try glucose(7.8, Fixture.mmolPerLiter, at: 180)  // 140.52 mg/dL
        try store.save([fasting, afterMeal, high], as: Fixture.app)

        #expect(
            try store.uuids(Fixture.bloodGlucose, .quantity(.greaterThan, Quantity(100, Fixture.mgPerDeciliter))) == [
                afterMeal.uuid, high.uuid,
            ])
        #expect(
            try store.uuids(Fixture.bloodGlucose, .quantity(.lessThan, Quantity(6, Fixture.mmolPerLiter))) == [
                fasting.uuid
            ])
        // Tight bounds around 5.5 mmol/L = 99.0858 mg/dL catch a wrong molar mass (180 would give 99.0).
        let tight: SamplePredicate = .and([
            .quantity(.greaterThanOrEqualTo, Quantity(99.08, Fixture.mgPerDeciliter)),
            .quantity(.lessThan, Quantity(99.09, Fixture.mgPerDeciliter)),
        ])
        #expect(try store.uuids(Fixture.bloodGlucose, tight) == [fasting.uuid])
        // 126 mg/dL lies between 6.99 and 7.0 mmol/L.
        let between: SamplePredicate = .and([
            .quantity(.greaterThan, Quantity(6.99, Fixture.mmolPerLiter)),
            .quantity(.lessThan, Quantity(7.0, Fixture.mmolPerLiter)),
        ])
        #expect(try store.uuids(Fixture.bloodGlucose, between) == [afterMeal.uuid])
    }

    @Test("Category value compared with an operator and ∈ values", arguments: StorageBackend.allCases)
    func categoryValues(backend: StorageBackend) throws {
        let store = backend.makeStore()
        // inBed 0, asleepUnspecified 1, awake 2, asleepCore 3, asleepDeep 4, asleepREM 5
        let stages: [(Int, Double, Double)] = [
            (0, -30, 420), (3, 0, 90), (4, 90, 150), (2, 150, 160), (5, 160, 220), (3, 220, 400),
        ]
        let night = try stages.map { value, from, to in
            try Sample.category(type: Fixture.sleep, value: value, start: Fixture.at(from), end: Fixture.at(to))
        }
        try store.save(night, as: Fixture.watch)

        #expect(
            try store.uuids(Fixture.sleep, .categoryValue(.greaterThanOrEqualTo, 3))
                == [1, 2, 4, 5].map { night[$0].uuid })
        #expect(try store.uuids(Fixture.sleep, .categoryValue(.equalTo, 0)) == [night[0].uuid])
        #expect(try store.uuids(Fixture.sleep, .categoryValue(.lessThan, 3)) == [night[0].uuid, night[3].uuid])
        #expect(try store.uuids(Fixture.sleep, .categoryValues([2, 5])) == [night[3].uuid, night[4].uuid])
        #expect(try store.uuids(Fixture.sleep, .categoryValues([1])).isEmpty)
        let deepOrRemInFirstHours: SamplePredicate = .and([
            .categoryValues([4, 5]), .date(start: nil, end: Fixture.at(160), options: .strictEndDate),
        ])
        #expect(try store.uuids(Fixture.sleep, deepOrRemInFirstHours) == [night[2].uuid])
    }

    @Test(
        "Workout predicates: activity type, duration, statistics and total distance", arguments: StorageBackend.allCases
    )
    func workoutPredicates(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let w = try saveWorkouts(in: store)
        #expect(try store.uuids(.workout, .workoutActivityType(37)) == [w.easyRun.uuid, w.pausedRun.uuid])
        #expect(try store.uuids(.workout, .workoutActivityType(13)) == [w.longRide.uuid])
        #expect(try store.uuids(.workout, .workoutActivityType(46)).isEmpty)

        // The paused run lasts 60 minutes but is active for 50: only ">= 50 min" includes it.
        #expect(
            try store.uuids(.workout, .workoutDuration(.greaterThanOrEqualTo, 3000)) == [
                w.longRide.uuid, w.pausedRun.uuid, w.strength.uuid,
            ])
        #expect(try store.uuids(.workout, .workoutDuration(.greaterThan, 3000)) == [w.longRide.uuid, w.strength.uuid])
        #expect(try store.uuids(.workout, .workoutDuration(.lessThan, 45 * 60)) == [w.easyRun.uuid])

        // The ride's 2000 kJ is 478 kcal: above 450 kcal and below 500 kcal.
        let energy = { (comparison: ComparisonOperator, quantity: Quantity) -> SamplePredicate in
            .workoutStatistic(
                quantityTypeIdentifier: "HKQuantityTypeIdentifierActiveEnergyBurned", kind: .sum,
                comparison: comparison, value: quantity)
        }
        #expect(
            try store.uuids(.workout, energy(.greaterThan, Quantity(450, .kilocalorie))) == [
                w.longRide.uuid, w.pausedRun.uuid,
            ])
        #expect(
            try store.uuids(.workout, energy(.lessThan, Quantity(500, .kilocalorie))) == [
                w.easyRun.uuid, w.longRide.uuid,
            ])
        #expect(
            try store.uuids(.workout, energy(.greaterThanOrEqualTo, Quantity(2000, .joule(.kilo)))) == [
                w.longRide.uuid, w.pausedRun.uuid,
            ])

        // Total distance uses whichever distance type the workout recorded: 5 km, 20 mi, 3.1 mi.
        #expect(
            try store.uuids(.workout, .workoutTotalDistance(.greaterThanOrEqualTo, Quantity(5, .meter(.kilo)))) == [
                w.easyRun.uuid, w.longRide.uuid,
            ])
        #expect(
            try store.uuids(.workout, .workoutTotalDistance(.lessThan, Quantity(5000, .meter()))) == [w.pausedRun.uuid])
        let cycled: SamplePredicate = .workoutStatistic(
            quantityTypeIdentifier: "HKQuantityTypeIdentifierDistanceCycling", kind: .sum, comparison: .greaterThan,
            value: Quantity(30, .meter(.kilo)))
        #expect(try store.uuids(.workout, cycled) == [w.longRide.uuid])
    }

    @Test("AND, OR and NOT compounds", arguments: StorageBackend.allCases)
    func compounds(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let w = try saveWorkouts(in: store)
        #expect(
            try store.uuids(.workout, .and([.workoutActivityType(37), .workoutDuration(.greaterThan, 40 * 60)])) == [
                w.pausedRun.uuid
            ])
        #expect(
            try store.uuids(
                .workout, .or([.workoutActivityType(13), .workoutTotalDistance(.lessThan, Quantity(5, .meter(.kilo)))]))
                == [w.longRide.uuid, w.pausedRun.uuid])
        #expect(try store.uuids(.workout, .not(.workoutActivityType(37))) == [w.longRide.uuid, w.strength.uuid])
        #expect(try store.uuids(.workout, .not(.not(.workoutActivityType(37)))) == [w.easyRun.uuid, w.pausedRun.uuid])
        #expect(try store.uuids(.workout, .and([])) == w.all.map(\.uuid))
        #expect(try store.uuids(.workout, .or([])).isEmpty)
        // Date windows inside OR / NOT must not narrow the index search to one window.
        let outsideMorning: SamplePredicate = .not(.date(start: Fixture.at(0), end: Fixture.at(60), options: []))
        #expect(try store.uuids(.workout, outsideMorning) == [w.longRide.uuid, w.pausedRun.uuid, w.strength.uuid])
        let eitherWindow: SamplePredicate = .or([
            .date(start: Fixture.at(0), end: Fixture.at(60), options: .strictStartDate),
            .date(start: Fixture.at(400), end: nil, options: .strictStartDate),
        ])
        #expect(try store.uuids(.workout, eitherWindow) == [w.easyRun.uuid, w.strength.uuid])
        let mixed: SamplePredicate = .and([
            .sources([Fixture.watchSource]), .or([.workoutActivityType(50), .workoutDuration(.greaterThan, 80 * 60)]),
            .not(.metadataKeyExists(MetadataKey.wasUserEntered)),
        ])
        #expect(try store.uuids(.workout, mixed) == [w.longRide.uuid, w.strength.uuid])
    }

    // MARK: - Unevaluable predicates

    struct UnevaluableCase: Sendable, CustomTestStringConvertible {
        let name: String
        let type: SampleType
        let predicate: SamplePredicate
        var testDescription: String { name }

        static let all: [UnevaluableCase] = [
            UnevaluableCase(
                name: "quantity comparison on a category type", type: Fixture.sleep,
                predicate: .quantity(.greaterThan, Quantity(1, .count))),
            UnevaluableCase(
                name: "workout predicate on a quantity type", type: Fixture.stepCount,
                predicate: .workoutDuration(.greaterThan, 600)),
            UnevaluableCase(
                name: "incompatible unit for the type", type: Fixture.stepCount,
                predicate: .quantity(.greaterThanOrEqualTo, Quantity(1, .meter(.kilo)))),
            UnevaluableCase(
                name: "category comparison on a workout", type: .workout, predicate: .categoryValue(.equalTo, 3)),
            UnevaluableCase(
                name: "bad part hidden inside OR and NOT", type: Fixture.heartRate,
                predicate: .or([.all, .not(.workoutActivityType(37))])),
            UnevaluableCase(
                name: "bad part next to an empty date window", type: Fixture.sleep,
                predicate: .and([
                    .date(start: Fixture.at(60), end: Fixture.at(0), options: .strictStartDate),
                    .quantity(.lessThan, Quantity(1, .count)),
                ])),
        ]
    }

    @Test(
        "A predicate the engine cannot evaluate throws an error naming the type", arguments: StorageBackend.allCases,
        UnevaluableCase.all)
    func unevaluablePredicate(backend: StorageBackend, bad: UnevaluableCase) throws {
        let store = backend.makeStore()
        for withData in [false, true] {
            if withData {
                try store.save(
                    [
                        try Fixture.steps(500, from: Fixture.at(0)), try Fixture.heartRate(70, at: Fixture.at(1)),
                        try Sample.category(type: Fixture.sleep, value: 3, start: Fixture.at(-60), end: Fixture.at(30)),
                        try Sample.workout(activityTypeRawValue: 37, start: Fixture.at(0), end: Fixture.at(20)),
                    ], as: Fixture.watch)
            }
            let error = #expect(throws: HealthStoreError.self, "with data: \(withData)") {
                try store.uuids(bad.type, bad.predicate)
            }
            guard case let .engine(.predicateNotEvaluable(type, reason)) = error else {
                Issue.record("expected predicateNotEvaluable, got \(String(describing: error))")
                continue
            }
            #expect(type == bad.type.identifier)
            #expect(error?.description.contains(bad.type.identifier) == true)
            #expect(!reason.isEmpty)
        }
    }
}

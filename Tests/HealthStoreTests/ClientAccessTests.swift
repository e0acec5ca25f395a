import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Synchronization
import Testing

@Suite("Clients and permissions: what a client may see and do (SEMANTICS §8), on both backends")
struct ClientAccessTests {
    static let reader = "com.example.reader"
    static let logger = "com.example.logger"
    static let readerApp = SourceRevision(source: Source(name: "Reader", bundleIdentifier: reader), version: "1")
    static let loggerApp = SourceRevision(source: Source(name: "Logger", bundleIdentifier: logger), version: "1")

    /// A store where the Watch (through the store itself) and the logger app saved steps, and the reader saved its own.
    struct World {
        let store: HealthDataStore
        let reader: HealthDataStore
        let logger: HealthDataStore
        let watchSteps: [Sample]
        let loggerSteps: Sample
        let readerSteps: Sample
    }

    static func world(_ backend: StorageBackend, readerMayRead: Bool) throws -> World {
        let store = backend.makeStore()
        store.access.policy = readerMayRead ? .grantAll : .denyRead([Fixture.stepCount.identifier])
        let reader = store.client(Self.reader)
        let logger = store.client(Self.logger)
        store.access.request(
            client: Self.reader, share: [Fixture.stepCount.identifier], read: [Fixture.stepCount.identifier])
        store.access.request(
            client: Self.logger, share: [Fixture.stepCount.identifier, Fixture.heartRate.identifier], read: [])
        let watchSteps = try [0, 30].map { try Fixture.steps(100, from: Fixture.at($0)) }
        _ = try store.save(watchSteps, as: Fixture.watch)
        let loggerSteps = try Fixture.steps(40, from: Fixture.at(60))
        _ = try logger.save([loggerSteps], as: loggerApp)
        let readerSteps = try Fixture.steps(7, from: Fixture.at(90))
        _ = try reader.save([readerSteps], as: readerApp)
        return World(
            store: store, reader: reader, logger: logger, watchSteps: watchSteps, loggerSteps: loggerSteps,
            readerSteps: readerSteps)
    }

    @Test(
        "Without read permission a client sees only its own samples, in every kind of query",
        arguments: StorageBackend.allCases)
    func readDenialShowsOnlyOwnData(_ backend: StorageBackend) throws {
        let world = try Self.world(backend, readerMayRead: false)
        let reader = world.reader
        #expect(try reader.samples(SampleQueryRequest(type: Fixture.stepCount)).map(\.uuid) == [world.readerSteps.uuid])
        let total = try reader.statistics(of: Fixture.stepCount, options: [.cumulativeSum, .separateBySource])
        #expect(total.merged.sum?.value == 7)
        #expect(Set(total.bySource.keys.map(\.bundleIdentifier)) == [Self.reader])
        let collection = try reader.statisticsCollection(
            of: Fixture.stepCount, options: [.cumulativeSum], anchor: Fixture.morning,
            interval: DateComponents(hour: 1),
            calendar: Calendar(identifier: .gregorian))
        #expect(collection.statistics().compactMap(\.merged.sum?.value) == [7])
        let changes = try reader.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: Fixture.stepCount)]))
        #expect(changes.samples.map(\.uuid) == [world.readerSteps.uuid])
        #expect(try reader.storage.typeSummaries().map(\.count) == [1])
        #expect(try reader.storage.storedSamples(withUUIDs: Set(world.watchSteps.map(\.uuid))).isEmpty)

        // Deletions of others' samples are not revealed either.
        _ = try world.store.delete([world.watchSteps[0].uuid])
        let after = try reader.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: Fixture.stepCount)], anchor: changes.anchor))
        #expect(after.isEmpty)

        // The same client with read permission sees everything.
        let open = try Self.world(backend, readerMayRead: true)
        #expect(try open.reader.samples(SampleQueryRequest(type: Fixture.stepCount)).count == 4)
        #expect(
            try open.reader.statistics(of: Fixture.stepCount, options: [.cumulativeSum]).merged.sum?.value == 100 + 100
                + 40 + 7)
    }

    @Test(
        "Saving needs a sharing decision: not asked → authorizationNotDetermined, denied → authorizationDenied; all or nothing",
        arguments: StorageBackend.allCases)
    func savingNeedsPermission(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        store.access.policy = .denyShare([Fixture.heartRate.identifier])
        let app = store.client(Self.logger)
        #expect(throws: HealthStoreError.authorizationNotDetermined(type: Fixture.stepCount.identifier)) {
            try app.save([try Fixture.steps(1, from: Fixture.at(0))], as: Self.loggerApp)
        }
        store.access.request(
            client: Self.logger, share: [Fixture.stepCount.identifier, Fixture.heartRate.identifier], read: [])
        #expect(throws: HealthStoreError.authorizationDenied("sharing \(Fixture.heartRate.identifier) was denied")) {
            try app.save(
                [try Fixture.steps(1, from: Fixture.at(0)), try Fixture.heartRate(60, at: Fixture.at(1))],
                as: Self.loggerApp)
        }
        #expect(
            try store.samples(SampleQueryRequest(type: Fixture.stepCount)).isEmpty,
            "nothing of the refused batch was saved")
        _ = try app.save([try Fixture.steps(1, from: Fixture.at(0))], as: Self.loggerApp)
        #expect(try store.samples(SampleQueryRequest(type: Fixture.stepCount)).count == 1)
    }

    @Test(
        "A client deletes only what it saved: others' visible objects are refused, invisible ones do not exist for it",
        arguments: StorageBackend.allCases)
    func deletingOnlyOwnObjects(_ backend: StorageBackend) throws {
        let hidden = try Self.world(backend, readerMayRead: false)
        #expect(throws: HealthStoreError.objectNotFound(hidden.watchSteps[0].uuid)) {
            try hidden.reader.delete([hidden.readerSteps.uuid, hidden.watchSteps[0].uuid])
        }
        #expect(try hidden.store.samples(SampleQueryRequest(type: Fixture.stepCount)).count == 4, "all or nothing")
        let visible = try Self.world(backend, readerMayRead: true)
        #expect(
            throws: HealthStoreError.authorizationDenied(
                "deleting \(visible.loggerSteps.uuid), which another app saved")
        ) {
            try visible.reader.delete([visible.loggerSteps.uuid])
        }
        _ = try visible.reader.delete([visible.readerSteps.uuid])
        #expect(try visible.store.samples(SampleQueryRequest(type: Fixture.stepCount)).count == 3)
    }

    @Test(
        "A correlation shows only its readable members, and is hidden when none is readable; saving one needs every contained type",
        arguments: StorageBackend.allCases)
    func correlationsArePartlyVisible(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        store.access.policy = .denyRead([Fixture.dietaryProtein.identifier])
        let energy = try Sample.quantity(
            type: Fixture.dietaryEnergy, quantity: Quantity(150, .kilocalorie), start: Fixture.at(0), end: Fixture.at(0)
        )
        let protein = try Sample.quantity(
            type: Fixture.dietaryProtein, quantity: Quantity(17, .gram()), start: Fixture.at(0), end: Fixture.at(0))
        let yogurt = try Sample.correlation(
            type: Fixture.food, start: Fixture.at(0), end: Fixture.at(0), objects: [energy, protein])
        let onlyProtein = try Sample.correlation(
            type: Fixture.food, start: Fixture.at(5), end: Fixture.at(5),
            objects: [
                try Sample.quantity(
                    type: Fixture.dietaryProtein, quantity: Quantity(5, .gram()), start: Fixture.at(5),
                    end: Fixture.at(5))
            ])
        _ = try store.save([yogurt, onlyProtein], as: Fixture.app)
        let reader = store.client(Self.reader)
        store.access.request(
            client: Self.reader, share: [Fixture.dietaryEnergy.identifier],
            read: [Fixture.dietaryEnergy.identifier, Fixture.dietaryProtein.identifier])
        let foods = try reader.samples(SampleQueryRequest(type: Fixture.food))
        #expect(foods.map(\.uuid) == [yogurt.uuid])
        #expect(foods.first?.correlatedObjects?.map(\.uuid) == [energy.uuid])
        #expect(try reader.samples(SampleQueryRequest(type: Fixture.dietaryProtein)).isEmpty)

        let meal = try Sample.correlation(
            type: Fixture.food, start: Fixture.at(9), end: Fixture.at(9),
            objects: [
                try Sample.quantity(
                    type: Fixture.dietaryEnergy, quantity: Quantity(90, .kilocalorie), start: Fixture.at(9),
                    end: Fixture.at(9)),
                try Sample.quantity(
                    type: Fixture.dietaryProtein, quantity: Quantity(3, .gram()), start: Fixture.at(9),
                    end: Fixture.at(9)),
            ])
        #expect(throws: HealthStoreError.authorizationNotDetermined(type: Fixture.dietaryProtein.identifier)) {
            try reader.save([meal], as: Self.readerApp)
        }
    }

    @Test(
        "A blood pressure shows its systolic sample alone to a client reading only systolic pressure (HealthKit keeps the correlation)",
        arguments: StorageBackend.allCases)
    func bloodPressureWithOneReadableMember(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let systolicType = try SampleType.quantity("bloodPressureSystolic")
        let diastolicType = try SampleType.quantity("bloodPressureDiastolic")
        let mmHg = try HealthUnit(parsing: "mmHg")
        let systolic = try Sample.quantity(
            type: systolicType, quantity: Quantity(121, mmHg), start: Fixture.at(0), end: Fixture.at(0))
        let diastolic = try Sample.quantity(
            type: diastolicType, quantity: Quantity(79, mmHg), start: Fixture.at(0), end: Fixture.at(0))
        let pressure = try Sample.correlation(
            type: try SampleType.correlation("bloodPressure"), start: Fixture.at(0), end: Fixture.at(0),
            objects: [systolic, diastolic])
        _ = try store.save([pressure], as: Fixture.app)
        let reader = store.client(Self.reader)
        store.access.request(client: Self.reader, share: [], read: [systolicType.identifier])
        store.access.setDecision(.denied, client: Self.reader, type: diastolicType.identifier, share: false)
        let seen = try reader.samples(SampleQueryRequest(type: pressure.type))
        #expect(seen.map(\.uuid) == [pressure.uuid])
        #expect(seen.first?.correlatedObjects?.map(\.uuid) == [systolic.uuid])
        #expect(try reader.samples(SampleQueryRequest(type: diastolicType)).isEmpty)
        // The store itself keeps both members.
        #expect(try store.samples(SampleQueryRequest(type: pressure.type)).first?.correlatedObjects?.count == 2)
    }

    @Test(
        "Locked: reads fail, writes are accepted and appear on unlock; guest: writes fail; unavailable: everything fails",
        arguments: StorageBackend.allCases)
    func storeConditions(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let app = store.client(Self.logger)
        store.access.request(
            client: Self.logger, share: [Fixture.stepCount.identifier], read: [Fixture.stepCount.identifier])
        let heard = Mutex(0)
        let token = app.addObserver { result in heard.withLock { $0 += result.inserted.count } }
        defer { app.removeObserver(token) }

        store.setCondition(.locked)
        #expect(throws: HealthStoreError.databaseInaccessible) {
            try app.samples(SampleQueryRequest(type: Fixture.stepCount))
        }
        let sample = try Fixture.steps(12, from: Fixture.at(0))
        _ = try app.save([sample], as: Self.loggerApp)
        #expect(try store.samples(SampleQueryRequest(type: Fixture.stepCount)).isEmpty, "not visible while locked")
        #expect(store.setCondition(.available).isEmpty)
        #expect(try app.samples(SampleQueryRequest(type: Fixture.stepCount)).map(\.uuid) == [sample.uuid])
        #expect(heard.withLock { $0 } == 1, "observers hear of the write when it is applied")

        store.setCondition(.guest)
        #expect(throws: HealthStoreError.notPermissibleInGuestMode("save")) {
            try app.save([try Fixture.steps(1, from: Fixture.at(5))], as: Self.loggerApp)
        }
        #expect(try app.samples(SampleQueryRequest(type: Fixture.stepCount)).count == 1, "guests can read")

        store.setCondition(.unavailable)
        #expect(throws: HealthStoreError.healthDataUnavailable) {
            try app.samples(SampleQueryRequest(type: Fixture.stepCount))
        }
        store.setCondition(.available)
    }

    @Test("A client's observers hear only of samples it may see", arguments: StorageBackend.allCases)
    func observersAreFiltered(_ backend: StorageBackend) throws {
        let world = try Self.world(backend, readerMayRead: false)
        let heard = Mutex<[UUID]>([])
        let token = world.reader.addObserver { result in heard.withLock { $0 += result.inserted.map(\.uuid) } }
        defer { world.reader.removeObserver(token) }
        let other = try Fixture.steps(3, from: Fixture.at(200))
        _ = try world.logger.save([other], as: Self.loggerApp)
        let own = try Fixture.steps(4, from: Fixture.at(210))
        _ = try world.reader.save([own], as: Self.readerApp)
        #expect(heard.withLock { $0 } == [own.uuid])
    }
}

@Suite("Clients and data besides samples: activity summaries, routes, heartbeat series, documents")
struct ClientImportedDataAccessTests {
    @Test(
        "Activity summaries need read permission on the summary type; a route or beat series follows its workout or sample",
        arguments: StorageBackend.allCases)
    func importedDataFollowsPermissions(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let workout = try Sample(
            type: .workout, startDate: Fixture.at(0), endDate: Fixture.at(30),
            content: .workout(WorkoutContent(activityTypeRawValue: 37, duration: 1_800, events: [], statistics: [:])))
        _ = try store.save([workout], as: Fixture.watch)
        var data = ImportedData()
        data.activitySummaries = [
            try ActivitySummary(
                day: DateComponents(year: 2024, month: 3, day: 10), activeEnergyBurned: Quantity(300, .kilocalorie),
                activeEnergyBurnedGoal: Quantity(500, .kilocalorie), appleMoveTime: Quantity(0, .minute),
                appleMoveTimeGoal: Quantity(0, .minute),
                appleExerciseTime: Quantity(20, .minute), appleExerciseTimeGoal: Quantity(30, .minute),
                appleStandHours: Quantity(8, .count),
                appleStandHoursGoal: Quantity(12, .count))
        ]
        try store.saveImportedData(data)
        try store.saveWorkoutRoute(
            WorkoutRoute(
                uuid: UUID(), workout: workout.uuid, sourceName: "Watch", filePath: nil,
                locations: [WorkoutRouteLocation(date: Fixture.at(1), latitude: 52.52, longitude: 13.405)]))
        let day = DateComponents(year: 2024, month: 3, day: 10)

        store.access.policy = .denyAll
        let denied = store.client("com.example.denied")
        store.access.request(
            client: "com.example.denied", share: [],
            read: [TypeTable.activitySummaryTypeIdentifier, SampleType.workout.identifier])
        #expect(try denied.storage.activitySummaries(from: day, through: day).isEmpty)
        #expect(try denied.workoutRoutes(ofWorkout: workout.uuid).isEmpty)
        #expect(try denied.storage.exportInformation() == nil)
        #expect(throws: HealthStoreError.self) { try denied.saveImportedData(ImportedData()) }

        store.access.policy = .grantAll
        let allowed = store.client("com.example.allowed")
        store.access.request(
            client: "com.example.allowed", share: [],
            read: [TypeTable.activitySummaryTypeIdentifier, SampleType.workout.identifier])
        #expect(try allowed.storage.activitySummaries(from: day, through: day).count == 1)
        // Routes are samples of their own type, read with their own grant, as in HealthKit.
        #expect(try allowed.workoutRoutes(ofWorkout: workout.uuid).isEmpty)
        let routeReader = store.client("com.example.routes")
        store.access.request(
            client: "com.example.routes", share: [],
            read: [SampleType.workout.identifier, SampleType.workoutRoute.identifier])
        #expect(try routeReader.workoutRoutes(ofWorkout: workout.uuid).count == 1)
    }
}

extension ClientAccessTests {
    @Test(
        "The source order shows a client only the sources of samples it can see, and nil when none remain (issue 17)",
        arguments: StorageBackend.allCases)
    func sourceOrderNamesOnlyVisibleSources(_ backend: StorageBackend) throws {
        let world = try Self.world(backend, readerMayRead: false)
        let glucoseApp = "com.example.glucose"
        // The person's Health app orders steps naming every app, also one with no steps at all.
        try world.store.setSourceOrder(
            [glucoseApp, Self.logger, Fixture.watchSource.bundleIdentifier, Self.reader], for: Fixture.stepCount)
        // The reader may not read steps: it sees its own source only.
        #expect(try world.reader.records.sourceOrder(for: Fixture.stepCount) == [Self.reader])
        #expect(
            try world.reader.sourcesInPriorityOrder(for: Fixture.stepCount).map(\.bundleIdentifier) == [Self.reader])
        // An app that sees nothing of steps gets nil, exactly as when no order is set.
        let stranger = world.store.client("com.example.stranger")
        #expect(try stranger.records.sourceOrder(for: Fixture.stepCount) == nil)
        #expect(try world.reader.records.sourceOrder(for: Fixture.heartRate) == nil)
        try world.store.setSourceOrder(nil, for: Fixture.stepCount)
        #expect(try stranger.records.sourceOrder(for: Fixture.stepCount) == nil)
        // The store itself and a reader of steps see the order of the sources there are (the glucose app has none).
        try world.store.setSourceOrder(
            [glucoseApp, Self.logger, Fixture.watchSource.bundleIdentifier, Self.reader], for: Fixture.stepCount)
        #expect(try world.store.records.sourceOrder(for: Fixture.stepCount)?.count == 4)
        let full = try Self.world(backend, readerMayRead: true)
        try full.store.setSourceOrder(
            [glucoseApp, Self.logger, Fixture.watchSource.bundleIdentifier, Self.reader], for: Fixture.stepCount)
        #expect(
            try full.reader.records.sourceOrder(for: Fixture.stepCount) == [
                Self.logger, Fixture.watchSource.bundleIdentifier, Self.reader,
            ])
        // Merging still follows the whole order: the logger ranks above the watch for the reader too.
        #expect(
            try full.reader.sourcesInPriorityOrder(for: Fixture.stepCount).map(\.bundleIdentifier)
                == [Self.logger, Fixture.watchSource.bundleIdentifier, Self.reader])
    }

    @Test(
        "Without the activity-summary read grant a client gets no summaries, not even computed from samples it may read (issue 17)",
        arguments: StorageBackend.allCases)
    func activitySummariesNeedTheirGrant(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        store.access.policy = .grantAll
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        let energy = try Sample.quantity(
            type: Fixture.activeEnergy, quantity: Quantity(250, .kilocalorie), start: Fixture.at(0), end: Fixture.at(30)
        )
        _ = try store.save([energy], as: Fixture.watch)
        let day = calendar.dateComponents([.year, .month, .day], from: Fixture.morning)
        let today = ActivitySummaryPredicate.days(from: day, through: day)

        let energyOnly = store.client("com.example.energy")
        store.access.request(client: "com.example.energy", share: [], read: [Fixture.activeEnergy.identifier])
        #expect(try energyOnly.samples(SampleQueryRequest(type: Fixture.activeEnergy)).count == 1)
        #expect(try energyOnly.activitySummaries(matching: today, calendar: calendar).isEmpty)
        #expect(try energyOnly.activitySummaries(matching: nil, calendar: calendar).isEmpty)

        let rings = store.client("com.example.rings")
        store.access.request(
            client: "com.example.rings", share: [],
            read: [Fixture.activeEnergy.identifier, TypeTable.activitySummaryTypeIdentifier])
        let summaries = try rings.activitySummaries(matching: today, calendar: calendar)
        #expect(summaries.map(\.activeEnergyBurned.value) == [250])
        // The store itself (full access) computes it too.
        #expect(try store.activitySummaries(matching: today, calendar: calendar).count == 1)
    }
}

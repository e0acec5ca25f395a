import HealthKit
import Testing

/// Calls every HealthKit member through a base-class reference and checks the test double's override ran, as it does
/// with Apple's Objective-C classes.
@Suite("Test doubles override every HealthKit method, and calls through the base class reach them")
struct OverridabilityTests {
    /// 2024-11-03 09:00 in Los Angeles (the fall-back day), 17:00 UTC.
    let morning = Date(timeIntervalSince1970: 1_730_653_200)
    let steps = HKQuantityType(.stepCount)

    /// A completion handler's arguments, awaited.
    func called<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) async -> T {
        await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
    }

    @Test("Every HKHealthStore method and property, completion and async forms, reaches the double's override")
    @available(*, deprecated)
    func healthStoreOverrides() async throws {
        let double = DoubleHealthStore()
        let store: HKHealthStore = double
        let type: HKHealthStore.Type = DoubleHealthStore.self
        let workout = HKWorkout(activityType: .walking, start: morning, end: morning.addingTimeInterval(1_800))
        let sample = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 2_400), start: morning,
            end: morning.addingTimeInterval(1_800))
        let session = try HKWorkoutSession(healthStore: store, configuration: HKWorkoutConfiguration())
        let energy = HKQuantity(unit: .kilocalorie(), doubleValue: 300)

        #expect(type.isHealthDataAvailable() == false)
        #expect(store.supportsHealthRecords() == false)
        #expect(store.authorizationStatus(for: steps) == .sharingDenied)
        _ = await called { done in store.requestAuthorization(toShare: [steps], read: [steps]) { ok, _ in done(ok) } }
        try await store.requestAuthorization(toShare: [steps], read: [steps])
        _ = await called { done in
            store.requestPerObjectReadAuthorization(for: HKObjectType.visionPrescriptionType(), predicate: nil) {
                ok, _ in done(ok)
            }
        }
        try await store.requestPerObjectReadAuthorization(for: HKObjectType.visionPrescriptionType(), predicate: nil)
        #expect(
            await called { done in
                store.getRequestStatusForAuthorization(toShare: [], read: [steps]) { status, _ in done(status) }
            } == .unnecessary)
        #expect(try await store.statusForAuthorizationRequest(toShare: [], read: [steps]) == .unnecessary)
        #expect(await called { done in store.handleAuthorizationForExtension { ok, _ in done(ok) } })
        try await store.handleAuthorizationForExtension()
        #expect(store.earliestPermittedSampleDate() == Date(timeIntervalSince1970: 0))
        _ = await called { done in store.save(sample as HKObject) { ok, _ in done(ok) } }
        _ = await called { done in store.save([sample]) { ok, _ in done(ok) } }
        try await store.save(sample as HKObject)
        try await store.save([sample])
        _ = await called { done in store.delete(sample as HKObject) { ok, _ in done(ok) } }
        _ = await called { done in store.delete([sample]) { ok, _ in done(ok) } }
        try await store.delete(sample as HKObject)
        try await store.delete([sample])
        #expect(
            await called { done in
                store.deleteObjects(of: steps, predicate: NSPredicate(value: true)) { _, count, _ in done(count) }
            } == 3)
        #expect(try await store.deleteObjects(of: steps, predicate: NSPredicate(value: true)) == 3)
        let query = HKSampleQuery(sampleType: steps, predicate: nil, limit: 1, sortDescriptors: nil) { _, _, _ in }
        store.execute(query)
        store.stop(query)
        _ = await called { done in
            store.splitTotalEnergy(energy, start: morning, end: morning) { _, _, error in done(error != nil) }
        }
        #expect(try store.dateOfBirth() == Date(timeIntervalSince1970: 0))
        #expect(try store.dateOfBirthComponents().year == 1990)
        #expect(throws: DoubleError.self) { try store.biologicalSex() }
        #expect(throws: DoubleError.self) { try store.bloodType() }
        #expect(throws: DoubleError.self) { try store.fitzpatrickSkinType() }
        #expect(throws: DoubleError.self) { try store.wheelchairUse() }
        #expect(throws: DoubleError.self) { try store.activityMoveMode() }
        store.workoutSessionMirroringStartHandler = { _ in }
        #expect(store.workoutSessionMirroringStartHandler == nil)
        _ = await called { done in store.add([sample], to: workout) { ok, _ in done(ok) } }
        try await store.addSamples([sample], to: workout)
        store.start(session)
        store.end(session)
        store.pause(session)
        store.resumeWorkoutSession(session)
        _ = await called { done in store.startWatchApp(with: HKWorkoutConfiguration()) { ok, _ in done(ok) } }
        try await store.startWatchApp(toHandle: HKWorkoutConfiguration())
        _ = await called { done in store.recoverActiveWorkoutSession { session, _ in done(session == nil) } }
        #expect(try await store.recoverActiveWorkoutSession() == nil)
        _ = await called { done in
            store.enableBackgroundDelivery(for: steps, frequency: .hourly) { ok, _ in done(ok) }
        }
        try await store.enableBackgroundDelivery(for: steps, frequency: .hourly)
        _ = await called { done in store.disableBackgroundDelivery(for: steps) { ok, _ in done(ok) } }
        try await store.disableBackgroundDelivery(for: steps)
        _ = await called { done in store.disableAllBackgroundDelivery { ok, _ in done(ok) } }
        try await store.disableAllBackgroundDelivery()
        _ = await called { done in store.preferredUnits(for: [steps]) { units, _ in done(units.isEmpty) } }
        #expect(try await store.preferredUnits(for: [steps]).isEmpty)
        let vo2Max = HKQuantityType(.vo2Max)
        _ = await called { done in store.recalibrateEstimates(sampleType: vo2Max, date: morning) { ok, _ in done(ok) } }
        try await store.recalibrateEstimates(sampleType: vo2Max, date: morning)
        _ = await called { done in
            store.relateWorkoutEffortSample(sample, with: workout, activity: nil) { ok, _ in done(ok) }
        }
        #expect(try await store.relateWorkoutEffortSample(sample, with: workout, activity: nil))
        _ = await called { done in
            store.unrelateWorkoutEffortSample(sample, from: workout, activity: nil) { ok, _ in done(ok) }
        }
        #expect(try await store.unrelateWorkoutEffortSample(sample, from: workout, activity: nil))
        _ = await called { done in store.getEarliestAuthorizedSampleDate(for: [steps]) { dates, _ in done(dates) } }
        #expect(try await store.earliestAuthorizedSampleDate(for: [steps]).isEmpty)

        // DoubleHealthStore records 59 distinct names (every override but the class method): each reached once.
        #expect(double.log.calls.count == 59)
        #expect(Set(double.log.calls).count == 59, "each member recorded once")
        #expect(double.log.calls.first == "supportsHealthRecords")
        #expect(double.log.calls.last == "earliestAuthorizedSampleDate")
    }

    @Test("Every HKWorkoutSession, HKWorkoutBuilder and HKLiveWorkoutBuilder member reaches the double's override")
    func workoutOverrides() async throws {
        let healthStore = HKHealthStore()
        let configuration = HKWorkoutConfiguration()
        let sessionDouble = try DoubleWorkoutSession(healthStore: healthStore, configuration: configuration)
        let session: HKWorkoutSession = sessionDouble
        session.delegate = nil
        _ = session.delegate
        #expect(session.state == .running && session.type == .mirrored)
        _ = session.workoutConfiguration
        #expect(session.startDate == nil && session.endDate == nil)
        _ = session.currentActivity
        _ = session.associatedWorkoutBuilder()
        session.prepare()
        session.startActivity(with: morning)
        session.pause()
        session.resume()
        session.stopActivity(with: morning)
        session.end()
        session.beginNewActivity(configuration: configuration, date: morning, metadata: nil)
        session.endCurrentActivity(on: morning)
        _ = await called { done in session.startMirroringToCompanionDevice { ok, _ in done(ok) } }
        try await session.startMirroringToCompanionDevice()
        _ = await called { done in session.stopMirroringToCompanionDevice { ok, _ in done(ok) } }
        try await session.stopMirroringToCompanionDevice()
        _ = await called { done in session.sendToRemoteWorkoutSession(data: Data([1])) { ok, _ in done(ok) } }
        try await session.sendToRemoteWorkoutSession(data: Data([1]))
        #expect(sessionDouble.log.calls.count == 23 && Set(sessionDouble.log.calls).count == 23, "all 23 overrides")

        let builderDouble = DoubleWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: nil)
        let builder: HKWorkoutBuilder = builderDouble
        #expect(builder.device == nil && builder.startDate == nil && builder.endDate == nil)
        _ = builder.workoutConfiguration
        #expect(builder.metadata.isEmpty && builder.workoutEvents.isEmpty && builder.workoutActivities.isEmpty)
        #expect(builder.allStatistics.isEmpty)
        #expect(builder.elapsedTime(at: morning) == 60)
        #expect(builder.statistics(for: steps) == nil)
        #expect(builder.seriesBuilder(for: HKSeriesType.workoutRoute()) == nil)
        _ = await called { done in builder.beginCollection(withStart: morning) { ok, _ in done(ok) } }
        try await builder.beginCollection(at: morning)
        _ = await called { done in builder.endCollection(withEnd: morning) { ok, _ in done(ok) } }
        try await builder.endCollection(at: morning)
        _ = await called { done in builder.add([]) { ok, _ in done(ok) } }
        try await builder.addSamples([])
        _ = await called { done in builder.addWorkoutEvents([]) { ok, _ in done(ok) } }
        try await builder.addWorkoutEvents([])
        _ = await called { done in builder.addMetadata([:]) { ok, _ in done(ok) } }
        try await builder.addMetadata([:])
        let activity = HKWorkoutActivity(
            workoutConfiguration: configuration, start: morning, end: nil, metadata: nil)
        _ = await called { done in builder.addWorkoutActivity(activity) { ok, _ in done(ok) } }
        try await builder.addWorkoutActivity(activity)
        _ = await called { done in builder.updateActivity(uuid: activity.uuid, end: morning) { ok, _ in done(ok) } }
        try await builder.updateActivity(uuid: activity.uuid, end: morning)
        _ = await called { done in builder.updateActivity(uuid: activity.uuid, adding: [:]) { ok, _ in done(ok) } }
        try await builder.updateActivity(uuid: activity.uuid, adding: [:])
        _ = await called { done in builder.finishWorkout { workout, _ in done(workout == nil) } }
        #expect(try await builder.finishWorkout() == nil)
        builder.discardWorkout()
        #expect(builderDouble.log.calls.count == 30 && Set(builderDouble.log.calls).count == 30, "all 30 overrides")

        let liveDouble = DoubleLiveWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: nil)
        let live: HKLiveWorkoutBuilder = liveDouble
        live.delegate = nil
        _ = live.delegate
        live.dataSource = nil
        _ = live.dataSource
        live.shouldCollectWorkoutEvents = true
        #expect(live.shouldCollectWorkoutEvents == false)
        #expect(live.workoutSession == nil && live.elapsedTime == 90 && live.currentWorkoutActivity == nil)
        #expect(liveDouble.log.calls.count == 9)

        let sourceDouble = DoubleLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        let source: HKLiveWorkoutDataSource = sourceDouble
        #expect(source.typesToCollect.isEmpty)
        source.enableCollection(for: steps, predicate: nil)
        source.disableCollection(for: steps)
        #expect(sourceDouble.log.calls == ["typesToCollect", "enableCollection", "disableCollection"])
    }

    @Test("Every series builder and attachment store member reaches the double's override")
    func seriesBuilderAndAttachmentOverrides() async throws {
        let healthStore = HKHealthStore()
        let workout = HKWorkout(activityType: .running, start: morning, end: morning.addingTimeInterval(1_200))

        let routeDouble = DoubleWorkoutRouteBuilder(healthStore: healthStore, device: nil)
        let route: HKWorkoutRouteBuilder = routeDouble
        _ = await called { done in route.insertRouteData([]) { ok, _ in done(ok) } }
        try await route.insertRouteData([])
        _ = await called { done in route.addMetadata([:]) { ok, _ in done(ok) } }
        try await route.addMetadata([:])
        _ = await called { done in route.finishRoute(with: workout, metadata: nil) { _, error in done(error != nil) } }
        await #expect(throws: DoubleError.self) { try await route.finishRoute(with: workout, metadata: nil) }
        (route as HKSeriesBuilder).discard()
        #expect(routeDouble.log.calls.count == 7 && Set(routeDouble.log.calls).count == 7)

        let beatsDouble = DoubleHeartbeatSeriesBuilder(healthStore: healthStore, device: nil, start: morning)
        let beats: HKHeartbeatSeriesBuilder = beatsDouble
        let beatsType: HKHeartbeatSeriesBuilder.Type = DoubleHeartbeatSeriesBuilder.self
        #expect(beatsType.maximumCount == 12)
        _ = await called { done in
            beats.addHeartbeatWithTimeInterval(sinceSeriesStartDate: 0.8, precededByGap: false) { ok, _ in done(ok) }
        }
        try await beats.addHeartbeat(at: 1.6, precededByGap: false)
        _ = await called { done in beats.addMetadata([:]) { ok, _ in done(ok) } }
        try await beats.addMetadata([:])
        _ = await called { done in beats.finishSeries { _, error in done(error != nil) } }
        await #expect(throws: DoubleError.self) { try await beats.finishSeries() }
        (beats as HKSeriesBuilder).discard()
        #expect(beatsDouble.log.calls.count == 7 && Set(beatsDouble.log.calls).count == 7)

        let heartRate = HKQuantityType(.heartRate)
        let seriesDouble = DoubleQuantitySeriesSampleBuilder(
            healthStore: healthStore, quantityType: heartRate, startDate: morning, device: nil)
        let series: HKQuantitySeriesSampleBuilder = seriesDouble
        #expect(series.quantityType == heartRate && series.device == nil)
        _ = series.startDate
        let beat = HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 64)
        try series.insert(beat, for: DateInterval(start: morning, duration: 5))
        try series.insert(beat, at: morning)
        _ = await called { done in series.finishSeries(metadata: nil, endDate: nil) { samples, _ in done(samples) } }
        _ = await called { done in series.finishSeries(metadata: nil) { samples, _ in done(samples) } }
        #expect(try await series.finishSeries(metadata: nil, endDate: nil).isEmpty)
        #expect(try await series.finishSeries(metadata: nil).isEmpty)
        series.discard()
        #expect(seriesDouble.log.calls.count == 10 && Set(seriesDouble.log.calls).count == 10)

        let attachmentsDouble = DoubleAttachmentStore(healthStore: healthStore)
        let attachments: HKAttachmentStore = attachmentsDouble
        let file = URL(fileURLWithPath: "/tmp/prescription.pdf")
        await #expect(throws: DoubleError.self) {
            try await attachments.addAttachment(to: workout, name: "scan", contentType: .pdf, url: file)
        }
        _ = await called { done in
            attachments.addAttachment(to: workout, name: "scan", contentType: .pdf, url: file) { _, error in
                done(error != nil)
            }
        }
        #expect(try await attachments.attachments(for: workout).isEmpty)
        _ = await called { done in attachments.getAttachments(for: workout) { found, _ in done(found) } }
        // The other five members need an HKAttachment, which only a store makes; the doubles file type-checks them.
        #expect(attachmentsDouble.log.calls.count == 4)
    }

    @Test("Query doubles are built through HealthKit metatypes with both initializers of anchored and observer queries")
    func queryMetatypes() {
        let anchoredType: HKAnchoredObjectQuery.Type = DoubleAnchoredObjectQuery.self
        let byType = anchoredType.init(type: steps, predicate: nil, anchor: nil, limit: 5) { _, _, _, _, _ in }
        #expect((byType as? DoubleAnchoredObjectQuery)?.limitLabel == "type, limit 5")
        let descriptors = [HKQueryDescriptor(sampleType: steps, predicate: nil)]
        let byDescriptors = anchoredType.init(queryDescriptors: descriptors, anchor: nil, limit: HKObjectQueryNoLimit) {
            _, _, _, _, _ in
        }
        #expect((byDescriptors as? DoubleAnchoredObjectQuery)?.limitLabel == "1 descriptors, limit 0")
        #expect(byDescriptors.updateHandler == nil)

        let observerType: HKObserverQuery.Type = DoubleObserverQuery.self
        let observing = observerType.init(sampleType: steps, predicate: nil) { _, completion, _ in completion() }
        #expect(observing is DoubleObserverQuery && observing.predicate != nil)
        let observingMany = observerType.init(queryDescriptors: descriptors) { _, _, completion, _ in completion() }
        #expect(observingMany is DoubleObserverQuery)

        let sampleQuery: HKSampleQuery = DoubleSampleQuery(
            sampleType: steps, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil
        ) { _, _, _ in }
        #expect(sampleQuery.limit == 7 && sampleQuery.sortDescriptors == [])
    }
}

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// Builds a workout step by step, as in HealthKit: begin collection, add samples, events, metadata and activities,
/// end collection, then finish (the workout is saved and the samples associated with it) or discard.
///
/// Samples added are saved at once (those not saved yet), in the app's name; the figures `statistics(for:)` reports
/// and the finished workout records are computed from them by the store's statistics engine, as a statistics query
/// over those samples would compute them. The store is the builder's health store's, with its permissions.
open class HKWorkoutBuilder: NSObject, @unchecked Sendable {
    /// Where the builder is in its life.
    enum Phase: Sendable, Equatable {
        case notStarted, collecting, ended, finished, discarded
    }

    struct State: @unchecked Sendable {
        var phase: Phase = .notStarted
        var startDate: Date?
        var endDate: Date?
        var metadata: [String: Any] = [:]
        var events: [HKWorkoutEvent] = []
        var activities: [WorkoutActivity] = []
        var samples: Set<UUID> = []
        var types: Set<SampleType> = []
        var routeBuilder: HKWorkoutRouteBuilder?
        /// The zones an app set for this workout, by type (`setCustomZoneConfiguration(_:for:)`).
        var customZones: [SampleType: WorkoutZoneConfiguration] = [:]
    }

    /// The health store the workout is saved to.
    let healthStore: HKHealthStore
    private let configuration: HKWorkoutConfiguration
    private let builderDevice: HKDevice?
    let state = Mutex(State())

    /// A builder that saves to `healthStore`, for a workout set up as `configuration`, recorded by `device`.
    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.healthStore = healthStore
        self.configuration = configuration.copy() as! HKWorkoutConfiguration
        self.builderDevice = device
        super.init()
    }

    // MARK: Properties

    /// The device the workout is recorded by.
    open var device: HKDevice? { builderDevice }
    /// When collection began, once it has.
    open var startDate: Date? { state.withLock { $0.startDate } }
    /// When collection ended, once it has.
    open var endDate: Date? { state.withLock { $0.endDate } }
    /// The workout's configuration.
    open var workoutConfiguration: HKWorkoutConfiguration { configuration }
    /// The metadata added so far.
    open var metadata: [String: Any] { state.withLock { $0.metadata } }
    /// The events added so far, in time order.
    open var workoutEvents: [HKWorkoutEvent] {
        state.withLock { $0.events }.sorted { $0.dateInterval.start < $1.dateInterval.start }
    }
    /// The activities added so far, in time order.
    open var workoutActivities: [HKWorkoutActivity] {
        state.withLock { $0.activities }.map(HKWorkoutActivity.init)
    }
    /// The statistics of the samples added so far, by quantity type.
    open var allStatistics: [HKQuantityType: HKStatistics] {
        let (samples, types) = state.withLock { ($0.samples, $0.types) }
        var result: [HKQuantityType: HKStatistics] = [:]
        for type in types where type.kind == .quantity {
            let quantityType = HKQuantityType(sampleType: type)
            if let statistics = figures(of: quantityType, samples: samples) { result[quantityType] = statistics }
        }
        return result
    }

    /// The active time from the start to `date` (or to the end of collection, if earlier), pauses taken out; zero
    /// before collection begins.
    open func elapsedTime(at date: Date) -> TimeInterval {
        let (start, end, events) = state.withLock { ($0.startDate, $0.endDate, $0.events) }
        guard let start, date > start else { return 0 }
        let modelEvents = events.compactMap { try? $0.backing.get() }
        return WorkoutContent.activeDuration(start: start, end: min(date, end ?? date), events: modelEvents)
    }

    /// The statistics of the samples of one quantity type added so far, or nil when none were.
    open func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        figures(of: quantityType, samples: state.withLock { $0.samples })
    }

    private func figures(of quantityType: HKQuantityType, samples: Set<UUID>) -> HKStatistics? {
        guard !samples.isEmpty else { return nil }
        let type = quantityType.sampleType
        guard
            let figures = try? healthStore.dataStore.statistics(
                of: type, matching: .uuids(samples), options: WorkoutStatistic.options(for: type))
        else { return nil }
        return HKStatistics(figures)
    }

    /// The builder of a series recorded with the workout: a route builder for `HKSeriesType.workoutRoute()` (its
    /// route is finished with the workout), nil for other series types.
    open func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
        guard seriesType.sampleType == .workoutRoute else { return nil }
        return state.withLock { state in
            if let existing = state.routeBuilder { return existing }
            let builder = HKWorkoutRouteBuilder(healthStore: healthStore, device: builderDevice)
            state.routeBuilder = builder
            return builder
        }
    }

    // MARK: Zones

    /// Sets the zones of a type (heart rate or cycling power) for this workout only, over the person's preferred ones
    /// (nil: back to the preferred ones). Must come before `beginCollection`; the finished workout keeps them in its
    /// metadata (`WorkoutZoneConfiguration.metadataKey(for:)`), so its time in zone stays counted by them.
    open func setCustomZoneConfiguration(
        _ configuration: HKWorkoutZoneConfiguration?, for quantityType: HKQuantityType
    ) async throws {
        try await healthStore.onStoreExecutor { try self.setCustomZonesNow(configuration, for: quantityType) }
    }

    /// The zones this workout counts a type by: the custom ones if set, else the person's preferred ones, else nil.
    open func zoneConfiguration(for quantityType: HKQuantityType) async throws -> HKWorkoutZoneConfiguration? {
        try await healthStore.onStoreExecutor { try self.zoneConfigurationNow(for: quantityType) }
    }

    /// The time in zone so far of the samples added to the builder, from the start to the end of collection (while
    /// collecting, to the health store's clock), pauses taken out; nil when there are no zones or no samples of the
    /// type.
    open func zoneGroup(for quantityType: HKQuantityType) -> HKWorkoutZoneGroup? {
        zoneOutcome(for: quantityType.sampleType).map { HKWorkoutZoneGroup($0.group) }
    }

    func setCustomZonesNow(_ configuration: HKWorkoutZoneConfiguration?, for quantityType: HKQuantityType) throws {
        let type = quantityType.sampleType
        guard WorkoutZoneConfiguration.typeIdentifiers.contains(type.identifier) else {
            throw HKError(
                .errorInvalidArgument,
                "setCustomZoneConfiguration: \(type.identifier) has no zones "
                    + "(heart rate and cycling power do)")
        }
        if let configuration, configuration.model.type != type {
            throw HKError(
                .errorInvalidArgument,
                "setCustomZoneConfiguration: the configuration is for \(configuration.model.type.identifier), "
                    + "not \(type.identifier)")
        }
        try state.withLock { state in
            guard state.phase == .notStarted else {
                throw HKError(
                    .errorInvalidArgument, "setCustomZoneConfiguration: call it before beginCollection")
            }
            state.customZones[type] = configuration?.model
        }
    }

    func zoneConfigurationNow(for quantityType: HKQuantityType) throws -> HKWorkoutZoneConfiguration? {
        if let custom = state.withLock({ $0.customZones[quantityType.sampleType] }) {
            return HKWorkoutZoneConfiguration(custom)
        }
        return try healthStore.preferredWorkoutZoneConfigurationNow(for: quantityType)
    }

    /// The time in zone of the builder's samples of a type so far (`zoneGroup(for:)`).
    func zoneOutcome(for type: SampleType) -> WorkoutZoneCalculator.Outcome? {
        let (start, end, custom, samples, events) = state.withLock {
            ($0.startDate, $0.endDate, $0.customZones[type], $0.samples, $0.events)
        }
        guard let start, !samples.isEmpty else { return nil }
        let dataStore = healthStore.dataStore
        guard
            let configuration = custom
                ?? (try? dataStore.preferredWorkoutZones(for: type, at: start, calendar: .current)) ?? nil
        else { return nil }
        let until = end ?? max(start, healthStore.clock())
        let modelEvents = events.compactMap { try? $0.backing.get() }
        let paused = WorkoutContent.pausedIntervals(start: start, end: until, events: modelEvents)
        return
            (try? dataStore.zoneOutcome(
                configuration: configuration, start: start, end: until, paused: paused, among: samples)) ?? nil
    }

    // MARK: Collection

    /// Sets the start and begins collecting; reports on a background queue.
    open func beginCollection(withStart startDate: Date, completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) { try self.beginCollectionNow(at: startDate) }
    }

    /// Sets the start and begins collecting.
    open func beginCollection(at startDate: Date) async throws {
        try await healthStore.onStoreExecutor { try self.beginCollectionNow(at: startDate) }
    }

    /// Sets the end and stops collecting; reports on a background queue.
    open func endCollection(withEnd endDate: Date, completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) { try self.endCollectionNow(at: endDate) }
    }

    /// Sets the end and stops collecting.
    open func endCollection(at endDate: Date) async throws {
        try await healthStore.onStoreExecutor { try self.endCollectionNow(at: endDate) }
    }

    func beginCollectionNow(at startDate: Date) throws {
        try state.withLock { state in
            guard state.phase == .notStarted else {
                throw HKError(.errorInvalidArgument, "beginCollection: collection has already begun")
            }
            guard startDate.timeIntervalSinceReferenceDate.isFinite else {
                throw HKError(.errorInvalidArgument, "beginCollection: startDate is not finite")
            }
            state.startDate = startDate
            state.phase = .collecting
        }
    }

    func endCollectionNow(at endDate: Date) throws {
        try state.withLock { state in
            guard state.phase == .collecting, let start = state.startDate else {
                throw HKError(.errorInvalidArgument, "endCollection: collection is not under way")
            }
            guard endDate >= start else {
                throw HKError(.errorInvalidArgument, "endCollection: endDate \(endDate) precedes startDate \(start)")
            }
            state.endDate = endDate
            state.phase = .ended
        }
    }

    // MARK: Adding

    /// Saves samples not saved yet and associates them with the workout; reports on a background queue.
    open func add(_ samples: [HKSample], completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) { try self.addNow(samples) }
    }

    /// Saves samples not saved yet and associates them with the workout.
    open func addSamples(_ samples: [HKSample]) async throws {
        try await healthStore.onStoreExecutor { try self.addNow(samples) }
    }

    /// Adds events (pauses, resumes, laps, segments, markers); reports on a background queue.
    open func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) { try self.addEventsNow(workoutEvents) }
    }

    /// Adds events (pauses, resumes, laps, segments, markers).
    open func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        try await healthStore.onStoreExecutor { try self.addEventsNow(workoutEvents) }
    }

    /// Adds metadata (a key already added takes the new value); reports on a background queue.
    open func addMetadata(_ metadata: [String: Any], completion: @escaping (Bool, (any Error)?) -> Void) {
        let box = UncheckedSendable(metadata)
        healthStore.reportInBackground(to: completion) { try self.addMetadataNow(box.value) }
    }

    /// Adds metadata (a key already added takes the new value).
    open func addMetadata(_ metadata: [String: Any]) async throws {
        let box = UncheckedSendable(metadata)
        try await healthStore.onStoreExecutor { try self.addMetadataNow(box.value) }
    }

    /// Adds an activity; it must start after the workout's start and after the end of the activities before it.
    /// Reports on a background queue.
    open func addWorkoutActivity(
        _ workoutActivity: HKWorkoutActivity, completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        healthStore.reportInBackground(to: completion) { try self.addActivityNow(workoutActivity) }
    }

    /// Adds an activity; it must start after the workout's start and after the end of the activities before it.
    open func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity) async throws {
        try await healthStore.onStoreExecutor { try self.addActivityNow(workoutActivity) }
    }

    /// Sets the end of an activity added earlier; reports on a background queue.
    open func updateActivity(uuid UUID: UUID, end endDate: Date, completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) {
            try self.updateActivityNow(UUID, endDate: endDate, metadata: nil)
        }
    }

    /// Sets the end of an activity added earlier.
    open func updateActivity(uuid UUID: UUID, end endDate: Date) async throws {
        try await healthStore.onStoreExecutor { try self.updateActivityNow(UUID, endDate: endDate, metadata: nil) }
    }

    /// Adds metadata to an activity added earlier; reports on a background queue.
    open func updateActivity(
        uuid UUID: UUID, adding metadata: [String: Any], completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        let box = UncheckedSendable(metadata)
        healthStore.reportInBackground(to: completion) {
            try self.updateActivityNow(UUID, endDate: nil, metadata: box.value)
        }
    }

    /// Adds metadata to an activity added earlier.
    open func updateActivity(uuid UUID: UUID, adding metadata: [String: Any]) async throws {
        let box = UncheckedSendable(metadata)
        try await healthStore.onStoreExecutor { try self.updateActivityNow(UUID, endDate: nil, metadata: box.value) }
    }

    private func checkAdding(_ state: State, _ what: String) throws {
        switch state.phase {
        case .notStarted, .collecting, .ended: return
        case .finished: throw HKError(.errorInvalidArgument, "\(what): the workout is already finished")
        case .discarded: throw HKError(.errorInvalidArgument, "\(what): the workout was discarded")
        }
    }

    func addNow(_ samples: [HKSample]) throws {
        try state.withLock { try checkAdding($0, "add") }
        guard !samples.isEmpty else { return }
        do {
            let models = try samples.map { sample throws -> Sample in try sample.modelSample() }
            try WorkoutEffortQueryEngine.checkAddable(models.map(\.type))
            var unsaved: [Sample] = []
            for (type, group) in Dictionary(grouping: models, by: \.type) {
                let stored = try healthStore.dataStore.samples(
                    SampleQueryRequest(type: type, predicate: .uuids(Set(group.map(\.uuid)))))
                let known = Set(stored.map(\.uuid))
                unsaved += group.filter { !known.contains($0.uuid) }
            }
            if !unsaved.isEmpty { _ = try healthStore.dataStore.save(unsaved, as: healthStore.clientRevision) }
            state.withLock { state in
                state.samples.formUnion(models.map(\.uuid))
                state.types.formUnion(models.map(\.type))
            }
        } catch {
            throw HKError.from(error)
        }
    }

    func addEventsNow(_ events: [HKWorkoutEvent]) throws {
        for (index, event) in events.enumerated() {
            do {
                _ = try event.backing.get()
            } catch {
                throw HKError(.errorInvalidArgument, "addWorkoutEvents: workoutEvents[\(index)]: \(error)")
            }
        }
        try state.withLock { state in
            try checkAdding(state, "addWorkoutEvents")
            state.events += events
        }
    }

    func addMetadataNow(_ metadata: [String: Any]) throws {
        _ = try MetadataBridge.checked(metadata, in: "addMetadata")
        try state.withLock { state in
            try checkAdding(state, "addMetadata")
            state.metadata.merge(metadata) { _, new in new }
        }
    }

    func addActivityNow(_ activity: HKWorkoutActivity) throws {
        let model: WorkoutActivity
        do {
            model = try activity.backing.get()
        } catch {
            throw HKError(.errorInvalidArgument, "addWorkoutActivity: \(error)")
        }
        try state.withLock { state in
            try checkAdding(state, "addWorkoutActivity")
            if let start = state.startDate, model.startDate < start {
                throw HKError(.errorInvalidArgument, "addWorkoutActivity: startDate precedes the workout's start")
            }
            if let last = state.activities.last {
                guard let lastEnd = last.endDate else {
                    throw HKError(
                        .errorInvalidArgument, "addWorkoutActivity: the activity before it (\(last.uuid)) has not ended"
                    )
                }
                guard model.startDate >= lastEnd else {
                    throw HKError(
                        .errorInvalidArgument, "addWorkoutActivity: startDate precedes the end of the last one")
                }
            }
            guard !state.activities.contains(where: { $0.uuid == model.uuid }) else {
                throw HKError(.errorInvalidArgument, "addWorkoutActivity: \(model.uuid) was already added")
            }
            state.activities.append(model)
        }
    }

    func updateActivityNow(_ uuid: UUID, endDate: Date?, metadata: [String: Any]?) throws {
        let added = try MetadataBridge.checked(metadata, in: "updateActivity")
        try state.withLock { state in
            try checkAdding(state, "updateActivity")
            guard let index = state.activities.firstIndex(where: { $0.uuid == uuid }) else {
                throw HKError(.errorInvalidArgument, "updateActivity: no activity \(uuid) was added")
            }
            let activity = state.activities[index]
            do {
                if let endDate {
                    state.activities[index] = try activity.with(endDate: .some(endDate))
                }
                if let added {
                    let merged = (activity.metadata ?? [:]).merging(added) { _, new in new }
                    state.activities[index] = try state.activities[index].with(metadata: .some(merged))
                }
            } catch {
                throw HKError(.errorInvalidArgument, "updateActivity: \(error)")
            }
        }
    }

    // MARK: Finishing

    /// Saves the workout with its activities, events, metadata and statistics, associates the samples and finishes
    /// the route being built; `endCollection` must have been called. Reports the saved workout on a background
    /// queue.
    open func finishWorkout(completion: @escaping (HKWorkout?, (any Error)?) -> Void) {
        healthStore.answerInBackground(to: completion) { try self.finishNow() }
    }

    /// Saves the workout with its activities, events, metadata and statistics, associates the samples and finishes
    /// the route being built; `endCollection` must have been called.
    open func finishWorkout() async throws -> HKWorkout? {
        try await healthStore.onStoreExecutor { try self.finishNow() }
    }

    /// Stops building; nothing more is saved (samples added so far stay saved).
    open func discardWorkout() {
        let route = state.withLock { state -> HKWorkoutRouteBuilder? in
            if state.phase != .finished { state.phase = .discarded }
            return state.routeBuilder
        }
        route?.discard()
    }

    func finishNow() throws -> HKWorkout {
        let snapshot = try state.withLock { state throws -> State in
            switch state.phase {
            case .ended: return state
            case .finished: throw HKError(.errorInvalidArgument, "finishWorkout: the workout is already finished")
            case .discarded: throw HKError(.errorInvalidArgument, "finishWorkout: the workout was discarded")
            case .notStarted, .collecting:
                throw HKError(.errorInvalidArgument, "finishWorkout: call endCollection first")
            }
        }
        guard let start = snapshot.startDate, let end = snapshot.endDate else {
            throw HKError(.errorInvalidArgument, "finishWorkout: call endCollection first")
        }
        let dataStore = healthStore.dataStore
        do {
            let events = try snapshot.events.map { event throws -> WorkoutEvent in try event.backing.get() }
            let statistics = try dataStore.workoutStatistics(
                of: snapshot.samples, types: snapshot.types, start: start, end: end)
            var activities: [WorkoutActivity] = []
            for activity in snapshot.activities {
                let activityEnd = activity.endDate ?? end
                let activityStatistics = try dataStore.workoutStatistics(
                    of: snapshot.samples, types: snapshot.types, start: activity.startDate, end: activityEnd)
                let activityEvents = events.filter { $0.startDate >= activity.startDate && $0.endDate <= activityEnd }
                activities.append(
                    try activity.with(
                        endDate: .some(activityEnd), events: activityEvents, statistics: activityStatistics))
            }
            // The app's zones stay with the workout, so its time in zone is counted by them whenever it is read.
            var metadata = try MetadataBridge.model(snapshot.metadata)
            for (type, zones) in snapshot.customZones {
                metadata = (metadata ?? [:]).merging(
                    [WorkoutZoneConfiguration.metadataKey(for: type): .string(zones.storedText)]) { _, new in new }
            }
            let workout = try Sample.workout(
                activityTypeRawValue: configuration.activityType.rawValue, start: start, end: end, events: events,
                statistics: Array(statistics.values), metadata: metadata,
                device: builderDevice?.device, activities: activities)
            // One commit: the workout, its samples' association and the route of its own route builder, or nothing.
            let routeBuilder = snapshot.routeBuilder.flatMap { $0.hasData ? $0 : nil }
            let route = try routeBuilder?.routeSample(adding: nil)
            let associated = Array(snapshot.samples) + (route.map { [$0.uuid] } ?? [])
            try dataStore.save(
                [workout] + (route.map { [$0] } ?? []), as: healthStore.clientRevision,
                associations: associated.isEmpty ? [] : [WorkoutAssociation(workout: workout.uuid, samples: associated)]
            )
            routeBuilder?.markFinished()
            let saved =
                try dataStore.samples(SampleQueryRequest(type: .workout, predicate: .uuids([workout.uuid]))).first
                ?? workout
            state.withLock { $0.phase = .finished }
            let finished = HKWorkout(model: saved)
            healthStore.attachZones(to: finished)
            return finished
        } catch {
            throw HKError.from(error)
        }
    }
}

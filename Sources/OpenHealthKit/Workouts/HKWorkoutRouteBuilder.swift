import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// Builds a workout's route from locations as they come, then saves it as a route sample associated with a saved
/// workout, in one commit, as in HealthKit. The route is the app's: it needs permission to share
/// `HKSeriesType.workoutRoute()`, and the workout must be one the app saved. It is found with sample, anchored and
/// observer queries on `HKSeriesType.workoutRoute()` and `predicateForObjects(from: workout)` by apps that may read
/// routes, and read with `HKWorkoutRouteQuery`. A workout builder's own route builder is finished with its workout.
open class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
    private struct State: @unchecked Sendable {
        var locations: [WorkoutRouteLocation] = []
        var metadata: [String: Any] = [:]
        var finished = false
        var discarded = false
    }

    private let healthStore: HKHealthStore
    private let device: HKDevice?
    private let state = Mutex(State())

    /// A route builder saving to `healthStore`; a workout builder's `seriesBuilder(for:)` gives one that is
    /// finished with its workout.
    public init(healthStore: HKHealthStore, device: HKDevice?) {
        self.healthStore = healthStore
        self.device = device
        super.init()
    }

    /// Whether locations were inserted and the route is still open.
    var hasData: Bool { state.withLock { !$0.locations.isEmpty && !$0.finished && !$0.discarded } }

    /// Adds locations (in any order; the route keeps them in time order); reports on a background queue.
    open func insertRouteData(_ routeData: [CLLocation], completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) { try self.insertNow(routeData) }
    }

    /// Adds locations (in any order; the route keeps them in time order).
    open func insertRouteData(_ routeData: [CLLocation]) async throws {
        let box = UncheckedSendable(routeData)
        try await healthStore.onStoreExecutor { try self.insertNow(box.value) }
    }

    /// Adds metadata for the route; reports on a background queue.
    open func addMetadata(_ metadata: [String: Any], completion: @escaping (Bool, (any Error)?) -> Void) {
        let box = UncheckedSendable(metadata)
        healthStore.reportInBackground(to: completion) { try self.addMetadataNow(box.value) }
    }

    /// Adds metadata for the route.
    open func addMetadata(_ metadata: [String: Any]) async throws {
        let box = UncheckedSendable(metadata)
        try await healthStore.onStoreExecutor { try self.addMetadataNow(box.value) }
    }

    /// Saves the route attached to a saved workout and reports it on a background queue.
    open func finishRoute(
        with workout: HKWorkout, metadata: [String: Any]?, completion: @escaping (HKWorkoutRoute?, (any Error)?) -> Void
    ) {
        let box = UncheckedSendable(metadata)
        healthStore.answerInBackground(to: completion) { try self.finishNow(with: workout, metadata: box.value) }
    }

    /// Saves the route attached to a saved workout.
    open func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        let box = UncheckedSendable(metadata)
        return try await healthStore.onStoreExecutor { try self.finishNow(with: workout, metadata: box.value) }
    }

    /// Drops the locations collected; the builder saves nothing afterwards.
    open override func discard() {
        state.withLock { state in
            state.discarded = true
            state.locations = []
        }
    }

    private func checkOpen(_ state: State, _ what: String) throws {
        if state.discarded { throw HKError(.errorInvalidArgument, "\(what): the route builder was discarded") }
        if state.finished { throw HKError(.errorInvalidArgument, "\(what): the route is already finished") }
    }

    private func insertNow(_ routeData: [CLLocation]) throws {
        var points: [WorkoutRouteLocation] = []
        for (index, location) in routeData.enumerated() {
            let coordinate = location.coordinate
            guard (-90...90).contains(coordinate.latitude), (-180...180).contains(coordinate.longitude),
                location.timestamp.timeIntervalSinceReferenceDate.isFinite
            else {
                throw HKError(
                    .errorInvalidArgument,
                    "insertRouteData: routeData[\(index)] has an invalid coordinate or timestamp")
            }
            points.append(
                WorkoutRouteLocation(
                    date: location.timestamp, latitude: coordinate.latitude, longitude: coordinate.longitude,
                    altitude: location.altitude, speed: location.speed >= 0 ? location.speed : nil,
                    course: location.course >= 0 ? location.course : nil,
                    horizontalAccuracy: location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil,
                    verticalAccuracy: location.verticalAccuracy >= 0 ? location.verticalAccuracy : nil))
        }
        try state.withLock { state in
            try checkOpen(state, "insertRouteData")
            state.locations += points
        }
    }

    private func addMetadataNow(_ metadata: [String: Any]) throws {
        _ = try MetadataBridge.checked(metadata, in: "addMetadata")
        try state.withLock { state in
            try checkOpen(state, "addMetadata")
            state.metadata.merge(metadata) { _, new in new }
        }
    }

    /// The route sample of the locations inserted so far, with the builder's metadata and device, to be committed
    /// with (or after) its workout; nil when no location was inserted.
    func routeSample(adding metadata: [String: Any]?) throws -> Sample? {
        if let metadata { try addMetadataNow(metadata) }
        let (locations, routeMetadata) = try state.withLock { state throws -> ([WorkoutRouteLocation], [String: Any]) in
            try checkOpen(state, "finishRoute")
            return (state.locations, state.metadata)
        }
        guard !locations.isEmpty else { return nil }
        return try Sample.workoutRoute(
            locations: locations, metadata: try MetadataBridge.model(routeMetadata.isEmpty ? nil : routeMetadata),
            device: device?.device)
    }

    /// Marks the route saved: the builder takes nothing more.
    func markFinished() {
        state.withLock { $0.finished = true }
    }

    /// Saves the route associated with a saved workout, in one commit.
    func finishNow(with workout: HKWorkout, metadata: [String: Any]?) throws -> HKWorkoutRoute {
        do {
            guard let route = try routeSample(adding: metadata) else {
                throw HKError(.errorInvalidArgument, "finishRoute: no route data was inserted")
            }
            try healthStore.dataStore.save(
                [route], as: healthStore.clientRevision,
                associations: [WorkoutAssociation(workout: workout.uuid, samples: [route.uuid])])
            markFinished()
            return HKWorkoutRoute(model: route.with(sourceRevision: healthStore.clientRevision))
        } catch {
            throw HKError.from(error)
        }
    }
}

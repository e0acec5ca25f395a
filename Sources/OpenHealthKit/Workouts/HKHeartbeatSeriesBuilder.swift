import Foundation
import HealthEngine
import HealthModel
import Synchronization

/// Builds a heartbeat series beat by beat, then saves it as one `HKHeartbeatSeriesSample`, as in HealthKit. Each beat
/// is a time since the builder's start date, later than the previous beat, with a flag saying whether beats may be
/// missing just before it; at most `maximumCount` beats. The app needs permission to share
/// `HKSeriesType.heartbeat()`; the saved series is read back beat by beat, exactly as added, with
/// `HKHeartbeatSeriesQuery` or `HKHeartbeatSeriesQueryDescriptor`.
open class HKHeartbeatSeriesBuilder: HKSeriesBuilder, @unchecked Sendable {
    private struct State: @unchecked Sendable {
        var beats: [HeartbeatSeriesContent.Beat] = []
        var metadata: [String: Any] = [:]
        var finished = false
        var discarded = false
    }

    private let healthStore: HKHealthStore
    private let device: HKDevice?
    private let startDate: Date
    private let state = Mutex(State())

    /// The most beats one series may hold; adding more fails.
    open class var maximumCount: Int { HeartbeatSeriesContent.maximumCount }

    /// A builder saving to `healthStore` a series measured by `device` that starts at `startDate`.
    public init(healthStore: HKHealthStore, device: HKDevice?, start startDate: Date) {
        self.healthStore = healthStore
        self.device = device
        self.startDate = startDate
        super.init()
    }

    /// Adds a beat `timeIntervalSinceStart` seconds after the start date (later than the previous beat); reports on a
    /// background queue.
    open func addHeartbeatWithTimeInterval(
        sinceSeriesStartDate timeIntervalSinceStart: TimeInterval, precededByGap: Bool,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        healthStore.reportInBackground(to: completion) {
            try self.addNow(timeIntervalSinceStart, precededByGap: precededByGap)
        }
    }

    /// Adds a beat `timeIntervalSinceStart` seconds after the start date (later than the previous beat).
    open func addHeartbeat(at timeIntervalSinceStart: TimeInterval, precededByGap: Bool) async throws {
        try await healthStore.onStoreExecutor { try self.addNow(timeIntervalSinceStart, precededByGap: precededByGap) }
    }

    /// Adds metadata for the series; reports on a background queue.
    open func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let box = UncheckedSendable(metadata)
        healthStore.reportInBackground(to: completion) { try self.addMetadataNow(box.value) }
    }

    /// Adds metadata for the series.
    open func addMetadata(_ metadata: [String: Any]) async throws {
        let box = UncheckedSendable(metadata)
        try await healthStore.onStoreExecutor { try self.addMetadataNow(box.value) }
    }

    /// Saves the series and reports it on a background queue.
    open func finishSeries(completion: @escaping @Sendable (HKHeartbeatSeriesSample?, (any Error)?) -> Void) {
        healthStore.answerInBackground(to: completion) { try self.finishNow() }
    }

    /// Saves the series.
    open func finishSeries() async throws -> HKHeartbeatSeriesSample {
        try await healthStore.onStoreExecutor { try self.finishNow() }
    }

    /// Drops the beats collected; the builder saves nothing afterwards.
    open override func discard() {
        state.withLock { state in
            state.discarded = true
            state.beats = []
        }
    }

    private func checkOpen(_ state: State, _ what: String) throws {
        if state.discarded {
            throw HKError(.errorInvalidArgument, "\(what): the heartbeat series builder was discarded")
        }
        if state.finished { throw HKError(.errorInvalidArgument, "\(what): the series is already finished") }
    }

    private func addNow(_ time: TimeInterval, precededByGap: Bool) throws {
        let what = "addHeartbeat"
        guard time.isFinite, time >= 0 else {
            throw HKError(
                .errorInvalidArgument, "\(what): timeIntervalSinceStart must be a finite, positive value (got \(time))")
        }
        try state.withLock { state in
            try checkOpen(state, what)
            guard state.beats.count < Self.maximumCount else {
                throw HKError(
                    .errorInvalidArgument, "\(what): the series already holds maximumCount (\(Self.maximumCount)) beats"
                )
            }
            if let last = state.beats.last, time <= last.time {
                throw HKError(
                    .errorInvalidArgument,
                    "\(what): timeIntervalSinceStart \(time) is not after the previous beat's \(last.time)")
            }
            state.beats.append(HeartbeatSeriesContent.Beat(time: time, precededByGap: precededByGap))
        }
    }

    private func addMetadataNow(_ metadata: [String: Any]) throws {
        _ = try MetadataBridge.checked(metadata, in: "addMetadata")
        try state.withLock { state in
            try checkOpen(state, "addMetadata")
            state.metadata.merge(metadata) { _, new in new }
        }
    }

    private func finishNow() throws -> HKHeartbeatSeriesSample {
        let (beats, metadata) = try state.withLock { state throws -> ([HeartbeatSeriesContent.Beat], [String: Any]) in
            try checkOpen(state, "finishSeries")
            return (state.beats, state.metadata)
        }
        guard let last = beats.last else {
            throw HKError(.errorInvalidArgument, "finishSeries: no heartbeat was added")
        }
        do {
            let sample = try Sample(
                type: .heartbeatSeries, startDate: startDate, endDate: startDate.addingTimeInterval(last.time),
                metadata: try MetadataBridge.model(metadata.isEmpty ? nil : metadata), device: device?.device,
                content: .payload(.heartbeatSeries(HeartbeatSeriesContent(beats: beats))))
            try healthStore.dataStore.save([sample], as: healthStore.clientRevision)
            state.withLock { $0.finished = true }
            let saved = try healthStore.dataStore.samples(
                SampleQueryRequest(type: .heartbeatSeries, predicate: .uuids([sample.uuid]))
            ).first
            guard let saved else {
                throw HKError(.errorDatabaseInaccessible, "finishSeries: the saved series cannot be read back")
            }
            return HKHeartbeatSeriesSample(model: saved)
        } catch {
            throw HKError.from(error)
        }
    }
}

import Foundation
import HealthModel
import Synchronization

/// The states of a workout session, with HealthKit's raw values.
public enum HKWorkoutSessionState: Int, Sendable, Hashable {
    /// Created, not started.
    case notStarted = 1
    /// Running.
    case running = 2
    /// Ended.
    case ended = 3
    /// Paused.
    case paused = 4
    /// Prepared: sensors warming up, not started yet.
    case prepared = 5
    /// Stopped: the activity is over, the session not yet ended.
    case stopped = 6
}

/// Whether a session runs here or mirrors one on another device, with HealthKit's raw values.
public enum HKWorkoutSessionType: Int, Sendable, Hashable {
    /// The session runs on this device.
    case primary = 0
    /// A copy of a session running on the companion device.
    case mirrored = 1
}

/// What a workout session tells its delegate, as in HealthKit. Off-device the calls come synchronously, on the
/// thread that changed the session, so a test sees them in order.
public protocol HKWorkoutSessionDelegate: AnyObject {
    /// The session moved from one state to another at `date`.
    func workoutSession(
        _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
        from fromState: HKWorkoutSessionState, date: Date)
    /// The session failed.
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
    /// The session generated an event (a pause or a resume).
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
    /// A new activity began.
    func workoutSession(
        _ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
        date: Date)
    /// The current activity ended.
    func workoutSession(
        _ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration,
        date: Date)
    /// Data arrived from the mirrored session on the other device (never, off-device).
    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data])
    /// The other device disconnected (never, off-device).
    func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?)
}

extension HKWorkoutSessionDelegate {
    /// Optional in HealthKit: ignored unless implemented.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {}
    /// Optional in HealthKit: ignored unless implemented.
    public func workoutSession(
        _ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
        date: Date
    ) {}
    /// Optional in HealthKit: ignored unless implemented.
    public func workoutSession(
        _ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration,
        date: Date
    ) {}
    /// Optional in HealthKit: ignored unless implemented.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data])
    {}
    /// Optional in HealthKit: ignored unless implemented.
    public func workoutSession(
        _ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?
    ) {}
}

/// A workout session, as on Apple Watch: prepare, start, pause, resume, stop and end, with a live workout builder
/// that collects the session's data. Off-device the session runs on the health store's clock (the test bench's
/// `TestClock`) and its data source reads the bench's scripted sensor feed; mirroring to another device is
/// unavailable and fails as HealthKit fails without a companion device.
open class HKWorkoutSession: NSObject, @unchecked Sendable {
    private struct State {
        var state: HKWorkoutSessionState = .notStarted
        var startDate: Date?
        var endDate: Date?
        var currentActivity: HKWorkoutActivity
        var builder: HKLiveWorkoutBuilder?
    }

    private let healthStore: HKHealthStore
    private let configuration: HKWorkoutConfiguration
    private let status: Mutex<State>
    private let delegateBox = Mutex<WeakDelegate>(WeakDelegate())

    private struct WeakDelegate: @unchecked Sendable {
        weak var delegate: (any HKWorkoutSessionDelegate)?
    }

    /// A session for a workout set up as `workoutConfiguration`, saving to `healthStore`.
    public init(healthStore: HKHealthStore, configuration workoutConfiguration: HKWorkoutConfiguration) throws {
        let model = workoutConfiguration.model
        do {
            try model.check(field: "workoutConfiguration")
        } catch {
            throw HKError(.errorInvalidArgument, "HKWorkoutSession: \(error)")
        }
        self.healthStore = healthStore
        configuration = workoutConfiguration.copy() as! HKWorkoutConfiguration
        let now = healthStore.clock()
        status = Mutex(
            State(
                currentActivity: HKWorkoutActivity(
                    workoutConfiguration: configuration, start: now, end: nil, metadata: nil)))
        super.init()
    }

    /// A session on the process's shared health store (deprecated in HealthKit in favour of
    /// `init(healthStore:configuration:)`).
    @available(*, deprecated, message: "Use init(healthStore:configuration:)")
    public convenience init(configuration workoutConfiguration: HKWorkoutConfiguration) throws {
        try self.init(healthStore: HKHealthStore(), configuration: workoutConfiguration)
    }

    // MARK: Properties

    /// The session's delegate (held weakly).
    open var delegate: (any HKWorkoutSessionDelegate)? {
        get { delegateBox.withLock { $0.delegate } }
        set { delegateBox.withLock { $0.delegate = newValue } }
    }
    /// The session's state.
    open var state: HKWorkoutSessionState { status.withLock { $0.state } }
    /// A primary session (sessions are never mirrored here).
    open var type: HKWorkoutSessionType { .primary }
    /// The configuration the session was created with.
    open var workoutConfiguration: HKWorkoutConfiguration { configuration }
    /// When the session started running, once it has.
    open var startDate: Date? { status.withLock { $0.startDate } }
    /// When the session ended, once it has.
    open var endDate: Date? { status.withLock { $0.endDate } }
    /// The activity under way: the whole session's until `beginNewActivity` starts another.
    open var currentActivity: HKWorkoutActivity { status.withLock { $0.currentActivity } }

    /// The live builder that collects this session's data (the same one on every call).
    open func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        status.withLock { state in
            if let builder = state.builder { return builder }
            let builder = HKLiveWorkoutBuilder(session: self, healthStore: healthStore, configuration: configuration)
            state.builder = builder
            return builder
        }
    }

    var builderIfCreated: HKLiveWorkoutBuilder? { status.withLock { $0.builder } }

    // MARK: Life cycle

    /// Warms up the sensors: from not started to prepared.
    open func prepare() {
        transition(to: .prepared, at: healthStore.clock(), allowedFrom: [.notStarted])
    }

    /// Starts the session at `date` (now when nil).
    open func startActivity(with date: Date?) {
        let start = date ?? healthStore.clock()
        if transition(to: .running, at: start, allowedFrom: [.notStarted, .prepared]) {
            status.withLock { $0.startDate = start }
        }
    }

    /// Pauses the running session now, generating a pause event.
    open func pause() {
        let now = healthStore.clock()
        if transition(to: .paused, at: now, allowedFrom: [.running]) { generate(.pause, at: now) }
    }

    /// Resumes the paused session now, generating a resume event.
    open func resume() {
        let now = healthStore.clock()
        if transition(to: .running, at: now, allowedFrom: [.paused]) { generate(.resume, at: now) }
    }

    /// Stops the session's activity at `date` (now when nil); the session can then be ended.
    open func stopActivity(with date: Date?) {
        transition(to: .stopped, at: date ?? healthStore.clock(), allowedFrom: [.running, .paused])
    }

    /// Ends the session now.
    open func end() {
        let now = healthStore.clock()
        if transition(to: .ended, at: now, allowedFrom: [.notStarted, .prepared, .running, .paused, .stopped]) {
            status.withLock { $0.endDate = now }
        }
    }

    /// Begins a new activity at `date` (ending none: call `endCurrentActivity(on:)` first).
    open func beginNewActivity(
        configuration workoutConfiguration: HKWorkoutConfiguration, date: Date, metadata: [String: Any]?
    ) {
        let activity = HKWorkoutActivity(
            workoutConfiguration: workoutConfiguration, start: date, end: nil, metadata: metadata)
        guard self.state == .running || self.state == .paused else {
            fail(HKError(.errorInvalidArgument, "beginNewActivity: the session is not running"))
            return
        }
        status.withLock { $0.currentActivity = activity }
        if let builder = builderIfCreated {
            do {
                try builder.addActivityNow(activity)
            } catch {
                fail(error)
                return
            }
            builder.tellDelegate { $0.workoutBuilder(builder, didBegin: activity) }
        }
        delegate?.workoutSession(self, didBeginActivityWith: workoutConfiguration, date: date)
    }

    /// Ends the current activity at `date` (now when nil).
    open func endCurrentActivity(on date: Date?) {
        let end = date ?? healthStore.clock()
        let activity = currentActivity
        if let builder = builderIfCreated, builder.hasActivity(activity.uuid) {
            do {
                try builder.updateActivityNow(activity.uuid, endDate: end, metadata: nil)
            } catch {
                fail(error)
                return
            }
            if let ended = builder.workoutActivities.first(where: { $0.uuid == activity.uuid }) {
                builder.tellDelegate { $0.workoutBuilder(builder, didEnd: ended) }
            }
        }
        delegate?.workoutSession(self, didEndActivityWith: activity.workoutConfiguration, date: end)
    }

    // MARK: Mirroring (unavailable off-device)

    /// Fails: there is no companion device to mirror to.
    open func startMirroringToCompanionDevice(completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) { throw Self.noCompanion("startMirroringToCompanionDevice") }
    }

    /// Fails: there is no companion device to mirror to.
    open func startMirroringToCompanionDevice() async throws {
        throw Self.noCompanion("startMirroringToCompanionDevice")
    }

    /// Fails: the session is not mirrored.
    open func stopMirroringToCompanionDevice(completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) { throw Self.noCompanion("stopMirroringToCompanionDevice") }
    }

    /// Fails: the session is not mirrored.
    open func stopMirroringToCompanionDevice() async throws {
        throw Self.noCompanion("stopMirroringToCompanionDevice")
    }

    /// Fails: there is no remote session to send to.
    open func sendToRemoteWorkoutSession(data: Data, completion: @escaping (Bool, (any Error)?) -> Void) {
        healthStore.reportInBackground(to: completion) { throw Self.noCompanion("sendToRemoteWorkoutSession") }
    }

    /// Fails: there is no remote session to send to.
    open func sendToRemoteWorkoutSession(data: Data) async throws {
        throw Self.noCompanion("sendToRemoteWorkoutSession")
    }

    static func noCompanion(_ call: String) -> HKError {
        HKError(.errorHealthDataUnavailable, "\(call): no companion device is reachable off-device")
    }

    // MARK: Internals

    /// Moves to `next` when the current state allows it; otherwise tells the delegate the call failed.
    @discardableResult
    private func transition(
        to next: HKWorkoutSessionState, at date: Date, allowedFrom allowed: Set<HKWorkoutSessionState>
    ) -> Bool {
        let previous = status.withLock { state -> HKWorkoutSessionState? in
            guard allowed.contains(state.state) else { return nil }
            defer { state.state = next }
            return state.state
        }
        guard let previous else {
            fail(HKError(.errorInvalidArgument, "cannot move the workout session from \(self.state) to \(next)"))
            return false
        }
        delegate?.workoutSession(self, didChangeTo: next, from: previous, date: date)
        return true
    }

    private func generate(_ type: HKWorkoutEventType, at date: Date) {
        let event = HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
        builderIfCreated?.sessionGenerated(event)
        delegate?.workoutSession(self, didGenerate: event)
    }

    private func fail(_ error: any Error) {
        delegate?.workoutSession(self, didFailWithError: error)
    }
}

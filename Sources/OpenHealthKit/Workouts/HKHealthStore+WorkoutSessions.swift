import Foundation
import Synchronization

/// The health store's calls for workout sessions on other devices: there is no paired watch or companion phone
/// off-device, so they fail (or find nothing) as HealthKit does when the other device is unavailable.
extension HKHealthStore {
    /// Fails with `errorHealthDataUnavailable`: there is no paired watch to launch an app on.
    public func startWatchApp(
        with workoutConfiguration: HKWorkoutConfiguration, completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        reportInBackground(to: completion) {
            throw HKError(.errorHealthDataUnavailable, "startWatchApp: no paired watch is reachable off-device")
        }
    }

    /// Reports no session: no session was running when the app last stopped.
    public func recoverActiveWorkoutSession(completion: @escaping (HKWorkoutSession?, (any Error)?) -> Void) {
        let handler = UncheckedSendable(completion)
        callbackQueue.async { handler.value(nil, nil) }
    }

    /// No session: no session was running when the app last stopped.
    public func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
        nil
    }

    /// Starts a session (deprecated in HealthKit in favour of `HKWorkoutSession.startActivity(with:)`).
    @available(*, deprecated, message: "Use HKWorkoutSession.startActivity(with:)")
    public func start(_ workoutSession: HKWorkoutSession) {
        workoutSession.startActivity(with: nil)
    }

    /// Ends a session (deprecated in HealthKit in favour of `HKWorkoutSession.end()`).
    @available(*, deprecated, message: "Use HKWorkoutSession.end()")
    public func end(_ workoutSession: HKWorkoutSession) {
        workoutSession.end()
    }

    /// Pauses a session (deprecated in HealthKit in favour of `HKWorkoutSession.pause()`).
    @available(*, deprecated, message: "Use HKWorkoutSession.pause()")
    public func pause(_ workoutSession: HKWorkoutSession) {
        workoutSession.pause()
    }

    /// Resumes a session (deprecated in HealthKit in favour of `HKWorkoutSession.resume()`).
    @available(*, deprecated, message: "Use HKWorkoutSession.resume()")
    public func resumeWorkoutSession(_ workoutSession: HKWorkoutSession) {
        workoutSession.resume()
    }

    /// Called when a companion device starts a mirrored session; kept, never called off-device.
    public var workoutSessionMirroringStartHandler: ((HKWorkoutSession) -> Void)? {
        get { MirroringHandlers.shared.handler(for: self) }
        set { MirroringHandlers.shared.set(newValue, for: self) }
    }
}

/// The mirroring start handlers of live health stores (an extension cannot add stored properties).
private final class MirroringHandlers: Sendable {
    static let shared = MirroringHandlers()

    private struct Entry: @unchecked Sendable {
        weak var store: HKHealthStore?
        let handler: (HKWorkoutSession) -> Void
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    func handler(for store: HKHealthStore) -> ((HKWorkoutSession) -> Void)? {
        entries.withLock { entries in
            guard let entry = entries[ObjectIdentifier(store)], entry.store === store else { return nil }
            return entry.handler
        }
    }

    func set(_ handler: ((HKWorkoutSession) -> Void)?, for store: HKHealthStore) {
        let entry = handler.map { Entry(store: store, handler: $0) }
        entries.withLock { entries in
            entries = entries.filter { $0.value.store != nil }
            entries[ObjectIdentifier(store)] = entry
        }
    }
}

import Foundation

/// The health store's calls for workout sessions on other devices (declared in `HKHealthStore`'s body so that
/// subclasses can override them): there is no paired watch or companion phone off-device, so they fail (or find
/// nothing) as HealthKit does when the other device is unavailable.
extension HKHealthStore {
    static func noPairedWatch() -> HKError {
        HKError(.errorHealthDataUnavailable, "startWatchApp: no paired watch is reachable off-device")
    }
}

import Foundation
import HealthEngine
import HealthModel

/// Background-delivery subscriptions (SEMANTICS §6), kept as records (`BackgroundDeliveryRecord`) so that they persist
/// with the store.
extension HealthDataStore {
    /// Saves a subscription (replacing the app's subscription to the same type).
    public func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws {
        let key = BackgroundDeliveryRecord.key(bundleIdentifier: subscription.bundleIdentifier, type: subscription.type)
        try write(records: [try wrapped { try RecordWrite.put(BackgroundDeliveryRecord.self, key: key, subscription) }])
    }

    /// Removes an app's subscriptions to these types (nil: all).
    public func removeBackgroundDeliveries(of bundleIdentifier: String, types: Set<SampleType>?) throws {
        let writes = try wrapped {
            let keys =
                try types.map { $0.map { BackgroundDeliveryRecord.key(bundleIdentifier: bundleIdentifier, type: $0) } }
                ?? storage.backgroundDeliveries(of: bundleIdentifier).map {
                    BackgroundDeliveryRecord.key(bundleIdentifier: bundleIdentifier, type: $0.type)
                }
            return try keys.sorted().map { try RecordWrite.delete(BackgroundDeliveryRecord.self, key: $0) }
        }
        guard !writes.isEmpty else { return }
        try write(records: writes)
    }
}

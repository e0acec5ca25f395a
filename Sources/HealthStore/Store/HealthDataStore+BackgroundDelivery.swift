import Foundation
import HealthEngine
import HealthModel

/// Background-delivery subscriptions (SEMANTICS §6), kept by the backend so that they persist with the store.
extension HealthDataStore {
    /// An app's subscriptions.
    public func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription] {
        try wrapped { try storage.backgroundDeliveries(of: bundleIdentifier) }
    }

    /// Saves a subscription (replacing the app's subscription to the same type).
    public func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws {
        try wrapped { try storage.saveBackgroundDelivery(subscription) }
    }

    /// Removes an app's subscriptions to these types (nil: all).
    public func removeBackgroundDeliveries(of bundleIdentifier: String, types: Set<SampleType>?) throws {
        try wrapped { try storage.removeBackgroundDeliveries(of: bundleIdentifier, types: types) }
    }
}

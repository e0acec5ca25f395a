import Foundation
import HealthModel

/// Settings kept with a store's data: the source order of each type (statistics merging, SEMANTICS §5.1) and the
/// background-delivery subscriptions of the clients (an `OpenHealthKit` feature).
public protocol StoreSettings: AnyObject, Sendable {
    /// The source order set for a type (bundle identifiers, highest priority first), or nil for the default order.
    func sourceOrder(for type: SampleType) throws -> [String]?

    /// Sets the source order of a type; nil restores the default order. Kept with the data.
    func setSourceOrder(_ bundleIdentifiers: [String]?, for type: SampleType) throws

    /// The background-delivery subscriptions of a client, by type identifier order.
    func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription]

    /// Adds or replaces a subscription (keyed by client and type). Kept with the data.
    func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws

    /// Removes a client's subscriptions to the types (nil: all of its subscriptions).
    func removeBackgroundDeliveries(of bundleIdentifier: String, types: Set<SampleType>?) throws
}

extension StoreSettings {
    /// By default a storage keeps no subscriptions and says so.
    public func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription] { [] }

    /// By default a storage keeps no subscriptions and says so.
    public func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws {
        throw HealthEngineError.invalidQuery(
            field: "background delivery", reason: "this storage does not keep subscriptions")
    }

    /// By default a storage keeps no subscriptions.
    public func removeBackgroundDeliveries(of bundleIdentifier: String, types: Set<SampleType>?) throws {}
}

import Foundation
import HealthModel

/// Settings kept with a store's data: the source order of each type (statistics merging, SEMANTICS §5.1) and the
/// background-delivery subscriptions of the clients (an `OpenHealthKit` feature), the preferred units set for quantity
/// types and the locale their defaults follow (the facade applies the rules: `HealthDataStore+PreferredUnits`), and
/// the person's medication list (`HealthDataStore+Medications`).
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

    /// The preferred units set for quantity types (the person's choices over the locale's defaults), by type.
    func preferredUnitOverrides() throws -> [SampleType: HealthUnit]

    /// Sets the preferred unit of a type; nil forgets the choice (the locale's default applies again). Kept with the
    /// data.
    func setPreferredUnit(_ unit: HealthUnit?, for type: SampleType) throws

    /// The locale identifier set for the store's default units, or nil when none was set.
    func unitLocaleIdentifier() throws -> String?

    /// Sets the locale identifier the store's default units follow; nil forgets it. Kept with the data.
    func setUnitLocaleIdentifier(_ identifier: String?) throws

    /// The person's medication list (`HKUserAnnotatedMedication`s), in the order it was set.
    func userAnnotatedMedications() throws -> [UserAnnotatedMedication]

    /// Replaces the person's medication list (validated by the facade: each concept identifier once). Kept with the
    /// data.
    func setUserAnnotatedMedications(_ medications: [UserAnnotatedMedication]) throws
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

    /// By default a storage keeps no preferred units: every type has its locale's default.
    public func preferredUnitOverrides() throws -> [SampleType: HealthUnit] { [:] }

    /// By default a storage keeps no preferred units and says so.
    public func setPreferredUnit(_ unit: HealthUnit?, for type: SampleType) throws {
        throw HealthEngineError.invalidQuery(field: "preferred unit", reason: "this storage does not keep settings")
    }

    /// By default a storage keeps no locale.
    public func unitLocaleIdentifier() throws -> String? { nil }

    /// By default a storage keeps no locale and says so.
    public func setUnitLocaleIdentifier(_ identifier: String?) throws {
        throw HealthEngineError.invalidQuery(field: "locale", reason: "this storage does not keep settings")
    }

    /// By default a storage keeps no medications.
    public func userAnnotatedMedications() throws -> [UserAnnotatedMedication] { [] }

    /// By default a storage keeps no medications and says so.
    public func setUserAnnotatedMedications(_ medications: [UserAnnotatedMedication]) throws {
        throw HealthEngineError.invalidQuery(field: "medications", reason: "this storage does not keep settings")
    }
}

import Foundation
import HealthModel

/// An app's background-delivery subscription to a type (SEMANTICS §6), keyed by the app's bundle identifier and the
/// type's identifier (`key(bundleIdentifier:type:)`). Only the app itself (or a full-access client) reads and writes
/// its subscriptions; other apps see none.
public enum BackgroundDeliveryRecord: RecordKind {
    /// The subscription.
    public typealias Value = BackgroundDeliverySubscription

    /// The stored name.
    public static let name = "backgroundDelivery"

    /// The key of an app's subscription to a type: the bundle identifier, a space (never in one), the type.
    public static func key(bundleIdentifier: String, type: SampleType) -> String {
        keyPrefix(bundleIdentifier: bundleIdentifier) + type.identifier
    }

    /// The prefix of every key of an app's subscriptions.
    public static func keyPrefix(bundleIdentifier: String) -> String { bundleIdentifier + " " }

    /// The app named by the key.
    public static func writer(ofKey key: String) -> RecordWriter {
        let bundleIdentifier = key.split(separator: " ", maxSplits: 1).first.map(String.init) ?? key
        return .app(bundleIdentifier, denial: "changing another app's background delivery")
    }

    /// Only the subscribing app sees its subscription.
    public static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value? {
        value.bundleIdentifier == reader.client ? value : nil
    }
}

extension RecordStorage {
    /// The background-delivery subscriptions of an app, by type identifier order.
    public func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription] {
        try records(
            BackgroundDeliveryRecord.self,
            keys: .prefix(BackgroundDeliveryRecord.keyPrefix(bundleIdentifier: bundleIdentifier))
        ).map(\.value).filter { $0.bundleIdentifier == bundleIdentifier }
    }
}

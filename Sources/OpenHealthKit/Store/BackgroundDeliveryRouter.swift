import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// Decides, for one app on one store, when its observer queries are told about new data (SEMANTICS §6).
///
/// A type without a background-delivery subscription is observed as by an app in the foreground: every matching
/// commit is reported. A subscribed type is reported at most once per period of its frequency (capped by the type:
/// step count at most hourly), measured on the store's clock; a notification that falls inside the period waits and
/// goes out with the next commit or `deliverDue()` after the period. After three notifications in a row whose
/// completion handler was not called, delivery stops until the app enables background delivery again. The
/// subscriptions and their state are kept by the storage, so they persist with the store.
final class BackgroundDeliveryRouter: Sendable {
    private let dataStore: HealthDataStore
    private let bundleIdentifier: String
    private let clock: @Sendable () -> Date

    private struct Waiting {
        let query: HKObserverQuery
        var types: Set<SampleType>
    }

    /// Notifications held back by a frequency, by query.
    private let waiting = Mutex([ObjectIdentifier: Waiting]())
    /// Serializes the read-modify-write of subscription state.
    private let lock = Mutex(())

    /// The notifications in a row left unacknowledged after which delivery stops.
    static let missedAcknowledgementLimit = 3

    init(dataStore: HealthDataStore, bundleIdentifier: String, clock: @escaping @Sendable () -> Date) {
        self.dataStore = dataStore
        self.bundleIdentifier = bundleIdentifier
        self.clock = clock
    }

    /// Subscribes (or re-subscribes, which clears a suspension) the app to a type at a frequency.
    func enable(_ type: SampleType, frequency: UpdateFrequency) throws {
        try lock.withLock { _ in
            let existing = try subscriptions()[type]
            try dataStore.saveBackgroundDelivery(
                BackgroundDeliverySubscription(
                    bundleIdentifier: bundleIdentifier, type: type,
                    frequency: UpdateFrequency.effective(frequency, for: type),
                    lastNotified: existing?.lastNotified))
        }
    }

    /// Removes the app's subscriptions to the types (nil: all).
    func disable(_ types: Set<SampleType>?) throws {
        try lock.withLock { _ in try dataStore.removeBackgroundDeliveries(of: bundleIdentifier, types: types) }
    }

    /// The app's subscriptions by type.
    func subscriptions() throws -> [SampleType: BackgroundDeliverySubscription] {
        Dictionary(
            uniqueKeysWithValues: try dataStore.records.backgroundDeliveries(of: bundleIdentifier).map { ($0.type, $0) }
        )
    }

    /// Called by a running observer query with the types of a batch of matching changes.
    func route(_ query: HKObserverQuery, types: Set<SampleType>) {
        deliverDue()
        dispatch(query, types: types)
    }

    /// Sends the held-back notifications whose period has passed.
    func deliverDue() {
        let held = waiting.withLock { waiting -> [Waiting] in
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for entry in held { dispatch(entry.query, types: entry.types) }
    }

    private func dispatch(_ query: HKObserverQuery, types: Set<SampleType>) {
        var notified = Set<SampleType>()
        var acknowledged = Set<SampleType>()
        var held = Set<SampleType>()
        do {
            try lock.withLock { _ in
                let subscriptions = try subscriptions()
                let now = clock()
                for type in types {
                    guard var subscription = subscriptions[type] else {
                        notified.insert(type)
                        continue
                    }
                    if subscription.suspended { continue }
                    if let last = subscription.lastNotified, now.timeIntervalSince(last) < subscription.frequency.period
                    {
                        held.insert(type)
                        continue
                    }
                    if subscription.missedAcknowledgements >= Self.missedAcknowledgementLimit {
                        subscription.suspended = true
                    } else {
                        subscription.lastNotified = now
                        subscription.missedAcknowledgements += 1
                        notified.insert(type)
                        acknowledged.insert(type)
                    }
                    try dataStore.saveBackgroundDelivery(subscription)
                }
            }
        } catch {
            notified = types
            acknowledged = []
            held = []
        }
        if !held.isEmpty {
            waiting.withLock { waiting in
                waiting[ObjectIdentifier(query), default: Waiting(query: query, types: [])].types.formUnion(held)
            }
        }
        guard !notified.isEmpty else { return }
        query.notify(types: notified, acknowledge: acknowledgement(for: acknowledged))
    }

    /// The completion handler of a notification: the first call marks the subscriptions acknowledged.
    private func acknowledgement(for types: Set<SampleType>) -> HKObserverQueryCompletionHandler {
        guard !types.isEmpty else { return {} }
        let called = Mutex(false)
        return { [self] in
            guard
                !called.withLock({ called in
                    defer { called = true }
                    return called
                })
            else { return }
            try? lock.withLock { _ in
                let subscriptions = try subscriptions()
                for type in types {
                    guard var subscription = subscriptions[type] else { continue }
                    subscription.missedAcknowledgements = 0
                    try dataStore.saveBackgroundDelivery(subscription)
                }
            }
        }
    }
}

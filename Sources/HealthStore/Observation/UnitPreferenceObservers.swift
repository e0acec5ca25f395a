import Foundation
import Synchronization

/// Who hears that the store's preferred units changed (a unit set or cleared, the locale changed): shared by a store
/// and all its client views, so a change through any of them reaches every `HKHealthStore` on the store. An observer
/// lives as long as its owner: entries whose owner is gone are dropped.
package final class UnitPreferenceObservers: Sendable {
    /// Unchecked: the owner is Sendable (see `add`) and only tested for nil.
    private struct Entry: @unchecked Sendable {
        weak var owner: AnyObject?
        let observer: @Sendable () -> Void
    }

    private let entries = Mutex<[Entry]>([])

    package init() {}

    /// Calls `observer` after each change, for as long as `owner` exists.
    package func add(owner: some AnyObject & Sendable, _ observer: @escaping @Sendable () -> Void) {
        entries.withLock { entries in
            entries.removeAll { $0.owner == nil }
            entries.append(Entry(owner: owner, observer: observer))
        }
    }

    /// Tells the observers whose owners still exist, outside the lock.
    package func notify() {
        let observers = entries.withLock { entries in
            entries.removeAll { $0.owner == nil }
            return entries.map(\.observer)
        }
        for observer in observers { observer() }
    }
}

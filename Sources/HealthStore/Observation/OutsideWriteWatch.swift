import Dispatch
import Foundation

/// Polls a store for commits made by other processes writing the same SQLite file, so that this process's
/// long-running queries (anchored, observer, statistics collection) see them too. Stops when `stop()` is called or
/// the watch is released. (`@unchecked Sendable`: the timer source is thread-safe; only `cancel()` is called on it.)
///
/// SQLite tells a connection nothing about other connections' commits, so the store's latest sequence is read every
/// interval (one small read transaction); commits made through the store object itself are reported at once anyway.
public final class OutsideWriteWatch: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    /// Starts polling `store` every `interval` on a background queue.
    public init(store: HealthDataStore, every interval: DispatchTimeInterval = .milliseconds(250)) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "org.openhealthkit.outside-writes"))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
        timer.setEventHandler { _ = try? store.checkForOutsideWrites() }
        timer.resume()
        self.timer = timer
    }

    /// Stops polling.
    public func stop() { timer.cancel() }

    deinit { timer.cancel() }
}

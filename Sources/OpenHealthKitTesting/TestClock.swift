import Foundation
import Synchronization

/// A clock a test sets and moves by hand, so that "today", midnight and background-delivery frequencies are
/// deterministic. Pass `clock.now` wherever a clock closure is wanted.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    /// A clock showing `start`.
    public init(_ start: Date) { current = Mutex(start) }

    /// The time the clock shows.
    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock on (or back, with a negative interval).
    public func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

    /// Sets the clock.
    public func set(_ date: Date) { current.withLock { $0 = date } }
}

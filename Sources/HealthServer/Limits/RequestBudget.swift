import Foundation
import Synchronization

/// The server's accounting of the `ServerLimits` that span requests: a token bucket per client token and per address
/// (the rates), and counts of requests open at once (long-polls, event streams, imports). One per server, shared by
/// every request.
final class RequestBudget: Sendable {
    /// The limits applied.
    let limits: ServerLimits
    /// The clock buckets refill by.
    let clock: ContinuousClock
    private let state = Mutex(State())

    /// The most buckets kept; past it, buckets that are full again (their owner quiet) are forgotten.
    private static let bucketsKept = 4_096

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct State {
        var buckets: [String: Bucket] = [:]
        var open: [String: Int] = [:]
    }

    /// A rate: `perSecond` on average, `burst` at once; `limit` names it in errors.
    struct Rate {
        let limit: ServerLimit
        let perSecond: Double
        let burst: Double
        /// The `maximum` errors report (per second, or per minute for sign-in attempts).
        let maximum: Double
    }

    init(limits: ServerLimits, clock: ContinuousClock) {
        self.limits = limits
        self.clock = clock
    }

    var clientRate: Rate {
        Rate(
            limit: .requestsPerSecond, perSecond: limits.requestsPerSecond, burst: Double(limits.requestBurst),
            maximum: limits.requestsPerSecond)
    }

    var anonymousRate: Rate {
        Rate(
            limit: .anonymousRequestsPerSecond, perSecond: limits.anonymousRequestsPerSecond,
            burst: Double(limits.anonymousBurst),
            maximum: limits.anonymousRequestsPerSecond)
    }

    var signInRate: Rate {
        Rate(
            limit: .signInAttemptsPerMinute, perSecond: limits.signInAttemptsPerMinute / 60,
            burst: Double(limits.signInBurst),
            maximum: limits.signInAttemptsPerMinute)
    }

    /// Takes `cost` (at most the burst) from the bucket of `key`, or fails with 429 and the seconds after which it
    /// would succeed. With `cost` 0, only checks that the bucket is not empty.
    func take(_ key: String, cost: Double, rate: Rate) throws(HealthServerError) {
        let now = clock.now
        let wait: Double? = state.withLock { state in
            var bucket = Self.refilled(state.buckets[key], rate: rate, now: now)
            let cost = min(cost, rate.burst)
            let needed = max(cost, 1)
            guard bucket.tokens >= needed else {
                state.buckets[key] = bucket
                return (needed - bucket.tokens) / rate.perSecond
            }
            bucket.tokens -= cost
            state.buckets[key] = bucket
            Self.forgetQuiet(&state, rate: rate, now: now)
            return nil
        }
        if let wait {
            throw .limitExceeded(
                rate.limit, maximum: rate.maximum, retryAfter: max(1, Int(wait.rounded(.up).clamped(to: 1...86_400))))
        }
    }

    /// Charges `cost` after the fact (a weight known only once the work is done): the bucket may go into debt, down to
    /// minus the burst, which later requests then wait out.
    func charge(_ key: String, cost: Double, rate: Rate) {
        guard cost > 0 else { return }
        let now = clock.now
        state.withLock { state in
            var bucket = Self.refilled(state.buckets[key], rate: rate, now: now)
            bucket.tokens = max(bucket.tokens - cost, -rate.burst)
            state.buckets[key] = bucket
        }
    }

    private static func refilled(_ bucket: Bucket?, rate: Rate, now: ContinuousClock.Instant) -> Bucket {
        guard var bucket else { return Bucket(tokens: rate.burst, updated: now) }
        let elapsed = bucket.updated.duration(to: now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        bucket.tokens = min(rate.burst, bucket.tokens + max(0, seconds) * rate.perSecond)
        bucket.updated = now
        return bucket
    }

    /// Forgets buckets that have refilled when too many are kept (addresses come and go).
    private static func forgetQuiet(_ state: inout State, rate: Rate, now: ContinuousClock.Instant) {
        guard state.buckets.count > bucketsKept else { return }
        state.buckets = state.buckets.filter { refilled($0.value, rate: rate, now: now).tokens < rate.burst }
    }

    /// One request's places among the requests open at once; they are given back when it is released (when the
    /// request's answer, and whatever else holds it, is gone).
    final class Slot: Sendable {
        private let budget: RequestBudget
        private let keys: [String]

        fileprivate init(budget: RequestBudget, keys: [String]) {
            self.budget = budget
            self.keys = keys
        }

        deinit { budget.close(keys) }
    }

    /// Opens a place under each of `places` (a key, the most open at once and the limit it is), all or none; fails with
    /// 429 naming the first limit that is full.
    func open(_ places: [(key: String, maximum: Int, limit: ServerLimit)]) throws(HealthServerError) -> Slot {
        let full: (Int, ServerLimit)? = state.withLock { state in
            for place in places where state.open[place.key, default: 0] >= place.maximum {
                return (place.maximum, place.limit)
            }
            for place in places { state.open[place.key, default: 0] += 1 }
            return nil
        }
        if let (maximum, limit) = full { throw .limitExceeded(limit, maximum: Double(maximum)) }
        return Slot(budget: self, keys: places.map(\.key))
    }

    /// How many requests are open under `key`.
    func openCount(_ key: String) -> Int {
        state.withLock { $0.open[key, default: 0] }
    }

    private func close(_ keys: [String]) {
        state.withLock { state in
            for key in keys {
                let count = state.open[key, default: 0] - 1
                state.open[key] = count > 0 ? count : nil
            }
        }
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

import Foundation
import HealthModel

/// Necessary bounds on a sample's start and end (seconds since the reference date) that a storage can use with an
/// index. A storage may return more candidates than the bounds allow, never fewer.
public struct TimeBounds: Sendable, Hashable {
    /// Start must be at or after this.
    public var startLowerBound: Double = -.infinity
    /// Start must be before this.
    public var startUpperBound: Double = .infinity
    /// End must be at or after this.
    public var endLowerBound: Double = -.infinity
    /// End must be before this.
    public var endUpperBound: Double = .infinity

    /// No bounds at all.
    public static let unbounded = TimeBounds()

    /// Bounds with any of the four limits set.
    public init(
        startLowerBound: Double = -.infinity, startUpperBound: Double = .infinity, endLowerBound: Double = -.infinity,
        endUpperBound: Double = .infinity
    ) {
        self.startLowerBound = startLowerBound
        self.startUpperBound = startUpperBound
        self.endLowerBound = endLowerBound
        self.endUpperBound = endUpperBound
    }

    /// Whether no sample can satisfy the bounds.
    public var isEmpty: Bool {
        startLowerBound >= startUpperBound || endLowerBound >= endUpperBound || startLowerBound >= endUpperBound
    }

    /// Whether a sample with this start and end satisfies the bounds.
    @inlinable
    public func contains(start: Double, end: Double) -> Bool {
        start >= startLowerBound && start < startUpperBound && end >= endLowerBound && end < endUpperBound
    }

    /// The bounds both these and the other bounds impose.
    public func intersection(_ other: TimeBounds) -> TimeBounds {
        TimeBounds(
            startLowerBound: max(startLowerBound, other.startLowerBound),
            startUpperBound: min(startUpperBound, other.startUpperBound),
            endLowerBound: max(endLowerBound, other.endLowerBound),
            endUpperBound: min(endUpperBound, other.endUpperBound))
    }

    /// The clauses of a date-window predicate (SEMANTICS §3), as bounds.
    public static func window(start: Date?, end: Date?, options: DateMatchingOptions) -> TimeBounds {
        var bounds = TimeBounds()
        if let start {
            let seconds = start.timeIntervalSinceReferenceDate
            if options.contains(.strictStartDate) {
                bounds.startLowerBound = seconds
            } else {
                bounds.endLowerBound = seconds
            }
        }
        if let end {
            let seconds = end.timeIntervalSinceReferenceDate
            bounds.startUpperBound = seconds
            if options.contains(.strictEndDate) { bounds.endUpperBound = seconds }
        }
        return bounds
    }

    /// The bounds every sample matching the predicate must satisfy (from date windows joined by AND).
    public static func implied(by predicate: SamplePredicate) -> TimeBounds {
        switch predicate {
        case let .date(start, end, options):
            return window(start: start, end: end, options: options)
        case let .and(predicates):
            return predicates.reduce(TimeBounds()) { $0.intersection(implied(by: $1)) }
        default:
            return TimeBounds()
        }
    }
}

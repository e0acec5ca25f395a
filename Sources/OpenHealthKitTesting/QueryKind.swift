import Foundation

/// Which queries a fault applies to: a kind covers the callback class and its async descriptor.
public enum QueryKind: Sendable, Hashable {
    /// Every query.
    case any
    /// `HKSampleQuery` and `HKSampleQueryDescriptor`.
    case sample
    /// `HKStatisticsQuery` and `HKStatisticsQueryDescriptor`.
    case statistics
    /// `HKStatisticsCollectionQuery` and `HKStatisticsCollectionQueryDescriptor`.
    case statisticsCollection
    /// `HKAnchoredObjectQuery` and `HKAnchoredObjectQueryDescriptor`.
    case anchoredObject
    /// `HKObserverQuery`.
    case observer
    /// `HKActivitySummaryQuery` and `HKActivitySummaryQueryDescriptor`.
    case activitySummary
    /// A query class or descriptor by its exact name (for kinds without a case).
    case named(String)

    /// Whether a query of this class name is of this kind.
    public func matches(_ className: String) -> Bool {
        switch self {
        case .any: return true
        case .sample: return className == "HKSampleQuery" || className.hasPrefix("HKSampleQueryDescriptor")
        case .statistics: return className == "HKStatisticsQuery" || className == "HKStatisticsQueryDescriptor"
        case .statisticsCollection:
            return className == "HKStatisticsCollectionQuery" || className == "HKStatisticsCollectionQueryDescriptor"
        case .anchoredObject:
            return className == "HKAnchoredObjectQuery" || className.hasPrefix("HKAnchoredObjectQueryDescriptor")
        case .observer: return className == "HKObserverQuery"
        case .activitySummary:
            return className == "HKActivitySummaryQuery" || className == "HKActivitySummaryQueryDescriptor"
        case let .named(name): return className == name
        }
    }
}

/// One query an `HKHealthStore` of the bench ran (or was made to fail), as recorded for the test to check.
public struct ExecutedQuery: Sendable, Hashable {
    /// The query's class or descriptor name (`HKSampleQuery`, `HKStatisticsQueryDescriptor`…).
    public let kind: String
    /// The identifiers of the types it searched.
    public let types: [String]
    /// Its predicate's description, if it had one.
    public let predicate: String?
    /// When it ran, on the bench's clock.
    public let date: Date
    /// What the bench did to it: nil when it ran normally, else "failed with …" or "delayed …".
    public let fault: String?
}

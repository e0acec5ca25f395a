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

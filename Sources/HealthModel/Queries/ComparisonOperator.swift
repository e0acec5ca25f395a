/// How a predicate compares a stored value with a given one (HealthKit's `NSComparisonPredicate.Operator` subset).
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqualTo = "<="
    case greaterThan = ">"
    case greaterThanOrEqualTo = ">="
    case equalTo = "=="
    case notEqualTo = "!="

    /// Whether `left OP right` holds.
    @inlinable
    public func holds<Value: Comparable>(_ left: Value, _ right: Value) -> Bool {
        switch self {
        case .lessThan: return left < right
        case .lessThanOrEqualTo: return left <= right
        case .greaterThan: return left > right
        case .greaterThanOrEqualTo: return left >= right
        case .equalTo: return left == right
        case .notEqualTo: return left != right
        }
    }
}

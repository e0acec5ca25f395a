import Foundation

/// What can go wrong computing trends, naming the part at fault.
public enum HealthTrendsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The type is not a cumulative quantity type (trends add samples up).
    case notCumulative(type: String)
    /// A parameter is out of range.
    case invalidParameter(name: String, reason: String)
    /// The store could not answer.
    case store(String)

    public var description: String {
        switch self {
        case let .notCumulative(type): return "\(type) is not a cumulative quantity type: trends add samples up"
        case let .invalidParameter(name, reason): return "invalid \(name): \(reason)"
        case let .store(message): return message
        }
    }
}

import Foundation
import HealthModel

/// What a store holds of one sample type: how many samples, from when to when.
public struct TypeSummary: Sendable, Hashable {
    /// The type.
    public let type: SampleType
    /// The number of stored samples.
    public let count: Int
    /// The earliest start.
    public let firstStart: Date
    /// The latest end.
    public let lastEnd: Date

    /// A summary.
    public init(type: SampleType, count: Int, firstStart: Date, lastEnd: Date) {
        self.type = type
        self.count = count
        self.firstStart = firstStart
        self.lastEnd = lastEnd
    }
}

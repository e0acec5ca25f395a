import Foundation

/// One entry of a quantity series sample: a value over its own date interval.
public struct QuantitySeriesEntry: Sendable, Hashable {
    /// The entry's value.
    public let quantity: Quantity
    /// When the entry starts.
    public let startDate: Date
    /// When the entry ends (equal to the start for instantaneous entries).
    public let endDate: Date

    /// An entry over `[startDate, endDate]`.
    public init(quantity: Quantity, startDate: Date, endDate: Date) {
        self.quantity = quantity
        self.startDate = startDate
        self.endDate = endDate
    }
}

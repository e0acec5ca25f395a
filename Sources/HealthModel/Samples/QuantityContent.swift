import Foundation

/// What a quantity sample holds: its value, how many measurements it summarizes, and the series entries if any.
public struct QuantityContent: Sendable, Hashable {
    /// The sample's value: the sum for cumulative types, the average for discrete ones when `count > 1`.
    public let quantity: Quantity
    /// How many measurements the sample summarizes (1 for an ordinary sample).
    public let count: Int
    /// The individual measurements of a series sample; empty when not known or `count == 1`.
    public let seriesEntries: [QuantitySeriesEntry]

    /// Content with a value, a count and optional series entries.
    public init(quantity: Quantity, count: Int = 1, seriesEntries: [QuantitySeriesEntry] = []) {
        self.quantity = quantity
        self.count = count
        self.seriesEntries = seriesEntries
    }

    /// The smallest measurement (the value itself when there are no entries).
    public var minimum: Quantity { extreme(by: <) }
    /// The largest measurement (the value itself when there are no entries).
    public var maximum: Quantity { extreme(by: >) }

    /// The average of the measurements (the value itself for a discrete sample).
    public var average: Quantity { quantity }

    /// The measurement with the latest start (the value itself when there are no entries).
    public var mostRecent: Quantity {
        seriesEntries.max(by: { $0.startDate < $1.startDate })?.quantity ?? quantity
    }

    private func extreme(by isMoreExtreme: (Double, Double) -> Bool) -> Quantity {
        guard var best = seriesEntries.first?.quantity else { return quantity }
        for entry in seriesEntries.dropFirst() {
            let value = (try? entry.quantity.value(in: best.unit)) ?? entry.quantity.value
            if isMoreExtreme(value, best.value) { best = entry.quantity }
        }
        return best
    }
}

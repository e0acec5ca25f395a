import Foundation

/// The value of a quantity sample.
public struct QuantityContent: Sendable, Hashable {
    /// The sample's value: the sum for cumulative types, the average for discrete ones when `count > 1`.
    public let quantity: Quantity
    /// How many measurements the sample summarizes (1 for an ordinary sample).
    public let count: Int
    /// The individual measurements of a series sample; empty when not known or `count == 1`.
    public let seriesEntries: [QuantitySeriesEntry]
    /// The smallest and largest measurement of a discrete series sample whose entries are not known (a summary such as
    /// a pushed minute of heart rate given as Min/Avg/Max; `quantity` is then the average); nil otherwise.
    public let summary: QuantitySummary?

    /// Content with a value, a count, optional series entries and, for a discrete series without entries, its extremes.
    public init(
        quantity: Quantity, count: Int = 1, seriesEntries: [QuantitySeriesEntry] = [], summary: QuantitySummary? = nil
    ) {
        self.quantity = quantity
        self.count = count
        self.seriesEntries = seriesEntries
        self.summary = seriesEntries.isEmpty ? summary : nil
    }

    /// The smallest measurement (the summary's, else the entries', else the value itself).
    public var minimum: Quantity { summary?.minimum ?? extreme(by: <) }
    /// The largest measurement (the summary's, else the entries', else the value itself).
    public var maximum: Quantity { summary?.maximum ?? extreme(by: >) }

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

import Foundation

/// The extremes of a discrete series sample kept without its entries (HealthKit's `HKDiscreteQuantitySample`
/// `minimumQuantity` and `maximumQuantity`): statistics count its minimum and maximum in their minimum and maximum, and
/// its average (the sample's quantity) in their average (decisions/pushed-data.md).
public struct QuantitySummary: Sendable, Hashable {
    /// The smallest measurement.
    public let minimum: Quantity
    /// The largest measurement.
    public let maximum: Quantity

    /// The extremes.
    public init(minimum: Quantity, maximum: Quantity) {
        self.minimum = minimum
        self.maximum = maximum
    }
}

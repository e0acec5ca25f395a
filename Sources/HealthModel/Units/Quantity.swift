import Foundation

/// A number together with its unit, e.g. 72 `count/min` or 0.97 `%`.
///
/// Equality and hashing are structural (same value and same unit); use `compare(_:)` to compare amounts
/// across compatible units (1 kg and 1000 g compare as `.orderedSame`).
public struct Quantity: Sendable, Hashable, CustomStringConvertible {
    /// The numeric value, expressed in `unit`.
    public let value: Double
    /// The unit `value` is expressed in.
    public let unit: HealthUnit

    /// Creates a quantity of `value` in `unit`.
    public init(_ value: Double, _ unit: HealthUnit) {
        self.value = value
        self.unit = unit
    }

    /// The value converted to `unit`; throws `.incompatibleUnits` when the units measure different things.
    @inlinable
    public func value(in unit: HealthUnit) throws(HealthModelError) -> Double {
        try self.unit.convert(value, to: unit)
    }

    /// Whether this quantity can be expressed in `unit`.
    @inlinable
    public func isCompatible(with unit: HealthUnit) -> Bool {
        self.unit.isCompatible(with: unit)
    }

    /// This quantity expressed in `unit`; throws `.incompatibleUnits` when the units measure different things.
    public func converted(to unit: HealthUnit) throws(HealthModelError) -> Quantity {
        Quantity(try value(in: unit), unit)
    }

    /// Orders two quantities by amount after converting `other` into this quantity's unit; throws `.incompatibleUnits`.
    public func compare(_ other: Quantity) throws(HealthModelError) -> ComparisonResult {
        let otherValue = try other.value(in: unit)
        if value < otherValue { return .orderedAscending }
        if value > otherValue { return .orderedDescending }
        return .orderedSame
    }

    /// The value followed by the unit's canonical spelling, e.g. `72.0 count/min`.
    public var description: String {
        "\(value) \(unit.unitString)"
    }
}

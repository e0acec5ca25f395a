/// A precomputed affine conversion between two compatible units: `converted = value * scale + offset`.
public struct UnitConverter: Sendable, Equatable {
    /// The multiplier applied to a value.
    public let scale: Double
    /// The amount added after scaling (non-zero only between temperature scales such as degC and degF).
    public let offset: Double

    /// Creates a converter that maps `value` to `value * scale + offset`.
    @inlinable
    public init(scale: Double, offset: Double = 0) {
        self.scale = scale
        self.offset = offset
    }

    /// The converter that leaves every value unchanged.
    public static let identity = UnitConverter(scale: 1, offset: 0)

    /// Converts one value: `value * scale + offset`.
    @inlinable
    public func convert(_ value: Double) -> Double {
        value * scale + offset
    }
}

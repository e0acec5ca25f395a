import HealthModel

/// Quantities as numbers in one unit (a statistics query's canonical unit), each unit's converter made once: samples
/// come in runs of one unit, so the last one is kept at hand and the others in a table.
struct CanonicalValues {
    /// The unit every value is given in.
    let unit: HealthUnit
    private var converters: [HealthUnit: HealthModel.UnitConverter] = [:]
    private var lastUnit: HealthUnit?
    private var lastConverter = HealthModel.UnitConverter(scale: 1)

    /// Values in `unit`.
    init(_ unit: HealthUnit) {
        self.unit = unit
    }

    /// The quantity's value in `unit`; throws for a unit that does not convert.
    mutating func value(of quantity: Quantity) throws -> Double {
        if let lastUnit, lastUnit == quantity.unit { return lastConverter.convert(quantity.value) }
        let converter: HealthModel.UnitConverter
        if let known = converters[quantity.unit] {
            converter = known
        } else {
            converter = try quantity.unit.converter(to: unit)
            converters[quantity.unit] = converter
        }
        lastUnit = quantity.unit
        lastConverter = converter
        return converter.convert(quantity.value)
    }
}

import Foundation

/// A unit conversion given as text (a value, a source unit and a target unit), checked and carried out.
///
/// This is the logic behind `ohk units convert VALUE FROM TO`, kept in the library so that it is tested like the
/// rest of the model and the command line stays a thin layer of argument handling.
public struct UnitConversionRequest: Sendable, Hashable {
    /// The value to convert, expressed in `source`.
    public let value: Double
    /// The unit `value` is expressed in.
    public let source: HealthUnit
    /// The unit to convert to.
    public let target: HealthUnit
    /// The target unit as the caller spelled it (surrounding whitespace removed), used when printing the result.
    public let targetSpelling: String

    /// Why a conversion request was refused; each case names the argument at fault.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The value is not a number at all.
        case notANumber(String)
        /// The value parses but is NaN or infinite.
        case notFinite(String)
        /// A unit string is malformed; `argument` is `FROM` or `TO`.
        case invalidUnit(argument: String, spelling: String, HealthModelError)
        /// The units measure different things.
        case incompatibleUnits(HealthModelError)

        /// A one-line message for people, e.g. `FROM unit "kgg": invalid unit "kgg" at character 0: …`.
        public var description: String {
            switch self {
            case let .notANumber(text): return "value \"\(text)\" is not a number"
            case let .notFinite(text): return "value \"\(text)\" is not a finite number"
            case let .invalidUnit(argument, spelling, error): return "\(argument) unit \"\(spelling)\": \(error.description)"
            case let .incompatibleUnits(error): return error.description
            }
        }
    }

    /// Parses the three texts; throws a `Failure` naming the first argument that is wrong.
    public init(value valueText: String, from sourceText: String, to targetText: String) throws(Failure) {
        let trimmedValue = valueText.trimmingCharacters(in: .whitespaces)
        guard let value = UnitConversionRequest.parseNumber(trimmedValue) else { throw .notANumber(valueText) }
        guard value.isFinite else { throw .notFinite(valueText) }
        let source: HealthUnit
        let target: HealthUnit
        do {
            source = try HealthUnit(parsing: sourceText)
        } catch {
            throw .invalidUnit(argument: "FROM", spelling: sourceText, error)
        }
        do {
            target = try HealthUnit(parsing: targetText)
        } catch {
            throw .invalidUnit(argument: "TO", spelling: targetText, error)
        }
        self.value = value
        self.source = source
        self.target = target
        self.targetSpelling = targetText.trimmingCharacters(in: .whitespaces)
    }

    /// The value expressed in the target unit; throws `.incompatibleUnits` when the dimensions differ.
    public func convertedValue() throws(Failure) -> Double {
        do {
            return try source.convert(value, to: target)
        } catch {
            throw .incompatibleUnits(error)
        }
    }

    /// The converted value and the target unit as printed by `ohk units convert`, e.g. `37 degC`.
    public func formattedResult() throws(Failure) -> String {
        "\(UnitConversionRequest.format(try convertedValue())) \(targetSpelling)"
    }

    /// A decimal number (`5.4`, `-40`, `1e3`, `+2`); rejects hexadecimal floats, which `Double(_:)` would accept.
    static func parseNumber(_ text: String) -> Double? {
        guard !text.isEmpty, !text.lowercased().contains("x") else { return nil }
        return Double(text)
    }

    /// Prints a value with at most 10 significant digits, as briefly as it round-trips: `37`, `97.2841752`, `1e-05`.
    ///
    /// The value is first rounded to 10 significant digits (so `37.00000000000001` prints as `37`), then printed in
    /// Swift's shortest round-tripping form without a trailing `.0`; zero prints as `0` whatever its sign.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        let rounded = Double(String(format: "%.10g", value)) ?? value
        if rounded == 0 { return "0" }
        var text = rounded.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

// MARK: - The grammar's units, for `ohk units list`

extension UnitConversionRequest {
    /// One base unit of the unit grammar, as `ohk units list` prints it.
    public struct UnitEntry: Sendable, Hashable {
        /// The symbol as written in unit strings, e.g. `g` or `mmHg`.
        public let symbol: String
        /// A short description, e.g. `gram (mass)`.
        public let summary: String
        /// Whether SI prefixes may be attached (`kg`, `mL`, …).
        public let acceptsPrefixes: Bool
    }

    /// Every base unit of the grammar: the SI (prefixable) ones first, then the non-SI ones, in declaration order.
    public static var grammarUnits: [UnitEntry] {
        let all = BaseUnit.allCases.map { base in
            UnitEntry(symbol: base.symbol, summary: summary(of: base), acceptsPrefixes: base.isPrefixable)
        }
        return all.filter(\.acceptsPrefixes) + all.filter { !$0.acceptsPrefixes }
    }

    /// The SI prefixes the grammar accepts, as (symbol, factor) pairs, smallest factor first.
    public static var grammarPrefixes: [(symbol: String, factor: Double)] {
        UnitPrefix.allCases.filter { $0 != .none }.map { ($0.symbol, $0.factor) }.sorted { $0.1 < $1.1 }
    }

    /// A short description of a base unit; exhaustive, so a new base unit cannot be forgotten here.
    static func summary(of base: BaseUnit) -> String {
        switch base {
        case .gram: return "gram (mass)"
        case .meter: return "meter (length)"
        case .liter: return "liter (volume; `l` also accepted)"
        case .pascal: return "pascal (pressure)"
        case .second: return "second (time)"
        case .joule: return "joule (energy)"
        case .kelvin: return "kelvin (temperature)"
        case .siemens: return "siemens (electrical conductance)"
        case .hertz: return "hertz (frequency)"
        case .watt: return "watt (power)"
        case .volt: return "volt (electric potential)"
        case .radian: return "radian (angle)"
        case .lux: return "lux (illuminance)"
        case .mole: return "mole (amount; mol<M> with molar mass M g/mol is a mass)"
        case .calorie: return "small calorie, 4.184 J (kcal and Cal are 1000 cal)"
        case .ounce: return "avoirdupois ounce, 1/16 lb"
        case .pound: return "avoirdupois pound, 0.45359237 kg"
        case .stone: return "stone, 14 lb"
        case .inch: return "inch, 0.0254 m"
        case .foot: return "foot, 0.3048 m"
        case .yard: return "yard, 0.9144 m"
        case .mile: return "mile, 1609.344 m"
        case .millimeterOfMercury: return "millimeter of mercury, 133.322387415 Pa"
        case .centimeterOfWater: return "centimeter of water, 98.0665 Pa"
        case .atmosphere: return "standard atmosphere, 101325 Pa"
        case .inchOfMercury: return "inch of mercury, 3386.389 Pa"
        case .decibelASPL: return "A-weighted decibel sound pressure level (converts only to itself)"
        case .decibelHL: return "decibel hearing level (converts only to itself)"
        case .fluidOunceUS: return "US fluid ounce, 29.5735295625 mL"
        case .fluidOunceImperial: return "imperial fluid ounce, 28.4130625 mL"
        case .pintUS: return "US pint, 16 US fl oz"
        case .pintImperial: return "imperial pint, 20 imperial fl oz"
        case .cupUS: return "US cup, 8 US fl oz"
        case .cupImperial: return "imperial cup, 10 imperial fl oz"
        case .minute: return "minute, 60 s"
        case .hour: return "hour, 3600 s"
        case .day: return "day, 86400 s"
        case .degreeCelsius: return "degree Celsius (affine: K - 273.15)"
        case .degreeFahrenheit: return "degree Fahrenheit (affine)"
        case .internationalUnit: return "international unit (its own dimension)"
        case .count: return "count (dimensionless)"
        case .percent: return "percent, stored as a fraction (0.97 is 97 %)"
        case .diopter: return "diopter (its own dimension)"
        case .prismDiopter: return "prism diopter (its own dimension)"
        case .degree: return "degree of angle, pi/180 rad"
        case .appleEffortScore: return "Apple effort score (its own dimension)"
        }
    }
}

/// The unit grammar's base units and prefixes, described for people (`ohk units list`).
public enum UnitGrammar {
    /// One base unit of the unit grammar, as `ohk units list` prints it.
    public struct Entry: Sendable, Hashable {
        /// The symbol as written in unit strings, e.g. `g` or `mmHg`.
        public let symbol: String
        /// A short description, e.g. `gram (mass)`.
        public let summary: String
        /// Whether SI prefixes may be attached (`kg`, `mL`, …).
        public let acceptsPrefixes: Bool
    }

    /// Every base unit of the grammar: the SI (prefixable) ones first, then the non-SI ones, in declaration order.
    public static var units: [Entry] {
        let all = BaseUnit.allCases.map { base in
            Entry(symbol: base.symbol, summary: summary(of: base), acceptsPrefixes: base.isPrefixable)
        }
        return all.filter(\.acceptsPrefixes) + all.filter { !$0.acceptsPrefixes }
    }

    /// The SI prefixes the grammar accepts, as (symbol, factor) pairs, smallest factor first.
    public static var prefixes: [(symbol: String, factor: Double)] {
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

import Foundation

/// A unit of measure in HealthKit's unit grammar (`kg`, `count/min`, `mmol<180.15588000005408>/L`, `degC`, …).
///
/// A unit is a normalized product of base units raised to integer powers. Equality and hashing compare those
/// normalized components, not the spelling: `mL/min·kg` equals `mL/(kg*min)`. Scale, offset and dimension are
/// computed once when the unit is built, so conversions are plain arithmetic. Copies share one immutable storage
/// object and cost a reference-count increment.
public struct HealthUnit: Sendable, Hashable, CustomStringConvertible {
    /// The shared immutable representation of this unit.
    @usableFromInline let storage: UnitStorage

    /// Wraps already-built storage.
    init(storage: UnitStorage) {
        self.storage = storage
    }

    /// Builds a unit from components, merging equal factors, dropping zero powers and sorting canonically.
    init(components: [UnitComponent]) {
        self.storage = UnitStorage(components: UnitComponent.normalized(components))
    }

    /// Builds a unit made of a single base unit with a prefix.
    init(base: BaseUnit, prefix: UnitPrefix = .none, molarMass: Double? = nil) {
        self.init(components: [UnitComponent(base: base, prefix: prefix, molarMass: molarMass, power: 1)])
    }

    /// Parses a HealthKit unit string such as `mg/dL` or `mL/(kg*min)`; throws `.invalidUnit` when it is malformed.
    public init(parsing string: String) throws(HealthModelError) {
        self = try UnitParser.parseCached(string)
    }

    /// The canonical spelling: `.` between factors, one `/` before the denominator, powers as `^2`.
    public var unitString: String { storage.unitString }

    /// The canonical spelling (same as `unitString`).
    public var description: String { storage.unitString }

    /// Whether this unit is exactly `count`.
    public var isCount: Bool { storage.isCount }

    /// Whether values in this unit can be converted to `other` (the two units measure the same dimension).
    @inlinable
    public func isCompatible(with other: HealthUnit) -> Bool {
        storage === other.storage || storage.dimension == other.storage.dimension
    }

    /// Feeds the hasher what compatible units share (their dimension): quantities equal across units (1 km and
    /// 1000 m) hash alike, while `hash(into:)` tells the units apart.
    public func hashDimension(into hasher: inout Hasher) { hasher.combine(storage.dimension) }

    /// The precomputed conversion from this unit to `other`; throws `.incompatibleUnits` when dimensions differ.
    @inlinable
    public func converter(to other: HealthUnit) throws(HealthModelError) -> UnitConverter {
        if storage === other.storage { return .identity }
        guard storage.dimension == other.storage.dimension else {
            throw HealthModelError.incompatibleUnits(from: storage.unitString, to: other.storage.unitString)
        }
        let targetScale = other.storage.scaleToBase
        return UnitConverter(
            scale: storage.scaleToBase / targetScale,
            offset: (storage.offsetToBase - other.storage.offsetToBase) / targetScale
        )
    }

    /// Converts `value` from this unit to `other`; throws `.incompatibleUnits` when dimensions differ.
    @inlinable
    public func convert(_ value: Double, to other: HealthUnit) throws(HealthModelError) -> Double {
        try converter(to: other).convert(value)
    }

    /// The product of this unit and `other`, e.g. `m` times `s` is `m.s`.
    public func multiplied(by other: HealthUnit) -> HealthUnit {
        HealthUnit(components: storage.components + other.storage.components)
    }

    /// The quotient of this unit by `other`, e.g. `count` divided by `min` is `count/min`.
    public func divided(by other: HealthUnit) -> HealthUnit {
        HealthUnit(components: storage.components + other.storage.components.map { $0.raised(toPower: -1) })
    }

    /// This unit raised to an integer power, e.g. `m` to the power 2 is `m^2`.
    public func raised(toPower power: Int) -> HealthUnit {
        HealthUnit(components: storage.components.map { $0.raised(toPower: power) })
    }

    /// The reciprocal of this unit, e.g. `s` becomes `s^-1`.
    public func reciprocal() -> HealthUnit {
        raised(toPower: -1)
    }

    /// Two units are equal when their normalized components are equal, whatever their spelling.
    public static func == (lhs: HealthUnit, rhs: HealthUnit) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.storage.fingerprint == rhs.storage.fingerprint && lhs.storage.components == rhs.storage.components)
    }

    /// Hashes the normalized components (through a precomputed fingerprint).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fingerprint)
    }
}

// MARK: - Constructors mirroring HKUnit

extension HealthUnit {
    /// The molar mass of glucose in g/mol that HealthKit uses for blood glucose in `mmol<…>/L`.
    public static let bloodGlucoseMolarMass = 180.15588000005408

    /// Grams (`g`), with an optional SI prefix (`kg`, `mg`, `mcg`, …).
    public static func gram(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .gram, prefix: prefix) }
    /// Meters (`m`), with an optional SI prefix (`km`, `cm`, …).
    public static func meter(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .meter, prefix: prefix) }
    /// Liters (`L`), with an optional SI prefix (`mL`, `dL`, …).
    public static func liter(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .liter, prefix: prefix) }
    /// Seconds (`s`), with an optional SI prefix (`ms`, …).
    public static func second(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .second, prefix: prefix) }
    /// Joules (`J`), with an optional SI prefix (`kJ`, …).
    public static func joule(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .joule, prefix: prefix) }
    /// Pascals (`Pa`), with an optional SI prefix (`kPa`, …).
    public static func pascal(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .pascal, prefix: prefix) }
    /// Kelvin (`K`), with an optional SI prefix.
    public static func kelvin(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .kelvin, prefix: prefix) }
    /// Siemens (`S`), with an optional SI prefix (`mcS`, …).
    public static func siemens(_ prefix: UnitPrefix = .none) -> HealthUnit {
        HealthUnit(base: .siemens, prefix: prefix)
    }
    /// Volts (`V`), with an optional SI prefix (`mV`, …).
    public static func volt(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .volt, prefix: prefix) }
    /// Watts (`W`), with an optional SI prefix (`kW`, …).
    public static func watt(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .watt, prefix: prefix) }
    /// Hertz (`Hz`), with an optional SI prefix (`kHz`, …).
    public static func hertz(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .hertz, prefix: prefix) }
    /// Radians (`rad`), with an optional SI prefix.
    public static func radianAngle(_ prefix: UnitPrefix = .none) -> HealthUnit {
        HealthUnit(base: .radian, prefix: prefix)
    }
    /// Lux (`lx`), with an optional SI prefix.
    public static func lux(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .lux, prefix: prefix) }
    /// Small calories (`cal`, 4.184 J), with an optional SI prefix; `calorie(.kilo)` is `kcal`.
    public static func calorie(_ prefix: UnitPrefix = .none) -> HealthUnit {
        HealthUnit(base: .calorie, prefix: prefix)
    }
    /// Moles without a molar mass (`mol`): an amount of substance, not convertible to mass.
    public static func mole(_ prefix: UnitPrefix = .none) -> HealthUnit { HealthUnit(base: .mole, prefix: prefix) }

    /// Moles of a substance with molar mass `molarMass` g/mol (`mol<M>`), convertible to grams; `molarMass` must be positive and finite.
    public static func mole(molarMass: Double, prefix: UnitPrefix = .none) -> HealthUnit {
        precondition(molarMass.isFinite && molarMass > 0, "molar mass must be a positive finite number")
        return HealthUnit(base: .mole, prefix: prefix, molarMass: molarMass)
    }

    /// `count`: a plain number of things (dimensionless; `count/s` is compatible with `Hz`).
    public static let count = HealthUnit(base: .count)
    /// `%`: a fraction, so 97 % is stored as 0.97; not convertible to `count`.
    public static let percent = HealthUnit(base: .percent)
    /// Minutes (`min`, 60 s).
    public static let minute = HealthUnit(base: .minute)
    /// Hours (`hr`, 3600 s).
    public static let hour = HealthUnit(base: .hour)
    /// Days (`d`, 86400 s).
    public static let day = HealthUnit(base: .day)
    /// Kilocalories (`kcal`, 4184 J).
    public static let kilocalorie = HealthUnit(base: .calorie, prefix: .kilo)
    /// Large calories (`Cal`, the same unit as `kcal`).
    public static let largeCalorie = HealthUnit(base: .calorie, prefix: .kilo)
    /// Small calories (`cal`, 4.184 J).
    public static let smallCalorie = HealthUnit(base: .calorie)
    /// Degrees Celsius (`degC`), affine: degC = K − 273.15.
    public static let degreeCelsius = HealthUnit(base: .degreeCelsius)
    /// Degrees Fahrenheit (`degF`), affine: degF = 1.8·K − 459.67.
    public static let degreeFahrenheit = HealthUnit(base: .degreeFahrenheit)
    /// International units (`IU`), their own dimension.
    public static let internationalUnit = HealthUnit(base: .internationalUnit)
    /// A-weighted decibels of sound pressure level (`dBASPL`), convertible only to itself.
    public static let decibelASPL = HealthUnit(base: .decibelASPL)
    /// Decibels hearing level (`dBHL`), convertible only to itself.
    public static let decibelHL = HealthUnit(base: .decibelHL)
    /// Millimeters of mercury (`mmHg`, 133.322387415 Pa).
    public static let millimeterOfMercury = HealthUnit(base: .millimeterOfMercury)
    /// Centimeters of water (`cmAq`, 98.0665 Pa).
    public static let centimeterOfWater = HealthUnit(base: .centimeterOfWater)
    /// Standard atmospheres (`atm`, 101325 Pa).
    public static let atmosphere = HealthUnit(base: .atmosphere)
    /// Inches of mercury (`inHg`, 3386.389 Pa).
    public static let inchesOfMercury = HealthUnit(base: .inchOfMercury)
    /// Inches (`in`, 0.0254 m).
    public static let inch = HealthUnit(base: .inch)
    /// Feet (`ft`, 0.3048 m).
    public static let foot = HealthUnit(base: .foot)
    /// Yards (`yd`, 0.9144 m).
    public static let yard = HealthUnit(base: .yard)
    /// Miles (`mi`, 1609.344 m).
    public static let mile = HealthUnit(base: .mile)
    /// Avoirdupois ounces (`oz`, 1/16 lb).
    public static let ounce = HealthUnit(base: .ounce)
    /// Avoirdupois pounds (`lb`, 0.45359237 kg).
    public static let pound = HealthUnit(base: .pound)
    /// Stones (`st`, 14 lb).
    public static let stone = HealthUnit(base: .stone)
    /// US fluid ounces (`fl_oz_us`, 29.5735295625 mL).
    public static let fluidOunceUS = HealthUnit(base: .fluidOunceUS)
    /// Imperial fluid ounces (`fl_oz_imp`, 28.4130625 mL).
    public static let fluidOunceImperial = HealthUnit(base: .fluidOunceImperial)
    /// US pints (`pt_us`, 16 US fluid ounces).
    public static let pintUS = HealthUnit(base: .pintUS)
    /// Imperial pints (`pt_imp`, 20 imperial fluid ounces).
    public static let pintImperial = HealthUnit(base: .pintImperial)
    /// US cups (`cup_us`, 8 US fluid ounces = 236.5882365 mL).
    public static let cupUS = HealthUnit(base: .cupUS)
    /// Imperial cups (`cup_imp`, 10 imperial fluid ounces = 284.130625 mL).
    public static let cupImperial = HealthUnit(base: .cupImperial)
    /// Degrees of angle (`deg`, π/180 rad).
    public static let degreeAngle = HealthUnit(base: .degree)
    /// Diopters (`D`), their own dimension.
    public static let diopter = HealthUnit(base: .diopter)
    /// Prism diopters (`pD`), their own dimension.
    public static let prismDiopter = HealthUnit(base: .prismDiopter)
    /// Apple's effort score (`appleEffortScore`), its own dimension.
    public static let appleEffortScore = HealthUnit(base: .appleEffortScore)
}

// MARK: - Storage

/// The immutable, precomputed representation shared by copies of a `HealthUnit`.
@usableFromInline
final class UnitStorage: Sendable {
    /// Normalized components: merged, non-zero powers, canonically sorted.
    let components: [UnitComponent]
    /// Multiplier taking a value in this unit to the SI base units of its dimension.
    @usableFromInline let scaleToBase: Double
    /// Offset added after scaling (only for a lone degC or degF).
    @usableFromInline let offsetToBase: Double
    /// Exponents of each base dimension (see `Dimension`).
    @usableFromInline let dimension: Dimension
    /// Canonical spelling.
    @usableFromInline let unitString: String
    /// Whether the unit is exactly `count`.
    let isCount: Bool
    /// A deterministic hash of the canonical spelling, used for `Hashable`.
    let fingerprint: UInt64

    /// Precomputes everything from already-normalized components.
    init(components: [UnitComponent]) {
        self.components = components
        var scale = 1.0
        var dimension = Dimension()
        for component in components {
            scale *= UnitStorage.power(component.factorToBase, component.power)
            dimension &+= component.dimension &* Int32(truncatingIfNeeded: component.power)
        }
        self.scaleToBase = scale
        self.dimension = dimension
        if components.count == 1, components[0].power == 1 {
            self.offsetToBase = components[0].base.offsetToBase
        } else {
            self.offsetToBase = 0
        }
        self.isCount =
            components.count == 1 && components[0].base == .count && components[0].power == 1
            && components[0].prefix == .none
        let string = UnitStorage.canonicalString(components)
        self.unitString = string
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in string.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        self.fingerprint = hash
    }

    /// `base` raised to an integer power, exact for powers ±1.
    static func power(_ base: Double, _ exponent: Int) -> Double {
        switch exponent {
        case 1: return base
        case -1: return 1 / base
        case 2: return base * base
        case -2: return 1 / (base * base)
        case 3: return base * base * base
        case -3: return 1 / (base * base * base)
        default: return Foundation.pow(base, Double(exponent))
        }
    }

    /// Prints components HealthKit-style: numerator joined by `.`, then `/` and the denominator; `s^-1` when there is no numerator.
    static func canonicalString(_ components: [UnitComponent]) -> String {
        let numerator = components.filter { $0.power > 0 }
        let denominator = components.filter { $0.power < 0 }
        if numerator.isEmpty {
            return denominator.map { $0.spelled(power: $0.power) }.joined(separator: ".")
        }
        var result = numerator.map { $0.spelled(power: $0.power) }.joined(separator: ".")
        if !denominator.isEmpty {
            result += "/" + denominator.map { $0.spelled(power: -$0.power) }.joined(separator: ".")
        }
        return result
    }
}

/// Exponents of the base dimensions a unit measures.
///
/// Slots: 0 mass, 1 length, 2 time, 3 temperature, 4 electric current, 5 amount of substance, 6 luminous
/// intensity, 7 angle, 8 percent, 9 international unit, 10 dBASPL, 11 dBHL, 12 appleEffortScore, 13 diopter,
/// 14 prism diopter, 15 unused. `count` is dimensionless (all zero).
@usableFromInline
typealias Dimension = SIMD16<Int32>

/// One factor of a unit: a base unit with a prefix (and a molar mass for `mol<M>`) raised to a power.
struct UnitComponent: Sendable, Hashable {
    /// The base unit.
    var base: BaseUnit
    /// The SI prefix (always `.none` for non-prefixable units).
    var prefix: UnitPrefix
    /// The molar mass in g/mol for `mol<M>`; nil for everything else.
    var molarMass: Double?
    /// The integer exponent.
    var power: Int

    /// The same factor with its power multiplied by `power` (wrapping on absurd overflow rather than trapping).
    func raised(toPower power: Int) -> UnitComponent {
        var copy = self
        copy.power = self.power &* power
        return copy
    }

    /// Whether two components differ only in power (and can be merged).
    func hasSameFactor(as other: UnitComponent) -> Bool {
        base == other.base && prefix == other.prefix && molarMass == other.molarMass
    }

    /// Multiplier from one of this factor (power 1) to SI base units.
    var factorToBase: Double {
        if base == .mole, let molarMass {
            return prefix.factor * molarMass * 0.001
        }
        return prefix.factor * base.scaleToBase
    }

    /// Dimension of this factor at power 1: `mol<M>` measures mass, plain `mol` an amount of substance.
    var dimension: Dimension {
        if base == .mole, molarMass != nil {
            return BaseUnit.gram.dimension
        }
        return base.dimension
    }

    /// Spelling of this factor with an explicit power (omitted when 1).
    func spelled(power: Int) -> String {
        var text = prefix.symbol + base.symbol
        if let molarMass {
            text += "<\(molarMass)>"
        }
        if power != 1 {
            text += "^\(power)"
        }
        return text
    }

    /// Sorting rule for canonical order: by base symbol, then prefix, then molar mass.
    static func canonicallyOrdered(_ lhs: UnitComponent, _ rhs: UnitComponent) -> Bool {
        if lhs.base.symbol != rhs.base.symbol { return lhs.base.symbol < rhs.base.symbol }
        if lhs.prefix != rhs.prefix { return lhs.prefix.sortRank < rhs.prefix.sortRank }
        return (lhs.molarMass ?? -1) < (rhs.molarMass ?? -1)
    }

    /// Merges equal factors, drops zero powers, sorts canonically; an empty result becomes `count`.
    static func normalized(_ components: [UnitComponent]) -> [UnitComponent] {
        var merged: [UnitComponent] = []
        merged.reserveCapacity(components.count)
        for component in components {
            if let index = merged.firstIndex(where: { $0.hasSameFactor(as: component) }) {
                merged[index].power = merged[index].power &+ component.power
            } else {
                merged.append(component)
            }
        }
        merged.removeAll { $0.power == 0 }
        if merged.isEmpty {
            return [UnitComponent(base: .count, prefix: .none, molarMass: nil, power: 1)]
        }
        return merged.sorted(by: canonicallyOrdered)
    }
}

// MARK: - Base units

/// Every base unit the grammar knows, with its symbol, SI factor and dimension.
enum BaseUnit: Sendable, Hashable, CaseIterable {
    case gram, meter, liter, pascal, second, joule, kelvin, siemens, hertz, watt, volt, radian, lux, mole, calorie
    case ounce, pound, stone, inch, foot, yard, mile
    case millimeterOfMercury, centimeterOfWater, atmosphere, inchOfMercury
    case decibelASPL, decibelHL
    case fluidOunceUS, fluidOunceImperial, pintUS, pintImperial, cupUS, cupImperial
    case minute, hour, day
    case degreeCelsius, degreeFahrenheit
    case internationalUnit, count, percent, diopter, prismDiopter, degree, appleEffortScore

    /// The canonical symbol (without prefix).
    var symbol: String {
        switch self {
        case .gram: return "g"
        case .meter: return "m"
        case .liter: return "L"
        case .pascal: return "Pa"
        case .second: return "s"
        case .joule: return "J"
        case .kelvin: return "K"
        case .siemens: return "S"
        case .hertz: return "Hz"
        case .watt: return "W"
        case .volt: return "V"
        case .radian: return "rad"
        case .lux: return "lx"
        case .mole: return "mol"
        case .calorie: return "cal"
        case .ounce: return "oz"
        case .pound: return "lb"
        case .stone: return "st"
        case .inch: return "in"
        case .foot: return "ft"
        case .yard: return "yd"
        case .mile: return "mi"
        case .millimeterOfMercury: return "mmHg"
        case .centimeterOfWater: return "cmAq"
        case .atmosphere: return "atm"
        case .inchOfMercury: return "inHg"
        case .decibelASPL: return "dBASPL"
        case .decibelHL: return "dBHL"
        case .fluidOunceUS: return "fl_oz_us"
        case .fluidOunceImperial: return "fl_oz_imp"
        case .pintUS: return "pt_us"
        case .pintImperial: return "pt_imp"
        case .cupUS: return "cup_us"
        case .cupImperial: return "cup_imp"
        case .minute: return "min"
        case .hour: return "hr"
        case .day: return "d"
        case .degreeCelsius: return "degC"
        case .degreeFahrenheit: return "degF"
        case .internationalUnit: return "IU"
        case .count: return "count"
        case .percent: return "%"
        case .diopter: return "D"
        case .prismDiopter: return "pD"
        case .degree: return "deg"
        case .appleEffortScore: return "appleEffortScore"
        }
    }

    /// Whether SI prefixes may be attached (`g m L Pa s J K S Hz W V rad lx mol cal`).
    var isPrefixable: Bool {
        switch self {
        case .gram, .meter, .liter, .pascal, .second, .joule, .kelvin, .siemens, .hertz, .watt, .volt, .radian,
            .lux, .mole, .calorie:
            return true
        default:
            return false
        }
    }

    /// Multiplier to SI base units (kg, m, s, K, A, mol, cd, rad; other slots count themselves).
    var scaleToBase: Double {
        switch self {
        case .gram: return 0.001
        case .meter, .pascal, .second, .joule, .kelvin, .siemens, .hertz, .watt, .volt, .radian, .lux, .mole: return 1
        case .liter: return 0.001
        case .calorie: return 4.184
        case .ounce: return 0.45359237 / 16
        case .pound: return 0.45359237
        case .stone: return 0.45359237 * 14
        case .inch: return 0.0254
        case .foot: return 0.3048
        case .yard: return 0.9144
        case .mile: return 1609.344
        case .millimeterOfMercury: return 133.322387415
        case .centimeterOfWater: return 98.0665
        case .atmosphere: return 101_325
        case .inchOfMercury: return 3386.389
        case .fluidOunceUS: return 29.5735295625e-6
        case .fluidOunceImperial: return 28.4130625e-6
        case .pintUS: return 473.176473e-6
        case .pintImperial: return 568.26125e-6
        case .cupUS: return 236.5882365e-6
        case .cupImperial: return 284.130625e-6
        case .minute: return 60
        case .hour: return 3600
        case .day: return 86400
        case .degreeCelsius: return 1
        case .degreeFahrenheit: return 5.0 / 9.0
        case .degree: return Double.pi / 180
        case .decibelASPL, .decibelHL, .internationalUnit, .count, .percent, .diopter, .prismDiopter,
            .appleEffortScore:
            return 1
        }
    }

    /// Offset added after scaling when the unit stands alone at power 1 (temperature scales only), in kelvin.
    var offsetToBase: Double {
        switch self {
        case .degreeCelsius: return 273.15
        case .degreeFahrenheit: return 459.67 * 5.0 / 9.0
        default: return 0
        }
    }

    /// Exponents of the base dimensions (see `Dimension` for the slots).
    var dimension: Dimension {
        func vector(
            mass: Int32 = 0, length: Int32 = 0, time: Int32 = 0, temperature: Int32 = 0, current: Int32 = 0,
            amount: Int32 = 0, luminous: Int32 = 0, angle: Int32 = 0, slot: Int? = nil
        ) -> Dimension {
            var result = Dimension(
                mass, length, time, temperature, current, amount, luminous, angle,
                0, 0, 0, 0, 0, 0, 0, 0)
            if let slot { result[slot] = 1 }
            return result
        }
        switch self {
        case .gram, .ounce, .pound, .stone: return vector(mass: 1)
        case .meter, .inch, .foot, .yard, .mile: return vector(length: 1)
        case .liter, .fluidOunceUS, .fluidOunceImperial, .pintUS, .pintImperial, .cupUS, .cupImperial:
            return vector(length: 3)
        case .pascal, .millimeterOfMercury, .centimeterOfWater, .atmosphere, .inchOfMercury:
            return vector(mass: 1, length: -1, time: -2)
        case .second, .minute, .hour, .day: return vector(time: 1)
        case .joule, .calorie: return vector(mass: 1, length: 2, time: -2)
        case .kelvin, .degreeCelsius, .degreeFahrenheit: return vector(temperature: 1)
        case .siemens: return vector(mass: -1, length: -2, time: 3, current: 2)
        case .hertz: return vector(time: -1)
        case .watt: return vector(mass: 1, length: 2, time: -3)
        case .volt: return vector(mass: 1, length: 2, time: -3, current: -1)
        case .radian, .degree: return vector(angle: 1)
        case .lux: return vector(length: -2, luminous: 1)
        case .mole: return vector(amount: 1)  // replaced by mass when a molar mass is given (see UnitComponent)
        case .count: return vector()
        case .percent: return vector(slot: 8)
        case .internationalUnit: return vector(slot: 9)
        case .decibelASPL: return vector(slot: 10)
        case .decibelHL: return vector(slot: 11)
        case .appleEffortScore: return vector(slot: 12)
        case .diopter: return vector(slot: 13)
        case .prismDiopter: return vector(slot: 14)
        }
    }
}

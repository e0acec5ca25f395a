import Foundation
import Testing

@testable import HealthModel

@Suite("Unit parsing")
struct UnitParsingTests {
    static let roundTripStrings: [String] = [
        // SI bases with prefixes
        "g", "kg", "mg", "mcg", "ng", "pg", "dag", "hg",
        "m", "km", "cm", "mm", "mcm", "nm",
        "L", "l", "mL", "ml", "dL", "mcL", "cL",
        "Pa", "kPa", "hPa", "MPa",
        "s", "ms", "mcs", "ns", "ks",
        "J", "kJ", "MJ", "K", "mK", "S", "mS", "mcS", "Hz", "kHz", "MHz", "GHz",
        "W", "kW", "mW", "V", "mV", "mcV", "rad", "mrad", "lx", "klx", "mol", "mmol",
        "fs", "Tm", "Gg",
        // non-SI
        "oz", "lb", "st", "in", "ft", "yd", "mi", "mmHg", "cmAq", "atm", "inHg", "dBASPL", "dBHL",
        "fl_oz_us", "fl_oz_imp", "pt_us", "pt_imp", "cup_us", "cup_imp", "min", "hr", "d",
        "cal", "kcal", "Cal", "degC", "degF", "IU", "count", "%", "D", "pD", "deg", "appleEffortScore",
        // compound and export spellings
        "mL/min·kg", "mL/(kg*min)", "count/min", "count/s", "mmol<180.15588000005408>/L", "mg/dL",
        "kg/m.s^2", "(kg*m)/s^2", "s^-1", "m^-1.s^-2", "1/s", "km/hr", "ft^2", "m/s^2", "kcal/hr·kg",
        "mol<18.015>", "mmol<180>/L", "J/s", "degC/s", "IU/L", "mcg/dL", "kg/m^2", "m.m", "m / s",
        " kg ", "m^+2", "lb/in^2", "cm^3", "count.count",
    ]

    @Test("Parsing the canonical string gives back the same unit", arguments: roundTripStrings)
    func roundTrips(_ string: String) throws {
        let unit = try HealthUnit(parsing: string)
        let reparsed = try HealthUnit(parsing: unit.unitString)
        #expect(reparsed == unit)
        #expect(reparsed.hashValue == unit.hashValue)
        #expect(reparsed.unitString == unit.unitString)
        #expect(unit.description == unit.unitString)
    }

    @Test("The round-trip list covers at least 40 spellings")
    func roundTripListIsLargeEnough() {
        #expect(Self.roundTripStrings.count >= 40)
    }

    static let canonicalSpellings: [(String, String)] = [
        ("mL/min·kg", "mL/kg.min"), ("mL/(kg*min)", "mL/kg.min"), ("count/min", "count/min"),
        ("mg/dL", "mg/dL"), ("mmol<180.15588000005408>/L", "mmol<180.15588000005408>/L"), ("degC", "degC"),
        ("%", "%"), ("count", "count"), ("1/s", "s^-1"), ("s^-1", "s^-1"), ("kg/m.s^2", "kg/m.s^2"),
        ("(kg*m)/s^2", "kg.m/s^2"), ("m.m", "m^2"), ("ml", "mL"), ("Cal", "kcal"), ("kcal", "kcal"),
        ("m/m", "count"), ("kcal/hr·kg", "kcal/kg.hr"), ("mcg", "mcg"), ("dBASPL", "dBASPL"),
        ("m / s", "m/s"), ("m^-1/s^2", "m^-1.s^-2"), ("(m/s)^2", "m^2/s^2"), ("mol<180>", "mol<180.0>"),
    ]

    @Test("unitString prints the canonical HealthKit-style spelling", arguments: canonicalSpellings)
    func printsCanonicalSpelling(_ pair: (String, String)) throws {
        #expect(try HealthUnit(parsing: pair.0).unitString == pair.1)
    }

    static let equalSpellings: [(String, String)] = [
        ("mL/min·kg", "mL/(kg*min)"), ("mL/min·kg", "mL/kg.min"), ("kg/m.s^2", "kg/(m*s^2)"),
        ("count/min", "count.min^-1"), ("L", "l"), ("Cal", "kcal"), ("s^-1", "1/s"), ("m.m", "m^2"),
        ("m * s", "s·m"), ("(kg*m)/s^2", "kg.m/s.s"),
    ]

    @Test("Equality is structural, not spelling-based", arguments: equalSpellings)
    func differentSpellingsAreEqual(_ pair: (String, String)) throws {
        let first = try HealthUnit(parsing: pair.0)
        let second = try HealthUnit(parsing: pair.1)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
    }

    @Test("Constructors equal their parsed spellings")
    func constructorsMatchParsing() throws {
        let pairs: [(HealthUnit, String)] = [
            (.gram(.kilo), "kg"), (.gram(.micro), "mcg"), (.meter(.centi), "cm"), (.liter(.milli), "mL"),
            (.liter(.deci), "dL"), (.second(.milli), "ms"), (.joule(.kilo), "kJ"), (.pascal(.kilo), "kPa"),
            (.kelvin(), "K"), (.siemens(.micro), "mcS"), (.volt(.milli), "mV"), (.watt(), "W"), (.hertz(), "Hz"),
            (.radianAngle(), "rad"), (.lux(), "lx"), (.calorie(), "cal"), (.calorie(.kilo), "kcal"),
            (.mole(), "mol"),
            (
                .mole(molarMass: HealthUnit.bloodGlucoseMolarMass, prefix: .milli),
                "mmol<180.15588000005408>"
            ),
            (.count, "count"), (.percent, "%"), (.minute, "min"), (.hour, "hr"), (.day, "d"),
            (.kilocalorie, "kcal"), (.largeCalorie, "Cal"), (.smallCalorie, "cal"), (.degreeCelsius, "degC"),
            (.degreeFahrenheit, "degF"), (.internationalUnit, "IU"), (.decibelASPL, "dBASPL"),
            (.decibelHL, "dBHL"), (.millimeterOfMercury, "mmHg"), (.centimeterOfWater, "cmAq"),
            (.atmosphere, "atm"), (.inchesOfMercury, "inHg"), (.inch, "in"), (.foot, "ft"), (.yard, "yd"),
            (.mile, "mi"), (.ounce, "oz"), (.pound, "lb"), (.stone, "st"), (.fluidOunceUS, "fl_oz_us"),
            (.fluidOunceImperial, "fl_oz_imp"), (.pintUS, "pt_us"), (.pintImperial, "pt_imp"),
            (.cupUS, "cup_us"), (.cupImperial, "cup_imp"), (.degreeAngle, "deg"), (.diopter, "D"),
            (.prismDiopter, "pD"), (.appleEffortScore, "appleEffortScore"),
            (HealthUnit.count.divided(by: .minute), "count/min"),
            (HealthUnit.liter(.milli).divided(by: HealthUnit.gram(.kilo).multiplied(by: .minute)), "mL/min·kg"),
            (HealthUnit.second().reciprocal(), "s^-1"), (HealthUnit.foot.raised(toPower: 2), "ft^2"),
        ]
        for (unit, string) in pairs {
            #expect(unit == (try HealthUnit(parsing: string)), "\(unit) vs \(string)")
        }
    }

    @Test("Ambiguous spellings resolve to the whole-token non-SI unit first")
    func wholeTokensWinOverPrefixes() throws {
        #expect(try HealthUnit(parsing: "min") == .minute)
        #expect(try HealthUnit(parsing: "mi") == .mile)
        #expect(try HealthUnit(parsing: "d") == .day)
        #expect(try HealthUnit(parsing: "dL") == .liter(.deci))
        #expect(try HealthUnit(parsing: "ms") == .second(.milli))
        #expect(try HealthUnit(parsing: "mmHg") == .millimeterOfMercury)
        #expect(try HealthUnit(parsing: "cmAq") == .centimeterOfWater)
        #expect(try HealthUnit(parsing: "pD") == .prismDiopter)
        #expect(try HealthUnit(parsing: "dag") == .gram(.deca))
        #expect(try HealthUnit(parsing: "Cal") == .kilocalorie)
        #expect(try HealthUnit(parsing: "cal") == .smallCalorie)
    }

    @Test("isCount is true only for exactly count")
    func isCountOnlyForCount() throws {
        #expect(HealthUnit.count.isCount)
        #expect(try HealthUnit(parsing: "count").isCount)
        #expect(!(try HealthUnit(parsing: "count/min")).isCount)
        #expect(!(try HealthUnit(parsing: "count^2")).isCount)
        #expect(!HealthUnit.percent.isCount)
    }

    /// A malformed string and the character position the error should point at.
    static let malformed: [(String, Int)] = [
        ("", 0), ("   ", 0), ("furlong", 0), ("kcount", 0), ("m/s/kg", 3), ("(kg*m/s", 0), ("kg*m)/s", 4),
        ("s^", 2), ("s^x", 2), ("s^-", 3), ("kg/", 3), ("*kg", 0), ("kg**m", 3), ("kg m", 3), ("µg", 0),
        ("mol<>", 4), ("mol<abc>", 4), ("mol<-5>", 4), ("mol<180", 3), ("g<180>", 0), ("2/s", 0), ("m2", 1),
        ("m^99999999999999999999999", 2), ("kdBASPL", 0), ("mmin", 0), ("k%", 0), ("^2", 0), ("()", 1),
        ("m/(s/kg)", 4), ("kg#", 2), ("mL/min·kg·", 10), ("Kcal", 0), ("mol<nan>", 4), ("mol<inf>", 4),
    ]

    @Test("Malformed unit strings throw invalidUnit with a position", arguments: malformed)
    func rejectsMalformedStrings(_ row: (String, Int)) {
        do {
            let unit = try HealthUnit(parsing: row.0)
            Issue.record("parsed \"\(row.0)\" as \(unit)")
        } catch {
            guard case let .invalidUnit(string, position, reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(string == row.0)
            #expect(position == row.1, "reason: \(reason)")
            #expect(!reason.isEmpty)
        }
    }

    @Test("A prefix on a non-prefixable unit names the unit in the reason")
    func prefixOnNonPrefixableUnitExplainsWhy() {
        #expect(
            throws: HealthModelError.invalidUnit(
                string: "kcount", position: 0, reason: "unit 'count' does not accept an SI prefix")
        ) {
            try HealthUnit(parsing: "kcount")
        }
    }

    @Test("Parsing is safe from many threads at once")
    func concurrentParsing() async throws {
        let strings = Self.roundTripStrings
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for offset in 0..<32 {
                group.addTask {
                    for string in strings.shuffled() {
                        let unit = try HealthUnit(parsing: string)
                        guard try HealthUnit(parsing: unit.unitString) == unit else { return false }
                    }
                    return offset >= 0
                }
            }
            for try await result in group {
                #expect(result)
            }
        }
    }
}

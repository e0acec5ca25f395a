import Foundation

@testable import HealthModel

/// The unit grammar (`UnitParser` through `HealthUnit(parsing:)`): a unit that parses prints a spelling that parses
/// back to the same unit and prints the same again, and converts to itself without changing values.
enum UnitFuzzTarget {
    static func run(_ data: Data) throws(ParserFuzzTargets.Violation) {
        let text = String(decoding: data, as: UTF8.self)
        // Uncached first (the cache would hide a second parse of the same spelling), then through the public entry.
        let components = try? UnitParser.parseComponents(text)
        guard let unit = try? HealthUnit(parsing: text) else {
            try check(components == nil, "'\(text)' parses uncached but not through HealthUnit(parsing:)")
            return
        }
        try check(components.map { HealthUnit(components: $0) } == unit, "'\(text)' parses differently uncached")
        let printed = unit.unitString
        let reparsed: HealthUnit
        do {
            reparsed = try HealthUnit(parsing: printed)
        } catch {
            throw violation("'\(text)' prints as '\(printed)', which does not parse: \(error)")
        }
        try check(
            reparsed == unit, "'\(text)' prints as '\(printed)', which parses to another unit '\(reparsed.unitString)'")
        try check(reparsed.unitString == printed, "'\(printed)' prints as '\(reparsed.unitString)' the second time")
        try check(
            unit.isCompatible(with: reparsed), "'\(text)' is not compatible with its own printed form '\(printed)'")
    }

    private static func check(
        _ condition: Bool, _ message: @autoclosure () -> String
    ) throws(ParserFuzzTargets.Violation) {
        try ParserFuzzTargets.check(condition, "units", message())
    }

    private static func violation(_ message: String) -> ParserFuzzTargets.Violation {
        .init(target: "units", message: message)
    }
}

import ArgumentParser
import Foundation
import HealthModel

/// `ohk units`: work with HealthKit unit strings.
struct UnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Convert values between HealthKit units, list the unit grammar, show and choose preferred units.",
        subcommands: [UnitsConvertCommand.self, UnitsListCommand.self, UnitsPreferredCommand.self]
    )
}

/// `ohk units list`: prints the base units of the unit grammar with a short description, one per line.
struct UnitsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the base units and non-SI units the unit grammar knows."
    )

    func run() {
        let units = UnitGrammar.units
        let width = units.map(\.symbol.count).max() ?? 0
        func line(_ entry: UnitGrammar.Entry) -> String {
            entry.symbol.padding(toLength: width + 2, withPad: " ", startingAt: 0) + entry.summary
        }
        print("SI base units (accept a prefix):")
        for entry in units where entry.acceptsPrefixes { print("  " + line(entry)) }
        print("")
        print("Non-SI units (no prefix):")
        for entry in units where !entry.acceptsPrefixes { print("  " + line(entry)) }
        print("")
        let prefixes = UnitGrammar.prefixes.map { "\($0.symbol) \(UnitConversionRequest.format($0.factor))" }
        print("Prefixes: " + prefixes.joined(separator: ", "))
        print("Combine with '.', '*' or '·', one '/', powers with '^' (m^2), parentheses: mL/(kg*min).")
    }
}

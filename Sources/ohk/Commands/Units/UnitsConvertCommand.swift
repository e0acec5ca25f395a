import ArgumentParser
import HealthModel

/// `ohk units convert VALUE FROM TO`: prints VALUE, given in FROM, expressed in TO.
struct UnitsConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a value from one unit to another.",
        discussion: """
            Units use HealthKit's grammar: mg/dL, mmol<180.15588000005408>/L, count/min, mL/(kg*min), degC, …
            Quote units containing '<', '>', '(' or '*' in the shell. Negative values work as is (-40) or after '--'.

            Examples:
              ohk units convert 5.4 'mmol<180.15588000005408>/L' mg/dL
              ohk units convert 98.6 degF degC
              ohk units convert -40 degC degF
            """
    )

    @Argument(help: "The number to convert, e.g. 5.4 or -40.")
    var value: String

    @Argument(help: ArgumentHelp("The unit the value is in, e.g. mg/dL.", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("The unit to convert to, e.g. 'mmol<180.15588000005408>/L'.", valueName: "to"))
    var to: String

    func run() throws {
        let request = try UnitConversionRequest(value: value, from: from, to: to)
        print(try request.formattedResult())
    }
}

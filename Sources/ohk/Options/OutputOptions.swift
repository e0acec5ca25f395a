import ArgumentParser
import Foundation
import HealthReports

extension OutputFormat: ExpressibleByArgument {}

/// `--format` and `--tz`, shared by the commands that print data.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: table, csv, json or ndjson (default: table on a terminal, otherwise json).")
    var format: OutputFormat?

    @OptionGroup var zone: TimeZoneOptions

    /// The time zone asked for, else the machine's.
    var resolvedTimeZone: TimeZone { zone.resolvedTimeZone }

    /// The time zone's name as printed (as given, else the identifier).
    var timeZoneName: String { zone.timeZoneName }

    /// A Gregorian calendar in that time zone.
    var calendar: Calendar { zone.calendar }

    /// The format asked for, else a table on a terminal and JSON otherwise.
    var resolvedFormat: OutputFormat { format ?? .automatic(standardOutputIsTerminal: isatty(STDOUT_FILENO) != 0) }

    /// Writes text to standard output.
    func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
}

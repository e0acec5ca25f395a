import ArgumentParser
import Foundation
import HealthReports

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

/// `--tz`: the time zone of dates given and printed (part of `OutputOptions`; `ohk report` takes it alone).
struct TimeZoneOptions: ParsableArguments {
    @Option(
        name: .customLong("tz"),
        help: "The time zone of dates given and printed, e.g. Europe/Berlin (default: this machine's).")
    var timeZone: String?

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError(
                "--tz \"\(timeZone)\" is not a known time zone (use an IANA name such as America/Los_Angeles)")
        }
    }

    /// The time zone asked for, else the machine's (read here, in the executable, never in the libraries).
    var resolvedTimeZone: TimeZone { timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current }

    /// The time zone's name as printed: as given (Foundation names a zone made from "UTC" "GMT"), else the identifier.
    var timeZoneName: String { timeZone ?? resolvedTimeZone.identifier }

    /// A Gregorian calendar in that time zone.
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = resolvedTimeZone
        return calendar
    }
}

extension OutputFormat: ExpressibleByArgument {}

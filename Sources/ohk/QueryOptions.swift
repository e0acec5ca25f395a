import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

extension OutputFormat: ExpressibleByArgument {}

/// `--format` and `--tz`, shared by the commands that print data.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: table, csv, json or ndjson (default: table on a terminal, otherwise json).")
    var format: OutputFormat?

    @Option(name: .customLong("tz"), help: "The time zone of dates given and printed, e.g. Europe/Berlin (default: this machine's).")
    var timeZone: String?

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--tz \"\(timeZone)\" is not a known time zone (use an IANA name such as America/Los_Angeles)")
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

    /// The format asked for, else a table on a terminal and JSON otherwise.
    var resolvedFormat: OutputFormat { format ?? .automatic(standardOutputIsTerminal: isatty(STDOUT_FILENO) != 0) }

    /// Writes text to standard output.
    func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
}

/// Turns a TYPE argument into a sample type, as a usage error naming the argument when unknown.
enum TypeArgument {
    static func parse(_ text: String) throws -> SampleType {
        do {
            return try SampleType.named(text)
        } catch {
            throw ValidationError("TYPE \"\(text)\" is not a HealthKit type identifier or short name (e.g. stepCount, HKQuantityTypeIdentifierHeartRate, sleepAnalysis)")
        }
    }
}

/// Opens the store named by the store options (SQLite), as `HealthDataStore`.
extension StoreOptions {
    func openStore() throws -> HealthDataStore {
        HealthDataStore(storage: try StoreOptions.open(try resolvedPath()))
    }

    /// Opens the store as the command line (the owner: everything), or as the app `client.client` names.
    func openStore(as client: ClientOptions) throws -> HealthDataStore {
        let store = try openStore()
        guard let bundleIdentifier = client.client else { return store }
        return store.client(bundleIdentifier)
    }
}

/// `--client BUNDLE`: read the store as one app sees it.
struct ClientOptions: ParsableArguments {
    @Option(
        name: .customLong("client"),
        help: ArgumentHelp(
            "Read as this app (bundle identifier) sees the store: the command line keeps no app's permissions, so the app sees only what it saved itself.",
            valueName: "bundle-id"))
    var client: String?
}

/// Parses a date option into an instant, as a usage error.
func parseDateOption(_ text: String?, _ name: String, _ timeZone: TimeZone) throws -> Date? {
    guard let text else { return nil }
    do {
        return try DateArgument.parse(text, timeZone: timeZone, field: name)
    } catch {
        throw ValidationError(commandLineMessage(error))
    }
}

/// Parses a unit option, as a usage error.
func parseUnitOption(_ text: String?) throws -> HealthUnit? {
    guard let text else { return nil }
    do {
        return try HealthUnit(parsing: text)
    } catch {
        throw ValidationError("--unit \"\(text)\": \(error)")
    }
}

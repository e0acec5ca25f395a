import ArgumentParser
import Foundation
import HealthModel
import HealthReports

/// Option values read from their text, failing as usage errors that name the option.
enum OptionValues {
    /// Parses a date option into an instant, as a usage error.
    static func date(_ text: String?, _ name: String, _ timeZone: TimeZone) throws -> Date? {
        guard let text else { return nil }
        do {
            return try DateArgument.parse(text, timeZone: timeZone, field: name)
        } catch {
            throw ValidationError(commandLineMessage(error))
        }
    }

    /// Parses a unit option, as a usage error.
    static func unit(_ text: String?) throws -> HealthUnit? {
        guard let text else { return nil }
        do {
            return try HealthUnit(parsing: text)
        } catch {
            throw ValidationError("--unit \"\(text)\": \(error)")
        }
    }
}

import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

/// Option values read from their text, failing as usage errors that name the option.
enum OptionValues {
    /// The window of `--from` and `--to` (exclusive) for the commands that look back over days: `--to` defaults to
    /// tomorrow's midnight in `calendar` (so today is in), `--from` to `defaultDays` before `--to`; `--to` not after
    /// `--from` is a usage error. The clock is read here, in the executable.
    static func dayWindow(
        from: String?, to: String?, calendar: Calendar, defaultDays: Int
    ) throws -> (start: Date, end: Date) {
        let end =
            try date(to, "--to", calendar.timeZone)
            ?? calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: Date()))!
        let start =
            try date(from, "--from", calendar.timeZone)
            ?? calendar.date(byAdding: .day, value: -defaultDays, to: end)!
        guard start < end else { throw ValidationError("--to must be after --from") }
        return (start, end)
    }

    /// Parses a date option into an instant, as a usage error.
    static func date(_ text: String?, _ name: String, _ timeZone: TimeZone) throws -> Date? {
        guard let text else { return nil }
        do {
            return try DateReader.instant(text, timeZone: timeZone, field: name)
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

/// Turns a TYPE argument into a sample type, as a usage error naming the argument when unknown.
enum TypeArgument {
    static func parse(_ text: String) throws -> SampleType {
        do {
            return try SampleType.named(text)
        } catch {
            throw ValidationError(
                "TYPE \"\(text)\" is not a HealthKit type identifier or short name (e.g. stepCount, HKQuantityTypeIdentifierHeartRate, sleepAnalysis)"
            )
        }
    }
}

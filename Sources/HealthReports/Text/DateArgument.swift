import Foundation
import HealthModel

/// Dates as a person types them on a command line: `2024-03-10` (midnight), `2024-03-10T08:00` or
/// `2024-03-10T08:00:30` (wall-clock time in a given time zone), or ISO 8601 with an offset
/// (`2024-03-10T08:00:00-07:00`, `…Z`, `…+0200`).
///
/// Read by HealthModel's `DateReader` (its `argument` layout), the one date reader of the project; this wraps its
/// reason into `HealthReportsError.invalidDate` with the field. A wall-clock time that does not exist (inside a
/// spring-forward gap) is refused; one that exists twice (fall-back) is the first of the two.
public enum DateArgument {
    /// The instant a date argument names; `field` is used in the error (e.g. `--from`).
    public static func parse(_ text: String, timeZone: TimeZone, field: String) throws(HealthReportsError) -> Date {
        do {
            return try DateReader.instant(text, timeZone: timeZone)
        } catch {
            throw .invalidDate(field: field, value: text, reason: error.reason)
        }
    }
}

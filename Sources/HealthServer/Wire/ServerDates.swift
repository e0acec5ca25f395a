import Foundation
import HealthModel

/// Dates as the API takes them, read by HealthModel's `DateReader` with errors naming the field: ISO 8601 with an
/// offset (`2024-03-10T08:00:00-08:00`, `…Z`), fractions of a second kept. Query parameters may also give a day or a
/// wall-clock time, read in the request's `timeZone`. The API writes dates with `DateWriter.formatWithMilliseconds`.
enum ServerDates {
    /// A date in a body: ISO 8601 with an offset (no wall-clock times: a body has no time zone to read them in).
    static func parseWithOffset(_ text: String, field: String) throws(HealthServerError) -> Date {
        // Computed directly (no `Calendar`): a save of 1,000 samples reads 2,000 dates. Anything else, and years
        // before 1600, go the general way with its precise errors.
        if let date = DateReader.instantWithOffset(text) { return date }
        let date = try parse(text, timeZone: TimeZone(identifier: "UTC")!, field: field)
        guard let time = text.firstIndex(where: { $0 == "T" || $0 == " " }),
            text[time...].contains(where: { $0 == "Z" || $0 == "+" || $0 == "-" })
        else {
            throw .invalidField(
                field: field,
                reason: "'\(text)' has no offset: give ISO 8601 with an offset, e.g. 2024-03-10T08:00:00-08:00 or …Z")
        }
        return date
    }

    /// A date in a query parameter: ISO 8601 with an offset, or a day or wall-clock time in `timeZone`.
    static func parse(_ text: String, timeZone: TimeZone, field: String) throws(HealthServerError) -> Date {
        do {
            return try DateReader.instant(text, timeZone: timeZone)
        } catch {
            throw .invalidField(field: field, reason: "'\(text)' is not a date: \(error.reason)")
        }
    }
}

import Foundation
import HealthModel

/// Dates of query parameters, read by HealthModel's `DateReader` with errors naming the field: ISO 8601 with an offset
/// (`2024-03-10T08:00:00-08:00`, `…Z`), fractions of a second kept, or a day or a wall-clock time, read in the
/// request's `timeZone`. Dates in bodies are read by `HealthWire` (`WireSample.date(_:field:)`); the API writes dates
/// with `DateWriter.formatWithMilliseconds`.
enum ServerDates {
    /// A date in a query parameter: ISO 8601 with an offset, or a day or wall-clock time in `timeZone`.
    static func parse(_ text: String, timeZone: TimeZone, field: String) throws(HealthServerError) -> Date {
        do {
            return try DateReader.instant(text, timeZone: timeZone)
        } catch {
            throw .invalidField(field: field, reason: "'\(text)' is not a date: \(error.reason)")
        }
    }
}

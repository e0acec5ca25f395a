import Foundation
import HealthReports

/// Dates as the API takes and gives them: ISO 8601 with an offset (`2024-03-10T08:00:00-08:00`, `…Z`), fractions of
/// a second kept. Query parameters may also give a day or a wall-clock time, read in the request's `timeZone`.
enum ServerDates {
    /// A date in a body: ISO 8601 with an offset (no wall-clock times: a body has no time zone to read them in).
    static func parseWithOffset(_ text: String, field: String) throws(HealthServerError) -> Date {
        let date = try parse(text, timeZone: TimeZone(identifier: "UTC")!, field: field)
        guard let time = text.firstIndex(where: { $0 == "T" || $0 == " " }),
              text[time...].contains(where: { $0 == "Z" || $0 == "+" || $0 == "-" }) else {
            throw .invalidField(field: field, reason: "'\(text)' has no offset: give ISO 8601 with an offset, e.g. 2024-03-10T08:00:00-08:00 or …Z")
        }
        return date
    }

    /// A date in a query parameter: ISO 8601 with an offset, or a day or wall-clock time in `timeZone`.
    static func parse(_ text: String, timeZone: TimeZone, field: String) throws(HealthServerError) -> Date {
        do {
            return try DateArgument.parse(text, timeZone: timeZone, field: field)
        } catch {
            throw .invalidField(field: field, reason: "'\(text)' is not a date: \(reasonOnly(error))")
        }
    }

    /// The text of an instant in a time zone, with milliseconds when it has a fraction of a second.
    static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let milliseconds = Int(((date.timeIntervalSince1970 - whole) * 1000).rounded())
        let text = ISO8601Text.format(Date(timeIntervalSince1970: whole), in: timeZone)
        guard milliseconds > 0, milliseconds < 1000 else { return milliseconds == 1000 ? ISO8601Text.format(Date(timeIntervalSince1970: whole + 1), in: timeZone) : text }
        let fraction = ".\(String(milliseconds + 1000).dropFirst())"
        let offsetStart = text.index(text.startIndex, offsetBy: 19)
        return String(text[..<offsetStart]) + fraction + String(text[offsetStart...])
    }

    private static func reasonOnly(_ error: HealthReportsError) -> String {
        if case let .invalidDate(_, _, reason) = error { return reason }
        return error.description
    }
}

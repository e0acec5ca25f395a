import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire
import Hummingbird

extension HealthAPI {
    /// `GET /activity-summaries?startDay=YYYY-MM-DD&endDay=YYYY-MM-DD&timeZone=…`: the rings of each day (stored, or
    /// computed from the day's samples in the time zone), for clients that may read activity summaries.
    func activitySummaries(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let client = try context.requireClient()
        let store = try stores.store(for: client)
        let parameters = try QueryParameters(request, known: ["startDay", "endDay", "timeZone"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try parameters.timeZone()
        let first = try parameters.string("startDay").map { text throws(HealthServerError) in
            try Self.day(text, field: "startDay", calendar: calendar)
        }
        let last = try parameters.string("endDay").map { text throws(HealthServerError) in
            try Self.day(text, field: "endDay", calendar: calendar)
        }
        let predicate: ActivitySummaryPredicate?
        switch (first, last) {
        case let (first?, last?):
            guard calendar.date(from: first)! <= calendar.date(from: last)! else {
                throw HealthServerError.invalidField(field: "endDay", reason: "endDay is before startDay")
            }
            predicate = .days(from: first, through: last)
        case (nil, nil): predicate = nil
        default:
            throw HealthServerError.invalidField(
                field: first == nil ? "startDay" : "endDay", reason: "give both startDay and endDay, or neither")
        }
        let summaries: [ActivitySummary]
        do {
            summaries = try store.activitySummaries(matching: predicate, calendar: calendar)
        } catch let error as HealthStoreError {
            throw HealthServerError.from(error)
        }
        return JSONResponse.make(ActivitySummariesAnswer(summaries: summaries))
    }

    /// A day given as `YYYY-MM-DD`, as the date components of that calendar day.
    static func day(
        _ text: String, field: String, calendar: Calendar
    ) throws(HealthServerError) -> DateComponents {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month
        else {
            throw .invalidField(field: field, reason: "'\(text)' is not a day (YYYY-MM-DD)")
        }
        return DateComponents(year: year, month: month, day: day)
    }
}

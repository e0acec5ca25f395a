import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import Hummingbird

extension HealthAPI {
    /// The most waking days one `GET /sleep` may ask for (a year and a day: a leap year's nights), so that every
    /// request has a bounded cost.
    static let maximumSleepDays = 366

    /// `GET /sleep?startDay=YYYY-MM-DD&endDay=YYYY-MM-DD&timeZone=…`: the nights and naps whose waking day is in the
    /// range (both days included), with the summary, as `ohk sleep --format json` writes them. Computed from the sleep
    /// samples the client may read, so a client without the sleep grant sees only the nights of its own samples.
    func sleepNights(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let client = try context.requireClient()
        let store = try stores.store(for: client)
        let parameters = try QueryParameters(request, known: ["startDay", "endDay", "timeZone"])
        let (days, calendar) = try Self.dayRange(parameters)
        // Checked once, here: the days' order and their count against the budget.
        let nights = try perform(names: ["from": "startDay", "to": "endDay"]) {
            try store.sleepNights(
                try SleepNightsRequest(
                    first: days[0], last: days[1], calendar: calendar, maximumDays: Self.maximumSleepDays))
        }
        let name = parameters.string("timeZone") ?? calendar.timeZone.identifier
        return JSONResponse.make(SleepReport.document(nights, timeZoneName: name, calendar: calendar))
    }

    /// The `startDay` and `endDay` parameters (both required, YYYY-MM-DD) and the Gregorian calendar of `timeZone`.
    static func dayRange(
        _ parameters: QueryParameters
    ) throws(HealthServerError) -> (days: [DateComponents], calendar: Calendar) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try parameters.timeZone()
        let days = try ["startDay", "endDay"].map { field throws(HealthServerError) in
            guard let text = parameters.string(field) else {
                throw HealthServerError.invalidField(field: field, reason: "give the day as YYYY-MM-DD")
            }
            return try Self.day(text, field: field, calendar: calendar)
        }
        return (days, calendar)
    }
}

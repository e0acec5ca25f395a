import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import Hummingbird

extension HealthAPI {
    /// `GET /hrv?startDay=YYYY-MM-DD&endDay=YYYY-MM-DD&timeZone=…&by=night|measurement`: RMSSD, SDNN and pNN50 from
    /// beat-to-beat data per night (default) or per measurement, as `ohk vitals --hrv … --format json` computes them
    /// (`HeartRateVariabilityReport.document`). Computed from the heartbeat series the client may read (the heartbeat
    /// series read grant) and, for nights, the sleep samples it may read; at most `maximumSleepDays` days.
    func heartRateVariability(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let client = try context.requireClient()
        let store = try stores.store(for: client)
        let parameters = try QueryParameters(request, known: ["startDay", "endDay", "timeZone", "by"])
        let (days, calendar) = try Self.dayRange(parameters)
        let text = parameters.string("by") ?? HeartRateVariabilityRequest.Grouping.night.rawValue
        guard let grouping = HeartRateVariabilityRequest.Grouping(rawValue: text) else {
            throw HealthServerError.invalidField(field: "by", reason: "'\(text)' is neither night nor measurement")
        }
        let name = parameters.string("timeZone") ?? calendar.timeZone.identifier
        let document = try perform(names: ["from": "startDay", "to": "endDay"]) {
            try HeartRateVariabilityReport.document(
                try HeartRateVariabilityRequest(
                    first: days[0], last: days[1], calendar: calendar, grouping: grouping,
                    maximumDays: Self.maximumSleepDays),
                store: store, timeZoneName: name)
        }
        return JSONResponse.make(document)
    }
}

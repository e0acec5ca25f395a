import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import Hummingbird
import NIOCore

extension HealthAPI {
    /// The longest window one `GET /workouts` may ask for, in days (a leap year), so that every request has a bounded
    /// cost.
    static let maximumWorkoutDays = 366
    /// The most workouts one `GET /workouts` answers (and the default of `limit`); `next` says where the rest start.
    static let maximumWorkouts = 500

    /// `GET /workouts?from=…&to=…&timeZone=…&limit=…`: the workouts that start from `from` (inclusive) to `to`
    /// (exclusive), at most 366 days apart and `limit` of them, with the fields of `ohk workouts --format json`,
    /// computed through the client's view (heart rate from the samples it may read, routes of the workouts it may
    /// read).
    func workouts(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let client = try context.requireClient()
        let store = try stores.store(for: client)
        let parameters = try QueryParameters(request, known: ["from", "to", "timeZone", "limit"])
        let zone = try parameters.timeZone()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let bounds = try ["from", "to"].map { field throws(HealthServerError) in
            guard let date = try parameters.date(field, timeZone: zone) else {
                throw HealthServerError.invalidField(
                    field: field, reason: "give a day (YYYY-MM-DD) or an ISO 8601 time with an offset")
            }
            return date
        }
        let limit = try parameters.integer("limit", in: 1...Self.maximumWorkouts) ?? Self.maximumWorkouts
        // Checked once, here: the window's order and length. One more than asked for, to tell whether more start in
        // the window.
        let summaries = try perform {
            try store.workoutSummaries(
                try WorkoutSummariesRequest(
                    from: bounds[0], to: bounds[1], limit: limit + 1, maximumDays: Self.maximumWorkoutDays),
                calendar: calendar)
        }
        let kept = Array(summaries.prefix(limit))
        let next = summaries.count > limit ? summaries[limit].start : nil
        return JSONResponse.make(
            WorkoutReport.document(
                kept, timeZoneName: parameters.timeZoneName(), calendar: calendar, next: next))
    }

    /// `GET /workouts/{uuid}/route?format=gpx|geojson`: the workout's routes as GPX 1.1 (the default) or GeoJSON. A
    /// workout the client may not read answers 404 exactly as one that does not exist; a workout without a route 404
    /// too, saying so.
    func workoutRoute(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let client = try context.requireClient()
        let store = try stores.store(for: client)
        let parameters = try QueryParameters(request, known: ["format"])
        let text = context.parameters.get("uuid") ?? ""
        guard let uuid = UUID(uuidString: text) else {
            throw HealthServerError.invalidField(field: "uuid", reason: "'\(text)' is not a uuid")
        }
        let formatText = parameters.string("format") ?? WorkoutRouteFile.Format.gpx.rawValue
        guard let format = WorkoutRouteFile.Format(rawValue: formatText) else {
            throw HealthServerError.invalidField(
                field: "format", reason: "'\(formatText)' is not a route format (gpx or geojson)")
        }
        let found = try perform(field: "uuid") {
            try WorkoutRouteFile.find(uuid.uuidString, in: store, allowPrefix: false)
        }
        let data = WorkoutRouteFile.data(workout: found.workout, routes: found.routes, format: format)
        return Response(
            status: .ok, headers: [.contentType: format.mediaType + "; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

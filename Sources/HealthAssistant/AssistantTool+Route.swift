import Foundation
import HealthModel
import HealthReports
import HealthStore
import HealthWire
import MCP

extension AssistantTool {
    /// `route`: one workout's route as GeoJSON (`WorkoutRouteFile`).
    static let route = AssistantTool(
        name: "route", title: "A workout's route",
        description: """
            The GPS route of one workout as GeoJSON (a LineString of [longitude, latitude, elevation], the points' \
            times in properties.coordTimes), for a workout uuid from workouts (or its first 8 characters). Long \
            routes are thinned evenly to maxPoints (default 500, at most 2,000), first and last points kept; the \
            answer says when.
            """,
        parameters: [
            .string("workout", "The workout's uuid, or the start of it (at least 4 hex digits).", required: true),
            .integer("maxPoints", "The most points to return (default 500).", range: 2...2_000),
        ],
        run: { assistant, arguments in try assistant.route(arguments) })
}

extension HealthAssistant {
    /// Answers `route`.
    func route(_ arguments: ToolArguments) throws -> ToolAnswer {
        let id = try arguments.required("workout", example: "the uuid workouts gives")
        let maximum =
            try arguments.integer("maxPoints", in: 2...limits.maximumRoutePoints) ?? min(500, limits.maximumRoutePoints)
        let found: (workout: Sample, routes: [WorkoutRoute])
        do {
            found = try WorkoutRouteFile.find(id, in: store, allowPrefix: true)
        } catch let error as HealthReportsError {
            // The route file names the uuid `uuid`; the tool's argument is `workout`. A workout not found is not
            // echoed, as the route file's messages never repeat it: an answer holds no identifier of something the
            // caller may not see.
            throw HealthAssistantError.invalidArgument(
                field: "workout", value: error.kind == .notFound ? nil : id,
                accepted: ["a workout uuid from the workouts tool"], reason: error.reason)
        }
        let total = found.routes.map(\.locations.count).reduce(0, +)
        let routes = total > maximum ? Self.thinned(found.routes, total: total, maximum: maximum) : found.routes
        let shown = routes.map(\.locations.count).reduce(0, +)
        let geoJSON = WorkoutRouteFile.data(workout: found.workout, routes: routes, format: .geojson)
        let summary =
            "Route of workout \(found.workout.uuid.uuidString) as GeoJSON: \(shown) point\(shown == 1 ? "" : "s")"
            + (shown < total ? ", thinned evenly from \(total) (maxPoints raises it)." : ".")
        return ToolAnswer(
            summary: summary,
            structured: .object([
                ("workout", .string(found.workout.uuid.uuidString)), ("points", .number(Double(shown))),
                ("pointsInRoute", .number(Double(total))), ("thinned", .bool(shown < total)),
                ("geojson", JSONValue.parsed(geoJSON) ?? .null),
            ]))
    }

    /// Routes with every k-th point, first and last kept, about `maximum` points in all.
    static func thinned(_ routes: [WorkoutRoute], total: Int, maximum: Int) -> [WorkoutRoute] {
        routes.map { route in
            let share = max(2, maximum * route.locations.count / total)
            let locations = route.locations
            guard locations.count > share else { return route }
            let step = Double(locations.count - 1) / Double(share - 1)
            let kept = (0..<share).map { locations[Int((Double($0) * step).rounded())] }
            return WorkoutRoute(
                uuid: route.uuid, workout: route.workout, sourceName: route.sourceName, filePath: route.filePath,
                locations: kept)
        }
    }
}

extension JSONValue {
    /// JSON text read into a value (object members in sorted key order); nil when it is not JSON.
    static func parsed(_ data: Data) -> JSONValue? {
        (try? JSONDecoder().decode(Value.self, from: data)).map(JSONValue.init(mcp:))
    }

    /// The MCP SDK's value as a JSON value (object members in sorted key order).
    init(mcp value: Value) {
        switch value {
        case .null: self = .null
        case let .bool(flag): self = .bool(flag)
        case let .int(number): self = .number(Double(number))
        case let .double(number): self = .number(number)
        case let .string(text): self = .string(text)
        case let .data(_, data): self = .string(data.base64EncodedString())
        case let .array(values): self = .array(values.map(JSONValue.init(mcp:)))
        case let .object(members): self = .object(members.keys.sorted().map { ($0, JSONValue(mcp: members[$0]!)) })
        }
    }
}

import Foundation
import HealthModel

/// Workouts, versions 1 and 2 (doc §5.8): the workout with its totals and metadata, its heart-rate samples (during the
/// workout and the recovery after it) and its route, associated with it in the same commit.
extension HealthAutoExportPayload {
    /// The sync version of a pushed workout and of its heart-rate samples and route: 1 for now (a re-sent workout is
    /// ignored). The one place a later rule (a re-sent workout with changed totals replacing the stored one) sets it.
    static func workoutSyncMetadata(_ key: String) -> [String: MetadataValue] {
        syncMetadata(key)
    }

    mutating func read(workout: KeyedDecodingContainer<WireKey>) throws {
        let name = try workout.required(String.self, "name")
        let camel = name.split(separator: " ").enumerated().map {
            $0.offset == 0 ? $0.element.lowercased() : $0.element.capitalized
        }.joined()
        guard
            let activity = Self.workoutNames[name.lowercased()].flatMap(TypeTable.workoutActivityType)
                ?? TypeTable.workoutActivityType(camel)
        else {
            skipped.append(
                Skipped(field: workout.field("name"), reason: "'\(name)' is not a workout activity this server knows"))
            return
        }
        let start = try Self.date(workout, "start")
        let end = try Self.date(workout, "end")
        // Version 2's `id` is stable across re-sends; version 1 has none, so its start stands in.
        let identifier = try workout.optional(String.self, "id") ?? "\(start.timeIntervalSince1970)"
        let statistics = try Self.workoutStatistics(workout, activity: activity.caseName)
        let metadata = try Self.workoutMetadata(workout).merging(
            Self.workoutSyncMetadata("HKWorkoutTypeIdentifier:\(identifier)"), uniquingKeysWith: { $1 })
        let duration = try workout.number("duration")
        let sample: Sample
        do {
            sample = try Sample.workout(
                activityTypeRawValue: activity.rawValue, start: start, end: end, duration: duration,
                statistics: statistics, metadata: metadata)
        } catch {
            throw WireError.model(error, field: workout.field)
        }
        samples.append(sample)
        var members: [UUID] = []
        var seen = Set<Date>()
        // HAE#60: `heartRateData` that is really the recovery series (Min = Avg = Max, from the workout's end on) is
        // read as the recovery it is; both lists become the workout's heart-rate samples (the recovery after its end).
        for field in ["heartRateData", "heartRateRecovery"] {
            for point in try Self.heartRatePoints(workout, field) {
                let date = try Self.date(point, "date")
                guard seen.insert(date).inserted else { continue }
                let key = "workout:\(identifier):\(date.timeIntervalSince1970)"
                let heartRate = try heartRatePoint(point, date: date, key: key)
                samples.append(heartRate)
                members.append(heartRate.uuid)
            }
        }
        if let route = try readRoute(workout, identifier: identifier) { members.append(route) }
        if !members.isEmpty { workoutMembers.append((sample.uuid, members)) }
    }

    /// The objects of a heart-rate list (none when absent, null or not a list of objects: HAE#36 sends none).
    private static func heartRatePoints(
        _ workout: KeyedDecodingContainer<WireKey>, _ field: String
    ) throws -> [KeyedDecodingContainer<WireKey>] {
        guard (try? workout.nestedUnkeyedContainer(forKey: WireKey(field))) != nil else { return [] }
        return try objects(workout, field)
    }

    /// One heart-rate point of a workout as a heart-rate sample at `date`: version 1's `qty`, or version 2's
    /// `Min`/`Avg`/`Max` kept as a summarized series (`minAvgMaxContent`), in `units` (beats per minute when absent).
    private func heartRatePoint(_ point: KeyedDecodingContainer<WireKey>, date: Date, key: String) throws -> Sample {
        let type = try SampleType.quantity("heartRate")
        var unit = try HealthUnit(parsing: "count/min")
        if point.contains(WireKey("units")) { unit = try Self.unit(point, "units", for: type) }
        return try build(
            point, type: type, content: .quantity(try Self.minAvgMaxContent(point, unit: unit, type: type)),
            start: date, end: date, metadata: Self.workoutSyncMetadata("\(type.identifier):\(key)"))
    }

    /// The workout's route (version 1 `lat`/`lon`/`altitude`/`timestamp`; version 2 `latitude`, `longitude`,
    /// `altitude`, `course`, `horizontalAccuracy`, `verticalAccuracy`, `speed`, `timestamp`), its uuid; nil without
    /// one.
    private mutating func readRoute(_ workout: KeyedDecodingContainer<WireKey>, identifier: String) throws -> UUID? {
        guard (try? workout.nestedUnkeyedContainer(forKey: WireKey("route"))) != nil else { return nil }
        var locations: [WorkoutRouteLocation] = []
        for point in try Self.objects(workout, "route") {
            func coordinate(_ names: [String]) throws -> Double {
                for name in names { if let value = try point.number(name) { return value } }
                throw WireError.invalidField(field: point.field(names[0]), reason: "is required")
            }
            locations.append(
                WorkoutRouteLocation(
                    date: try Self.date(point, "timestamp"), latitude: try coordinate(["latitude", "lat"]),
                    longitude: try coordinate(["longitude", "lon"]), altitude: try point.number("altitude"),
                    speed: try point.number("speed"), course: try point.number("course"),
                    horizontalAccuracy: try point.number("horizontalAccuracy"),
                    verticalAccuracy: try point.number("verticalAccuracy")))
        }
        guard !locations.isEmpty else { return nil }
        locations.sort { $0.date < $1.date }
        let route = try build(
            workout, type: .workoutRoute, content: .payload(.workoutRoute(WorkoutRouteContent(locations: locations))),
            start: locations[0].date, end: locations[locations.count - 1].date,
            metadata: Self.workoutSyncMetadata("\(SampleType.workoutRoute.identifier):workout:\(identifier)"))
        samples.append(route)
        return route.uuid
    }

    /// The quantity types of a workout's totals by field (distance by activity).
    private static func totalTypes(activity: String) -> [(field: String, type: String)] {
        let distance: String
        switch activity {
        case "cycling", "handCycling": distance = "distanceCycling"
        case "swimming": distance = "distanceSwimming"
        case "wheelchairWalkPace", "wheelchairRunPace": distance = "distanceWheelchair"
        case "downhillSkiing", "snowboarding", "snowSports": distance = "distanceDownhillSnowSports"
        case "crossCountrySkiing": distance = "distanceCrossCountrySkiing"
        case "rowing": distance = "distanceRowing"
        case "paddleSports": distance = "distancePaddleSports"
        default: distance = "distanceWalkingRunning"
        }
        return [
            ("activeEnergyBurned", "activeEnergyBurned"), ("activeEnergy", "activeEnergyBurned"),
            ("distance", distance), ("stepCount", "stepCount"), ("totalSwimmingStrokeCount", "swimmingStrokeCount"),
            ("swimStroke", "swimmingStrokeCount"), ("flightsClimbed", "flightsClimbed"),
        ]
    }

    /// The workout's totals: each field a `{qty, units}` figure or (version 2) a series `[{date, qty, units}]`
    /// summed; heart rate's average, minimum and maximum (version 2 `heartRate: {avg, min, max}`, version 1
    /// `avgHeartRate`, `maxHeartRate`).
    private static func workoutStatistics(
        _ workout: KeyedDecodingContainer<WireKey>, activity: String
    ) throws -> [WorkoutStatistic] {
        var statistics: [String: WorkoutStatistic] = [:]
        for (field, typeName) in totalTypes(activity: activity) {
            let type = try SampleType.quantity(typeName)
            guard statistics[type.identifier] == nil, let sum = try figure(workout, field, type: type, summing: true)
            else { continue }
            statistics[type.identifier] = try statistic(type, sum: sum, field: workout.field(field))
        }
        let heartRate = try SampleType.quantity("heartRate")
        var average = try figure(workout, "avgHeartRate", type: heartRate)
        var maximum = try figure(workout, "maxHeartRate", type: heartRate)
        var minimum: Quantity?
        if let summary = try? workout.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("heartRate")) {
            average = try figure(summary, "avg", type: heartRate) ?? average
            maximum = try figure(summary, "max", type: heartRate) ?? maximum
            minimum = try figure(summary, "min", type: heartRate)
        }
        if average != nil || maximum != nil || minimum != nil {
            statistics[heartRate.identifier] = try statistic(
                heartRate, average: average, minimum: minimum, maximum: maximum, field: workout.field("heartRate"))
        }
        return statistics.keys.sorted().compactMap { statistics[$0] }
    }

    private static func statistic(
        _ type: SampleType, sum: Quantity? = nil, average: Quantity? = nil, minimum: Quantity? = nil,
        maximum: Quantity? = nil, field: String
    ) throws -> WorkoutStatistic {
        do {
            return try WorkoutStatistic(
                quantityTypeIdentifier: type.identifier, sum: sum, average: average, minimum: minimum,
                maximum: maximum)
        } catch {
            throw WireError.model(error, field: field)
        }
    }

    /// A figure `{qty, units}` (member `key`) in a unit of `type`; with `summing`, a series `[{qty, units}]` is
    /// summed. Nil when absent or of another shape (the app writes other shapes for some workouts).
    private static func figure(
        _ object: KeyedDecodingContainer<WireKey>, _ key: String, type: SampleType, summing: Bool = false
    ) throws -> Quantity? {
        guard object.contains(WireKey(key)) else { return nil }
        if let figure = try? object.nestedContainer(keyedBy: WireKey.self, forKey: WireKey(key)) {
            guard let value = try figure.number("qty") else {
                throw WireError.invalidField(field: figure.field("qty"), reason: "is required")
            }
            return Quantity(value, try unit(figure, "units", for: type))
        }
        guard summing, (try? object.nestedUnkeyedContainer(forKey: WireKey(key))) != nil else { return nil }
        var total: Quantity?
        for point in try objects(object, key) {
            guard let value = try point.number("qty") else {
                throw WireError.invalidField(field: point.field("qty"), reason: "is required")
            }
            let unit = try unit(point, "units", for: type)
            let base = total?.unit ?? unit
            let added = try Quantity(value, unit).converted(to: base).value
            total = Quantity((total?.value ?? 0) + added, base)
        }
        return total
    }

    /// HealthKit's workout metadata from the app's fields: elevation (`HKElevationAscended`/`Descended`, version 1
    /// `elevation {ascent, descent, units}`, version 2 `elevationUp`/`elevationDown`), indoor (`HKIndoorWorkout`
    /// from `isIndoor` or `location`), weather (`HKWeatherTemperature`, `HKWeatherHumidity`), swimming
    /// (`HKSwimmingLocationType`, `HKSwimmingStrokeStyle`, `HKLapLength`) and intensity (`HKAverageMETs`).
    private static func workoutMetadata(_ workout: KeyedDecodingContainer<WireKey>) throws -> [String: MetadataValue] {
        var metadata: [String: MetadataValue] = [:]
        func quantity(_ object: KeyedDecodingContainer<WireKey>, _ key: String, _ unitText: String?) throws -> Quantity?
        {
            guard let value = try object.number(key) else { return nil }
            let spelled = spelledUnit(unitText ?? "")
            guard let unit = try? HealthUnit(parsing: spelled) else {
                throw WireError.invalidField(field: object.field("units"), reason: "'\(unitText ?? "")' is not a unit")
            }
            return Quantity(value, unit)
        }
        func figure(_ key: String, units: [String]) throws -> Quantity? {
            guard let object = try? workout.nestedContainer(keyedBy: WireKey.self, forKey: WireKey(key)) else {
                return nil
            }
            let text = try object.optional(String.self, "units")
            guard let text, units.contains(spelledUnit(text)) else {
                throw WireError.invalidField(
                    field: object.field("units"),
                    reason: "'\(text ?? "none")' is not one of \(units.joined(separator: ", "))")
            }
            return try quantity(object, "qty", text)
        }
        let lengths = ["m", "ft", "km", "mi", "yd", "cm", "in"]
        if let elevation = try? workout.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("elevation")) {
            let units = try elevation.optional(String.self, "units") ?? "m"
            guard lengths.contains(spelledUnit(units)) else {
                throw WireError.invalidField(field: elevation.field("units"), reason: "'\(units)' is not a length")
            }
            if let up = try quantity(elevation, "ascent", units) { metadata["HKElevationAscended"] = .quantity(up) }
            if let down = try quantity(elevation, "descent", units) {
                metadata["HKElevationDescended"] = .quantity(down)
            }
        }
        if let up = try figure("elevationUp", units: lengths) { metadata["HKElevationAscended"] = .quantity(up) }
        if let down = try figure("elevationDown", units: lengths) {
            metadata["HKElevationDescended"] = .quantity(down)
        }
        if let lap = try figure("lapLength", units: lengths) { metadata["HKLapLength"] = .quantity(lap) }
        if let temperature = try figure("temperature", units: ["degF", "degC"]) {
            metadata["HKWeatherTemperature"] = .quantity(temperature)
        }
        if let humidity = try figure("humidity", units: ["%"]) { metadata["HKWeatherHumidity"] = .quantity(humidity) }
        for key in ["intensity", "intesity"] {
            if let intensity = try? workout.nestedContainer(keyedBy: WireKey.self, forKey: WireKey(key)),
                let value = try intensity.number("qty")
            {
                metadata["HKAverageMETs"] = .quantity(Quantity(value, try HealthUnit(parsing: "kcal/(hr*kg)")))
            }
        }
        let location = try? workout.optional(String.self, "location")
        if let indoor = try? workout.optional(Bool.self, "isIndoor") {
            metadata["HKIndoorWorkout"] = .number(indoor ? 1 : 0)
        } else if let location, location == "Indoor" || location == "Outdoor" {
            metadata["HKIndoorWorkout"] = .number(location == "Indoor" ? 1 : 0)
        }
        if let location, let code = ["Pool": 1.0, "Open Water": 2.0][location] {
            metadata["HKSwimmingLocationType"] = .number(code)
        }
        let styles = [
            "Unknown": 0.0, "Mixed": 1, "Freestyle": 2, "Backstroke": 3, "Breaststroke": 4, "Butterfly": 5,
            "Kickboard": 6,
        ]
        if let style = try? workout.optional(String.self, "strokeStyle"), let code = styles[style] {
            metadata["HKSwimmingStrokeStyle"] = .number(code)
        }
        return metadata
    }
}

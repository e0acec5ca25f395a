import Foundation
import HealthModel

/// The JSON that the iOS app Health Auto Export posts to REST automations ("API Export — JSON Format"), as samples:
/// `{"data": {"metrics": [{"name", "units", "data": [{"qty", "date", "source"}]}], "workouts": [...]}}`, with the
/// app's special shapes for heart rate (`Min`/`Avg`/`Max`), blood pressure (`systolic`/`diastolic`), blood glucose
/// (`mealTime`) and sleep (aggregated nights or unaggregated stages).
///
/// Each sample gets a sync identifier made of the metric, the bucket (start and, with an `automation-aggregation`
/// header, length) and the original source, with the request's version (`Framing`): a re-sent bucket with a new value
/// replaces the stored one; the server drops re-sent points that did not change before saving, so a re-sent payload
/// saves nothing (decisions/pushed-data.md).
/// The original source (the phone or watch the app read from) becomes the sample's device name; the sample's source
/// is the client. Metrics the server does not map, and read-only ones (Apple's own algorithms' figures such as
/// exercise minutes), are skipped and listed, not refused: the app sends whatever the person selected.
public struct HealthAutoExportPayload: Decodable, Sendable {
    /// A metric or workout left out, and why.
    public struct Skipped: Encodable, Sendable {
        /// The field of the metric's or workout's name (`data.metrics[2].name`).
        public let field: String
        /// Why it was left out.
        public let reason: String
    }

    /// The samples to save, all or nothing.
    public private(set) var samples: [Sample] = []
    /// What was left out.
    public private(set) var skipped: [Skipped] = []
    /// What the request says about the points (bucket length, sync version); see `Framing`.
    public private(set) var framing = Framing()

    /// Metric names (Health Auto Export's) and the HealthKit quantity types they carry.
    static let quantityMetrics: [String: String] = [
        "step_count": "stepCount", "active_energy": "activeEnergyBurned", "basal_energy_burned": "basalEnergyBurned",
        "walking_running_distance": "distanceWalkingRunning", "cycling_distance": "distanceCycling",
        "swimming_distance": "distanceSwimming",
        "swimming_stroke_count": "swimmingStrokeCount", "flights_climbed": "flightsClimbed", "heart_rate": "heartRate",
        "resting_heart_rate": "restingHeartRate", "walking_heart_rate_average": "walkingHeartRateAverage",
        "heart_rate_variability": "heartRateVariabilitySDNN", "respiratory_rate": "respiratoryRate",
        "blood_oxygen_saturation": "oxygenSaturation", "weight_body_mass": "bodyMass",
        "body_mass_index": "bodyMassIndex",
        "body_fat_percentage": "bodyFatPercentage", "lean_body_mass": "leanBodyMass", "height": "height",
        "blood_glucose": "bloodGlucose",
        "dietary_energy": "dietaryEnergyConsumed", "dietary_water": "dietaryWater", "protein": "dietaryProtein",
        "carbohydrates": "dietaryCarbohydrates", "total_fat": "dietaryFatTotal", "vo2_max": "vo2Max",
        "environmental_audio_exposure": "environmentalAudioExposure",
        "headphone_audio_exposure": "headphoneAudioExposure",
        "walking_speed": "walkingSpeed", "walking_step_length": "walkingStepLength",
        "body_temperature": "bodyTemperature",
        "apple_exercise_time": "appleExerciseTime", "apple_stand_time": "appleStandTime",
    ]

    /// Health Auto Export's unit spellings that are not HealthKit unit strings.
    static let unitSpellings: [String: String] = [
        "bpm": "count/min", "breaths/min": "count/min", "kcal": "kcal", "hr": "hr", "km/hr": "km/hr", "mi/hr": "mi/hr",
        "ml/(kg·min)": "mL/(kg*min)", "ml/(kg*min)": "mL/(kg*min)", "ml": "mL", "l": "L", "fl_oz_us": "fl_oz_us",
        "dbaspl": "dBASPL",
        "steps": "count", "mg/dl": "mg/dL", "mmol/l": "mmol<180.15588000005408>/L", "degc": "degC", "degf": "degF",
    ]

    /// Workout names (as the app writes them) whose activity type is not their camel-cased name.
    static let workoutNames: [String: String] = [
        "outdoor walk": "walking", "indoor walk": "walking", "outdoor run": "running", "indoor run": "running",
        "outdoor cycle": "cycling", "indoor cycle": "cycling", "pool swim": "swimming", "open water swim": "swimming",
        "hiit": "highIntensityIntervalTraining", "high intensity interval training": "highIntensityIntervalTraining",
    ]

    /// The samples of a payload (`WireDecoder`); throws naming the field for data that is malformed (not for
    /// metrics it skips).
    public init(from decoder: any Decoder) throws {
        framing = WireDecoder.rules(of: decoder).healthAutoExport ?? Framing()
        let body = try decoder.container(keyedBy: WireKey.self)
        _ = try body.required(Nested.self, "data")  // there, and not null
        let members = try body.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("data"))
        for metric in try Self.objects(members, "metrics") { try read(metric: metric) }
        for workout in try Self.objects(members, "workouts") { try read(workout: workout) }
        samples = samples.map(versioned)
    }

    /// Any value, to ask whether a member is there (absent and null alike are not).
    private struct Nested: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// The objects of array member `key` (none when absent or null).
    private static func objects(
        _ object: KeyedDecodingContainer<WireKey>, _ key: String
    ) throws -> [KeyedDecodingContainer<WireKey>] {
        guard object.contains(WireKey(key)), try !object.decodeNil(forKey: WireKey(key)) else { return [] }
        var list = try object.nestedUnkeyedContainer(forKey: WireKey(key))
        var objects: [KeyedDecodingContainer<WireKey>] = []
        while !list.isAtEnd { objects.append(try list.nestedContainer(keyedBy: WireKey.self)) }
        return objects
    }

    // MARK: Metrics

    private mutating func read(metric: KeyedDecodingContainer<WireKey>) throws {
        let name = try metric.required(String.self, "name")
        let points = try Self.objects(metric, "data")
        switch name {
        case "blood_pressure":
            for point in points { try readBloodPressure(point) }
            return
        case "sleep_analysis":
            for point in points { try readSleep(point) }
            return
        default: break
        }
        guard let typeName = Self.quantityMetrics[name], let type = try? SampleType.quantity(typeName) else {
            skipped.append(
                Skipped(
                    field: metric.field("name"),
                    reason: "'\(name)' is not a metric this server maps to a HealthKit type"))
            return
        }
        guard !type.isReadOnly else {
            skipped.append(
                Skipped(
                    field: metric.field("name"),
                    reason: "\(type.identifier) is computed by Apple's algorithms and cannot be saved by an app"))
            return
        }
        let unit = try Self.unit(metric, "units", for: type)
        for point in points {
            // A value, or Min/Avg/Max (heart rate) kept as a summarized series.
            let content = try Self.minAvgMaxContent(point, unit: unit, type: type)
            let (date, end) = try bucket(point, "date")
            let origin = try source(point) ?? ""
            var metadata = Self.syncMetadata(bucketIdentifier(type, start: date, origin: origin))
            if name == "blood_glucose", let meal = try point.optional(String.self, "mealTime") {
                let mealTimes = ["Before Meal": 1.0, "After Meal": 2.0]
                if let code = mealTimes[meal] { metadata["HKBloodGlucoseMealTime"] = .number(code) }
            }
            try append(point, type: type, content: .quantity(content), start: date, end: end, metadata: metadata)
        }
    }

    private mutating func readBloodPressure(_ point: KeyedDecodingContainer<WireKey>) throws {
        let date = try Self.date(point, "date")
        let origin = try source(point) ?? ""
        let key = "\(date.timeIntervalSince1970):\(origin)"
        var members: [Sample] = []
        for (field, typeName) in [("systolic", "bloodPressureSystolic"), ("diastolic", "bloodPressureDiastolic")] {
            let type = try SampleType.quantity(typeName)
            guard let value = try point.number(field) else {
                throw WireError.invalidField(field: point.field(field), reason: "is required")
            }
            members.append(
                try build(
                    point, type: type,
                    content: .quantity(QuantityContent(quantity: Quantity(value, try HealthUnit(parsing: "mmHg")))),
                    start: date, end: date, metadata: Self.syncMetadata("\(type.identifier):\(key)")))
        }
        try append(
            point, type: try SampleType.correlation("bloodPressure"), content: .correlation(objects: members),
            start: date, end: date,
            metadata: Self.syncMetadata("HKCorrelationTypeIdentifierBloodPressure:\(key)"))
    }

    private mutating func readSleep(_ point: KeyedDecodingContainer<WireKey>) throws {
        let sleep = try SampleType.category("sleepAnalysis")
        let stages = [
            "Core": "asleepCore", "REM": "asleepREM", "Deep": "asleepDeep", "Awake": "awake", "In Bed": "inBed",
            "Asleep": "asleepUnspecified",
        ]
        var intervals: [(start: String, end: String, stage: String)] = []
        if let stage = try point.optional(String.self, "value") {
            // Unaggregated: one stage from startDate to endDate.
            guard let caseName = stages[stage] else {
                throw WireError.invalidField(
                    field: point.field("value"),
                    reason: "'\(stage)' is not a sleep stage (\(stages.keys.sorted().joined(separator: ", ")))")
            }
            intervals.append(("startDate", "endDate", caseName))
        } else {
            // Aggregated: the night's sleep and time in bed.
            if try point.optional(Nested.self, "sleepStart") != nil {
                intervals.append(("sleepStart", "sleepEnd", "asleepUnspecified"))
            }
            if try point.optional(Nested.self, "inBedStart") != nil {
                intervals.append(("inBedStart", "inBedEnd", "inBed"))
            }
        }
        let origin = try source(point) ?? ""
        for interval in intervals {
            let start = try Self.date(point, interval.start)
            let end = try Self.date(point, interval.end)
            guard let value = sleep.categoryDescription?.value(named: interval.stage)?.rawValue else { continue }
            try append(
                point, type: sleep, content: .category(value: value), start: start, end: end,
                metadata: Self.syncMetadata(
                    "\(sleep.identifier):\(interval.stage):\(start.timeIntervalSince1970):\(origin)"))
        }
    }

    // MARK: Workouts

    private mutating func read(workout: KeyedDecodingContainer<WireKey>) throws {
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
        var statistics: [String: WorkoutStatistic] = [:]
        for (field, typeName) in [
            ("activeEnergyBurned", "activeEnergyBurned"), ("activeEnergy", "activeEnergyBurned"),
            ("distance", "distanceWalkingRunning"),
        ] {
            // Only objects are figures (the app writes other shapes for some workouts; those are not read).
            guard workout.contains(WireKey(field)),
                let figure = try? workout.nestedContainer(keyedBy: WireKey.self, forKey: WireKey(field))
            else { continue }
            let type = try SampleType.quantity(
                typeName == "distanceWalkingRunning" && activity.caseName == "cycling" ? "distanceCycling" : typeName)
            guard statistics[type.identifier] == nil else { continue }
            guard let value = try figure.number("qty") else {
                throw WireError.invalidField(field: figure.field("qty"), reason: "is required")
            }
            let quantity = Quantity(value, try Self.unit(figure, "units", for: type))
            do {
                statistics[type.identifier] = try WorkoutStatistic(
                    quantityTypeIdentifier: type.identifier, sum: quantity)
            } catch {
                throw WireError.model(error, field: figure.field)
            }
        }
        let identifier = try workout.optional(String.self, "id") ?? "\(start.timeIntervalSince1970)"
        let duration = try workout.number("duration")
        do {
            samples.append(
                try Sample.workout(
                    activityTypeRawValue: activity.rawValue, start: start, end: end, duration: duration,
                    statistics: Array(statistics.values),
                    metadata: Self.syncMetadata("HKWorkoutTypeIdentifier:\(identifier)")))
        } catch {
            throw WireError.model(error, field: workout.field)
        }
    }

    // MARK: Values

    private func source(_ point: KeyedDecodingContainer<WireKey>) throws -> String? {
        try point.optional(String.self, "source")
    }

    private func build(
        _ point: KeyedDecodingContainer<WireKey>, type: SampleType, content: SampleContent, start: Date, end: Date,
        metadata: [String: MetadataValue]
    ) throws -> Sample {
        let origin = try source(point)
        let device = origin.map { Device(name: $0) }
        var metadata = metadata
        if let origin { metadata[MetadataKey.pushedFrom] = .string(origin) }
        do {
            return try Sample(
                type: type, startDate: start, endDate: max(start, end), metadata: metadata, device: device,
                content: content)
        } catch {
            throw WireError.model(error, field: point.field)
        }
    }

    private mutating func append(
        _ point: KeyedDecodingContainer<WireKey>, type: SampleType, content: SampleContent, start: Date, end: Date,
        metadata: [String: MetadataValue]
    ) throws {
        samples.append(try build(point, type: type, content: content, start: start, end: end, metadata: metadata))
    }

    private static func syncMetadata(_ identifier: String) -> [String: MetadataValue] {
        [MetadataKey.syncIdentifier: .string("hae:" + identifier), MetadataKey.syncVersion: .number(1)]
    }

    /// A unit as the app spells it (member `key`), which must fit the type.
    private static func unit(
        _ object: KeyedDecodingContainer<WireKey>, _ key: String, for type: SampleType
    ) throws -> HealthUnit {
        let text = try object.required(String.self, key)
        let spelled = unitSpellings[text.lowercased()] ?? text
        guard let unit = try? HealthUnit(parsing: spelled), let canonical = type.canonicalUnit,
            unit.isCompatible(with: canonical)
        else {
            throw WireError.invalidField(
                field: object.field(key),
                reason: "'\(text)' is not a unit of \(type.identifier) (e.g. \(type.canonicalUnit?.description ?? "?"))"
            )
        }
        return unit
    }

    /// The app's dates (member `key`): `yyyy-MM-dd HH:mm:ss Z` (`2024-03-10 08:00:00 -0800`), also ISO 8601 with an
    /// offset.
    static func date(_ object: KeyedDecodingContainer<WireKey>, _ key: String) throws -> Date {
        var text = try object.required(String.self, key)
        if text.count == 25, let space = text.index(text.startIndex, offsetBy: 19, limitedBy: text.endIndex),
            text[space] == " "
        {
            text.remove(at: space)
        }
        return try WireSample.date(text, field: object.field(key))
    }
}

/// The answer to `POST /ingest/health-auto-export`: `{"saved", "ignored", "skipped": [{"field", "reason"}],
/// "anchor"?}` (the anchor when a batch was committed).
public struct HealthAutoExportAnswer: Encodable, Sendable {
    /// The samples stored.
    public var saved: Int
    /// The samples already stored (a re-sent payload).
    public var ignored: Int
    /// The metrics and workouts left out.
    public var skipped: [HealthAutoExportPayload.Skipped]
    /// The change-log position after the commit, when there was one.
    public var anchor: Int?

    /// An answer.
    public init(saved: Int, ignored: Int, skipped: [HealthAutoExportPayload.Skipped], anchor: Int?) {
        self.saved = saved
        self.ignored = ignored
        self.skipped = skipped
        self.anchor = anchor
    }

    /// Writes the members in the documented order.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: WireKey.self)
        try members.put(saved, "saved")
        try members.put(ignored, "ignored")
        try members.put(skipped, "skipped")
        if let anchor { try members.put(anchor, "anchor") }
    }
}

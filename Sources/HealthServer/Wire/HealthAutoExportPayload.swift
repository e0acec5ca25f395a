import Foundation
import HealthModel

/// The JSON that the iOS app Health Auto Export posts to REST automations ("API Export — JSON Format"), as samples:
/// `{"data": {"metrics": [{"name", "units", "data": [{"qty", "date", "source"}]}], "workouts": [...]}}`, with the
/// app's special shapes for heart rate (`Min`/`Avg`/`Max`), blood pressure (`systolic`/`diastolic`), blood glucose
/// (`mealTime`) and sleep (aggregated nights or unaggregated stages).
///
/// Each sample gets a sync identifier made of the metric, the instant and the original source, with version 1, so a
/// re-sent payload (the app re-sends the previous day on every run) is ignored by the store's sync rules: idempotent.
/// The original source (the phone or watch the app read from) becomes the sample's device name; the sample's source
/// is the client. Metrics the server does not map, and read-only ones (Apple's own algorithms' figures such as
/// exercise minutes), are skipped and listed, not refused: the app sends whatever the person selected.
struct HealthAutoExportPayload {
    /// A metric or workout left out, and why.
    struct Skipped {
        let field: String
        let reason: String
    }

    /// The samples to save, all or nothing.
    private(set) var samples: [Sample] = []
    /// What was left out.
    private(set) var skipped: [Skipped] = []

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

    /// The samples of a payload; throws naming the field for data that is malformed (not for metrics it skips).
    init(_ body: JSONInput) throws(HealthServerError) {
        let data = try body.required("data")
        for metric in try data.optional("metrics")?.elements() ?? [] { try read(metric: metric) }
        for workout in try data.optional("workouts")?.elements() ?? [] { try read(workout: workout) }
    }

    // MARK: Metrics

    private mutating func read(metric: JSONInput) throws(HealthServerError) {
        let name = try metric.required("name").string()
        let points = try metric.optional("data")?.elements() ?? []
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
                    field: metric.path + ".name",
                    reason: "'\(name)' is not a metric this server maps to a HealthKit type"))
            return
        }
        guard !type.isReadOnly else {
            skipped.append(
                Skipped(
                    field: metric.path + ".name",
                    reason: "\(type.identifier) is computed by Apple's algorithms and cannot be saved by an app"))
            return
        }
        let unit = try Self.unit(try metric.required("units"), for: type)
        for point in points {
            // Heart rate comes as Min/Avg/Max per interval: the sample is the average (HealthKit keeps one value).
            var valueField = try point.optional("qty")
            if valueField == nil { valueField = try point.optional("Avg") }
            guard let valueField else {
                throw .invalidField(field: point.path + ".qty", reason: "is required")
            }
            let value = try valueField.number()
            let date = try Self.date(try point.required("date"))
            let origin = try source(point) ?? ""
            var metadata = Self.syncMetadata("\(type.identifier):\(date.timeIntervalSince1970):\(origin)")
            if name == "blood_glucose", let meal = try point.optional("mealTime")?.string() {
                let mealTimes = ["Before Meal": 1.0, "After Meal": 2.0]
                if let code = mealTimes[meal] { metadata["HKBloodGlucoseMealTime"] = .number(code) }
            }
            try append(
                point, type: type, content: .quantity(QuantityContent(quantity: Quantity(value, unit))), start: date,
                end: date, metadata: metadata)
        }
    }

    private mutating func readBloodPressure(_ point: JSONInput) throws(HealthServerError) {
        let date = try Self.date(try point.required("date"))
        let origin = try source(point) ?? ""
        let key = "\(date.timeIntervalSince1970):\(origin)"
        var members: [Sample] = []
        for (field, typeName) in [("systolic", "bloodPressureSystolic"), ("diastolic", "bloodPressureDiastolic")] {
            let type = try! SampleType.quantity(typeName)
            let value = try point.required(field).number()
            members.append(
                try build(
                    point, type: type,
                    content: .quantity(QuantityContent(quantity: Quantity(value, try! HealthUnit(parsing: "mmHg")))),
                    start: date, end: date, metadata: Self.syncMetadata("\(type.identifier):\(key)")))
        }
        try append(
            point, type: try! SampleType.correlation("bloodPressure"), content: .correlation(objects: members),
            start: date, end: date,
            metadata: Self.syncMetadata("HKCorrelationTypeIdentifierBloodPressure:\(key)"))
    }

    private mutating func readSleep(_ point: JSONInput) throws(HealthServerError) {
        let sleep = try! SampleType.category("sleepAnalysis")
        let stages = [
            "Core": "asleepCore", "REM": "asleepREM", "Deep": "asleepDeep", "Awake": "awake", "In Bed": "inBed",
            "Asleep": "asleepUnspecified",
        ]
        var intervals: [(start: String, end: String, stage: String)] = []
        if let stage = try point.optional("value")?.string() {
            // Unaggregated: one stage from startDate to endDate.
            guard let caseName = stages[stage] else {
                throw .invalidField(
                    field: point.path + ".value",
                    reason: "'\(stage)' is not a sleep stage (\(stages.keys.sorted().joined(separator: ", ")))")
            }
            intervals.append(("startDate", "endDate", caseName))
        } else {
            // Aggregated: the night's sleep and time in bed.
            if try point.optional("sleepStart") != nil {
                intervals.append(("sleepStart", "sleepEnd", "asleepUnspecified"))
            }
            if try point.optional("inBedStart") != nil { intervals.append(("inBedStart", "inBedEnd", "inBed")) }
        }
        let origin = try source(point) ?? ""
        for interval in intervals {
            let start = try Self.date(try point.required(interval.start))
            let end = try Self.date(try point.required(interval.end))
            let value = sleep.categoryDescription!.value(named: interval.stage)!.rawValue
            try append(
                point, type: sleep, content: .category(value: value), start: start, end: end,
                metadata: Self.syncMetadata(
                    "\(sleep.identifier):\(interval.stage):\(start.timeIntervalSince1970):\(origin)"))
        }
    }

    // MARK: Workouts

    private mutating func read(workout: JSONInput) throws(HealthServerError) {
        let name = try workout.required("name").string()
        let camel = name.split(separator: " ").enumerated().map {
            $0.offset == 0 ? $0.element.lowercased() : $0.element.capitalized
        }.joined()
        guard
            let activity = Self.workoutNames[name.lowercased()].flatMap(TypeTable.workoutActivityType)
                ?? TypeTable.workoutActivityType(camel)
        else {
            skipped.append(
                Skipped(field: workout.path + ".name", reason: "'\(name)' is not a workout activity this server knows"))
            return
        }
        let start = try Self.date(try workout.required("start"))
        let end = try Self.date(try workout.required("end"))
        var statistics: [String: WorkoutStatistic] = [:]
        for (field, typeName) in [
            ("activeEnergyBurned", "activeEnergyBurned"), ("activeEnergy", "activeEnergyBurned"),
            ("distance", "distanceWalkingRunning"),
        ] {
            guard let figure = try workout.optional(field), figure.value is [String: Any] else { continue }
            let type = try! SampleType.quantity(
                typeName == "distanceWalkingRunning" && activity.caseName == "cycling" ? "distanceCycling" : typeName)
            guard statistics[type.identifier] == nil else { continue }
            let quantity = Quantity(
                try figure.required("qty").number(), try Self.unit(try figure.required("units"), for: type))
            do {
                statistics[type.identifier] = try WorkoutStatistic(
                    quantityTypeIdentifier: type.identifier, sum: quantity)
            } catch {
                throw .from(error, field: figure.path)
            }
        }
        let identifier = try workout.optional("id")?.string() ?? "\(start.timeIntervalSince1970)"
        let duration = try workout.optional("duration")?.number()
        do {
            samples.append(
                try Sample.workout(
                    activityTypeRawValue: activity.rawValue, start: start, end: end, duration: duration,
                    statistics: Array(statistics.values),
                    metadata: Self.syncMetadata("HKWorkoutTypeIdentifier:\(identifier)")))
        } catch {
            throw .from(error, field: workout.path)
        }
    }

    // MARK: Values

    private func source(_ point: JSONInput) throws(HealthServerError) -> String? {
        try point.optional("source")?.string()
    }

    private func build(
        _ point: JSONInput, type: SampleType, content: SampleContent, start: Date, end: Date,
        metadata: [String: MetadataValue]
    ) throws(HealthServerError) -> Sample {
        let device = try source(point).map { Device(name: $0) }
        do {
            return try Sample(
                type: type, startDate: start, endDate: max(start, end), metadata: metadata, device: device,
                content: content)
        } catch {
            throw .from(error, field: point.path)
        }
    }

    private mutating func append(
        _ point: JSONInput, type: SampleType, content: SampleContent, start: Date, end: Date,
        metadata: [String: MetadataValue]
    ) throws(HealthServerError) {
        samples.append(try build(point, type: type, content: content, start: start, end: end, metadata: metadata))
    }

    private static func syncMetadata(_ identifier: String) -> [String: MetadataValue] {
        [MetadataKey.syncIdentifier: .string("hae:" + identifier), MetadataKey.syncVersion: .number(1)]
    }

    /// A unit as the app spells it, which must fit the type.
    private static func unit(_ field: JSONInput, for type: SampleType) throws(HealthServerError) -> HealthUnit {
        let text = try field.string()
        let spelled = unitSpellings[text.lowercased()] ?? text
        guard let unit = try? HealthUnit(parsing: spelled), let canonical = type.canonicalUnit,
            unit.isCompatible(with: canonical)
        else {
            throw .invalidField(
                field: field.path,
                reason: "'\(text)' is not a unit of \(type.identifier) (e.g. \(type.canonicalUnit?.description ?? "?"))"
            )
        }
        return unit
    }

    /// The app's dates: `yyyy-MM-dd HH:mm:ss Z` (`2024-03-10 08:00:00 -0800`), also ISO 8601 with an offset.
    private static func date(_ field: JSONInput) throws(HealthServerError) -> Date {
        var text = try field.string()
        if text.count == 25, let space = text.index(text.startIndex, offsetBy: 19, limitedBy: text.endIndex),
            text[space] == " "
        {
            text.remove(at: space)
        }
        return try ServerDates.parseWithOffset(text, field: field.path)
    }
}

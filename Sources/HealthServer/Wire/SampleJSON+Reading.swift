import Foundation
import HealthModel
import HealthReports

/// Reading samples in the API's JSON (HealthReports' `SampleJSON`, which also writes them for the API and for
/// `ohk samples --format json`): every refusal names the field.
extension SampleJSON {
    private static let commonFields: Set<String> = ["type", "startDate", "endDate", "uuid", "metadata", "device"]
    /// The fields of each kind, made once (not a set union per sample).
    private static let quantityFields = commonFields.union(["value", "unit"])
    private static let categoryFields = commonFields.union(["value"])
    private static let correlationFields = commonFields.union(["objects"])
    private static let workoutFields = commonFields.union(["activityType", "duration", "events", "statistics"])

    // MARK: Reading

    /// The sample a JSON object describes; every refusal names the field (`samples[3].unit`).
    ///
    /// `uuid` may name the object's identifier only when `choosesUUIDs` (a full-access client, which sees every
    /// object anyway). Any other client gets identifiers made by the server: a chosen one could be another app's,
    /// and the answer (saved, or "already stored") would tell the client that an object it may not see exists
    /// (issue 17). The refusal does not depend on what is stored. Idempotent saves use HealthKit's sync identifier
    /// (`HKMetadataKeySyncIdentifier` with `HKMetadataKeySyncVersion`), whose matches are per source.
    static func sample(from input: JSONInput, choosesUUIDs: Bool) throws(HealthServerError) -> Sample {
        try sample(from: input, choosesUUIDs: choosesUUIDs, depth: 0)
    }

    private static func sample(
        from input: JSONInput, choosesUUIDs: Bool, depth: Int
    ) throws(HealthServerError) -> Sample {
        let typeText = try input.required("type").string()
        let type: SampleType
        do {
            type = try SampleType.named(typeText)
        } catch {
            throw .invalidField(
                field: input.path + ".type",
                reason:
                    "'\(typeText)' is not a HealthKit type identifier or short name (e.g. stepCount, heartRate, sleepAnalysis)"
            )
        }
        let start = try ServerDates.parseWithOffset(
            try input.required("startDate").string(), field: input.path + ".startDate")
        let end =
            try input.optional("endDate").map { field throws(HealthServerError) in
                try ServerDates.parseWithOffset(try field.string(), field: field.path)
            } ?? start
        guard end >= start else {
            throw .invalidField(field: input.path + ".endDate", reason: "endDate is before startDate")
        }
        let uuid =
            try input.optional("uuid").map { field throws(HealthServerError) in
                guard choosesUUIDs else {
                    throw .invalidField(
                        field: field.path,
                        reason:
                            "is given by the server to this client's samples (only a full-access client names uuids); for idempotent saves give HKMetadataKeySyncIdentifier and HKMetadataKeySyncVersion in metadata"
                    )
                }
                return try uuidValue(field)
            } ?? RandomUUID.make()
        let metadata = try input.optional("metadata").map(metadataValues)
        let device = try input.optional("device").map(deviceValue)
        let content: SampleContent
        switch type.kind {
        case .quantity:
            try input.allowOnly(quantityFields)
            let value = try input.required("value").number()
            let unitField = try input.required("unit")
            let unit = try unitValue(unitField)
            guard let canonical = type.canonicalUnit, unit.isCompatible(with: canonical) else {
                throw .invalidField(
                    field: unitField.path,
                    reason:
                        "\(unit) does not fit \(type.identifier) (use a unit like \(type.canonicalUnit?.description ?? "?"))"
                )
            }
            content = .quantity(QuantityContent(quantity: Quantity(value, unit)))
        case .category:
            try input.allowOnly(categoryFields)
            content = .category(
                value: try categoryValue(input.optional("value"), type: type, path: input.path + ".value"))
        case .correlation:
            try input.allowOnly(correlationFields)
            guard depth == 0 else {
                throw .invalidField(
                    field: input.path + ".type", reason: "a correlation cannot hold another correlation")
            }
            content = .correlation(
                objects: try input.required("objects").elements().map { member throws(HealthServerError) in
                    try sample(from: member, choosesUUIDs: choosesUUIDs, depth: depth + 1)
                })
        case .workout:
            try input.allowOnly(workoutFields)
            return try workout(from: input, start: start, end: end, uuid: uuid, metadata: metadata, device: device)
        case .workoutRoute, .document:
            // Routes are saved with their workout (a route builder's finish), never alone.
            throw .invalidField(field: input.path + ".type", reason: "\(type.identifier) cannot be saved on its own")
        case .workoutEffortRelationship:
            // Relating checks the workout, the activity and the sample (WorkoutEffortQueryEngine); records are not
            // written directly.
            throw .invalidField(
                field: input.path + ".type", reason: "\(type.identifier) records are made by relating, not saved")
        default:
            content = .payload(try payload(from: input, kind: type.kind))
        }
        do {
            return try Sample(
                uuid: uuid, type: type, startDate: start, endDate: end, metadata: metadata, device: device,
                content: content)
        } catch {
            throw .from(error, field: input.path)
        }
    }

    /// The content of a payload kind, from the member named after the kind (`"stateOfMind": {…}`).
    private static func payload(from input: JSONInput, kind: SampleKind) throws(HealthServerError) -> SamplePayload {
        guard let name = SamplePayload.jsonName(of: kind) else {
            throw .invalidField(field: input.path + ".type", reason: "\(kind) samples cannot be saved")
        }
        try input.allowOnly(commonFields.union([name]))
        let field = try input.required(name)
        guard JSONSerialization.isValidJSONObject(field.value),
            let data = try? JSONSerialization.data(withJSONObject: field.value)
        else {
            throw .invalidField(field: field.path, reason: "must be an object")
        }
        do {
            return try SamplePayload.decoded(kind, json: data, field: name)
        } catch {
            throw .from(error, field: input.path)
        }
    }

    private static func workout(
        from input: JSONInput, start: Date, end: Date, uuid: UUID, metadata: [String: MetadataValue]?, device: Device?
    ) throws(HealthServerError) -> Sample {
        let activityField = try input.required("activityType")
        let activity: WorkoutActivityTypeDescription?
        if activityField.isNumber {
            activity = TypeTable.workoutActivityType(rawValue: UInt(exactly: max(0, try activityField.integer())) ?? 0)
        } else {
            activity = TypeTable.workoutActivityType(try activityField.string())
        }
        guard let activity else {
            throw .invalidField(
                field: activityField.path, reason: "not a workout activity type (e.g. running, walking, 37)")
        }
        let duration = try input.optional("duration").map { field throws(HealthServerError) in try field.number() }
        var events: [WorkoutEvent] = []
        for field in try input.optional("events")?.elements() ?? [] {
            try field.allowOnly(["type", "startDate", "endDate"])
            let typeField = try field.required("type")
            let name = try typeField.string()
            guard let eventType = WorkoutEventType.allCases.first(where: { "\($0)" == name || $0.exportName == name })
            else {
                throw .invalidField(
                    field: typeField.path,
                    reason: "'\(name)' is not a workout event type (pause, resume, lap, marker, segment…)")
            }
            let eventStart = try ServerDates.parseWithOffset(
                try field.required("startDate").string(), field: field.path + ".startDate")
            let eventEnd = try field.optional("endDate").map { end throws(HealthServerError) in
                try ServerDates.parseWithOffset(try end.string(), field: end.path)
            }
            do {
                events.append(try WorkoutEvent(type: eventType, startDate: eventStart, endDate: eventEnd))
            } catch {
                throw .from(error, field: field.path)
            }
        }
        var statistics: [WorkoutStatistic] = []
        for field in try input.optional("statistics")?.elements() ?? [] {
            try field.allowOnly(["type", "sum", "average", "minimum", "maximum"])
            let typeField = try field.required("type")
            guard let description = TypeTable.quantityType(try typeField.string()) else {
                throw .invalidField(field: typeField.path, reason: "not a quantity type")
            }
            func figure(_ key: String) throws(HealthServerError) -> Quantity? {
                guard let value = try field.optional(key) else { return nil }
                return try quantityValue(value)
            }
            do {
                statistics.append(
                    try WorkoutStatistic(
                        quantityTypeIdentifier: description.identifier, sum: figure("sum"), average: figure("average"),
                        minimum: figure("minimum"), maximum: figure("maximum")))
            } catch let error as HealthServerError {
                throw error
            } catch let error as HealthModelError {
                throw .from(error, field: field.path)
            } catch {
                throw .invalidField(field: field.path, reason: "\(error)")
            }
        }
        do {
            return try Sample.workout(
                activityTypeRawValue: activity.rawValue, start: start, end: end, duration: duration, events: events,
                statistics: statistics, metadata: metadata, device: device, uuid: uuid)
        } catch {
            throw .from(error, field: input.path)
        }
    }

    private static func categoryValue(
        _ field: JSONInput?, type: SampleType, path: String
    ) throws(HealthServerError) -> Int {
        guard let description = type.categoryDescription else {
            throw .invalidField(field: path, reason: "\(type.identifier) has no values")
        }
        guard let field else {
            guard description.isValid(0) else {
                throw .invalidField(field: path, reason: "is required for \(type.identifier)")
            }
            return 0
        }
        let found =
            field.isNumber ? description.value(raw: try field.integer()) : description.value(named: try field.string())
        guard let found else {
            let names = description.values.map(\.caseName).joined(separator: ", ")
            throw .invalidField(
                field: path, reason: "not a value of \(type.identifier)\(names.isEmpty ? "" : " (\(names))")")
        }
        return found.rawValue
    }

    private static func uuidValue(_ field: JSONInput) throws(HealthServerError) -> UUID {
        guard let uuid = UUID(uuidString: try field.string()) else {
            throw .invalidField(field: field.path, reason: "is not a UUID")
        }
        return uuid
    }

    private static func unitValue(_ field: JSONInput) throws(HealthServerError) -> HealthUnit {
        let text = try field.string()
        do {
            return try HealthUnit(parsing: text)
        } catch {
            throw .invalidField(
                field: field.path,
                reason: "'\(text)' is not a HealthKit unit string (e.g. count, kcal, km, count/min): \(error)")
        }
    }

    private static func quantityValue(_ field: JSONInput) throws(HealthServerError) -> Quantity {
        try field.allowOnly(["value", "unit"])
        return Quantity(try field.required("value").number(), try unitValue(field.required("unit")))
    }

    private static func metadataValues(_ input: JSONInput) throws(HealthServerError) -> [String: MetadataValue] {
        var metadata: [String: MetadataValue] = [:]
        for key in try input.keys() {
            guard let field = try input.optional(key) else { continue }
            if field.isBoolean {
                metadata[key] = .number(try field.boolean() ? 1 : 0)
            } else if field.isNumber {
                metadata[key] = .number(try field.number())
            } else if let text = field.value as? String {
                metadata[key] = .string(text)
            } else if try field.optional("date") != nil {
                try field.allowOnly(["date"])
                let date = try field.required("date")
                metadata[key] = .date(try ServerDates.parseWithOffset(try date.string(), field: date.path))
            } else {
                metadata[key] = .quantity(try quantityValue(field))
            }
        }
        return metadata
    }

    private static func deviceValue(_ input: JSONInput) throws(HealthServerError) -> Device {
        let keys = [
            "name", "manufacturer", "model", "hardwareVersion", "firmwareVersion", "softwareVersion", "localIdentifier",
            "udiDeviceIdentifier",
        ]
        try input.allowOnly(Set(keys))
        var values: [String: String] = [:]
        for key in keys { values[key] = try input.optional(key)?.string() }
        return Device(
            name: values["name"], manufacturer: values["manufacturer"], model: values["model"],
            hardwareVersion: values["hardwareVersion"],
            firmwareVersion: values["firmwareVersion"], softwareVersion: values["softwareVersion"],
            localIdentifier: values["localIdentifier"],
            udiDeviceIdentifier: values["udiDeviceIdentifier"])
    }
}

import Foundation
import HealthModel

/// Reading a sample (`WireSample.swift` writes it): every refusal names the field (`samples[3].unit`).
extension WireSample {
    private static let commonFields: Set<String> = ["type", "startDate", "endDate", "uuid", "metadata", "device"]
    /// The fields of each kind, made once (not a set union per sample).
    private static let quantityFields = commonFields.union(["value", "unit"])
    private static let categoryFields = commonFields.union(["value"])
    private static let correlationFields = commonFields.union(["objects"])
    private static let workoutFields = commonFields.union(["activityType", "duration", "events", "statistics"])
    private static let deviceFields = [
        "name", "manufacturer", "model", "hardwareVersion", "firmwareVersion", "softwareVersion", "localIdentifier",
        "udiDeviceIdentifier",
    ]

    /// The sample a JSON object describes (written back in UTC, quantities in their own unit).
    ///
    /// `uuid` may name the object's identifier only when the decoder's `choosesUUIDs` (a full-access client, which
    /// sees every object anyway). Any other client gets identifiers made by the server: a chosen one could be another
    /// app's, and the answer (saved, or "already stored") would tell the client that an object it may not see exists
    /// (issue 17). The refusal does not depend on what is stored. Idempotent saves use HealthKit's sync identifier
    /// (`HKMetadataKeySyncIdentifier` with `HKMetadataKeySyncVersion`), whose matches are per source.
    public init(from decoder: any Decoder) throws {
        let sample = try Self.sample(from: decoder, isMember: false)
        self.init(sample, unit: sample.quantity?.unit, timeZone: TimeZone(identifier: "UTC")!)
    }

    /// A correlation's member: a sample that may not be a correlation itself.
    private struct Member: Decodable {
        let sample: Sample

        init(from decoder: any Decoder) throws { sample = try WireSample.sample(from: decoder, isMember: true) }
    }

    private static func sample(from decoder: any Decoder, isMember: Bool) throws -> Sample {
        let rules = WireDecoder.rules(of: decoder)
        let input = try decoder.container(keyedBy: WireKey.self)
        let typeText = try input.required(String.self, "type")
        let type: SampleType
        do {
            type = try SampleType.named(typeText)
        } catch {
            throw WireError.invalidField(
                field: input.field("type"),
                reason:
                    "'\(typeText)' is not a HealthKit type identifier or short name (e.g. stepCount, heartRate, sleepAnalysis)"
            )
        }
        let start = try date(input.required(String.self, "startDate"), field: input.field("startDate"))
        let end =
            try input.optional(String.self, "endDate").map { try date($0, field: input.field("endDate")) } ?? start
        guard end >= start else {
            throw WireError.invalidField(field: input.field("endDate"), reason: "endDate is before startDate")
        }
        let uuid =
            try input.optional(String.self, "uuid").map { text in
                guard rules.choosesUUIDs else {
                    throw WireError.invalidField(
                        field: input.field("uuid"),
                        reason:
                            "is given by the server to this client's samples (only a full-access client names uuids); for idempotent saves give HKMetadataKeySyncIdentifier and HKMetadataKeySyncVersion in metadata"
                    )
                }
                guard let uuid = UUID(uuidString: text) else {
                    throw WireError.invalidField(field: input.field("uuid"), reason: "is not a UUID")
                }
                return uuid
            } ?? RandomUUID.make()
        let metadata = try input.optional(MetadataValues.self, "metadata")?.values
        let device =
            try input.contains(WireKey("device")) && !input.decodeNil(forKey: WireKey("device"))
            ? deviceValue(input) : nil
        let content: SampleContent
        switch type.kind {
        case .quantity:
            try input.allowOnly(quantityFields)
            guard let value = try input.number("value") else {
                throw WireError.invalidField(field: input.field("value"), reason: "is required")
            }
            let unit = try unitValue(input.required(String.self, "unit"), field: input.field("unit"))
            guard let canonical = type.canonicalUnit, unit.isCompatible(with: canonical) else {
                throw WireError.invalidField(
                    field: input.field("unit"),
                    reason:
                        "\(unit) does not fit \(type.identifier) (use a unit like \(type.canonicalUnit?.description ?? "?"))"
                )
            }
            content = .quantity(QuantityContent(quantity: Quantity(value, unit)))
        case .category:
            try input.allowOnly(categoryFields)
            content = .category(value: try categoryValue(input, type: type))
        case .correlation:
            try input.allowOnly(correlationFields)
            guard !isMember else {
                throw WireError.invalidField(
                    field: input.field("type"), reason: "a correlation cannot hold another correlation")
            }
            content = .correlation(objects: try input.required([Member].self, "objects").map(\.sample))
        case .workout:
            try input.allowOnly(workoutFields)
            return try workout(from: input, start: start, end: end, uuid: uuid, metadata: metadata, device: device)
        case .workoutRoute, .document:
            // Routes are saved with their workout (a route builder's finish), never alone.
            throw WireError.invalidField(
                field: input.field("type"), reason: "\(type.identifier) cannot be saved on its own")
        case .workoutEffortRelationship:
            // Relating checks the workout, the activity and the sample (WorkoutEffortQueryEngine); records are not
            // written directly.
            throw WireError.invalidField(
                field: input.field("type"), reason: "\(type.identifier) records are made by relating, not saved")
        default:
            guard let name = SamplePayload.jsonName(of: type.kind) else {
                throw WireError.invalidField(field: input.field("type"), reason: "\(type.kind) samples cannot be saved")
            }
            try input.allowOnly(commonFields.union([name]))
            content = .payload(try input.required(Payload.self, name).payload)
        }
        do {
            return try Sample(
                uuid: uuid, type: type, startDate: start, endDate: end, metadata: metadata, device: device,
                content: content)
        } catch {
            throw WireError.model(error, field: input.field)
        }
    }

    /// A payload's content, its kind read from the sample's `type` (the member's name is the kind's).
    private struct Payload: Decodable {
        let payload: SamplePayload

        init(from decoder: any Decoder) throws {
            let name = decoder.codingPath.last?.stringValue ?? ""
            guard let kind = SampleKind.allCases.first(where: { SamplePayload.jsonName(of: $0) == name }) else {
                throw WireError.invalidField(
                    field: DecodingFieldError.path(decoder.codingPath), reason: "is not a payload")
            }
            // A payload must be an object (its content types' own decoding would accept other shapes' errors later).
            _ = try decoder.container(keyedBy: WireKey.self)
            payload = try SamplePayload.decodeContent(kind, from: decoder)
        }
    }

    private static func workout(
        from input: KeyedDecodingContainer<WireKey>, start: Date, end: Date, uuid: UUID,
        metadata: [String: MetadataValue]?, device: Device?
    ) throws -> Sample {
        let activity: WorkoutActivityTypeDescription?
        switch try input.required(NumberOrText.self, "activityType") {
        case let .number(number):
            let whole = try wholeNumber(number, field: input.field("activityType"))
            activity = TypeTable.workoutActivityType(rawValue: UInt(exactly: max(0, whole)) ?? 0)
        case let .text(text): activity = TypeTable.workoutActivityType(text)
        }
        guard let activity else {
            throw WireError.invalidField(
                field: input.field("activityType"), reason: "not a workout activity type (e.g. running, walking, 37)")
        }
        let duration = try input.number("duration")
        let events = try input.optional([Event].self, "events")?.map(\.event) ?? []
        let statistics = try input.optional([Statistic].self, "statistics")?.map(\.statistic) ?? []
        do {
            return try Sample.workout(
                activityTypeRawValue: activity.rawValue, start: start, end: end, duration: duration, events: events,
                statistics: statistics, metadata: metadata, device: device, uuid: uuid)
        } catch {
            throw WireError.model(error, field: input.field)
        }
    }

    /// A workout event read: `{"type", "startDate", "endDate"?}`.
    private struct Event: Decodable {
        let event: WorkoutEvent

        init(from decoder: any Decoder) throws {
            let input = try decoder.container(keyedBy: WireKey.self)
            try input.allowOnly(["type", "startDate", "endDate"])
            let name = try input.required(String.self, "type")
            guard let type = WorkoutEventType.allCases.first(where: { "\($0)" == name || $0.exportName == name })
            else {
                throw WireError.invalidField(
                    field: input.field("type"),
                    reason: "'\(name)' is not a workout event type (pause, resume, lap, marker, segment…)")
            }
            let start = try date(input.required(String.self, "startDate"), field: input.field("startDate"))
            let end = try input.optional(String.self, "endDate").map { try date($0, field: input.field("endDate")) }
            do {
                event = try WorkoutEvent(type: type, startDate: start, endDate: end)
            } catch {
                throw WireError.model(error, field: input.field)
            }
        }
    }

    /// A workout statistic read: `{"type", "sum"?, "average"?, "minimum"?, "maximum"?}` of quantities.
    private struct Statistic: Decodable {
        let statistic: WorkoutStatistic

        init(from decoder: any Decoder) throws {
            let input = try decoder.container(keyedBy: WireKey.self)
            try input.allowOnly(["type", "sum", "average", "minimum", "maximum"])
            guard let description = TypeTable.quantityType(try input.required(String.self, "type")) else {
                throw WireError.invalidField(field: input.field("type"), reason: "not a quantity type")
            }
            func figure(_ key: String) throws -> Quantity? { try input.optional(QuantityValue.self, key)?.quantity }
            do {
                statistic = try WorkoutStatistic(
                    quantityTypeIdentifier: description.identifier, sum: figure("sum"), average: figure("average"),
                    minimum: figure("minimum"), maximum: figure("maximum"))
            } catch let error as HealthModelError {
                throw WireError.model(error, field: input.field)
            }
        }
    }

    private static func categoryValue(_ input: KeyedDecodingContainer<WireKey>, type: SampleType) throws -> Int {
        let field = input.field("value")
        guard let description = type.categoryDescription else {
            throw WireError.invalidField(field: field, reason: "\(type.identifier) has no values")
        }
        guard let given = try input.optional(NumberOrText.self, "value") else {
            guard description.isValid(0) else {
                throw WireError.invalidField(field: field, reason: "is required for \(type.identifier)")
            }
            return 0
        }
        let found: CategoryValueDescription?
        switch given {
        case let .number(number): found = description.value(raw: try wholeNumber(number, field: field))
        case let .text(text): found = description.value(named: text)
        }
        guard let found else {
            let names = description.values.map(\.caseName).joined(separator: ", ")
            throw WireError.invalidField(
                field: field, reason: "not a value of \(type.identifier)\(names.isEmpty ? "" : " (\(names))")")
        }
        return found.rawValue
    }

    /// A number or a text (a category's value, a workout's activity type: raw value or name).
    private enum NumberOrText: Decodable {
        case number(Double)
        case text(String)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self = .text(text)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                throw WireError.invalidField(
                    field: DecodingFieldError.path(decoder.codingPath), reason: "must be a number or a string")
            }
        }
    }

    private static func wholeNumber(_ value: Double, field: String) throws -> Int {
        guard value.isFinite else { throw WireError.invalidField(field: field, reason: "must be a finite number") }
        guard value == value.rounded(), abs(value) < 9e15 else {
            throw WireError.invalidField(field: field, reason: "must be a whole number")
        }
        return Int(value)
    }

    /// A date in a body: ISO 8601 with an offset (no wall-clock times: a body has no time zone to read them in),
    /// fractions of a second kept; a refusal names `field`.
    public static func date(_ text: String, field: String) throws(WireError) -> Date {
        do {
            return try DateReader.instantWithOffset(text, field: field)
        } catch {
            throw .invalidField(field: field, reason: error.reason)
        }
    }

    private static func unitValue(_ text: String, field: String) throws -> HealthUnit {
        do {
            return try HealthUnit(parsing: text)
        } catch {
            throw WireError.invalidField(
                field: field,
                reason: "'\(text)' is not a HealthKit unit string (e.g. count, kcal, km, count/min): \(error)")
        }
    }

    /// A quantity read: `{"value", "unit"}`.
    struct QuantityValue: Decodable {
        let quantity: Quantity

        init(from decoder: any Decoder) throws {
            let input = try decoder.container(keyedBy: WireKey.self)
            try input.allowOnly(["value", "unit"])
            guard let value = try input.number("value") else {
                throw WireError.invalidField(field: input.field("value"), reason: "is required")
            }
            quantity = Quantity(
                value, try unitValue(input.required(String.self, "unit"), field: input.field("unit")))
        }
    }

    /// Metadata read: booleans as 1 or 0, numbers, texts, `{"date"}` and `{"value", "unit"}`; keys read sorted, so the
    /// first refusal is always the same.
    private struct MetadataValues: Decodable {
        let values: [String: MetadataValue]

        init(from decoder: any Decoder) throws {
            let input = try decoder.container(keyedBy: WireKey.self)
            var values: [String: MetadataValue] = [:]
            for key in input.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                guard let value = try input.decodeIfPresent(Value.self, forKey: key) else { continue }
                values[key.stringValue] = value.value
            }
            self.values = values
        }

        private struct Value: Decodable {
            let value: MetadataValue

            init(from decoder: any Decoder) throws {
                if let single = try? decoder.singleValueContainer() {
                    if let flag = try? single.decode(Bool.self) {
                        value = .number(flag ? 1 : 0)
                        return
                    }
                    if let number = try? single.decode(Double.self) {
                        guard number.isFinite else {
                            throw WireError.invalidField(
                                field: DecodingFieldError.path(decoder.codingPath), reason: "must be a finite number")
                        }
                        value = .number(number)
                        return
                    }
                    if let text = try? single.decode(String.self) {
                        value = .string(text)
                        return
                    }
                }
                let input = try decoder.container(keyedBy: WireKey.self)
                if input.contains(WireKey("date")) {
                    try input.allowOnly(["date"])
                    value = .date(try date(input.required(String.self, "date"), field: input.field("date")))
                } else {
                    value = .quantity(try QuantityValue(from: decoder).quantity)
                }
            }
        }
    }

    private static func deviceValue(_ sample: KeyedDecodingContainer<WireKey>) throws -> Device {
        let input = try sample.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("device"))
        try input.allowOnly(Set(deviceFields))
        var values: [String: String] = [:]
        for key in deviceFields { values[key] = try input.optional(String.self, key) }
        return Device(
            name: values["name"], manufacturer: values["manufacturer"], model: values["model"],
            hardwareVersion: values["hardwareVersion"],
            firmwareVersion: values["firmwareVersion"], softwareVersion: values["softwareVersion"],
            localIdentifier: values["localIdentifier"],
            udiDeviceIdentifier: values["udiDeviceIdentifier"])
    }
}

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

        /// An entry naming the field and the reason.
        public init(field: String, reason: String) {
            self.field = field
            self.reason = reason
        }
    }

    /// The samples to save, all or nothing (read-only types are in `readOnlySamples`).
    public internal(set) var samples: [Sample] = []
    /// What was left out.
    public internal(set) var skipped: [Skipped] = []
    /// What the request says about the points (bucket length, sync version); see `Framing`.
    public private(set) var framing = Framing()
    /// Samples of types HealthKit keeps read-only (`SampleType.isReadOnly`: electrocardiograms, heart-rate events,
    /// walking heart rate average, …), with the field each came from: saved only for a client the person registered
    /// as an importer of their own data, listed in `skipped` for any other.
    public internal(set) var readOnlySamples: [(field: String, sample: Sample)] = []
    /// The samples associated with each workout (the workout's uuid first): its heart-rate samples and its route,
    /// saved in the same commit as the workout.
    public internal(set) var workoutMembers: [(workout: UUID, samples: [UUID])] = []

    /// The samples of a payload (`WireDecoder`); throws naming the field for data that is malformed (not for
    /// metrics it skips).
    public init(from decoder: any Decoder) throws {
        framing = WireDecoder.rules(of: decoder).healthAutoExport ?? Framing()
        let body = try decoder.container(keyedBy: WireKey.self)
        _ = try body.required(Nested.self, "data")  // there, and not null
        let members = try body.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("data"))
        for metric in try Self.objects(members, "metrics") { try read(metric: metric) }
        for workout in try Self.objects(members, "workouts") { try read(workout: workout) }
        // One receiver's fixture puts `workouts` beside `data`: tolerated.
        for workout in try Self.objects(body, "workouts") { try read(workout: workout) }
        try readSections(members)
        samples = samples.map(versioned)
        readOnlySamples = readOnlySamples.map { ($0.field, versioned($0.sample)) }
    }

    /// Any value, to ask whether a member is there (absent and null alike are not).
    struct Nested: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// The objects of array member `key` (none when absent or null).
    static func objects(
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
        if try read(shaped: name, metric: metric, points: points) { return }
        guard let typeName = Self.quantityMetrics[name], let type = try? SampleType.quantity(typeName) else {
            skipped.append(
                Skipped(
                    field: metric.field("name"),
                    reason: "'\(name)' is not a metric this server maps to a HealthKit type"))
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

    mutating func readBloodPressure(_ point: KeyedDecodingContainer<WireKey>) throws {
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

    // MARK: Values

    func source(_ point: KeyedDecodingContainer<WireKey>) throws -> String? {
        try point.optional(String.self, "source")
    }

    func build(
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

    mutating func append(
        _ point: KeyedDecodingContainer<WireKey>, type: SampleType, content: SampleContent, start: Date, end: Date,
        metadata: [String: MetadataValue]
    ) throws {
        let sample = try build(point, type: type, content: content, start: start, end: end, metadata: metadata)
        if type.isReadOnly {
            readOnlySamples.append((point.field, sample))
        } else {
            samples.append(sample)
        }
    }

    static func syncMetadata(_ identifier: String) -> [String: MetadataValue] {
        [MetadataKey.syncIdentifier: .string("hae:" + identifier), MetadataKey.syncVersion: .number(1)]
    }

    /// A unit as the app spells it (member `key`), which must fit the type.
    static func unit(
        _ object: KeyedDecodingContainer<WireKey>, _ key: String, for type: SampleType
    ) throws -> HealthUnit {
        let text = try object.required(String.self, key)
        let spelled = spelledUnit(text)
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

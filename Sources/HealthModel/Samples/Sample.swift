import Foundation

/// A health sample: a typed value over a time interval, with its provenance. Immutable, validated when built.
///
/// The fields live in one shared immutable box, so copying a sample (into results, indexes, change sets) costs one
/// reference count instead of one per field; equality and hashing are by value.
public struct Sample: Sendable, Hashable, Identifiable {
    /// Every field of a sample, compared and hashed by value.
    struct Fields: Sendable, Hashable {
        let uuid: UUID
        let type: SampleType
        let startDate: Date
        let endDate: Date
        let metadata: [String: MetadataValue]?
        let device: Device?
        let sourceRevision: SourceRevision?
        let content: SampleContent
    }

    private final class Box: Sendable {
        let fields: Fields
        /// Which keys read for every stored sample `fields.metadata` holds, found once.
        let storeKeys: StoreMetadataKeys
        init(_ fields: Fields, storeKeys: StoreMetadataKeys) {
            self.fields = fields
            self.storeKeys = storeKeys
        }
    }

    private let box: Box

    /// The object's unique identifier.
    public var uuid: UUID { box.fields.uuid }
    /// The sample type.
    public var type: SampleType { box.fields.type }
    /// When the sample starts.
    public var startDate: Date { box.fields.startDate }
    /// When the sample ends; equal to the start for point-in-time samples.
    public var endDate: Date { box.fields.endDate }
    /// Metadata, or nil when there is none.
    public var metadata: [String: MetadataValue]? { box.fields.metadata }
    /// The device that recorded the sample, if known.
    public var device: Device? { box.fields.device }
    /// The app and version that saved the sample; nil until the store saves it.
    public var sourceRevision: SourceRevision? { box.fields.sourceRevision }
    /// The kind-specific value.
    public var content: SampleContent { box.fields.content }

    /// The object identifier, for `Identifiable`.
    public var id: UUID { box.fields.uuid }

    /// Two samples are equal when every field is equal, identifier included.
    public static func == (lhs: Sample, rhs: Sample) -> Bool { lhs.box === rhs.box || lhs.box.fields == rhs.box.fields }
    /// Hashes every field.
    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// A sample from all of its parts, validated as a whole (the content must match the type's kind).
    public init(
        uuid: UUID = RandomUUID.make(), type: SampleType, startDate: Date, endDate: Date,
        metadata: [String: MetadataValue]? = nil,
        device: Device? = nil, sourceRevision: SourceRevision? = nil, content: SampleContent
    ) throws(HealthModelError) {
        try Validation.checkInterval(start: startDate, end: endDate)
        let storeKeys = try Validation.checkMetadata(metadata)
        switch (type.kind, content) {
        case let (.quantity, .quantity(quantityContent)):
            try Validation.check(quantityContent.quantity, for: type, field: "quantity")
            guard quantityContent.count >= 1 else { throw .invalidField(field: "count", reason: "must be at least 1") }
            for (index, entry) in quantityContent.seriesEntries.enumerated() {
                try Validation.check(entry.quantity, for: type, field: "seriesEntries[\(index)].quantity")
                try Validation.checkInterval(start: entry.startDate, end: entry.endDate)
            }
            if let summary = quantityContent.summary {
                try Validation.check(summary, of: quantityContent, for: type)
            }
        case let (.category, .category(value)):
            guard let description = type.categoryDescription, description.isValid(value) else {
                throw .invalidCategoryValue(type: type.identifier, value: value)
            }
            guard !description.isPointInTime || startDate == endDate else {
                throw .invalidField(
                    field: "endDate",
                    reason: "\(type.identifier) samples are points in time: the end date must equal the start date")
            }
        case let (.correlation, .correlation(objects)):
            try Sample.checkCorrelation(type: type, objects: objects)
        case let (.workout, .workout(workoutContent)):
            try Validation.checkFinite(workoutContent.duration, field: "duration")
            guard workoutContent.duration >= 0 else {
                throw .invalidField(field: "duration", reason: "must not be negative")
            }
            guard TypeTable.workoutActivityType(rawValue: workoutContent.activityTypeRawValue) != nil else {
                throw .invalidField(
                    field: "workoutActivityType",
                    reason: "\(workoutContent.activityTypeRawValue) is not a known activity type")
            }
        case let (kind, .payload(payload)) where payload.kind == kind:
            try payload.validate(for: type, start: startDate, end: endDate)
        default:
            throw .invalidField(field: "content", reason: "content does not match the kind of \(type.identifier)")
        }
        box = Box(
            Fields(
                uuid: uuid, type: type, startDate: startDate, endDate: endDate,
                metadata: metadata?.isEmpty == true ? nil : metadata, device: device, sourceRevision: sourceRevision,
                content: content), storeKeys: storeKeys)
    }

    /// Copies a validated sample with different provenance or identity (used by stores; needs no re-validation).
    public func with(
        uuid: UUID? = nil, sourceRevision: SourceRevision?, metadata: [String: MetadataValue]?? = .none
    ) -> Sample {
        // The keys are found again only when the metadata is replaced.
        let storeKeys = metadata.map { StoreMetadataKeys(scanning: $0) } ?? box.storeKeys
        return Sample(
            validatedUUID: uuid ?? self.uuid, type: type, startDate: startDate, endDate: endDate,
            metadata: metadata ?? self.metadata, storeKeys: storeKeys, device: device, sourceRevision: sourceRevision,
            content: content)
    }

    /// Copies a validated correlation keeping only some of its objects: what a client that may read only some of
    /// the contained types sees (HealthKit returns the correlation "as if it contained only those objects", so a blood
    /// pressure may show its systolic sample alone). Not re-validated: such a view is never saved.
    public func with(visibleObjects objects: [Sample]) -> Sample {
        Sample(
            validatedUUID: uuid, type: type, startDate: startDate, endDate: endDate, metadata: metadata,
            storeKeys: box.storeKeys,
            device: device, sourceRevision: sourceRevision, content: .correlation(objects: objects))
    }

    private init(
        validatedUUID: UUID, type: SampleType, startDate: Date, endDate: Date, metadata: [String: MetadataValue]?,
        storeKeys: StoreMetadataKeys, device: Device?, sourceRevision: SourceRevision?, content: SampleContent
    ) {
        box = Box(
            Fields(
                uuid: validatedUUID, type: type, startDate: startDate, endDate: endDate, metadata: metadata,
                device: device,
                sourceRevision: sourceRevision, content: content), storeKeys: storeKeys)
    }

    // MARK: Factories

    /// A quantity sample; the unit must fit the type and the value must be finite.
    public static func quantity(
        type: SampleType, quantity: Quantity, start: Date, end: Date, count: Int = 1,
        seriesEntries: [QuantitySeriesEntry] = [], metadata: [String: MetadataValue]? = nil, device: Device? = nil,
        uuid: UUID = RandomUUID.make()
    ) throws(HealthModelError) -> Sample {
        try Sample(
            uuid: uuid, type: type, startDate: start, endDate: end, metadata: metadata, device: device,
            content: .quantity(QuantityContent(quantity: quantity, count: count, seriesEntries: seriesEntries)))
    }

    /// A category sample; the value must be one of the type's values (0 for valueless types).
    public static func category(
        type: SampleType, value: Int, start: Date, end: Date, metadata: [String: MetadataValue]? = nil,
        device: Device? = nil, uuid: UUID = RandomUUID.make()
    ) throws(HealthModelError) -> Sample {
        try Sample(
            uuid: uuid, type: type, startDate: start, endDate: end, metadata: metadata, device: device,
            content: .category(value: value))
    }

    /// A correlation of quantity (or category) samples, following its type's content rules.
    public static func correlation(
        type: SampleType, start: Date, end: Date, objects: [Sample], metadata: [String: MetadataValue]? = nil,
        device: Device? = nil, uuid: UUID = RandomUUID.make()
    ) throws(HealthModelError) -> Sample {
        try Sample(
            uuid: uuid, type: type, startDate: start, endDate: end, metadata: metadata, device: device,
            content: .correlation(objects: objects))
    }

    /// A workout; the duration defaults to the elapsed time less the paused spans.
    public static func workout(
        activityTypeRawValue: UInt, start: Date, end: Date, duration: TimeInterval? = nil, events: [WorkoutEvent] = [],
        statistics: [WorkoutStatistic] = [], metadata: [String: MetadataValue]? = nil, device: Device? = nil,
        uuid: UUID = RandomUUID.make(), activities: [WorkoutActivity] = []
    ) throws(HealthModelError) -> Sample {
        try Validation.checkInterval(start: start, end: end)
        for (index, event) in events.enumerated() where event.startDate < start || event.endDate > end {
            throw .invalidField(field: "events[\(index)]", reason: "lies outside the workout's interval")
        }
        try WorkoutActivity.checkPlacement(activities, start: start, end: end)
        var byType: [String: WorkoutStatistic] = [:]
        for statistic in statistics { byType[statistic.quantityTypeIdentifier] = statistic }
        let activeDuration = duration ?? WorkoutContent.activeDuration(start: start, end: end, events: events)
        let content = WorkoutContent(
            activityTypeRawValue: activityTypeRawValue, duration: activeDuration,
            events: events.sorted { $0.startDate < $1.startDate }, statistics: byType,
            activities: activities.sorted { $0.startDate < $1.startDate })
        return try Sample(
            uuid: uuid, type: .workout, startDate: start, endDate: end, metadata: metadata, device: device,
            content: .workout(content))
    }

    // MARK: Accessors

    /// The quantity content, for quantity samples.
    public var quantityContent: QuantityContent? {
        if case let .quantity(content) = content { return content }
        return nil
    }

    /// The quantity, for quantity samples.
    public var quantity: Quantity? { quantityContent?.quantity }

    /// The category value, for category samples.
    public var categoryValue: Int? {
        if case let .category(value) = content { return value }
        return nil
    }

    /// The contained samples, for correlations.
    public var correlatedObjects: [Sample]? {
        if case let .correlation(objects) = content { return objects }
        return nil
    }

    /// The workout content, for workouts.
    public var workoutContent: WorkoutContent? {
        if case let .workout(content) = content { return content }
        return nil
    }

    /// The whole content of a payload kind's sample (electrocardiogram, audiogram, state of mind, …).
    public var payload: SamplePayload? {
        if case let .payload(payload) = content { return payload }
        return nil
    }

    /// The sync identifier from the metadata, if any.
    public var syncIdentifier: String? {
        box.storeKeys.contains(.syncIdentifier) ? metadata?[MetadataKey.syncIdentifier]?.stringValue : nil
    }

    /// The sync version from the metadata, if any.
    public var syncVersion: Double? {
        box.storeKeys.contains(.syncVersion) ? metadata?[MetadataKey.syncVersion]?.numberValue : nil
    }

    /// Whether a person entered this sample by hand.
    public var wasUserEntered: Bool {
        guard box.storeKeys.contains(.wasUserEntered) else { return false }
        return metadata?[MetadataKey.wasUserEntered]?.numberValue.map { $0 != 0 } ?? false
    }

    /// The device or app a pushing client read the sample from (`MetadataKey.pushedFrom`), nil for a source's own
    /// sample.
    public var pushedFrom: String? {
        box.storeKeys.contains(.pushedFrom) ? metadata?[MetadataKey.pushedFrom]?.stringValue : nil
    }

    /// Whether statistics must read this quantity sample whole rather than from a store's value columns: a series
    /// sample (counted by its entries or its summary) or a pushed copy (set against its device's own samples first,
    /// decisions/pushed-data.md). Every backend flags such rows so that a statistics query over them takes the sample
    /// path.
    public var countsBySample: Bool {
        if box.storeKeys.contains(.pushedFrom) { return true }
        guard case let .quantity(content) = box.fields.content, content.count > 1 else { return false }
        return !content.seriesEntries.isEmpty || content.summary != nil
    }

    /// The sample's length in seconds.
    public var duration: TimeInterval { endDate.timeIntervalSince(startDate) }

    // MARK: Correlation rules

    private static func checkCorrelation(type: SampleType, objects: [Sample]) throws(HealthModelError) {
        guard let description = type.correlationDescription else { throw .unknownTypeIdentifier(type.identifier) }
        guard !objects.isEmpty else {
            throw .invalidCorrelation(type: type.identifier, reason: "it contains no samples")
        }
        var seen = Set<UUID>()
        for object in objects {
            guard seen.insert(object.uuid).inserted else {
                throw .invalidCorrelation(type: type.identifier, reason: "sample \(object.uuid) is contained twice")
            }
            guard object.type.kind == .quantity || object.type.kind == .category else {
                throw .invalidCorrelation(
                    type: type.identifier,
                    reason: "it may contain only quantity and category samples, not \(object.type.identifier)")
            }
            if object.type.kind == .quantity,
                !description.memberQuantityTypeIdentifiers.contains(object.type.identifier)
            {
                throw .invalidCorrelation(
                    type: type.identifier, reason: "\(object.type.identifier) cannot be part of it")
            }
        }
        if description.identifier == "HKCorrelationTypeIdentifierBloodPressure" {
            let systolic = objects.filter { $0.type.identifier == "HKQuantityTypeIdentifierBloodPressureSystolic" }
                .count
            let diastolic = objects.filter { $0.type.identifier == "HKQuantityTypeIdentifierBloodPressureDiastolic" }
                .count
            guard systolic == 1, diastolic == 1, objects.count == 2 else {
                throw .invalidCorrelation(
                    type: type.identifier,
                    reason:
                        "needs exactly one systolic and one diastolic sample (has \(systolic) systolic, \(diastolic) diastolic, \(objects.count) in all)"
                )
            }
        }
    }
}

/// The kind-specific part of a sample.
public indirect enum SampleContent: Sendable, Hashable {
    /// A quantity sample's value.
    case quantity(QuantityContent)
    /// A category sample's integer value (0 for valueless types).
    case category(value: Int)
    /// The samples a correlation contains; each is also stored as an ordinary sample of its own type.
    case correlation(objects: [Sample])
    /// A workout's activity, duration, events and statistics.
    case workout(WorkoutContent)
    /// The whole content of an electrocardiogram, audiogram, state of mind, assessment or prescription.
    case payload(SamplePayload)
}

import Foundation
import HealthModel

/// The binary layout of what a sample row keeps outside its columns: series entries, a workout's events and
/// statistics, a correlation's contained samples. Version byte first, so the layout can grow: layout 2 adds a
/// workout's activities after its statistics (layout 1 blobs still read, with no activities); layout 3, for quantity
/// rows only, adds a summary (minimum, maximum) after the series entries, and is also what a pushed copy's row carries
/// (with no entries and no summary) so that a backend reading columns sees it must take the sample path.
package enum SampleDetailCoding {
    private static let version: UInt8 = 3
    /// The layout payload and metadata blobs are written in (they gained nothing in layout 3).
    private static let payloadLayout: UInt8 = 2
    /// The layout a blob is written in: 2 only for a workout with activities, so every other blob keeps its bytes.
    private static func layout(of content: SampleContent) -> UInt8 {
        if case let .workout(workout) = content, !workout.activities.isEmpty { return 2 }
        if case let .quantity(quantity) = content, quantity.summary != nil { return 3 }
        return 1
    }

    // MARK: Kind-specific detail of a stored row

    /// The detail blob of a sample row, or nil when its columns say everything.
    package static func detail(of sample: Sample) -> [UInt8]? {
        switch sample.content {
        case let .quantity(content):
            let withSummary = content.summary != nil || (sample.countsBySample && content.seriesEntries.isEmpty)
            guard !content.seriesEntries.isEmpty || withSummary else { return nil }
            var writer = BinaryWriter()
            writer.write(withSummary ? 3 : layout(of: sample.content))
            write(content.seriesEntries, to: &writer)
            if withSummary { write(content.summary, to: &writer) }
            return writer.bytes
        case .category:
            return nil
        case let .correlation(objects):
            var writer = BinaryWriter()
            writer.write(layout(of: sample.content))
            writer.write(varint: UInt64(objects.count))
            for object in objects { write(object, to: &writer) }
            return writer.bytes
        case let .workout(content):
            var writer = BinaryWriter()
            writer.write(layout(of: sample.content))
            write(content, to: &writer)
            return writer.bytes
        case let .payload(payload):
            var writer = BinaryWriter()
            writer.write(payloadLayout)
            write(payload, to: &writer)
            return writer.bytes
        }
    }

    /// The content of a payload kind's row (electrocardiogram, audiogram, …) from its detail.
    package static func payload(from bytes: [UInt8]) throws -> SamplePayload {
        var reader = try opened(bytes, "payload")
        return try readPayload(&reader)
    }

    /// Series entries from a quantity row's detail.
    package static func seriesEntries(from bytes: [UInt8]) throws -> [QuantitySeriesEntry] {
        try quantityDetail(from: bytes).entries
    }

    /// Series entries and the summary (layout 3) from a quantity row's detail.
    package static func quantityDetail(
        from bytes: [UInt8]
    ) throws -> (entries: [QuantitySeriesEntry], summary: QuantitySummary?) {
        var reader = try opened(bytes, "series entries")
        let entries = try readSeries(&reader)
        return (entries, reader.layout >= 3 ? try readSummary(&reader) : nil)
    }

    /// The content of a quantity row: its value and count from the columns, entries and summary from its detail.
    package static func quantityContent(quantity: Quantity, count: Int, detail: [UInt8]?) throws -> QuantityContent {
        guard let detail else { return QuantityContent(quantity: quantity, count: count) }
        let (entries, summary) = try quantityDetail(from: detail)
        return QuantityContent(quantity: quantity, count: count, seriesEntries: entries, summary: summary)
    }

    /// The contained samples from a correlation row's detail.
    package static func correlatedObjects(from bytes: [UInt8]) throws -> [Sample] {
        var reader = try opened(bytes, "correlation")
        let count = try reader.readCount()
        return try (0..<count).map { _ in try readSample(&reader) }
    }

    /// The workout content from a workout row's detail (the duration is a column).
    package static func workoutContent(from bytes: [UInt8], duration: TimeInterval) throws -> WorkoutContent {
        var reader = try opened(bytes, "workout")
        return try readWorkout(&reader, duration: duration)
    }

    /// Metadata on its own (an attachment's), behind the layout version byte.
    package static func encoded(_ metadata: [String: MetadataValue]?) -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(payloadLayout)
        write(metadata, to: &writer)
        return writer.bytes
    }

    /// Metadata from `encoded(_:)` of metadata.
    package static func metadata(from bytes: [UInt8]) throws -> [String: MetadataValue]? {
        var reader = try opened(bytes, "attachment metadata")
        return try readMetadata(&reader)
    }

    /// A whole sample, as a tombstone keeps the object it deleted.
    package static func encoded(_ sample: Sample) -> [UInt8] {
        var writer = BinaryWriter()
        writer.layout = layout(of: sample.content)
        writer.write(writer.layout)
        write(sample, to: &writer)
        return writer.bytes
    }

    /// A whole sample from `encoded(_:)`.
    package static func sample(from bytes: [UInt8]) throws -> Sample {
        var reader = try opened(bytes, "deleted sample")
        return try readSample(&reader)
    }

    static func opened(_ bytes: [UInt8], _ context: String) throws -> BinaryReader {
        var reader = BinaryReader(bytes, context: context)
        let found = try reader.readByte()
        guard (1...version).contains(found) else {
            throw HealthStoreError.corruptStore("\(context): unknown detail layout \(found)")
        }
        reader.layout = found
        return reader
    }

    // MARK: Parts

    static func write(_ quantity: Quantity, to writer: inout BinaryWriter) {
        writer.write(quantity.value)
        writer.write(quantity.unit.unitString)
    }

    static func readQuantity(_ reader: inout BinaryReader) throws -> Quantity {
        let value = try reader.readDouble()
        let unitString = try reader.readString()
        do {
            return Quantity(value, try HealthUnit(parsing: unitString))
        } catch {
            throw HealthStoreError.corruptStore("unit \"\(unitString)\" does not parse: \(error)")
        }
    }

    private static func write(_ entries: [QuantitySeriesEntry], to writer: inout BinaryWriter) {
        writer.write(varint: UInt64(entries.count))
        for entry in entries {
            write(entry.quantity, to: &writer)
            writer.write(entry.startDate.timeIntervalSinceReferenceDate)
            writer.write(entry.endDate.timeIntervalSinceReferenceDate)
        }
    }

    /// A summary (layout 3): a marker byte, then the minimum and the maximum when there is one.
    private static func write(_ summary: QuantitySummary?, to writer: inout BinaryWriter) {
        guard let summary else {
            writer.write(UInt8(0))
            return
        }
        writer.write(UInt8(1))
        write(summary.minimum, to: &writer)
        write(summary.maximum, to: &writer)
    }

    private static func readSummary(_ reader: inout BinaryReader) throws -> QuantitySummary? {
        guard try reader.readByte() == 1 else { return nil }
        let minimum = try readQuantity(&reader)
        return QuantitySummary(minimum: minimum, maximum: try readQuantity(&reader))
    }

    private static func readSeries(_ reader: inout BinaryReader) throws -> [QuantitySeriesEntry] {
        let count = try reader.readCount()
        return try (0..<count).map { _ in
            let quantity = try readQuantity(&reader)
            let start = try reader.readDouble()
            let end = try reader.readDouble()
            return QuantitySeriesEntry(
                quantity: quantity, startDate: Date(timeIntervalSinceReferenceDate: start),
                endDate: Date(timeIntervalSinceReferenceDate: end))
        }
    }

    /// Metadata, keys sorted (so equal metadata encodes to equal bytes).
    static func write(_ metadata: [String: MetadataValue]?, to writer: inout BinaryWriter) {
        guard let metadata else {
            writer.write(varint: 0)
            return
        }
        writer.write(varint: UInt64(metadata.count) + 1)
        for key in metadata.keys.sorted() {
            writer.write(key)
            switch metadata[key]! {
            case let .string(text):
                writer.write(UInt8(0))
                writer.write(text)
            case let .number(number):
                writer.write(UInt8(1))
                writer.write(number)
            case let .date(date):
                writer.write(UInt8(2))
                writer.write(date.timeIntervalSinceReferenceDate)
            case let .quantity(quantity):
                writer.write(UInt8(3))
                write(quantity, to: &writer)
            }
        }
    }

    /// Metadata as `write(_:to:)` wrote it (nil stays nil, an empty dictionary stays empty).
    static func readMetadata(_ reader: inout BinaryReader) throws -> [String: MetadataValue]? {
        let stored = try reader.readVarint()
        guard stored > 0 else { return nil }
        var metadata: [String: MetadataValue] = [:]
        for _ in 0..<(stored - 1) {
            let key = try reader.readString()
            switch try reader.readByte() {
            case 0: metadata[key] = .string(try reader.readString())
            case 1: metadata[key] = .number(try reader.readDouble())
            case 2: metadata[key] = .date(Date(timeIntervalSinceReferenceDate: try reader.readDouble()))
            case 3: metadata[key] = .quantity(try readQuantity(&reader))
            case let kind: throw HealthStoreError.corruptStore("metadata \(key): unknown value kind \(kind)")
            }
        }
        return metadata
    }

    static func write(_ content: WorkoutContent, to writer: inout BinaryWriter) {
        writer.write(varint: UInt64(content.activityTypeRawValue))
        writer.write(varint: UInt64(content.events.count))
        for event in content.events {
            writer.write(varint: UInt64(event.type.rawValue))
            writer.write(event.startDate.timeIntervalSinceReferenceDate)
            writer.write(event.endDate.timeIntervalSinceReferenceDate)
            write(event.metadata, to: &writer)
        }
        writer.write(varint: UInt64(content.statistics.count))
        for identifier in content.statistics.keys.sorted() {
            let statistic = content.statistics[identifier]!
            writer.write(identifier)
            for figure in [statistic.sum, statistic.average, statistic.minimum, statistic.maximum] {
                if let figure {
                    writer.write(UInt8(1))
                    write(figure, to: &writer)
                } else {
                    writer.write(UInt8(0))
                }
            }
        }
        if !content.activities.isEmpty { write(content.activities, to: &writer) }
    }

    static func readWorkout(_ reader: inout BinaryReader, duration: TimeInterval) throws -> WorkoutContent {
        let activity = UInt(try reader.readVarint())
        let eventCount = try reader.readCount()
        var events: [WorkoutEvent] = []
        for _ in 0..<eventCount {
            let raw = try reader.readVarint()
            guard let type = WorkoutEventType(rawValue: Int(truncatingIfNeeded: raw)) else {
                throw HealthStoreError.corruptStore("workout event type \(raw) is unknown")
            }
            let start = try reader.readDouble()
            let end = try reader.readDouble()
            let metadata = try readMetadata(&reader)
            do {
                events.append(
                    try WorkoutEvent(
                        type: type, startDate: Date(timeIntervalSinceReferenceDate: start),
                        endDate: Date(timeIntervalSinceReferenceDate: end), metadata: metadata))
            } catch {
                throw HealthStoreError.corruptStore("workout event: \(error)")
            }
        }
        let statisticCount = try reader.readCount()
        var statistics: [String: WorkoutStatistic] = [:]
        for _ in 0..<statisticCount {
            let identifier = try reader.readString()
            var figures: [Quantity?] = []
            for _ in 0..<4 {
                figures.append(try reader.readByte() == 1 ? try readQuantity(&reader) : nil)
            }
            do {
                statistics[identifier] = try WorkoutStatistic(
                    quantityTypeIdentifier: identifier, sum: figures[0], average: figures[1], minimum: figures[2],
                    maximum: figures[3])
            } catch {
                throw HealthStoreError.corruptStore("workout statistic \(identifier): \(error)")
            }
        }
        return WorkoutContent(
            activityTypeRawValue: activity, duration: duration, events: events, statistics: statistics,
            activities: reader.layout >= 2 ? try readActivities(&reader) : [])
    }

    /// A payload: its kind's raw value, then its JSON (`SamplePayload.json`), so a new kind needs no new layout. A
    /// route's locations are the exception: written as binary numbers (`ImportedDataCoding`'s point layout), because
    /// routes hold thousands of points and encoding them as JSON cost far more than the rest of an import's route.
    private static func write(_ payload: SamplePayload, to writer: inout BinaryWriter) {
        writer.write(payload.kind.rawValue)
        if case let .workoutRoute(content) = payload {
            writer.write(varint: UInt64(content.locations.count))
            for location in content.locations { ImportedDataCoding.write(location, to: &writer) }
            return
        }
        writer.write(String(decoding: payload.json, as: UTF8.self))
    }

    private static func readPayload(_ reader: inout BinaryReader) throws -> SamplePayload {
        let raw = try reader.readByte()
        guard let kind = SampleKind(rawValue: raw), kind.carriesPayload else {
            throw HealthStoreError.corruptStore("payload of unknown kind \(raw)")
        }
        if kind == .workoutRoute {
            let count = try reader.readCount()
            var locations: [WorkoutRouteLocation] = []
            locations.reserveCapacity(count)
            for _ in 0..<count { locations.append(try ImportedDataCoding.readLocation(&reader)) }
            return .workoutRoute(WorkoutRouteContent(locations: locations))
        }
        let json = Data(try reader.readString().utf8)
        do {
            return try SamplePayload.decoded(kind, json: json, field: "\(kind)")
        } catch {
            throw HealthStoreError.corruptStore("\(kind) payload: \(error)")
        }
    }

    // MARK: Whole samples (correlation members)

    private static func write(_ sample: Sample, to writer: inout BinaryWriter) {
        writer.write(sample.uuid)
        writer.write(sample.type.identifier)
        writer.write(sample.startDate.timeIntervalSinceReferenceDate)
        writer.write(sample.endDate.timeIntervalSinceReferenceDate)
        write(sample.metadata, to: &writer)
        if let device = sample.device {
            writer.write(UInt8(1))
            for property in DeviceProperty.allCases { writer.write(optional: device.value(of: property)) }
        } else {
            writer.write(UInt8(0))
        }
        if let revision = sample.sourceRevision {
            writer.write(UInt8(1))
            writer.write(revision.source.name)
            writer.write(revision.source.bundleIdentifier)
            writer.write(optional: revision.version)
            writer.write(optional: revision.productType)
            writer.write(optional: revision.operatingSystemVersion)
        } else {
            writer.write(UInt8(0))
        }
        switch sample.content {
        case let .quantity(content):
            writer.write(UInt8(0))
            write(content.quantity, to: &writer)
            writer.write(varint: UInt64(content.count))
            write(content.seriesEntries, to: &writer)
            if writer.layout >= 3 { write(content.summary, to: &writer) }
        case let .category(value):
            writer.write(UInt8(1))
            writer.write(signed: Int64(value))
        case let .correlation(objects):
            writer.write(UInt8(2))
            writer.write(varint: UInt64(objects.count))
            for object in objects { write(object, to: &writer) }
        case let .workout(content):
            writer.write(UInt8(3))
            writer.write(content.duration)
            write(content, to: &writer)
        case let .payload(payload):
            writer.write(UInt8(4))
            write(payload, to: &writer)
        }
    }

    private static func readSample(_ reader: inout BinaryReader) throws -> Sample {
        let uuid = try reader.readUUID()
        let identifier = try reader.readString()
        let start = try reader.readDouble()
        let end = try reader.readDouble()
        let metadata = try readMetadata(&reader)
        var device: Device?
        if try reader.readByte() == 1 {
            var values: [String?] = []
            for _ in DeviceProperty.allCases { values.append(try reader.readOptionalString()) }
            device = Device(
                name: values[0], manufacturer: values[1], model: values[2], hardwareVersion: values[3],
                firmwareVersion: values[4], softwareVersion: values[5], localIdentifier: values[6],
                udiDeviceIdentifier: values[7])
        }
        var revision: SourceRevision?
        if try reader.readByte() == 1 {
            let name = try reader.readString()
            let bundle = try reader.readString()
            revision = SourceRevision(
                source: Source(name: name, bundleIdentifier: bundle), version: try reader.readOptionalString(),
                productType: try reader.readOptionalString(), operatingSystemVersion: try reader.readOptionalString())
        }
        let content: SampleContent
        switch try reader.readByte() {
        case 0:
            let quantity = try readQuantity(&reader)
            let count = Int(try reader.readVarint())
            let entries = try readSeries(&reader)
            content = .quantity(
                QuantityContent(
                    quantity: quantity, count: count, seriesEntries: entries,
                    summary: reader.layout >= 3 ? try readSummary(&reader) : nil))
        case 1:
            content = .category(value: Int(try reader.readSigned()))
        case 2:
            let count = try reader.readCount()
            content = .correlation(objects: try (0..<count).map { _ in try readSample(&reader) })
        case 3:
            let duration = try reader.readDouble()
            content = .workout(try readWorkout(&reader, duration: duration))
        case 4:
            content = .payload(try readPayload(&reader))
        case let kind:
            throw HealthStoreError.corruptStore("contained sample \(uuid): unknown content kind \(kind)")
        }
        do {
            return try Sample(
                uuid: uuid, type: try SampleType.named(identifier),
                startDate: Date(timeIntervalSinceReferenceDate: start),
                endDate: Date(timeIntervalSinceReferenceDate: end), metadata: metadata, device: device,
                sourceRevision: revision, content: content)
        } catch {
            throw HealthStoreError.corruptStore("contained sample \(uuid): \(error)")
        }
    }
}

import Foundation
import HealthModel
import HealthWire

/// The sample written through `Encodable` member by member (`WireEncoder` calling `encode(to:)` of each part), as
/// HealthWire first wrote it; `WireSample.json` builds the same text directly and was measured faster, so this form is
/// kept only here, to time against (docs/decisions/wire-module.md).
struct CodableSample: Encodable {
    let sample: Sample
    let unit: HealthUnit?
    let timeZone: TimeZone

    func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: WireKey.self)
        try members.put(sample.uuid.uuidString, "uuid")
        try members.put(sample.type.identifier, "type")
        try members.put(date(sample.startDate), "startDate")
        try members.put(date(sample.endDate), "endDate")
        switch sample.content {
        case let .quantity(content):
            let outputUnit =
                [unit, sample.type.canonicalUnit].compactMap { $0 }.first { content.quantity.isCompatible(with: $0) }
                ?? content.quantity.unit
            try members.put((try? content.quantity.value(in: outputUnit)) ?? content.quantity.value, "value")
            try members.put(outputUnit.description, "unit")
        case let .category(value):
            try members.put(value, "value")
            if let name = sample.type.categoryDescription?.value(raw: value)?.caseName {
                try members.put(name, "valueName")
            }
        case let .correlation(objects):
            try members.put(objects.map { CodableSample(sample: $0, unit: nil, timeZone: timeZone) }, "objects")
        case let .workout(content):
            try members.put(content.activityType?.caseName ?? String(content.activityTypeRawValue), "activityType")
            try members.put(content.duration, "duration")
            if !content.events.isEmpty {
                try members.put(content.events.map { Event(event: $0, timeZone: timeZone) }, "events")
            }
            if !content.statistics.isEmpty {
                try members.put(
                    content.statistics.keys.sorted().compactMap { key in
                        content.statistics[key].map { Statistic(type: key, statistic: $0) }
                    }, "statistics")
            }
        case .payload:
            break  // not in the benchmark's body
        }
        if let metadata = sample.metadata, !metadata.isEmpty {
            try members.put(Metadata(values: metadata, timeZone: timeZone), "metadata")
        }
        if let device = sample.device {
            var fields = members.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("device"))
            for (name, value) in [
                ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
                ("hardwareVersion", device.hardwareVersion), ("firmwareVersion", device.firmwareVersion),
                ("softwareVersion", device.softwareVersion), ("localIdentifier", device.localIdentifier),
                ("udiDeviceIdentifier", device.udiDeviceIdentifier),
            ] {
                if let value { try fields.put(value, name) }
            }
        }
        if let source = sample.sourceRevision?.source {
            var fields = members.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("source"))
            try fields.put(source.name, "name")
            try fields.put(source.bundleIdentifier, "bundleIdentifier")
        }
    }

    private func date(_ date: Date) -> String { DateWriter.formatWithMilliseconds(date, in: timeZone) }

    /// A workout event: `{"type", "startDate", "endDate"}`.
    private struct Event: Encodable {
        let event: WorkoutEvent
        let timeZone: TimeZone

        func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: WireKey.self)
            try members.put("\(event.type)", "type")
            try members.put(DateWriter.formatWithMilliseconds(event.startDate, in: timeZone), "startDate")
            try members.put(DateWriter.formatWithMilliseconds(event.endDate, in: timeZone), "endDate")
        }
    }

    /// A workout's statistic of one type: `{"type", "sum"?, "average"?, "minimum"?, "maximum"?}`.
    private struct Statistic: Encodable {
        let type: String
        let statistic: WorkoutStatistic

        func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: WireKey.self)
            try members.put(type, "type")
            for (name, quantity) in [
                ("sum", statistic.sum), ("average", statistic.average), ("minimum", statistic.minimum),
                ("maximum", statistic.maximum),
            ] {
                if let quantity { try members.put(Amount(quantity: quantity), name) }
            }
        }
    }

    /// Metadata: keys sorted; dates as `{"date"}`, quantities as `{"value", "unit"}`.
    private struct Metadata: Encodable {
        let values: [String: MetadataValue]
        let timeZone: TimeZone

        func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: WireKey.self)
            for key in values.keys.sorted() {
                switch values[key]! {
                case let .string(text): try members.put(text, key)
                case let .number(number): try members.put(number, key)
                case let .date(date):
                    var object = members.nestedContainer(keyedBy: WireKey.self, forKey: WireKey(key))
                    try object.put(DateWriter.formatWithMilliseconds(date, in: timeZone), "date")
                case let .quantity(quantity): try members.put(Amount(quantity: quantity), key)
                }
            }
        }
    }

    /// A quantity: `{"value", "unit"}`, member by member.
    private struct Amount: Encodable {
        let quantity: Quantity

        func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: WireKey.self)
            try members.put(quantity.value, "value")
            try members.put(quantity.unit.description, "unit")
        }
    }
}

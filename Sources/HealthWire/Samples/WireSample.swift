import Foundation
import HealthModel

/// A sample in the JSON shape of the HTTP API and of `ohk samples --format json`/`ndjson`, both directions: written
/// here (`json`, also its `encode(to:)`) and read in `WireSample+Reading.swift` (`init(from:)`, for `WireDecoder`,
/// naming the field of every refusal).
///
/// `{"uuid", "type", "startDate", "endDate"}` (ISO 8601 with the zone's offset, milliseconds when there is a
/// fraction) plus, by kind, `"value"` (a number) and `"unit"` (quantity), `"value"` and `"valueName"` (category),
/// `"objects"` (correlation), `"activityType"`, `"duration"`, `"events"`, `"statistics"` (workout), one object named
/// after the kind holding the whole content (`"electrocardiogram"`, `"audiogram"`, `"stateOfMind"`,
/// `"scoredAssessment"`, `"visionPrescription"`…: `SamplePayload`'s `Codable` content, keys sorted); then
/// `"metadata"`, `"device"` and `"source"` when the sample has them. The `Sample` schema of the server's OpenAPI
/// document (`GET /openapi.yaml`) is its contract.
public struct WireSample: Codable, Sendable, JSONValueRepresentable {
    /// The sample.
    public let sample: Sample
    /// The unit a quantity is written in when it fits the type (else the type's canonical unit).
    public var unit: HealthUnit?
    /// The zone whose offset dates are written with.
    public var timeZone: TimeZone

    /// A sample to write, its quantity in `unit` when that fits, its dates in `timeZone`.
    public init(_ sample: Sample, unit: HealthUnit? = nil, timeZone: TimeZone) {
        self.sample = sample
        self.unit = unit
        self.timeZone = timeZone
    }

    /// The sample as JSON, built directly as a `JSONValue` (members in the documented order; metadata keys sorted).
    ///
    /// Built by hand rather than through `encode(to:)` of member types: writing 10,000 samples this way takes less
    /// than half the time (scripts/bench/wire.sh; docs/decisions/wire-module.md). `encode(to:)` writes this value, and
    /// `WireEncoder` takes it as it is, so answers that hold samples stay `Codable`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("uuid", .string(sample.uuid.uuidString)), ("type", .string(sample.type.identifier)),
            ("startDate", .string(date(sample.startDate))), ("endDate", .string(date(sample.endDate))),
        ]
        switch sample.content {
        case let .quantity(content):
            let outputUnit =
                [unit, sample.type.canonicalUnit].compactMap { $0 }.first { content.quantity.isCompatible(with: $0) }
                ?? content.quantity.unit
            members.append(("value", .number((try? content.quantity.value(in: outputUnit)) ?? content.quantity.value)))
            members.append(("unit", .string(outputUnit.description)))
        case let .category(value):
            members.append(("value", .number(Double(value))))
            if let name = sample.type.categoryDescription?.value(raw: value)?.caseName {
                members.append(("valueName", .string(name)))
            }
        case let .correlation(objects):
            members.append(("objects", .array(objects.map { WireSample($0, timeZone: timeZone).json })))
        case let .workout(content):
            members.append(
                ("activityType", .string(content.activityType?.caseName ?? String(content.activityTypeRawValue))))
            members.append(("duration", .number(content.duration)))
            if !content.events.isEmpty {
                members.append(
                    (
                        "events",
                        .array(
                            content.events.map { event in
                                .object([
                                    ("type", .string("\(event.type)")), ("startDate", .string(date(event.startDate))),
                                    ("endDate", .string(date(event.endDate))),
                                ])
                            })
                    ))
            }
            if !content.statistics.isEmpty {
                members.append(
                    (
                        "statistics",
                        .array(
                            content.statistics.keys.sorted().compactMap { key in
                                guard let statistic = content.statistics[key] else { return nil }
                                var figures: [(String, JSONValue)] = [("type", .string(key))]
                                for (name, quantity) in [
                                    ("sum", statistic.sum), ("average", statistic.average),
                                    ("minimum", statistic.minimum), ("maximum", statistic.maximum),
                                ] {
                                    if let quantity { figures.append((name, WireQuantity(quantity).json)) }
                                }
                                return .object(figures)
                            })
                    ))
            }
        case let .payload(payload):
            // The content's own `Codable` form, encoded once straight into the value (keys sorted).
            if let name = SamplePayload.jsonName(of: payload.kind) {
                members.append((name, WireEncoder(sortsKeys: true).value(PayloadContent(payload))))
            }
        }
        if let metadata = sample.metadata, !metadata.isEmpty {
            members.append(
                (
                    "metadata",
                    .object(
                        metadata.keys.sorted().compactMap { key in
                            metadata[key].map { (key, metadataJSON($0)) }
                        })
                ))
        }
        if let device = sample.device {
            let fields: [(String, String?)] = [
                ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
                ("hardwareVersion", device.hardwareVersion), ("firmwareVersion", device.firmwareVersion),
                ("softwareVersion", device.softwareVersion), ("localIdentifier", device.localIdentifier),
                ("udiDeviceIdentifier", device.udiDeviceIdentifier),
            ]
            members.append(
                ("device", .object(fields.compactMap { name, value in value.map { (name, JSONValue.string($0)) } })))
        }
        if let source = sample.sourceRevision?.source { members.append(("source", WireSource(source).json)) }
        return .object(members)
    }

    /// Writes the sample (`json`).
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

    private func date(_ date: Date) -> String { DateWriter.formatWithMilliseconds(date, in: timeZone) }

    private func metadataJSON(_ value: MetadataValue) -> JSONValue {
        switch value {
        case let .string(text): return .string(text)
        case let .number(number): return .number(number)
        case let .date(date): return .object([("date", .string(self.date(date)))])
        case let .quantity(quantity): return WireQuantity(quantity).json
        }
    }
}

/// A payload's content as an `Encodable` value (written under its kind's name, by a key-sorting `WireEncoder`).
struct PayloadContent: Encodable {
    let payload: SamplePayload

    init(_ payload: SamplePayload) { self.payload = payload }

    func encode(to encoder: any Encoder) throws { try payload.encodeContent(to: encoder) }
}

/// A quantity: `{"value", "unit"}`.
public struct WireQuantity: Encodable, Sendable, JSONValueRepresentable {
    /// The quantity.
    public let quantity: Quantity

    /// The JSON of a quantity.
    public init(_ quantity: Quantity) { self.quantity = quantity }

    /// `{"value", "unit"}`.
    public var json: JSONValue {
        .object([("value", .number(quantity.value)), ("unit", .string(quantity.unit.description))])
    }

    /// Writes `json`.
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// A source: `{"name", "bundleIdentifier"}`.
public struct WireSource: Encodable, Sendable, JSONValueRepresentable {
    /// The source.
    public let source: Source

    /// The JSON of a source.
    public init(_ source: Source) { self.source = source }

    /// `{"name", "bundleIdentifier"}`.
    public var json: JSONValue {
        .object([("name", .string(source.name)), ("bundleIdentifier", .string(source.bundleIdentifier))])
    }

    /// Writes `json`.
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// Samples written whole: the API's sample objects, for answers and `ohk samples`/`ohk export`.
public enum SampleJSON {
    /// A sample as JSON: quantities in `unit` when it fits the type, else in the type's canonical unit.
    public static func json(_ sample: Sample, unit: HealthUnit?, timeZone: TimeZone) -> JSONValue {
        WireSample(sample, unit: unit, timeZone: timeZone).json
    }

    /// Samples as one JSON array, or (`lines`) one object per line; each ends with a newline.
    public static func text(_ samples: [Sample], unit: HealthUnit?, timeZone: TimeZone, lines: Bool) -> String {
        let values = samples.map { WireSample($0, unit: unit, timeZone: timeZone).json }
        if lines { return values.map { $0.text + "\n" }.joined() }
        return JSONValue.array(values).text + "\n"
    }
}

extension KeyedEncodingContainer where Key == WireKey {
    /// Writes member `key` (the wire types' members are named by text, written in the order put).
    public mutating func put(_ value: some Encodable, _ key: String) throws {
        try encode(value, forKey: WireKey(key))
    }
}

import Foundation
import HealthModel

/// Samples in the JSON shape of the HTTP API and of `ohk samples --format json`/`ndjson`:
/// `{"uuid", "type", "startDate", "endDate"}` (ISO 8601 with the zone's offset, milliseconds when there is a fraction)
/// plus, by kind, `"value"` (a number) and `"unit"` (quantity), `"value"` and `"valueName"` (category), `"objects"`
/// (correlation), `"activityType"`, `"duration"`, `"events"`, `"statistics"` (workout), one object named after the
/// kind holding the whole content (`"electrocardiogram"`, `"audiogram"`, `"stateOfMind"`, `"scoredAssessment"`,
/// `"visionPrescription"`: `SamplePayload`'s JSON, keys sorted); then `"metadata"`,
/// `"device"` and `"source"` when the sample has them. The server reads the same shape (its `SampleJSON` extension);
/// The `Sample` schema of the server's OpenAPI document (`GET /openapi.yaml`) is its contract.
public enum SampleJSON {
    /// A sample as JSON: quantities in `unit` when it fits the type, else in the type's canonical unit.
    public static func json(_ sample: Sample, unit: HealthUnit?, timeZone: TimeZone) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("uuid", .string(sample.uuid.uuidString)), ("type", .string(sample.type.identifier)),
            ("startDate", .string(DateWriter.formatWithMilliseconds(sample.startDate, in: timeZone))),
            ("endDate", .string(DateWriter.formatWithMilliseconds(sample.endDate, in: timeZone))),
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
            members.append(("objects", .array(objects.map { json($0, unit: nil, timeZone: timeZone) })))
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
                                    ("type", .string("\(event.type)")),
                                    (
                                        "startDate",
                                        .string(DateWriter.formatWithMilliseconds(event.startDate, in: timeZone))
                                    ),
                                    (
                                        "endDate",
                                        .string(DateWriter.formatWithMilliseconds(event.endDate, in: timeZone))
                                    ),
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
                                    if let quantity { figures.append((name, quantityJSON(quantity))) }
                                }
                                return .object(figures)
                            })
                    ))
            }
        case let .payload(payload):
            if let name = SamplePayload.jsonName(of: payload.kind), let content = JSONValue(parsing: payload.json) {
                members.append((name, content))
            }
        }
        if let metadata = sample.metadata, !metadata.isEmpty {
            members.append(
                (
                    "metadata",
                    .object(
                        metadata.keys.sorted().compactMap { key in
                            metadata[key].map { (key, metadataJSON($0, timeZone: timeZone)) }
                        })
                ))
        }
        if let device = sample.device {
            let fields: [(String, String?)] = [
                ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
                ("hardwareVersion", device.hardwareVersion),
                ("firmwareVersion", device.firmwareVersion), ("softwareVersion", device.softwareVersion),
                ("localIdentifier", device.localIdentifier), ("udiDeviceIdentifier", device.udiDeviceIdentifier),
            ]
            members.append(
                ("device", .object(fields.compactMap { name, value in value.map { (name, JSONValue.string($0)) } })))
        }
        if let source = sample.sourceRevision?.source {
            members.append(("source", sourceJSON(source)))
        }
        return .object(members)
    }

    /// A source as JSON.
    public static func sourceJSON(_ source: Source) -> JSONValue {
        .object([("name", .string(source.name)), ("bundleIdentifier", .string(source.bundleIdentifier))])
    }

    private static func quantityJSON(_ quantity: Quantity) -> JSONValue {
        .object([("value", .number(quantity.value)), ("unit", .string(quantity.unit.description))])
    }

    private static func metadataJSON(_ value: MetadataValue, timeZone: TimeZone) -> JSONValue {
        switch value {
        case let .string(text): return .string(text)
        case let .number(number): return .number(number)
        case let .date(date): return .object([("date", .string(DateWriter.formatWithMilliseconds(date, in: timeZone)))])
        case let .quantity(quantity): return quantityJSON(quantity)
        }
    }

    /// Samples as a JSON array (`.json`) or one object per line (`.ndjson`); nil for the other formats, which are
    /// tables (`SampleListing`).
    public static func rendered(
        _ samples: [Sample], unit: HealthUnit?, timeZone: TimeZone, as format: OutputFormat
    ) -> String? {
        switch format {
        case .json: return JSONValue.array(samples.map { json($0, unit: unit, timeZone: timeZone) }).text + "\n"
        case .ndjson: return samples.map { json($0, unit: unit, timeZone: timeZone).text + "\n" }.joined()
        default: return nil
        }
    }
}

import Foundation
import HealthEngine
import HealthModel

/// Samples as rows: start, end, value, unit, source, device, uuid; category values by their case name, workouts by
/// activity type with their duration in minutes.
public enum SampleListing {
    /// The columns of a sample table (`type` first when the table mixes types).
    public static func columns(includingType: Bool) -> [String] {
        (includingType ? ["type"] : []) + ["start", "end", "value", "unit", "source", "device", "uuid"]
    }

    /// The table of samples; quantities in `unit` (default: the type's canonical unit).
    /// With `includingType`, a first column names each row's type (for exports of several types).
    public static func table(
        _ samples: [Sample], type: SampleType, unit: HealthUnit?, timeZone: TimeZone, includingType: Bool = false
    ) throws -> TextTable {
        var table = TextTable(columns: columns(includingType: includingType), numericColumns: ["value"])
        let outputUnit = try self.outputUnit(unit, for: type)
        let categoryValues = Dictionary(
            (type.categoryDescription?.values ?? []).map { ($0.rawValue, $0.caseName) },
            uniquingKeysWith: { first, _ in first })
        for sample in samples {
            var value: String?
            var unitText: String?
            switch sample.content {
            case let .quantity(content):
                if let outputUnit, let converted = try? content.quantity.value(in: outputUnit) {
                    value = StatisticsReport.number(converted)
                    unitText = outputUnit.description
                }
            case let .category(raw):
                value = categoryValues[raw] ?? String(raw)
            case let .workout(content):
                value = content.activityType?.caseName ?? String(content.activityTypeRawValue)
                unitText = StatisticsReport.number(content.duration / 60) + " min"
            case let .correlation(objects):
                value = "\(objects.count) samples"
            case let .payload(payload):
                value = PayloadSummary.text(payload)
            }
            table.append(
                (includingType ? [type.identifier] : []) + [
                    DateWriter.format(sample.startDate, in: timeZone), DateWriter.format(sample.endDate, in: timeZone),
                    value, unitText,
                    sample.sourceRevision?.source.name, sample.device?.name, sample.uuid.uuidString,
                ])
        }
        return table
    }

    /// The unit values of `type` are written in: `unit` when it fits the type, the type's canonical unit without one;
    /// a unit that does not fit, or one for a type without units, is refused.
    public static func outputUnit(_ unit: HealthUnit?, for type: SampleType) throws(HealthReportsError) -> HealthUnit? {
        if let unit, let canonical = type.canonicalUnit, (try? canonical.converter(to: unit)) == nil {
            throw .invalidOptions(
                field: "unit", reason: "\(unit) does not fit \(type.identifier) (its unit is \(canonical))")
        }
        if unit != nil, type.kind != .quantity {
            throw .invalidOptions(field: "unit", reason: "\(type.identifier) has no unit: it is not a quantity type")
        }
        return unit ?? type.canonicalUnit
    }
}

/// The types a store holds, with counts and spans.
public enum TypeListing {
    /// One row per type: identifier, kind, samples, first, last, unit.
    public static func table(_ summaries: [TypeSummary], timeZone: TimeZone) -> TextTable {
        var table = TextTable(
            columns: ["type", "kind", "samples", "first", "last", "unit"], numericColumns: ["samples"])
        for summary in summaries {
            table.append([
                summary.type.identifier, "\(summary.type.kind)", String(summary.count),
                DateWriter.format(summary.firstStart, in: timeZone),
                DateWriter.format(summary.lastEnd, in: timeZone), summary.type.canonicalUnit?.description,
            ])
        }
        return table
    }
}

/// Sources in priority order.
public enum SourceListing {
    /// One row per source: rank (1 = highest), name, bundle identifier.
    public static func table(_ sources: [Source]) -> TextTable {
        var table = TextTable(columns: ["rank", "name", "bundleIdentifier"], numericColumns: ["rank"])
        for (index, source) in sources.enumerated() {
            table.append([String(index + 1), source.name, source.bundleIdentifier])
        }
        return table
    }
}

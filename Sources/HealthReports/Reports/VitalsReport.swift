import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Vitals and body measures as one table: a row per day (or week), a column per measure, each the average of its
/// samples in that bucket, sources merged by priority and weighted by time where the engine weighs a type by time
/// (heart rates), in the person's preferred units; percentages (blood oxygen, body fat) as 0–100, as people read
/// them. Systolic and diastolic pressure are each averaged over the readings' samples, so a day's pair comes from the
/// same readings.
public enum VitalsReport {
    /// One column: its name and the quantity type behind it.
    public struct Measure: Sendable {
        /// The column's name (`resting_hr`).
        public let column: String
        /// The quantity type's identifier.
        public let identifier: String
    }

    /// The measures, in column order.
    public static let measures: [Measure] = [
        ("resting_hr", "RestingHeartRate"), ("hrv", "HeartRateVariabilitySDNN"),
        ("walking_hr", "WalkingHeartRateAverage"), ("vo2max", "VO2Max"), ("respiratory_rate", "RespiratoryRate"),
        ("spo2", "OxygenSaturation"), ("weight", "BodyMass"), ("body_fat", "BodyFatPercentage"),
        ("systolic", "BloodPressureSystolic"), ("diastolic", "BloodPressureDiastolic"), ("glucose", "BloodGlucose"),
    ].map { Measure(column: $0.0, identifier: "HKQuantityTypeIdentifier" + $0.1) }

    /// The table from `from` to `to` (buckets of `interval` anchored at local midnight, Monday for weeks). Measures
    /// without any sample in the window are left out; a bucket without a measure's samples has an empty cell.
    /// Column names carry the unit (`weight_kg`) outside tables too, so CSV and JSON say what the numbers are.
    public static func table(
        store: HealthDataStore, from: Date, to: Date, interval: DateComponents, calendar: Calendar,
        format: OutputFormat, maximumBuckets: Int? = nil
    ) throws -> TextTable {
        let anchor = StatisticsReport.defaultAnchor(for: interval, calendar: calendar)
        var columns: [(name: String, collection: StatisticsCollection, unit: HealthUnit)] = []
        for measure in measures {
            let type = try SampleType.named(measure.identifier)
            guard let unit = store.displayUnit(for: type) ?? type.canonicalUnit else { continue }
            let collection = try store.statisticsCollection(
                of: type, matching: .date(start: from, end: to, options: [.strictStartDate]),
                options: [.discreteAverage], anchor: anchor, interval: interval, calendar: calendar,
                maximumBuckets: maximumBuckets)
            guard !collection.buckets.isEmpty else { continue }
            columns.append(("\(measure.column)_\(columnUnit(unit))", collection, unit))
        }
        var table = TextTable(
            columns: ["start"] + columns.map(\.name), numericColumns: Set(columns.map(\.name)))
        guard let first = columns.first?.collection else { return table }
        var starts: [Date] = []
        first.enumerateStatistics(from: from, to: to.addingTimeInterval(-0.001)) { bucket, _ in
            starts.append(bucket.startDate)
        }
        for start in starts where start < to {
            var row: [String?] = [
                format == .table
                    ? String(DateWriter.format(start, in: calendar.timeZone).prefix(10))
                    : DateWriter.format(start, in: calendar.timeZone)
            ]
            for column in columns {
                let value = try column.collection.statistics(for: start).merged.average?.value(in: column.unit)
                row.append(
                    value.map { String(format: "%.\(places(column.unit))f", UnitLabel.shown($0, in: column.unit)) })
            }
            table.append(row)
        }
        return table
    }

    /// A unit as a column suffix: `count/min` is `bpm`, `%` is `pct`, others with `/` as `_per_`.
    static func columnUnit(_ unit: HealthUnit) -> String {
        switch unit.unitString {
        case "count/min": return "bpm"
        case "%": return "pct"
        default:
            return unit.unitString.replacingOccurrences(of: "/", with: "_per_").replacingOccurrences(of: "·", with: "")
                .replacingOccurrences(of: "<", with: "").replacingOccurrences(of: ">", with: "")
        }
    }

    /// Decimal places for a unit's values: one for most, none for beats and milliseconds.
    static func places(_ unit: HealthUnit) -> Int {
        ["count/min", "ms", "mmHg"].contains(unit.unitString) ? 0 : 1
    }
}

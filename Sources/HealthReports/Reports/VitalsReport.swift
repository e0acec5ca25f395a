import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Vitals and body measures as one table: a row per day (or week), a column per measure, each the average of its
/// samples in that bucket, sources merged by priority and weighted by time where the engine weighs a type by time
/// (heart rates), in the person's preferred units; percentages (blood oxygen, body fat) as 0–100, as people read
/// them. Systolic and diastolic pressure are each averaged over the readings' samples, so a day's pair comes from the
/// same readings. RMSSD, SDNN and pNN50 from beat-to-beat data (`rmssd_ms`, `sdnn_ms`, `pnn50_pct`) are those of the
/// nights whose waking day is in the bucket, their intervals pooled (`HeartRateVariabilityReport`); `hrv_ms` stays
/// the average of the SDNN readings the Watch computed itself.
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
    /// without any sample in the window (heart rate variability: without a night with beat-to-beat data) are left
    /// out; a bucket without a measure's samples has an empty cell. Column names carry the unit (`weight_kg`) outside
    /// tables too, so CSV and JSON say what the numbers are. A window of more than `maximumBuckets` buckets is refused
    /// (a limit error naming the budget) before the store is read.
    public static func table(
        store: HealthDataStore, from: Date, to: Date, interval: DateComponents, calendar: Calendar,
        format: OutputFormat, maximumBuckets: Int? = nil
    ) throws -> TextTable {
        let anchor = StatisticsReport.defaultAnchor(for: interval, calendar: calendar)
        // The table has a row per bucket of the window, data or not: the window's buckets are counted against the
        // budget before the store is read.
        let grid = try BucketGrid(anchor: anchor, interval: interval, calendar: calendar)
        _ = try BucketWindow(grid: grid, start: from, end: to, maximum: maximumBuckets)
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
        let nights = try store.heartRateVariabilityNights(
            try HeartRateVariabilityRequest(from: from, to: to, calendar: calendar, grouping: .night))
        let variability = nights.isEmpty ? [] : HeartRateVariabilityReport.figureColumns
        let names = columns.map(\.name) + variability
        var table = TextTable(columns: ["start"] + names, numericColumns: Set(names))
        guard !names.isEmpty else { return table }
        var index = grid.index(containing: from)
        while grid.start(of: index) < to {
            let (start, end) = (grid.start(of: index), grid.start(of: index + 1))
            index += 1
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
            if !variability.isEmpty {
                // The nights whose waking day is in the bucket, their intervals pooled.
                let inBucket = nights.filter { night in
                    calendar.date(from: night.wakingDay).map { $0 >= start && $0 < end } ?? false
                }
                let figures = HeartRateVariabilityFigures(runs: inBucket.flatMap(\.runs))
                row += inBucket.isEmpty ? [nil, nil, nil] : HeartRateVariabilityReport.cells(figures)
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

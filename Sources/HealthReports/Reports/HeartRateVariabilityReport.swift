import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthWire

/// Heart rate variability from beat-to-beat data (docs/decisions/hrv.md) as tables and JSON: RMSSD, SDNN and pNN50 per
/// night or per measurement, the unit in each figure's column name (`rmssd_ms`, `sdnn_ms`, `pnn50_pct`). What
/// `ohk vitals --hrv`, the period report, `GET /hrv` and any other caller (an MCP server) show: ask
/// `table(_:store:format:)` or `document(_:store:timeZoneName:)` with a checked `HeartRateVariabilityRequest`.
public enum HeartRateVariabilityReport {
    /// The figure columns, units in their names (pNN50 in percent, 0–100).
    public static let figureColumns = ["rmssd_ms", "sdnn_ms", "pnn50_pct"]
    /// The columns of a night.
    static let nightColumns =
        ["night", "window", "start", "end", "measurements", "intervals", "differences"] + figureColumns
    /// The columns of a measurement.
    static let measurementColumns =
        ["start", "end", "source", "series", "beats", "intervals", "differences"] + figureColumns
    static let counts: Set<String> = ["measurements", "beats", "intervals", "differences"]

    /// The request's rows as a table (nights or measurements, as the request groups them), as `store` sees them.
    public static func table(
        _ request: HeartRateVariabilityRequest, store: HealthDataStore, format: OutputFormat
    ) throws -> TextTable {
        let calendar = request.days.calendar
        switch request.grouping {
        case .night:
            return table(nights: try store.heartRateVariabilityNights(request), calendar: calendar, format: format)
        case .measurement:
            return table(
                measurements: try store.heartRateVariabilityMeasurements(request), calendar: calendar, format: format)
        }
    }

    /// One row per night: its waking day, where its window comes from (`sleep`, `assumed`), the window, and the pooled
    /// figures.
    public static func table(
        nights: [HeartRateVariabilityNight], calendar: Calendar, format: OutputFormat
    ) -> TextTable {
        var table = TextTable(columns: nightColumns, numericColumns: counts.union(figureColumns))
        for night in nights {
            table.append(
                [
                    SleepReport.day(night.wakingDay), night.window.rawValue, time(night.start, calendar, format),
                    time(night.end, calendar, format), String(night.measurements.count),
                    String(night.figures.intervalCount), String(night.figures.differenceCount),
                ] + cells(night.figures))
        }
        return table
    }

    /// One row per measurement (heartbeat series): its interval, source, series identifier, beats and figures.
    public static func table(
        measurements: [HeartRateVariabilityMeasurement], calendar: Calendar, format: OutputFormat
    ) -> TextTable {
        var table = TextTable(columns: measurementColumns, numericColumns: counts.union(figureColumns))
        for measurement in measurements {
            table.append(
                [
                    time(measurement.start, calendar, format), time(measurement.end, calendar, format),
                    measurement.source?.name, measurement.series.uuidString, String(measurement.beatCount),
                    String(measurement.figures.intervalCount), String(measurement.figures.differenceCount),
                ] + cells(measurement.figures))
        }
        return table
    }

    /// The answer of `GET /hrv`: `{"timeZone", "by", "rows": [...], "summary": {...}}`, rows as the table's JSON
    /// (figures as numbers, times ISO 8601 with offsets), the summary the figures of every row's intervals pooled.
    public static func document(
        _ request: HeartRateVariabilityRequest, store: HealthDataStore, timeZoneName: String
    ) throws -> JSONValue {
        let calendar = request.days.calendar
        let rows: TextTable
        let pooled: HeartRateVariabilityFigures
        switch request.grouping {
        case .night:
            let nights = try store.heartRateVariabilityNights(request)
            rows = table(nights: nights, calendar: calendar, format: .json)
            pooled = HeartRateVariabilityFigures(runs: nights.flatMap(\.runs))
        case .measurement:
            let measurements = try store.heartRateVariabilityMeasurements(request)
            rows = table(measurements: measurements, calendar: calendar, format: .json)
            pooled = HeartRateVariabilityFigures(runs: measurements.flatMap(\.runs))
        }
        let summary = zip(["intervals", "differences"] + figureColumns, summaryCells(pooled)).map {
            ($0.0, $0.1.flatMap(Double.init).map(JSONValue.number) ?? .null)
        }
        return .object([
            ("timeZone", .string(timeZoneName)), ("by", .string(request.grouping.rawValue)), ("rows", rows.jsonValue),
            ("summary", .object(summary)),
        ])
    }

    /// The JSON text of `document(_:store:timeZoneName:)`.
    public static func json(
        _ request: HeartRateVariabilityRequest, store: HealthDataStore, timeZoneName: String
    ) throws -> String {
        try document(request, store: store, timeZoneName: timeZoneName).text + "\n"
    }

    /// The cells of `figureColumns`: one decimal place, empty without a figure.
    static func cells(_ figures: HeartRateVariabilityFigures) -> [String?] {
        [figures.rmssd, figures.sdnn, figures.pnn50].map { $0.map { String(format: "%.1f", $0) } }
    }

    static func summaryCells(_ figures: HeartRateVariabilityFigures) -> [String?] {
        [String(figures.intervalCount), String(figures.differenceCount)] + cells(figures)
    }

    static func time(_ date: Date, _ calendar: Calendar, _ format: OutputFormat) -> String {
        guard format == .table else { return DateWriter.format(date, in: calendar.timeZone) }
        return String(DateWriter.format(date, in: calendar.timeZone).prefix(16)).replacingOccurrences(
            of: "T", with: " ")
    }
}

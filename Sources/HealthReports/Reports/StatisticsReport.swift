import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthWire

/// What `ohk stats`, `GET /statistics` and the reports ask: a quantity type, a window, an optional bucket interval,
/// figures, a time zone and an output unit. Checked once, when it is made, and trusted below: the type and the figures
/// (`StatisticsQuery`), the unit, the window, the interval and, for a closed window, its bucket count against the
/// budget (`BucketWindow`), all before the store is read.
public struct StatisticsReportRequest: Sendable {
    /// The figures by the names the command line's JSON keys, the API's `options` and the reports use, in output order.
    public static let figureNames: [(name: String, option: StatisticsOptions)] = [
        ("sum", .cumulativeSum), ("average", .discreteAverage), ("minimum", .discreteMin), ("maximum", .discreteMax),
        ("mostRecent", .mostRecent), ("duration", .duration),
    ]

    /// The figures of names (`sum`, `average`, …); throws `notAccepted` naming `field` for a name not in
    /// `figureNames`.
    public static func options(
        named names: [String], field: String = "options"
    ) throws(HealthReportsError)
        -> StatisticsOptions
    {
        var options: StatisticsOptions = []
        for name in names {
            guard let option = figureNames.first(where: { $0.name == name })?.option else {
                throw .notAccepted(field: field, value: name, accepted: figureNames.map(\.name))
            }
            options.insert(option)
        }
        return options
    }

    /// The checked question: the type, the samples counted and the figures (defaults filled in).
    public let query: StatisticsQuery
    /// The window's start (inclusive), or nil for the first sample.
    public let from: Date?
    /// The window's end (exclusive), or nil for the last sample.
    public let to: Date?
    /// The buckets, for a collection (an interval was given); nil for one statistics query over the window.
    public let window: BucketWindow?
    /// The calendar and time zone of buckets and printed dates.
    public let calendar: Calendar
    /// The unit values are given in.
    public let unit: HealthUnit
    /// The time zone's name as the report writes it.
    public let timeZoneName: String
    /// Converts the type's canonical unit to `unit`.
    let converter: HealthModel.UnitConverter
    /// Whether the answer says which sources the merged figures took how much from (`StatisticsProvenance`): not at
    /// all, for the whole answer, or for each bucket as well.
    public var provenance: StatisticsProvenance.Detail

    /// The quantity type.
    public var type: SampleType { query.type }
    /// The number of buckets of a collection over a closed window (`from` and `to` given), known before any work;
    /// nil without an interval or when the window is open at either end (its span is then the data's).
    public var bucketCount: Int? { window?.count }

    /// A request, checked: throws a `FieldError` naming `type`, `options`, `unit`, `to` or `interval` (the neutral
    /// names each edge renames), or `tooManyBuckets` when a closed window holds more than `maximumBuckets` buckets.
    ///
    /// - Parameters:
    ///   - type: the quantity type.
    ///   - from: the window's start (inclusive); nil for the first sample.
    ///   - to: the window's end (exclusive); nil for the last sample.
    ///   - interval: the bucket length; nil for one statistics query over the window.
    ///   - calendar: the calendar and time zone of buckets and printed dates.
    ///   - options: the figures; none (or only `separateBySource`) for the default: sum for cumulative types,
    ///     average, minimum and maximum for discrete ones.
    ///   - unit: the unit of values; nil for the type's canonical unit.
    ///   - anchor: where buckets are anchored; nil for the default (`StatisticsReport.defaultAnchor`).
    ///   - timeZoneName: the time zone's name as the caller gave it; nil for the calendar's identifier (which
    ///     Foundation gives as "GMT" for a zone made from "UTC").
    ///   - maximumBuckets: the most buckets the report may have (nil: no limit). A collection's work, memory and
    ///     output grow with its buckets: a closed window over it is refused now, an open one as soon as the data's span
    ///     is known.
    ///   - provenance: which sources the merged figures took how much from: `.none` (the default), `.summary` for the
    ///     whole answer, `.perBucket` for each bucket as well.
    public init(
        type: SampleType, from: Date? = nil, to: Date? = nil, interval: DateComponents? = nil, anchor: Date? = nil,
        calendar: Calendar, options: StatisticsOptions = [], unit: HealthUnit? = nil, timeZoneName: String? = nil,
        maximumBuckets: Int? = nil, provenance: StatisticsProvenance.Detail = .none
    ) throws {
        self.provenance = provenance
        if let from, let to, to <= from {
            throw HealthReportsError.emptyWindow(
                from: DateWriter.format(from, in: calendar.timeZone), to: DateWriter.format(to, in: calendar.timeZone))
        }
        let figures =
            options.subtracting(.separateBySource).isEmpty
            ? options.union(StatisticsReport.defaultOptions(for: type)) : options
        let window: SamplePredicate = (from != nil || to != nil) ? .date(start: from, end: to, options: []) : .all
        let whole: SamplePredicate =
            (from != nil || to != nil) ? .date(start: from, end: to, options: .strictStartDate) : .all
        let query = try StatisticsQuery(type: type, predicate: interval == nil ? whole : window, options: figures)
        let unit = unit ?? query.unit
        do {
            converter = try query.unit.converter(to: unit)
        } catch {
            throw HealthReportsError.invalidOptions(
                field: "unit", reason: "\(unit) does not fit \(type.identifier) (its unit is \(query.unit))")
        }
        if let interval {
            let grid: BucketGrid
            do {
                grid = try BucketGrid(
                    anchor: anchor ?? StatisticsReport.defaultAnchor(for: interval, calendar: calendar),
                    interval: interval, calendar: calendar)
            } catch {
                throw HealthReportsError.invalidOptions(field: "interval", reason: error.reason)
            }
            self.window = try BucketWindow(grid: grid, start: from, end: to, maximum: maximumBuckets)
        } else {
            self.window = nil
        }
        self.query = query
        self.from = from
        self.to = to
        self.calendar = calendar
        self.unit = unit
        self.timeZoneName = timeZoneName ?? calendar.timeZone.identifier
    }
}

/// The answer to a `StatisticsReportRequest`: one row per bucket from the window's start to its end, empty buckets
/// included, in the requested unit; renders as the documented JSON, NDJSON, CSV or a table.
public struct StatisticsReport: Sendable {
    /// One bucket (or the whole window).
    public struct Row: Sendable {
        /// Bucket start.
        public let start: Date
        /// Bucket end.
        public let end: Date
        /// Merged figures by key (`sum`, `average`, `minimum`, `maximum`, `mostRecent`, `duration`); nil when empty.
        public let figures: [String: Double?]
        /// Per-source figures by source name (with `--by-source`).
        public let sources: [(name: String, figures: [String: Double?])]
        /// The bucket's provenance (with `provenance` `.perBucket`, buckets with data only).
        public var provenance: StatisticsProvenanceBody? = nil
    }

    /// The type reported.
    public let type: SampleType
    /// The unit of the values (duration is always in seconds).
    public let unit: HealthUnit
    /// The time zone of the dates.
    public let timeZone: TimeZone
    /// The time zone's name as the report writes it (the request's `timeZoneName`, else the zone's identifier).
    public let timeZoneName: String
    /// The figure keys, in output order.
    public let keys: [String]
    /// Whether per-source figures were asked for.
    public let bySource: Bool
    /// The buckets.
    public let rows: [Row]
    /// Which sources the merged figures of the whole answer took how much from, and its coverage (when asked for).
    public var provenance: StatisticsProvenanceBody? = nil

    /// The figure keys of options, in output order.
    static func keys(of options: StatisticsOptions) -> [String] {
        StatisticsReportRequest.figureNames.filter { options.contains($0.option) }.map(\.name)
    }

    /// The default figures of a type: sum for cumulative types, average, minimum and maximum for discrete ones.
    public static func defaultOptions(for type: SampleType) -> StatisticsOptions {
        type.aggregationStyle?.isCumulative == true ? .cumulativeSum : [.discreteAverage, .discreteMin, .discreteMax]
    }

    /// The default anchor: local midnight on a Monday for whole weeks, else local midnight on the first of a month
    /// (2000-01-03 and 2000-01-01), so days start at midnight, weeks on Monday and months on the 1st.
    public static func defaultAnchor(for interval: DateComponents, calendar: Calendar) -> Date {
        let weekly =
            interval.year == nil && interval.month == nil && (interval.day ?? 0) > 0 && (interval.day ?? 0) % 7 == 0
        let day = weekly ? 3 : 1
        return calendar.date(from: DateComponents(year: 2000, month: 1, day: day))!
    }

    /// Runs a checked request against a store.
    public static func make(_ request: StatisticsReportRequest, store: HealthDataStore) throws -> StatisticsReport {
        let type = request.type
        let canonical = request.query.unit
        let converter = request.converter
        let options = request.query.options
        let bySource = options.contains(.separateBySource)
        let keys = keys(of: options)

        func values(_ figures: StatisticsFigures?) -> [String: Double?] {
            var result: [String: Double?] = [:]
            func value(_ quantity: Quantity?) -> Double? {
                guard let quantity, let inCanonical = try? quantity.value(in: canonical) else { return nil }
                return converter.convert(inCanonical)
            }
            for key in keys {
                switch key {
                case "sum": result[key] = value(figures?.sum)
                case "average": result[key] = value(figures?.average)
                case "minimum": result[key] = value(figures?.minimum)
                case "maximum": result[key] = value(figures?.maximum)
                case "mostRecent": result[key] = value(figures?.mostRecent)
                case "duration": result[key] = figures?.duration.flatMap { try? $0.value(in: .second()) }
                default: break
                }
            }
            return result
        }
        func row(_ statistics: QuantityStatistics?, start: Date, end: Date) -> Row {
            let sources = (statistics?.bySource ?? [:]).sorted { $0.key.name < $1.key.name }.map {
                (name: $0.key.name, figures: values($0.value))
            }
            var result = Row(
                start: start, end: end, figures: values(statistics?.merged), sources: bySource ? sources : [])
            if request.provenance == .perBucket {
                result.provenance = statistics?.provenance.map { provenanceBody($0, request) }
            }
            return result
        }

        var rows: [Row] = []
        var provenance: StatisticsProvenanceBody?
        if let window = request.window {
            let collection = try store.statisticsCollection(
                request.query, window: window, provenance: request.provenance)
            if let indexes = collection.rows {
                let grid = collection.grid
                for index in indexes {
                    rows.append(
                        row(collection.buckets[index], start: grid.start(of: index), end: grid.start(of: index + 1)))
                }
            }
            provenance = collection.provenance.map { provenanceBody($0, request) }
        } else {
            do {
                let statistics = try store.statistics(request.query, provenance: request.provenance)
                rows.append(
                    row(statistics, start: request.from ?? statistics.startDate, end: request.to ?? statistics.endDate))
                provenance = statistics.provenance.map { provenanceBody($0, request) }
                if !rows.isEmpty { rows[0].provenance = nil }  // the whole answer's is the one bucket's
            } catch HealthStoreError.engine(.noData) {
                if let from = request.from, let to = request.to { rows.append(row(nil, start: from, end: to)) }
            }
        }
        if request.provenance != .none, provenance == nil {
            provenance = emptyProvenance(request, rows: rows)
        }
        var report = StatisticsReport(
            type: type, unit: request.unit, timeZone: request.calendar.timeZone, timeZoneName: request.timeZoneName,
            keys: keys, bySource: bySource, rows: rows)
        report.provenance = provenance
        return report
    }

    /// The documented JSON: `{"type", "unit", "timeZone", "statistics": [{"start", "end", figures…, "sources"?}]}`.
    public var json: JSONValue {
        .object(
            [
                ("type", .string(type.identifier)), ("unit", .string(unit.description)),
                ("timeZone", .string(timeZoneName)),
                ("statistics", .array(rows.map(rowObject))),
            ] + (provenance.map { [("provenance", $0.json)] } ?? []))
    }

    private func rowObject(_ row: Row) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("start", .string(DateWriter.format(row.start, in: timeZone))),
            ("end", .string(DateWriter.format(row.end, in: timeZone))),
        ]
        members += keys.map { ($0, JSONValue.number(row.figures[$0] ?? nil)) }
        if bySource {
            members.append(
                (
                    "sources",
                    .object(
                        row.sources.map { source in
                            (source.name, .object(keys.map { ($0, JSONValue.number(source.figures[$0] ?? nil)) }))
                        })
                ))
        }
        if let provenance = row.provenance { members.append(("provenance", provenance.json)) }
        return .object(members)
    }

    /// The report in a format: JSON as documented, NDJSON one bucket object per line, CSV and table one line per
    /// bucket (and per source with `--by-source`, the merged line's source column reading `merged`).
    public func rendered(as format: OutputFormat) -> String {
        switch format {
        case .json: return json.text + "\n"
        case .ndjson:
            let summary = provenance.map { JSONValue.object([("provenance", $0.json)]).text + "\n" } ?? ""
            return rows.map { rowObject($0).text + "\n" }.joined() + summary
        case .csv, .table:
            var table = TextTable(
                columns: ["start", "end"] + (bySource ? ["source"] : []) + keys, numericColumns: Set(keys))
            for row in rows {
                let dates = [DateWriter.format(row.start, in: timeZone), DateWriter.format(row.end, in: timeZone)]
                table.append(
                    dates + (bySource ? ["merged"] : [])
                        + keys.map { row.figures[$0].flatMap { $0 }.map(StatisticsReport.number) })
                for source in row.sources {
                    table.append(
                        dates + [source.name]
                            + keys.map { source.figures[$0].flatMap { $0 }.map(StatisticsReport.number) })
                }
            }
            var text = table.rendered(as: format)
            if format == .table {
                text = "\(type.identifier) in \(unit), \(timeZoneName)\n" + text + provenanceText
            }
            return text
        }
    }

    /// A figure as text: whole numbers without a fraction, others to at most four decimals.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

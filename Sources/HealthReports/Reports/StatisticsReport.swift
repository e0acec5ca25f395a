import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthWire

/// What `ohk stats` asks: a type, a window, an optional bucket interval, figures, a time zone and an output unit.
public struct StatisticsReportRequest: Sendable {
    /// The quantity type.
    public var type: SampleType
    /// The window's start (inclusive), or nil for the first sample.
    public var from: Date?
    /// The window's end (exclusive), or nil for the last sample.
    public var to: Date?
    /// The bucket length; nil for one statistics query over the window.
    public var interval: DateComponents?
    /// Where buckets are anchored; nil for the default (see `defaultAnchor`).
    public var anchor: Date?
    /// The calendar and time zone of buckets and printed dates.
    public var calendar: Calendar
    /// The figures; empty for the default (sum for cumulative types, average, minimum and maximum for discrete ones).
    public var options: StatisticsOptions
    /// The unit values are given in; nil for the type's canonical unit.
    public var unit: HealthUnit?
    /// The time zone's name as the caller gave it, written in the report; nil for the calendar's identifier (which
    /// Foundation gives as "GMT" for a zone made from "UTC").
    public var timeZoneName: String?
    /// The most buckets the report may have (nil: no limit). A collection's work, memory and output grow with its
    /// buckets, and the bucket count follows from the window and the interval, so a request over it is refused before
    /// the store is read (`tooManyBuckets`); without a closed window it is refused as soon as the data's span is known.
    public var maximumBuckets: Int?

    /// The number of buckets of a collection over a closed window (`from` and `to` given), known before any work;
    /// nil without an interval or when the window is open at either end (its span is then the data's).
    public func bucketCount() throws(HealthReportsError) -> Int? {
        guard let interval, let from, let to else { return nil }
        let grid: BucketGrid
        do {
            grid = try BucketGrid(
                anchor: anchor ?? StatisticsReport.defaultAnchor(for: interval, calendar: calendar), interval: interval,
                calendar: calendar)
        } catch {
            throw .invalidOptions(field: "interval", reason: error.description)
        }
        return grid.bucketCount(from: from, to: to)
    }

    /// A request.
    public init(
        type: SampleType, from: Date? = nil, to: Date? = nil, interval: DateComponents? = nil, anchor: Date? = nil,
        calendar: Calendar, options: StatisticsOptions = [], unit: HealthUnit? = nil
    ) {
        self.type = type
        self.from = from
        self.to = to
        self.interval = interval
        self.anchor = anchor
        self.calendar = calendar
        self.options = options
        self.unit = unit
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

    /// The figure keys of options, in output order.
    static func keys(of options: StatisticsOptions) -> [String] {
        [
            (StatisticsOptions.cumulativeSum, "sum"), (.discreteAverage, "average"), (.discreteMin, "minimum"),
            (.discreteMax, "maximum"),
            (.mostRecent, "mostRecent"), (.duration, "duration"),
        ].filter { options.contains($0.0) }.map(\.1)
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

    /// Runs the request against a store.
    public static func make(_ request: StatisticsReportRequest, store: HealthDataStore) throws -> StatisticsReport {
        let type = request.type
        guard type.kind == .quantity, let canonical = type.canonicalUnit else {
            throw HealthReportsError.invalidOptions(
                field: "type", reason: "\(type.identifier) is not a quantity type; statistics need one")
        }
        let unit = request.unit ?? canonical
        let converter: HealthModel.UnitConverter
        do {
            converter = try canonical.converter(to: unit)
        } catch {
            throw HealthReportsError.invalidOptions(
                field: "unit", reason: "\(unit) does not fit \(type.identifier) (its unit is \(canonical))")
        }
        if let from = request.from, let to = request.to, to <= from {
            throw HealthReportsError.emptyWindow(
                from: DateWriter.format(from, in: request.calendar.timeZone),
                to: DateWriter.format(to, in: request.calendar.timeZone))
        }
        if let maximum = request.maximumBuckets, let count = try request.bucketCount(), count > maximum {
            throw HealthReportsError.tooManyBuckets(count: count, maximum: maximum)
        }
        let options =
            request.options.subtracting(.separateBySource).isEmpty
            ? request.options.union(defaultOptions(for: type)) : request.options
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
            return Row(start: start, end: end, figures: values(statistics?.merged), sources: bySource ? sources : [])
        }

        var rows: [Row] = []
        if let interval = request.interval {
            let predicate: SamplePredicate =
                (request.from != nil || request.to != nil)
                ? .date(start: request.from, end: request.to, options: []) : .all
            let anchor = request.anchor ?? defaultAnchor(for: interval, calendar: request.calendar)
            let collection: StatisticsCollection
            do {
                collection = try store.statisticsCollection(
                    of: type, matching: predicate, options: options, anchor: anchor, interval: interval,
                    calendar: request.calendar,
                    maximumBuckets: request.maximumBuckets)
            } catch HealthStoreError.engine(.tooManyBuckets(let count, let maximum)) {
                throw HealthReportsError.tooManyBuckets(count: count, maximum: maximum)
            }
            let grid = collection.grid
            let withData = collection.buckets.keys.sorted()
            let firstIndex = request.from.map { grid.index(containing: $0) } ?? withData.first
            var lastIndex = request.to.map { grid.index(containing: $0) } ?? withData.last
            // `to` is exclusive: a last bucket that starts at it is left out.
            if let to = request.to, let last = lastIndex, grid.start(of: last) >= to { lastIndex = last - 1 }
            if let firstIndex, let lastIndex, firstIndex <= lastIndex {
                // A window open at one end runs from the data to the given end: its rows are known only now.
                if let maximum = request.maximumBuckets {
                    let (span, overflow) = lastIndex.subtractingReportingOverflow(firstIndex)
                    if overflow || span >= maximum {
                        throw HealthReportsError.tooManyBuckets(
                            count: overflow || span == .max ? .max : span + 1, maximum: maximum)
                    }
                }
                for index in firstIndex...lastIndex {
                    rows.append(
                        row(collection.buckets[index], start: grid.start(of: index), end: grid.start(of: index + 1)))
                }
            }
        } else {
            let predicate: SamplePredicate =
                (request.from != nil || request.to != nil)
                ? .date(start: request.from, end: request.to, options: .strictStartDate) : .all
            do {
                let statistics = try store.statistics(of: type, matching: predicate, options: options)
                rows.append(
                    row(statistics, start: request.from ?? statistics.startDate, end: request.to ?? statistics.endDate))
            } catch HealthStoreError.engine(.noData) {
                if let from = request.from, let to = request.to { rows.append(row(nil, start: from, end: to)) }
            }
        }
        return StatisticsReport(
            type: type, unit: unit, timeZone: request.calendar.timeZone,
            timeZoneName: request.timeZoneName ?? request.calendar.timeZone.identifier,
            keys: keys, bySource: bySource, rows: rows)
    }

    /// The documented JSON: `{"type", "unit", "timeZone", "statistics": [{"start", "end", figures…, "sources"?}]}`.
    public var json: JSONValue {
        .object([
            ("type", .string(type.identifier)), ("unit", .string(unit.description)),
            ("timeZone", .string(timeZoneName)),
            ("statistics", .array(rows.map(rowObject))),
        ])
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
        return .object(members)
    }

    /// The report in a format: JSON as documented, NDJSON one bucket object per line, CSV and table one line per
    /// bucket (and per source with `--by-source`, the merged line's source column reading `merged`).
    public func rendered(as format: OutputFormat) -> String {
        switch format {
        case .json: return json.text + "\n"
        case .ndjson: return rows.map { rowObject($0).text + "\n" }.joined()
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
            if format == .table { text = "\(type.identifier) in \(unit), \(timeZoneName)\n" + text }
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

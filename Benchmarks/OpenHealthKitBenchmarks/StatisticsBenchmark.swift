import BenchmarkSupport
import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Daily and hourly step totals (`cumulativeSum`, sources merged, samples prorated across bucket edges) over a year
/// of minute-level steps from an Apple Watch and an iPhone in America/Los_Angeles (issue 3's performance
/// requirement), and the same over ten years (about 10 M samples).
///
/// The data (seeded, so every run is the same) per local day:
/// - Watch: one sample per minute on the local minute grid, all day except a 45–75 minute charging break in the
///   morning (≈ 1,380 samples a day).
/// - iPhone: carry periods of 5–15 minutes separated by 0–3 minute gaps (phone on a table), inside which it writes
///   samples of 40–80 s whose edges do not line up with the watch's minutes (≈ 1,250 samples a day, covering ≈ 85 %
///   of the day, so of the watch's time too). Its counts differ from the watch's (it misses 5–25 % of the steps), and
///   its samples run across midnight, so proration matters.
/// Both follow one underlying step rate (quiet nights, a morning and evening walk, random walking spells).
///
/// With `--export-csv DIR` the rows also go to `DIR/steps-<days>d.csv` (source, start and end in Unix seconds, value,
/// local day of the start: what a naive user loads from a Health export) and the figures to `DIR/ohk-figures.txt`
/// as key=value lines, for scripts/compare/compare-duckdb.sh.
enum StatisticsBenchmark {
    /// One generated sample, as a naive user would load it.
    struct Row {
        /// 0 = Watch, 1 = iPhone.
        let source: UInt8
        /// Seconds since the reference date (whole seconds).
        let start: Int32
        let end: Int32
        let value: Int32
        /// Index of the local day of `start` (0 = the first day generated).
        let day: Int32
    }

    /// The generated data: rows, the local midnights bounding each day, and the day's label.
    struct DataSet {
        var rows: [Row] = []
        var midnights: [Double] = []  // days + 1 entries, seconds since the reference date
        var labels: [String] = []  // "2023-06-15"
        var watchCount = 0
        var phoneCount = 0
    }

    static let timeZone = TimeZone(identifier: "America/Los_Angeles")!
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The day whose merged and naive totals are reported.
    static let reportedDay = "2023-06-15"

    static func run(_ options: BenchmarkOptions, fixtures: SampleFixtures, into table: inout ResultTable) {
        var figures: [(String, String)] = []
        let exportDirectory = options.exportDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let exportDirectory {
            try! FileManager.default.createDirectory(at: exportDirectory, withIntermediateDirectories: true)
        }
        // The main run: `statsDays` days from 2023-01-01.
        let start = calendar.date(from: DateComponents(year: 2023, month: 1, day: 1))!
        measure(
            label: "", key: "main", days: options.statsDays, from: start, options: options, fixtures: fixtures,
            exportDirectory: exportDirectory, figures: &figures, table: &table)
        // The large run: `statsLargeDays` days ending 2023-12-31.
        if options.statsLargeDays > 0 {
            let end = calendar.date(from: DateComponents(year: 2024, month: 1, day: 1))!
            let largeStart = calendar.date(byAdding: .day, value: -options.statsLargeDays, to: end)!
            measure(
                label: "large ", key: "large", days: options.statsLargeDays, from: largeStart, options: options,
                fixtures: fixtures, exportDirectory: exportDirectory, figures: &figures, table: &table)
        }
        if let exportDirectory {
            let text = figures.map { "\($0.0)=\($0.1)\n" }.joined()
            try! text.write(
                to: exportDirectory.appendingPathComponent("ohk-figures.txt"), atomically: true, encoding: .utf8)
        }
    }

    private static func measure(
        label: String, key: String, days: Int, from start: Date, options: BenchmarkOptions, fixtures: SampleFixtures,
        exportDirectory: URL?, figures: inout [(String, String)], table: inout ResultTable
    ) {
        let stepCount = try! SampleType.quantity("stepCount")
        let runs = options.statsRuns
        let (data, generateSeconds) = Stopwatch.time { generate(days: days, from: start) }
        let total = data.rows.count
        let span = "\(data.labels.first!) – \(data.labels.last!)"
        let section = "statistics"
        FileHandle.standardError.write(
            Data(
                "statistics: \(Figures.grouped(Double(total))) samples (\(Figures.grouped(Double(data.watchCount))) Watch, \(Figures.grouped(Double(data.phoneCount))) iPhone) over \(days) days, \(span), America/Los_Angeles\n"
                    .utf8))
        table.add(
            section, "\(label)data: \(days) days \(span), Watch + iPhone",
            "\(Figures.grouped(Double(total))) samples (\(Figures.grouped(Double(data.watchCount))) + \(Figures.grouped(Double(data.phoneCount)))), generated in \(Figures.duration(generateSeconds))"
        )
        figures += [
            ("\(key)_samples", "\(total)"), ("\(key)_watch_samples", "\(data.watchCount)"),
            ("\(key)_phone_samples", "\(data.phoneCount)"), ("\(key)_days", "\(days)"),
            ("\(key)_first_day", data.labels.first!), ("\(key)_last_day", data.labels.last!),
            ("\(key)_runs", "\(runs)"),
        ]
        if let exportDirectory {
            let url = exportDirectory.appendingPathComponent("steps-\(days)d.csv")
            let seconds = Stopwatch.time { writeCSV(data, to: url) }.seconds
            table.add(
                section, "\(label)CSV export (not timed against anything)",
                "\(url.path) in \(Figures.duration(seconds))")
            figures.append(("\(key)_csv", url.path))
        }

        // Load an in-memory store.
        let storage = InMemoryStorage()
        let store = HealthDataStore(storage: storage)
        let loadSeconds = Stopwatch.time { load(data, into: store, type: stepCount, fixtures: fixtures) }.seconds
        table.add(
            section, "\(label)load into HealthDataStore() (in memory)",
            "\(Figures.duration(loadSeconds)) (\(Figures.rate(Double(total) / loadSeconds, unit: "samples")))")

        // Timed: daily and hourly collections, warm (one untimed run first), median of `runs`.
        let anchor = Date(timeIntervalSinceReferenceDate: data.midnights[0])
        func collection(_ interval: DateComponents) -> StatisticsCollection {
            try! store.statisticsCollection(
                of: stepCount, options: .cumulativeSum, anchor: anchor, interval: interval, calendar: calendar)
        }
        func timed(_ interval: DateComponents) -> (StatisticsCollection, Statistics) {
            var result = collection(interval)  // warm-up
            var seconds: [Double] = []
            for _ in 0..<runs {
                let (value, elapsed) = Stopwatch.time { collection(interval) }
                seconds.append(elapsed)
                result = value
            }
            return (result, Statistics(seconds))
        }
        let (daily, dailyTimes) = timed(DateComponents(day: 1))
        let dailyBuckets = daily.statistics()
        table.add(
            section,
            "\(label)daily cumulativeSum, merged + prorated (\(dailyBuckets.count) buckets), median of \(runs)",
            "\(Figures.duration(dailyTimes.median)) (min \(Figures.duration(dailyTimes.minimum)), max \(Figures.duration(dailyTimes.maximum)); \(Figures.rate(Double(total) / dailyTimes.median, unit: "samples")))"
        )
        let (hourly, hourlyTimes) = timed(DateComponents(hour: 1))
        let hourlyBuckets = hourly.statistics()
        table.add(
            section,
            "\(label)hourly cumulativeSum, merged + prorated (\(Figures.grouped(Double(hourlyBuckets.count))) buckets), median of \(runs)",
            "\(Figures.duration(hourlyTimes.median)) (min \(Figures.duration(hourlyTimes.minimum)), max \(Figures.duration(hourlyTimes.maximum)))"
        )
        // The same daily collection with provenance (decisions/statistics.md): the cost when asked for.
        for (name, detail) in [("summary", StatisticsProvenance.Detail.summary), ("perBucket", .perBucket)] {
            let query = try! StatisticsQuery(type: stepCount, options: .cumulativeSum)
            let window = try! BucketWindow(
                grid: try! BucketGrid(anchor: anchor, interval: DateComponents(day: 1), calendar: calendar))
            func withProvenance() -> StatisticsCollection {
                try! store.statisticsCollection(query, window: window, provenance: detail)
            }
            _ = withProvenance()  // warm-up
            let times = Statistics(
                (0..<runs).map { _ in Stopwatch.time { blackHole(withProvenance()) }.seconds })
            table.add(
                section, "\(label)daily cumulativeSum with provenance \(name), median of \(runs)",
                "\(Figures.duration(times.median)) (\(String(format: "%.2f", times.median / dailyTimes.median))× the daily figure without)"
            )
            figures.append(("\(key)_ohk_daily_provenance_\(name)_median_s", "\(times.median)"))
        }
        figures += [
            ("\(key)_ohk_daily_median_s", "\(dailyTimes.median)"), ("\(key)_ohk_daily_min_s", "\(dailyTimes.minimum)"),
            ("\(key)_ohk_daily_buckets", "\(dailyBuckets.count)"),
            ("\(key)_ohk_hourly_median_s", "\(hourlyTimes.median)"),
            ("\(key)_ohk_hourly_min_s", "\(hourlyTimes.minimum)"),
            ("\(key)_ohk_hourly_buckets", "\(hourlyBuckets.count)"),
        ]

        // Where the time goes, as far as the public API shows it: fetching the candidates from storage, and
        // materializing them as a sample query would.
        let fetch = Statistics(
            (0..<runs).map { _ in
                Stopwatch.time { blackHole(try! storage.candidates(of: stepCount, within: .unbounded)) }.seconds
            })
        let materialize = Statistics(
            (0..<runs).map { _ in
                Stopwatch.time { blackHole(try! store.samples(SampleQueryRequest(type: stepCount))) }.seconds
            })
        table.add(
            section, "\(label)  of which storage.candidates (all \(Figures.grouped(Double(total))) rows), median",
            Figures.duration(fetch.median))
        table.add(
            section, "\(label)  for comparison: samples(SampleQueryRequest(type:)) of all rows, median",
            Figures.duration(materialize.median))
        figures += [
            ("\(key)_ohk_candidates_median_s", "\(fetch.median)"),
            ("\(key)_ohk_sample_query_median_s", "\(materialize.median)"),
        ]

        // Totals: merged over the span, naive (everything added), per source; and one day.
        var naive = 0.0
        var watch = 0.0
        var phone = 0.0
        for row in data.rows {
            naive += Double(row.value)
            if row.source == 0 { watch += Double(row.value) } else { phone += Double(row.value) }
        }
        let merged = dailyBuckets.reduce(0.0) { $0 + ($1.merged.sum?.value ?? 0) }
        let mergedHourly = hourlyBuckets.reduce(0.0) { $0 + ($1.merged.sum?.value ?? 0) }
        table.add(
            section, "\(label)total steps: merged (daily buckets / hourly buckets)",
            "\(Figures.grouped(merged)) / \(Figures.grouped(mergedHourly))")
        table.add(
            section, "\(label)total steps: naive sum of all rows (Watch + iPhone)",
            "\(Figures.grouped(naive)) (\(Figures.grouped(watch)) + \(Figures.grouped(phone)))")
        figures += [
            ("\(key)_ohk_total", "\(merged)"), ("\(key)_ohk_hourly_total", "\(mergedHourly)"),
            ("\(key)_naive_total", "\(naive)"),
            ("\(key)_watch_total", "\(watch)"), ("\(key)_phone_total", "\(phone)"),
        ]
        if let day = data.labels.firstIndex(of: reportedDay) {
            var dayNaive = 0.0
            var dayWatch = 0.0
            var dayPhone = 0.0
            for row in data.rows where row.day == day {
                dayNaive += Double(row.value)
                if row.source == 0 { dayWatch += Double(row.value) } else { dayPhone += Double(row.value) }
            }
            let noon = Date(timeIntervalSinceReferenceDate: data.midnights[day] + 12 * 3600)
            let dayMerged = daily.statistics(for: noon).merged.sum?.value ?? 0
            table.add(
                section, "\(label)\(reportedDay): merged (OpenHealthKit) / naive sum by start day",
                "\(Figures.grouped(dayMerged)) / \(Figures.grouped(dayNaive)) (Watch \(Figures.grouped(dayWatch)), iPhone \(Figures.grouped(dayPhone)))"
            )
            figures += [
                ("\(key)_day", reportedDay), ("\(key)_day_ohk_total", "\(dayMerged)"),
                ("\(key)_day_naive_total", "\(dayNaive)"),
                ("\(key)_day_watch_total", "\(dayWatch)"), ("\(key)_day_phone_total", "\(dayPhone)"),
            ]
        }
        withExtendedLifetime(store) {}
    }

    // MARK: Data

    /// Mean steps per minute by local hour: quiet nights, a morning and an evening walk.
    private static let hourlyRate: [Double] = [
        0.5, 0.3, 0.2, 0.2, 0.3, 1, 6, 25, 18, 10, 12, 14, 30, 15, 10, 10, 12, 35, 40, 15, 8, 5, 3, 1,
    ]

    /// Generates `days` local days from the local midnight `start` (seeded; the same every run).
    static func generate(days: Int, from start: Date) -> DataSet {
        var data = DataSet()
        let calendar = calendar
        data.rows.reserveCapacity(days * 2_700)
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        for day in 0...days {
            let midnight = calendar.date(byAdding: .day, value: day, to: start)!
            data.midnights.append(midnight.timeIntervalSinceReferenceDate.rounded())
            if day < days { data.labels.append(formatter.string(from: midnight)) }
        }
        var random = FastUUIDGenerator(seed: 2023)
        func uniform() -> Double { Double(random.next() >> 11) * 0x1p-53 }
        func integer(_ range: ClosedRange<Int>) -> Int { range.lowerBound + random.next(below: range.count) }
        var phoneCursor = Int(data.midnights[0]) + integer(0...59)
        var rate: [Double] = []  // steps per minute, by minute since local midnight
        for day in 0..<days {
            let midnight = Int(data.midnights[day])
            let nextMidnight = Int(data.midnights[day + 1])
            let minutes = (nextMidnight - midnight) / 60
            // The underlying step rate, one value per minute (plus a spare minute for samples crossing midnight).
            rate.removeAll(keepingCapacity: true)
            var walking = 0
            for minute in 0...minutes {
                let hour = min(23, minute / 60)
                if walking == 0, hour >= 7, hour < 22, uniform() < 0.015 { walking = integer(3...25) }
                if walking > 0 {
                    walking -= 1
                    rate.append(Double(integer(85...125)))
                } else {
                    rate.append(hourlyRate[hour] * (0.2 + 1.6 * uniform()))
                }
            }
            // Watch: every minute but a charging break in the morning.
            let chargeStart = integer(390...480)
            let chargeEnd = chargeStart + integer(45...75)
            for minute in 0..<minutes where minute < chargeStart || minute >= chargeEnd {
                let start = midnight + minute * 60
                let value = (rate[minute] * (0.95 + 0.1 * uniform())).rounded()
                data.rows.append(
                    Row(source: 0, start: Int32(start), end: Int32(start + 60), value: Int32(value), day: Int32(day)))
                data.watchCount += 1
            }
            // iPhone: carry periods of 5–15 minutes, gaps of 0–3 minutes, samples of 40–80 s.
            while phoneCursor < nextMidnight {
                let carryEnd = phoneCursor + integer(300...900)
                let factor = 0.75 + 0.2 * uniform()
                while phoneCursor < carryEnd, phoneCursor < nextMidnight {
                    let end = min(carryEnd, phoneCursor + integer(40...80))
                    // Steps under the underlying rate over [phoneCursor, end), minute by minute.
                    var steps = 0.0
                    var time = phoneCursor
                    while time < end {
                        let minute = (time - midnight) / 60
                        let minuteEnd = min(end, midnight + (minute + 1) * 60)
                        steps += rate[min(minute, rate.count - 1)] * Double(minuteEnd - time) / 60
                        time = minuteEnd
                    }
                    data.rows.append(
                        Row(
                            source: 1, start: Int32(phoneCursor), end: Int32(end),
                            value: Int32((steps * factor).rounded()),
                            day: Int32(day)))
                    data.phoneCount += 1
                    phoneCursor = end
                }
                phoneCursor += integer(0...180)
            }
        }
        return data
    }

    /// Saves the rows: the Watch's as the Watch's Health app, the iPhone's as the phone's, in batches of 100,000.
    static func load(_ data: DataSet, into store: HealthDataStore, type: SampleType, fixtures: SampleFixtures) {
        let unit = try! HealthUnit(parsing: "count")
        var random = FastUUIDGenerator(seed: 42)
        for source in [UInt8(0), 1] {
            let revision = fixtures.revisions[source == 0 ? 1 : 0]
            let device = fixtures.devices[source == 0 ? 1 : 0]
            var batch: [Sample] = []
            batch.reserveCapacity(100_000)
            func flush() {
                guard !batch.isEmpty else { return }
                try! store.save(batch, as: revision)
                batch.removeAll(keepingCapacity: true)
            }
            for row in data.rows where row.source == source {
                batch.append(
                    try! Sample.quantity(
                        type: type, quantity: Quantity(Double(row.value), unit),
                        start: Date(timeIntervalSinceReferenceDate: Double(row.start)),
                        end: Date(timeIntervalSinceReferenceDate: Double(row.end)), device: device, uuid: random.uuid())
                )
                if batch.count == 100_000 { flush() }
            }
            flush()
        }
    }

    /// Writes `source,start_epoch,end_epoch,value,local_day` (Unix seconds; local day of the start in America/Los_Angeles).
    static func writeCSV(_ data: DataSet, to url: URL) {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try! FileHandle(forWritingTo: url)
        defer { try! handle.close() }
        let unixOffset = Int(Date.timeIntervalBetween1970AndReferenceDate)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        buffer.append(contentsOf: "source,start_epoch,end_epoch,value,local_day\n".utf8)
        let names = [Array("watch".utf8), Array("iphone".utf8)]
        let labels = data.labels.map { Array($0.utf8) }
        func number(_ value: Int) {
            var value = value
            if value < 0 {
                buffer.append(UInt8(ascii: "-"))
                value = -value
            }
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            )
            var count = 0
            withUnsafeMutableBytes(of: &digits) { raw in
                repeat {
                    raw[count] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    count += 1
                } while value > 0
                for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(raw[index]) }
            }
        }
        for row in data.rows {
            buffer.append(contentsOf: names[Int(row.source)])
            buffer.append(UInt8(ascii: ","))
            number(Int(row.start) + unixOffset)
            buffer.append(UInt8(ascii: ","))
            number(Int(row.end) + unixOffset)
            buffer.append(UInt8(ascii: ","))
            number(Int(row.value))
            buffer.append(UInt8(ascii: ","))
            buffer.append(contentsOf: labels[Int(row.day)])
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count > (1 << 20) - 128 {
                handle.write(Data(buffer))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        handle.write(Data(buffer))
    }
}

import ArgumentParser
import Foundation
import HealthDemoData
import HealthModel
import HealthReports
import HealthStore
import HealthTrends

/// `ohk demo`: generates realistic data into a store and shows what HealthKit-style queries answer about it.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Generate a week of realistic health data into a store and query it.",
        discussion: """
            Two devices (an Apple Watch and an iPhone) count the same walks, and the Watch, a sleep app and the \
            phone's bedtime schedule record the same nights, as in real life; the report shows why raw sums \
            double-count and what merging by source priority gives. The data varies from day to day, has missing \
            days, a week's trip to another time zone, naps, vitals, a scale and workouts with routes \
            (docs/guide/cli.md). It ends with the last day's chart as `ohk trends` draws it. The data lives in memory unless a store is given (--store PATH or OHK_STORE); a store \
            that already holds samples is reported on as it is, without generating more.
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "How many days of data to generate, ending on --date.")
    var days: Int = 7

    @Option(help: "The last day to generate and report on, as yyyy-MM-dd (default: today).")
    var date: String?

    @Option(name: .customLong("tz"), help: "The time zone days are laid out in (default: this machine's).")
    var tz: String?

    /// `--time-zone`, the option's former name, still read (hidden).
    @Option(name: .customLong("time-zone"), help: .hidden)
    var timeZoneAlias: String?

    /// The time zone given with `--tz` (or `--time-zone`).
    var timeZone: String? { tz ?? timeZoneAlias }

    @Option(help: "The seed of the generator; the same seed gives the same data.")
    var seed: UInt64 = 1

    func validate() throws {
        guard (1...3660).contains(days) else {
            throw ValidationError("--days must be between 1 and 3660 (got \(days))")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError(
                "\(tz == nil ? "--time-zone" : "--tz") \"\(timeZone)\" is not a known time zone identifier (e.g. America/Los_Angeles)"
            )
        }
        if let date, DemoCommand.parseDay(date, in: .gmt) == nil {
            throw ValidationError("--date \"\(date)\" is not a day written as yyyy-MM-dd")
        }
    }

    func run() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let lastDay = date.flatMap { DemoCommand.parseDay($0, in: calendar.timeZone) } ?? Date()
        let firstDay = calendar.date(byAdding: .day, value: -(days - 1), to: calendar.startOfDay(for: lastDay))!

        let store: HealthDataStore
        var destination = "an in-memory store"
        var alreadyStored = 0
        if let path = storeOptions.explicitPath {
            store = try StoreOptions.open(path)
            destination = "the store at \(path)"
            alreadyStored = try store.backend.sampleCount()
        } else {
            store = HealthDataStore()
        }
        if alreadyStored > 0 {
            print("OpenHealthKit demo: \(destination) already holds \(alreadyStored) samples; reporting on them")
        } else {
            let clock = ContinuousClock()
            var saved = 0
            let elapsed = try clock.measure {
                saved = try SyntheticHealthData(calendar: calendar, firstDay: firstDay, days: days, seed: seed).save(
                    into: store)
            }
            print(
                "OpenHealthKit demo: \(days) days of generated data from an Apple Watch, an iPhone, a sleep app, a scale and a food app"
            )
            print(
                "Saved \(saved) samples into \(destination) in \(elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))"
            )
        }
        print("")
        for line in try DemoReport(store: store, day: lastDay, calendar: calendar).lines { print(line) }
        print("")
        let glucose = try HealthUnit(parsing: "mmol<180.15588000005408>/L")
        let converted = try glucose.convert(5.4, to: HealthUnit(parsing: "mg/dL"))
        print("Units: 5.4 \(glucose.unitString) of blood glucose is \(String(format: "%.2f", converted)) mg/dL")

        // Last, the day at a glance as `ohk trends` shows it: against the typical day of the generated days before.
        let typicalDays = max(1, days - 1)
        let calculator = try TrendsCalculator(store: store, calendar: calendar, clock: { Date() })
        let trends = try TrendsReport.make(calculator, date: lastDay, days: typicalDays, goalFallback: 500)
        print("")
        print(
            "HealthTrends (ohk trends): the day's active energy by the end of each hour, against the typical day of the \(typicalDays) days before"
        )
        print(trends.chart(), terminator: "")
    }

    /// Midnight at the start of a yyyy-MM-dd day in a time zone.
    static func parseDay(_ text: String, in timeZone: TimeZone) -> Date? {
        guard let day = DateReader.day(text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
    }
}

import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore

/// `ohk workouts [list]`: workouts with distance, climb, energy, pace or speed and heart rate, or their totals.
struct WorkoutsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List workouts with distance, climb, energy, pace or speed and heart rate, or total them.",
        discussion: """
            Heart rate is that of the samples that start during the workout, sources merged by the heart rate \
            type's order (`ohk sources heartRate`), so a Watch and a chest strap count once. Pace (per km) for \
            running, walking, hiking and the like; speed (km/h) for the rest. Ascent and descent are metres climbed \
            and descended along the workout's route, a change counting once the altitude has moved 3 m from the \
            last level counted (GPS jitter left out); without a route, the workout's HKElevationAscended metadata. \
            hr_zones is the time in each heart rate zone (Z1 lowest), by the zones the workout was built with, else \
            the person's (`ohk zones`), from the heart rate samples inside it merged the same way, pauses left out. \
            The table shows the start of each uuid (8 characters, more where two listed workouts share them: enough \
            for `ohk workouts route`), CSV and JSON the whole uuid. --totals week|month|type adds up count, time, distance, ascent and energy.

            Examples:
              ohk workouts --from 2024-01-01 --to 2025-01-01 --tz Europe/Berlin
              ohk workouts --from 2024-01-01 --to 2025-01-01 --totals month
              ohk workouts --totals type --format csv
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Workouts starting from this date (default: 30 days before --to).")
    var from: String?

    @Option(help: "Workouts starting before this date (exclusive; default: tomorrow, so today is in).")
    var to: String?

    @Option(help: "Total by week, month or type instead of listing.")
    var totals: WorkoutReport.Grouping?

    func run() throws {
        let calendar = output.calendar
        let (start, end) = try OptionValues.dayWindow(from: from, to: to, calendar: calendar, defaultDays: 30)
        let store = try storeOptions.openStore(as: clientOptions)
        let workouts = try store.workoutSummaries(from: start, to: end, calendar: calendar)
        let format = output.resolvedFormat
        // Tables in the person's distance unit (miles for en_US); CSV and JSON always in metres and seconds.
        let measures = WorkoutReport.Measures(
            preferredDistanceUnit: store.displayUnit(for: try SampleType.quantity("distanceWalkingRunning")))
        let table =
            totals.map {
                WorkoutReport.totals(workouts, by: $0, calendar: calendar, format: format, measures: measures)
            } ?? WorkoutReport.table(workouts, calendar: calendar, format: format, measures: measures)
        if format == .table, workouts.isEmpty {
            output.write("no workouts in this period\n")
        } else {
            output.write(table.rendered(as: format))
        }
    }
}

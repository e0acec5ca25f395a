import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore

extension WorkoutReport.Grouping: ExpressibleByArgument {}

/// `ohk workouts`: workouts with distance, climb, energy, pace or speed and heart rate, or their totals (the default
/// subcommand, `list`); `ohk workouts route ID` writes a workout's route as GPX or GeoJSON.
struct WorkoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract:
            "List workouts with distance, climb, energy, pace or speed and heart rate, total them, or write a route.",
        discussion: """
            `ohk workouts [options]` lists (the `list` subcommand is the default); `ohk workouts route ID` writes \
            one workout's route. See `ohk workouts list --help` and `ohk workouts route --help`.

            Examples:
              ohk workouts --from 2024-01-01 --to 2025-01-01 --tz Europe/Berlin
              ohk workouts --totals month --format csv
              ohk workouts route 3F2A91C0 --format gpx --output run.gpx
            """,
        subcommands: [WorkoutsListCommand.self, WorkoutsRouteCommand.self],
        defaultSubcommand: WorkoutsListCommand.self)
}

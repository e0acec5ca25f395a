import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

extension WorkoutRouteFile.Format: ExpressibleByArgument {}

/// `ohk workouts route ID --format gpx|geojson [--output FILE]`: a workout's route as a file.
struct WorkoutsRouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Write a workout's route as GPX 1.1 or GeoJSON.",
        discussion: """
            ID is the workout's uuid (the uuid column of `ohk workouts --format csv`) or its start, at least 4 \
            characters, as the table shows it, when no other workout's uuid starts the same way. GPX: one track, one \
            segment per route, each point with lat, lon, ele and time (speed, course and accuracies as extensions). \
            GeoJSON: a Feature with a LineString (a MultiLineString for several routes) of [lon, lat, ele] and the \
            points' times in properties.coordTimes. A workout that does not exist, or that --client may not read, \
            is "no workout" alike (exit 1); a workout without a route says so (exit 1).

            Examples:
              ohk workouts route 3F2A91C0 --format gpx --output run.gpx
              ohk workouts route 3F2A91C0-6D1B-4E8A-9C7D-2B5E8F0A1C3D --format geojson
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions

    @Argument(help: "The workout's uuid, or its first characters (at least 4).")
    var id: String

    @Option(help: "gpx or geojson.")
    var format: WorkoutRouteFile.Format = .gpx

    @Option(help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let store = try storeOptions.openStore(as: clientOptions)
        let found: (workout: Sample, routes: [WorkoutRoute])
        do {
            found = try WorkoutRouteFile.find(id, in: store, allowPrefix: true)
        } catch HealthReportsError.invalidOptions(_, let reason) {
            throw ValidationError("ID: \(reason)")
        }
        let data = WorkoutRouteFile.data(workout: found.workout, routes: found.routes, format: format)
        guard let output else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw HealthReportsError.outputNotWritten(path: output, reason: error.localizedDescription)
        }
    }
}

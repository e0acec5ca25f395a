import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore

/// `ohk sleep`: sleep nights by the day of waking, sources merged by priority, with stages and a summary.
struct SleepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: "Sleep nights by the day you woke up: in bed, asleep, stages, naps, and how regular they were.",
        discussion: """
            A night is shown under the day it ended, as in the Health app. Overlapping sources (a Watch and a sleep \
            app) are merged by the sleep type's source order (`ohk sources sleepAnalysis`), so a night counts once; \
            time in bed (the phone's schedule) is shown beside the stages. Stretches of sleep data more than 90 \
            minutes apart are separate sessions; the one with the most sleep is the day's night, the others naps. \
            Tables show hours:minutes and clock times in --tz; CSV, JSON and NDJSON give minutes and ISO 8601 times.

            Examples:
              ohk sleep --from 2024-03-01 --to 2024-04-01 --tz Europe/Berlin
              ohk sleep --from 2024-10-20 --to 2024-10-28 --format json
              ohk sleep --no-naps --format csv
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "The first waking day, 2024-03-01 (default: 7 days before --to).")
    var from: String?

    @Option(help: "The day after the last waking day (exclusive, as for stats; default: tomorrow, so today is in).")
    var to: String?

    @Flag(name: .customLong("no-naps"), help: "Leave naps out of the list (the summary never counts them).")
    var noNaps = false

    func run() throws {
        let calendar = output.calendar
        let (start, end) = try OptionValues.dayWindow(from: from, to: to, calendar: calendar, defaultDays: 7)
        let last = calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: end))!
        let request: SleepNightsRequest
        do {
            request = try SleepNightsRequest(
                first: calendar.dateComponents([.year, .month, .day], from: start),
                last: calendar.dateComponents([.year, .month, .day], from: max(last, calendar.startOfDay(for: start))),
                calendar: calendar)
        } catch {
            throw ValidationError("\(error)")
        }
        let store = try storeOptions.openStore(as: clientOptions)
        let nights = try store.sleepNights(request)
        let shown = noNaps ? nights.filter { !$0.isNap } : nights
        switch output.resolvedFormat {
        case .json:
            output.write(SleepReport.json(shown, timeZoneName: output.timeZoneName, calendar: calendar))
        case .table:
            let table = SleepReport.table(shown, calendar: calendar, format: .table)
            output.write(
                (shown.isEmpty ? "" : table.rendered(as: .table) + "\n")
                    + SleepReport.summaryText(nights, calendar: calendar))
        case let format:
            output.write(SleepReport.table(shown, calendar: calendar, format: format).rendered(as: format))
        }
    }
}

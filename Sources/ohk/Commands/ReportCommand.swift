import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore

/// `ohk report`: one self-contained HTML file for a period: activity, sleep, heart, body and workouts.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML report of a period: activity, sleep, heart, body and workouts.",
        discussion: """
            The report is one HTML file with its charts inside (SVG, no JavaScript, nothing fetched from the \
            network): open it in a browser, mail it, or print it. Its figures are those of `ohk stats`, `ohk sleep`, \
            `ohk workouts` and `ohk vitals` for the same days and --tz: sources merged by priority, totals cut at \
            local midnight. Periods up to 62 days are charted by day, up to two years by week (from Monday), longer \
            ones by month; a report covers at most ten years.

            Without --from and --to the report covers the 30 days up to the last day with data, so an old export \
            shows its last month. Without --output the file goes to standard output when that is not a terminal, \
            else to ohk-report-FROM-TO.html in the current folder.

            Examples:
              ohk report --from 2024-03-01 --to 2024-04-01 --tz Europe/Berlin --output march.html
              ohk report --from 2024-01-01 --to 2025-01-01 > 2024.html
              ohk report --client com.example.app --output what-the-app-sees.html
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions

    @Option(help: "The first day, 2024-03-01 (default: see above).")
    var from: String?

    @Option(help: "The day after the last day (exclusive, as for stats; default: see above).")
    var to: String?

    @OptionGroup var zone: TimeZoneOptions

    @Option(help: "The file to write (default: see above).")
    var output: String?

    @Option(help: "A name for the title, e.g. \"Alex\".")
    var name: String?

    func run() throws {
        let calendar = zone.calendar
        let store = try storeOptions.openStore(as: clientOptions)
        let window: (start: Date, end: Date)
        if from == nil, to == nil {
            // The 30 days up to the last day with data (today when the store is empty).
            let latest = try store.samples.typeSummaries().map(\.lastEnd).max() ?? Date()
            let end = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: min(latest, Date())))!
            window = (calendar.date(byAdding: .day, value: -30, to: end)!, end)
        } else {
            window = try OptionValues.dayWindow(from: from, to: to, calendar: calendar, defaultDays: 30)
        }
        let start = calendar.startOfDay(for: window.start)
        let end =
            calendar.startOfDay(for: window.end) == window.end
            ? window.end : calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: window.end))!
        let report: PeriodReport
        do {
            report = try PeriodReport.make(
                store: store, from: start, to: end, calendar: calendar, timeZoneName: zone.timeZoneName)
        } catch let error as HealthReportsError {
            throw ValidationError(commandLineMessage(error))
        }
        let page = PeriodReportPage(report: report, person: name, clientName: clientOptions.client, generatedAt: Date())
        let html = page.html
        let path: String?
        if let output {
            path = output
        } else if isatty(STDOUT_FILENO) != 0 {
            let last = calendar.date(byAdding: .day, value: -1, to: end)!
            path =
                "ohk-report-\(DateWriter.format(start, in: calendar.timeZone).prefix(10))-\(DateWriter.format(last, in: calendar.timeZone).prefix(10)).html"
        } else {
            path = nil
        }
        guard let path else {
            FileHandle.standardOutput.write(Data(html.utf8))
            return
        }
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw HealthReportsError.outputNotWritten(path: path, reason: error.localizedDescription)
        }
        FileHandle.standardError.write(
            Data("wrote \(path) (\(page.periodText), \(html.utf8.count / 1024) KiB)\n".utf8))
    }
}

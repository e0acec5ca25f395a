import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthTrends

/// The web page at `/`: for one person as one client sees their store, today's HealthTrends chart and the last
/// 30 days as `ohk report` shows a period (activity, sleep, heart, body, workouts; `PeriodReportPage.sections`), as
/// server-rendered HTML with inline SVG (no JavaScript). Every figure is read through the client's view, so a type it
/// may not read shows "no data", as an empty one does; every text is escaped.
public struct DashboardPage: Sendable {
    /// The person's store as the client sees it.
    public let store: HealthDataStore
    /// The person's name.
    public let person: String
    /// The client's name (shown: "as seen by …").
    public let clientName: String
    /// The calendar whose days are shown (its time zone from the request or the server's default).
    public let calendar: Calendar
    /// The moment the page is for (the server's clock).
    public let now: Date
    /// How many days the daily charts show, today included.
    public static let dayCount = 30

    /// The time zone's name as the page writes it (as the caller gave it: Foundation names a zone made from "UTC" "GMT").
    public let timeZoneName: String

    /// A page; `timeZoneName` defaults to the calendar's time zone identifier.
    public init(
        store: HealthDataStore, person: String, clientName: String, calendar: Calendar, now: Date,
        timeZoneName: String? = nil
    ) {
        self.store = store
        self.person = person
        self.clientName = clientName
        self.calendar = calendar
        self.now = now
        self.timeZoneName = timeZoneName ?? calendar.timeZone.identifier
    }

    /// The HTML document.
    public func html() throws -> String {
        let zone = calendar.timeZone
        let today = calendar.startOfDay(for: now)
        guard let first = calendar.date(byAdding: .day, value: -(Self.dayCount - 1), to: today) else {
            throw HealthServerError.invalidField(
                field: "timeZone", reason: "no calendar days before \(today) in \(timeZoneName)")
        }
        // The last 30 days as `ohk report` shows a period: the same engines, the same charts and tables.
        let report: PeriodReport
        do {
            report = try PeriodReport.make(
                store: store, from: first, to: try dayStart(Self.dayCount, after: first), calendar: calendar,
                timeZoneName: timeZoneName)
        } catch let error as HealthReportsError {
            throw HealthServerError.invalidField(field: "timeZone", reason: error.description)
        }
        var body: [String] = []
        body.append(#"<header><h1>\#(escape("OpenHealthKit: \(person)"))</h1>"#)
        body.append(
            #"<p class="context">\#(escape("As \(clientName) may see it · \(DateWriter.format(now, in: zone)) · time zone \(timeZoneName)")) "#
                + #"(<a href="?timeZone=UTC">UTC</a>; any IANA name as <code>?timeZone=</code>)</p>"#
                + #"<form class="sign-out" method="post" action="/session/delete"><button type="submit">Sign out</button></form></header>"#
        )
        body.append(#"<section id="trends"><h2>Today</h2>"#)
        body.append(
            try trendsChart()
                ?? #"<p class="no-data">no data: no active energy in the last \#(Self.dayCount + 1) days</p>"#)
        body.append("</section>")
        body.append(#"<div id="days"><h2>\#(escape("The last \(Self.dayCount) days"))</h2>"#)
        body.append(PeriodReportPage(report: report, generatedAt: now).sections)
        body.append("</div>")
        return Self.document(title: "OpenHealthKit: \(person)", body: body.joined(separator: "\n"))
    }

    /// Today's HealthTrends chart of active energy against the typical day of the 30 days before; nil when the client
    /// sees no active energy at all in those days (a type it may not read looks empty).
    private func trendsChart() throws -> String? {
        let calculator = try TrendsCalculator(store: store, calendar: calendar, clock: { [now] in now })
        var report = try TrendsReport.make(calculator, date: nil, days: Self.dayCount, goalFallback: 500)
        report.timeZoneName = timeZoneName
        guard report.typicalEndOfDay > 0 || report.rows.contains(where: { ($0.total ?? 0) > 0 }) else { return nil }
        return TrendsChartSVG(report: report).element
    }

    /// The start of the day `offset` days after `first`.
    private func dayStart(_ offset: Int, after first: Date) throws -> Date {
        guard let date = calendar.date(byAdding: .day, value: offset, to: first) else {
            throw HealthServerError.invalidField(
                field: "timeZone", reason: "no day \(offset) days after \(first) in \(timeZoneName)")
        }
        return date
    }

    private func escape(_ text: String) -> String { TrendsChartSVG.escape(text) }

    /// A whole HTML document with the page's style; `body` is HTML already escaped.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>\(TrendsChartSVG.escape(title))</title>
        <style>
        body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: rgb(31,35,40); background: rgb(246,248,250); margin: 0 auto; padding: 16px 24px; max-width: 1000px; }
        h1 { font-size: 22px; margin: 8px 0 4px; }
        h2 { font-size: 18px; margin: 24px 0 8px; }
        .context { color: rgb(87,96,106); margin: 0 0 8px; font-size: 14px; }
        figure { margin: 0 0 16px; }
        svg { display: block; max-width: 100%; height: auto; border: 1px solid rgb(216,222,228); border-radius: 6px; background: rgb(255,255,255); }
        .no-data { padding: 24px; background: rgb(255,255,255); border: 1px solid rgb(216,222,228); border-radius: 6px; color: rgb(87,96,106); }
        form { background: rgb(255,255,255); border: 1px solid rgb(216,222,228); border-radius: 6px; padding: 16px; }
        form.sign-out { background: none; border: none; padding: 0; margin: 0 0 8px; }
        input[type=password] { width: 100%; max-width: 640px; font-family: monospace; padding: 6px; }
        .error { color: rgb(198,40,40); }
        \(PeriodReportPage.componentStyle)
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// The page for a refusal (a bad time zone, an unknown parameter, a store failure).
    static func errorPage(_ error: HealthServerError) -> String {
        document(
            title: "OpenHealthKit: \(error.status.code)",
            body:
                #"<header><h1>OpenHealthKit</h1></header><p class="error">\#(TrendsChartSVG.escape("\(error.status.code) \(error.code): \(error.description)"))</p>"#
        )
    }

    /// The sign-in page (the answer to `/` without a valid token): a form posting the token to `/session`, and why
    /// the last attempt failed when there was one.
    public static func signIn(message: String?) -> String {
        var body = [
            #"<header><h1>OpenHealthKit</h1><p class="context">Sign in with a client token (from <code>ohk clients add PERSON BUNDLE-ID</code>).</p></header>"#
        ]
        if let message { body.append(#"<p class="error">\#(TrendsChartSVG.escape(message))</p>"#) }
        body.append(
            #"<form method="post" action="/session"><label for="token">Token</label><br><input id="token" name="token" type="password" autocomplete="off" required> "#
                + #"<button type="submit">Sign in</button></form>"#)
        return document(title: "OpenHealthKit: sign in", body: body.joined(separator: "\n"))
    }
}

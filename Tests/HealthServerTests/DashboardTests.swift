import Foundation
import HTTPTypes
import HealthModel
import HealthServer
import HealthStore
import HummingbirdTesting
import Testing

@Suite("The web page")
struct DashboardTests {
    /// The fixture's clock is 2024-03-09T16:00:00Z, 08:00 in Los Angeles.
    static let zone = "America/Los_Angeles"

    /// The part of a page from an element's id to the end of its `<svg>`.
    private func chart(_ id: String, in page: String) -> String {
        guard let start = page.range(of: #"id="\#(id)""#) else { return "" }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "</svg>")?.lowerBound ?? rest.endIndex)])
    }

    /// Alice: steps on two days, active energy today and the day before, a night's sleep, a resting heart rate saved by
    /// her Health app (which the steps app may not read); bob: steps of his own.
    private func seed(_ client: any TestClientProtocol, _ fixture: ServerFixture) async throws {
        let steps = fixture.token("alice", "com.example.steps")
        try await client.save(
            [
                HealthServerTests.steps(4321, start: "2024-03-08T09:00:00-08:00", end: "2024-03-08T10:00:00-08:00"),
                HealthServerTests.steps(1234, start: "2024-03-06T09:00:00-08:00", end: "2024-03-06T10:00:00-08:00"),
                #"{"type": "activeEnergyBurned", "startDate": "2024-03-08T12:00:00-08:00", "endDate": "2024-03-08T13:00:00-08:00", "value": 345, "unit": "kcal"}"#,
                #"{"type": "activeEnergyBurned", "startDate": "2024-03-09T06:00:00-08:00", "endDate": "2024-03-09T07:00:00-08:00", "value": 123, "unit": "kcal"}"#,
                #"{"type": "sleepAnalysis", "startDate": "2024-03-08T23:00:00-08:00", "endDate": "2024-03-09T06:30:00-08:00", "value": "asleepCore"}"#,
                #"{"type": "sleepAnalysis", "startDate": "2024-03-08T22:30:00-08:00", "endDate": "2024-03-09T07:00:00-08:00", "value": "inBed"}"#,
            ], token: steps)
        try await client.save(
            [
                #"{"type": "restingHeartRate", "startDate": "2024-03-08T07:00:00-08:00", "value": 57, "unit": "count/min"}"#
            ],
            token: fixture.token("alice", "com.apple.Health"))
        try await client.save(
            [HealthServerTests.steps(98765, start: "2024-03-08T09:00:00-08:00", end: "2024-03-08T10:00:00-08:00")],
            token: fixture.token("bob", "com.example.steps"))
    }

    @Test(
        "The page shows the person's trends chart and the last 30 days as the report shows them, through the client's permissions"
    )
    func pageShowsChartsThroughPermissions() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            try await seed(client, fixture)
            let reply = try await client.call(
                .get, "/?timeZone=\(Self.zone)", token: fixture.token("alice", "com.example.steps"))
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "text/html; charset=utf-8")
            let page = reply.text
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            #expect(!page.contains("<script"), "no JavaScript")
            #expect(!page.contains("<?xml"), "SVG inline, without XML declarations")
            // Today's HealthTrends chart: today's 123 kcal so far, against the typical day.
            #expect(page.contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="960""#))
            #expect(page.contains("Active energy burned on Saturday 2024-03-09 (America/Los_Angeles)"))
            #expect(page.contains(#"<g id="today">"#) && page.contains(#"<g id="typical-day">"#))
            // The report's daily charts, one bar per day with data, units labelled, empty days left out.
            let steps = chart("steps-chart", in: page)
            #expect(
                steps.contains("<title>Mar 8: 4,321 steps</title>")
                    && steps.contains("<title>Mar 6: 1,234 steps</title>"))
            #expect(steps.components(separatedBy: "<rect x=").count - 1 == 2, "two days with steps, 28 gaps")
            #expect(steps.contains(">5,000 steps</text>"))
            #expect(
                page.contains(#"<tr id="steps-figures"><th scope="row">Steps</th><td class="number">5,555 steps</td>"#))
            let energy = chart("active-energy-chart", in: page)
            #expect(
                energy.contains("<title>Mar 8: 345 kcal</title>") && energy.contains("<title>Mar 9: 123 kcal</title>"))
            // 7.5 hours asleep (in bed is not sleep), counted on the morning of waking.
            #expect(
                chart("sleep-chart", in: page).contains(
                    "<title>2024-03-09: asleep 7 h 30 min, in bed 8 h 30 min</title>"))
            // The steps app may not read resting heart rate: no chart, "no data", as if there were none.
            #expect(chart("resting-heart-rate-chart", in: page).isEmpty && !page.contains("bpm"))
            #expect(page.contains(#"<section id="heart"><h2>Heart</h2><p class="empty">No data in this period.</p>"#))
            // The person's Health app sees it.
            let health = try await client.call(
                .get, "/?timeZone=\(Self.zone)", token: fixture.token("alice", "com.apple.Health"))
            #expect(chart("resting-heart-rate-chart", in: health.text).contains("<title>Mar 8: 57 bpm</title>"))
        }
    }

    @Test("Another person's data never appears, and a bad token gets 401 and no data")
    func otherPeopleAndBadTokens() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            try await seed(client, fixture)
            let alice = try await client.call(
                .get, "/?timeZone=\(Self.zone)", token: fixture.token("alice", "com.example.steps")
            ).text
            let bob = try await client.call(
                .get, "/?timeZone=\(Self.zone)", token: fixture.token("bob", "com.example.steps")
            ).text
            #expect(alice.contains("4,321") && !alice.contains("98,765") && !alice.contains("98765"))
            #expect(
                bob.contains("98,765") && !bob.contains("4,321") && !bob.contains("4321") && !bob.contains("345 kcal")
                    && bob.contains("OpenHealthKit: bob"))
            let alicesToken = fixture.token("alice", "com.example.steps")
            let forged = String(alicesToken.dropLast()) + (alicesToken.hasSuffix("0") ? "1" : "0")
            for headers: HTTPFields in [
                [.authorization: "Bearer \(forged)"], [.cookie: "ohk_token=\(forged)"],
                [.authorization: "Bearer nonsense"], [:],
            ] {
                let reply = try await client.call(.get, "/?timeZone=\(Self.zone)", token: nil, headers: headers)
                #expect(reply.status == .unauthorized, "\(headers)")
                #expect(reply.text.contains(#"<form method="post" action="/session">"#))
                #expect(
                    !reply.text.contains("4321") && !reply.text.contains("4,321") && !reply.text.contains("<svg")
                        && !reply.text.contains("alice"))
            }
            // A bad cookie is cleared.
            let cleared = try await client.call(.get, "/", token: nil, headers: [.cookie: "ohk_token=\(forged)"])
            #expect(cleared.headers[.setCookie]?.contains("Max-Age=0") == true)
        }
    }

    @Test(
        "A browser signs in by the form or ?token=: a redirect with an HttpOnly, SameSite=Strict cookie that only the page accepts"
    )
    func signInSetsCookie() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            try await seed(client, fixture)
            let token = fixture.token("alice", "com.example.steps")
            let byQuery = try await client.call(.get, "/?token=\(token)&timeZone=Europe/Berlin", token: nil)
            #expect(byQuery.status == .seeOther)
            #expect(byQuery.headers[.location] == "/?timeZone=Europe/Berlin")
            let cookie = try #require(byQuery.headers[.setCookie])
            #expect(
                cookie.hasPrefix("ohk_token=\(token);") && cookie.contains("HttpOnly")
                    && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure"), "plain HTTP on loopback")
            let byForm = try await client.call(
                .post, "/session", token: nil, body: "token=\(token)",
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(byForm.status == .seeOther && byForm.headers[.location] == "/")
            let attributes = { (text: String?) in
                Set((text ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
            }
            #expect(attributes(byForm.headers[.setCookie]) == attributes(cookie))
            let behindProxy = try await client.call(
                .post, "/session", token: nil, body: "token=\(token)",
                headers: [
                    .contentType: "application/x-www-form-urlencoded", HTTPField.Name("X-Forwarded-Proto")!: "https",
                ])
            #expect(behindProxy.headers[.setCookie]?.contains("Secure") == true)
            // The cookie opens the page, not the JSON API.
            let page = try await client.call(
                .get, "/?timeZone=\(Self.zone)", token: nil, headers: [.cookie: "ohk_token=\(token)"])
            #expect(page.status == .ok && page.text.contains("<title>Mar 8: 4,321 steps</title>"))
            #expect(
                try await client.call(
                    .get, "/samples?type=stepCount", token: nil, headers: [.cookie: "ohk_token=\(token)"]
                ).status == .unauthorized)
            // Bad tokens: no cookie, the sign-in page.
            for reply in [
                try await client.call(
                    .get, "/?token=ohk_0000000000000000_\(String(repeating: "0", count: 64))", token: nil),
                try await client.call(
                    .post, "/session", token: nil, body: "token=wrong",
                    headers: [.contentType: "application/x-www-form-urlencoded"]),
                // Not form encoding: no token (it once stopped the server).
                try await client.call(
                    .post, "/session", token: nil, body: #"{"token": "x"}"#,
                    headers: [.contentType: "application/x-www-form-urlencoded"]),
                try await client.call(
                    .post, "/session", token: nil, body: "token=%zz",
                    headers: [.contentType: "application/x-www-form-urlencoded"]),
            ] {
                #expect(
                    reply.status == .unauthorized && reply.headers[.setCookie] == nil
                        && reply.text.contains("Not signed in"))
            }
            #expect(
                try await client.call(.post, "/session", token: nil, body: #"{"token": "x"}"#).status == .badRequest)
        }
    }

    @Test("The page names the time zone as given: UTC stays UTC in the header and the captions")
    func timeZoneNameAsGiven() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            try await seed(client, fixture)
            let page = try await client.call(.get, "/?timeZone=UTC", token: fixture.token("alice", "com.example.steps"))
            #expect(page.status == .ok, "\(page.text)")
            #expect(page.text.contains("time zone UTC"))
            #expect(page.text.contains("day (UTC)"))
            #expect(!page.text.contains("GMT"))
        }
    }

    @Test("Signing out clears the cookie and goes back to the sign-in page; the page has the button")
    func signOutClearsCookie() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            let token = fixture.token("alice", "com.example.steps")
            let page = try await client.call(
                .get, "/?timeZone=\(Self.zone)", token: nil, headers: [.cookie: "ohk_token=\(token)"])
            #expect(page.text.contains(#"<form class="sign-out" method="post" action="/session/delete">"#))
            let out = try await client.call(
                .post, "/session/delete", token: nil, body: "",
                headers: [.cookie: "ohk_token=\(token)", .contentType: "application/x-www-form-urlencoded"])
            #expect(out.status == .seeOther && out.headers[.location] == "/")
            let cookie = try #require(out.headers[.setCookie])
            #expect(
                cookie.hasPrefix("ohk_token=;") && cookie.contains("Max-Age=0") && cookie.contains("HttpOnly")
                    && cookie.contains("Path=/"))
            // Without the cookie the page is the sign-in page again.
            let after = try await client.call(.get, "/", token: nil)
            #expect(after.status == .unauthorized && after.text.contains(#"action="/session""#))
        }
    }

    @Test("Texts are escaped, and a bad time zone or parameter is an HTML 400 naming it")
    func escapingAndBadParameters() async throws {
        let fixture = try ServerFixture()
        let (_, token) = try fixture.server.registry.addClient(
            person: "alice", bundleIdentifier: "com.example.odd", name: "<script>alert(\"x\")</script> & co", share: [],
            read: ["stepCount"],
            fullAccess: false, now: ServerFixture.fixedNow)
        try await fixture.withRouter { client in
            let page = try await client.call(.get, "/", token: token.text)
            #expect(page.status == .ok)
            #expect(
                page.text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co")
                    && !page.text.contains("<script"))
            #expect(
                page.text.contains("time zone \(TimeZone(identifier: "UTC")!.identifier)"),
                "the server's default time zone")
            // Nothing readable: "no data" everywhere: the trends chart, the overview and the five sections.
            #expect(page.text.components(separatedBy: #"class="no-data""#).count - 1 == 1)
            #expect(page.text.components(separatedBy: #"class="empty""#).count - 1 == 6)
            let zone = try await client.call(.get, "/?timeZone=Mars/Olympus", token: token.text)
            #expect(
                zone.status == .badRequest && zone.headers[.contentType] == "text/html; charset=utf-8"
                    && zone.text.contains("Mars/Olympus"))
            let unknown = try await client.call(.get, "/?tz=<b>", token: token.text)
            #expect(
                unknown.status == .badRequest && unknown.text.contains("&lt;b&gt;") == false
                    && unknown.text.contains("tz"))
        }
    }

    @Test(
        "The 30 days across a DST change are 30 calendar days, each with its own figure",
        arguments: ["Europe/Berlin", "America/Los_Angeles"])
    func daysAcrossDaylightSavingTime(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // 2024-04-05 noon: the 30 days back include Los Angeles's March 10 and Berlin's March 31.
        let now = try #require(calendar.date(from: DateComponents(year: 2024, month: 4, day: 5, hour: 12)))
        let store = HealthDataStore()
        let type = try SampleType.quantity("stepCount")
        var samples: [Sample] = []
        for back in 0..<30 {
            let day = try #require(calendar.date(byAdding: .day, value: -back, to: calendar.startOfDay(for: now)))
            let start = day.addingTimeInterval(3600)  // 01:00 local (02:00 may not exist)
            samples.append(
                try .quantity(
                    type: type, quantity: Quantity(Double(1000 + back), .count), start: start,
                    end: start.addingTimeInterval(600)))
        }
        try store.save(
            samples,
            as: SourceRevision(source: Source(name: "Health", bundleIdentifier: "com.apple.Health"), version: "1"))
        let page = try DashboardPage(store: store, person: "alice", clientName: "Health", calendar: calendar, now: now)
            .html()
        for back in 0..<30 {
            #expect(page.contains(": 1,0\(String(format: "%02d", back)) steps</title>"), "day \(back) back")
        }
        #expect(
            page.contains("<title>Mar 7: 1,029 steps</title>") && page.contains("<title>Apr 5: 1,000 steps</title>"))
    }
}

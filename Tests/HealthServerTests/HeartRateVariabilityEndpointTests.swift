import Foundation
import HTTPTypes
import HealthServer
import HealthTestSupport
import Testing

@Suite(
    "GET /hrv: RMSSD, SDNN and pNN50 from beat-to-beat data through the client's permissions",
    .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
struct HeartRateVariabilityEndpointTests {
    @Test(
        "The imported record's figures per measurement and per night for a full-access reader; none for an app without the heartbeat series grant; bad parameters name their field"
    )
    func figuresThroughPermissions() async throws {
        let fixture = try ServerFixture()
        let health = fixture.token("alice", "com.apple.Health")
        let body = try String(contentsOf: SharedFixtures.url("ipyhealth-export.xml"), encoding: .utf8)
        try await fixture.withRouter { client in
            let imported = try await client.call(
                .post, "/import", token: health, body: body, headers: [.contentType: "application/xml"])
            #expect(imported.status == .ok)
            let days = "startDay=2020-04-11&endDay=2020-04-12&timeZone=Africa/Johannesburg"
            let measurements = try await client.call(.get, "/hrv?\(days)&by=measurement", token: health)
            #expect(measurements.status == .ok, "\(measurements.text)")
            #expect(measurements.json["by"] as? String == "measurement")
            let rows = try #require(measurements.json["rows"] as? [[String: Any]])
            try #require(rows.count == 1)
            // 46 intervals and 41 differences: RMSSD 34.18 ms, pNN50 4 / 41 = 9.8 %, SDNN 46.35 ms (Apple: 45.96).
            #expect(rows[0]["beats"] as? Double == 46)
            #expect(rows[0]["differences"] as? Double == 41)
            #expect(rows[0]["rmssd_ms"] as? Double == 34.2)
            #expect(rows[0]["pnn50_pct"] as? Double == 9.8)
            #expect(rows[0]["sdnn_ms"] as? Double == 46.4)
            let nights = try await client.call(.get, "/hrv?\(days)", token: health)
            let night = try #require((nights.json["rows"] as? [[String: Any]])?.first)
            #expect(night["night"] as? String == "2020-04-12")
            #expect(night["window"] as? String == "assumed")
            #expect((nights.json["summary"] as? [String: Any])?["rmssd_ms"] as? Double == 34.2)
            // The steps app may not read heartbeat series: no rows, as for a person without any.
            let steps = try await client.call(
                .get, "/hrv?\(days)&by=measurement", token: fixture.token("alice", "com.example.steps"))
            #expect(steps.status == .ok)
            #expect((steps.json["rows"] as? [Any])?.isEmpty == true)
            let bad = try await client.call(.get, "/hrv?\(days)&by=week", token: health)
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("\"by\""))
        }
    }
}

import Foundation
import HealthServer
import Testing

@Suite("GET /sleep: nights by waking day through the client's permissions, as ohk sleep computes them")
struct SleepEndpointTests {
    @Test(
        "A night recorded by two apps counts once for a reader of both; an app without the sleep grant sees nothing of it; another person sees none"
    )
    func nightsThroughPermissions() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let health = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            // The steps app: core sleep 23:00–06:30 and in bed 22:30–07:00; the Health app: asleep 22:45–07:15.
            try await client.save(
                [
                    #"{"type": "sleepAnalysis", "startDate": "2024-03-08T23:00:00-08:00", "endDate": "2024-03-09T06:30:00-08:00", "value": "asleepCore"}"#,
                    #"{"type": "sleepAnalysis", "startDate": "2024-03-08T22:30:00-08:00", "endDate": "2024-03-09T07:00:00-08:00", "value": "inBed"}"#,
                ], token: steps)
            try await client.save(
                [
                    #"{"type": "sleepAnalysis", "startDate": "2024-03-08T22:45:00-08:00", "endDate": "2024-03-09T07:15:00-08:00", "value": "asleepUnspecified"}"#
                ], token: health)
            let uri = "/sleep?startDay=2024-03-08&endDay=2024-03-10&timeZone=America/Los_Angeles"

            let all = try await client.call(.get, uri, token: health)
            #expect(all.status == .ok, "\(all.text)")
            let nights = try #require(all.json["nights"] as? [[String: Any]])
            try #require(nights.count == 1)
            #expect(nights[0]["night"] as? String == "2024-03-09")
            // The Health app (an Apple source) ranks above the steps app: its 22:45–07:15 counts (510 min) and the core
            // sleep under it adds nothing, 510 minutes, not the 960 of both.
            #expect(nights[0]["asleep"] as? Double == 510)
            #expect(nights[0]["core"] as? Double == 0)
            #expect(nights[0]["unspecified"] as? Double == 510)
            #expect(nights[0]["in_bed"] as? Double == 510)
            #expect(all.json["timeZone"] as? String == "America/Los_Angeles")
            #expect((all.json["summary"] as? [String: Any])?["nights"] as? Double == 1)

            // The steps app reads sleep too: the same night.
            let reader = try await client.call(.get, uri, token: steps)
            #expect((reader.json["nights"] as? [[String: Any]])?.first?["asleep"] as? Double == 510)
            // The pressure app may not read sleep and saved none: no nights, exactly like a person without sleep data.
            let pressure = try await client.call(.get, uri, token: fixture.token("alice", "com.example.pressure"))
            #expect(pressure.status == .ok)
            #expect((pressure.json["nights"] as? [Any])?.isEmpty == true)
            let bob = try await client.call(.get, uri, token: fixture.token("bob", "com.example.steps"))
            #expect((bob.json["nights"] as? [Any])?.isEmpty == true)
            #expect(
                try await client.call(.get, uri, token: nil).status == .unauthorized)
        }
    }
}

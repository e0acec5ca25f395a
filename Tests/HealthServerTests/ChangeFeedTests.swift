import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Synchronization
import Testing

@Suite("Change feed and statistics endpoints")
struct ChangeFeedTests {
    @Test("The anchored feed returns saved samples, then deletions, then nothing new with the same anchor")
    func feedReturnsDeletions() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            let saved = try await client.save(
                [
                    steps(1, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z"),
                    steps(2, start: "2024-03-10T09:00:00Z", end: "2024-03-10T10:00:00Z"),
                    #"{"type": "heartRate", "startDate": "2024-03-10T08:00:00Z", "value": 61, "unit": "count/min"}"#,
                ], token: token)
            let uuids = try #require(saved.json["saved"] as? [String])
            let first = try await client.call(.get, "/changes?type=stepCount", token: token)
            #expect(first.samples.count == 2)
            let anchor = try #require(first.json["anchor"] as? Double)

            let deleted = try await client.call(.delete, "/samples?uuid=\(uuids[0])", token: token)
            #expect(deleted.status == .ok)
            let second = try await client.call(.get, "/changes?type=stepCount&anchor=\(Int(anchor))", token: token)
            #expect(second.samples.isEmpty)
            let deletions = try #require(second.json["deletions"] as? [[String: Any]])
            #expect(deletions.map { $0["uuid"] as? String } == [uuids[0]])
            #expect(deletions.first?["type"] as? String == "HKQuantityTypeIdentifierStepCount")
            let next = try #require(second.json["anchor"] as? Double)
            #expect(next > anchor)

            let third = try await client.call(.get, "/changes?type=stepCount&anchor=\(Int(next))", token: token)
            #expect(third.samples.isEmpty && (third.json["deletions"] as? [Any])?.isEmpty == true)
            #expect(third.json["anchor"] as? Double == next)

            // Limits page through the log; several types in one feed.
            let paged = try await client.call(.get, "/changes?type=stepCount,heartRate&limit=1", token: token)
            #expect(paged.samples.count == 1)
        }
    }

    @Test("An anchor older than the remembered deletions is refused with 410, naming the anchor")
    func expiredAnchor() async throws {
        let now = Mutex(ServerFixture.fixedNow)
        let fixture = try ServerFixture { configuration in
            configuration.deletionLifetime = 3600
            configuration.now = { now.withLock { $0 } }
        }
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            let saved = try await client.save(
                [steps(1, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: token)
            let uuid = try #require((saved.json["saved"] as? [String])?.first)
            #expect(try await client.call(.delete, "/samples?uuid=\(uuid)", token: token).status == .ok)
            now.withLock { $0 += 7200 }
            try await client.save([steps(2, start: "2024-03-10T10:00:00Z", end: "2024-03-10T11:00:00Z")], token: token)
            let expired = try await client.call(.get, "/changes?type=stepCount&anchor=1", token: token)
            #expect(expired.status == .gone, "\(expired.text)")
            #expect(expired.errorField == "anchor")
            #expect(try await client.call(.get, "/changes?type=stepCount", token: token).samples.count == 1)
        }
    }

    @Test("A long-poll with nothing new answers when a commit arrives, or empty when the wait ends")
    func longPoll() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            let clock = ContinuousClock()
            let idleStart = clock.now
            let idle = try await client.call(.get, "/changes?type=stepCount&wait=1", token: token)
            #expect(idle.status == .ok)
            #expect(idle.samples.isEmpty)
            #expect(clock.now - idleStart >= .milliseconds(900))

            let waiting = Task { try await client.call(.get, "/changes?type=stepCount&anchor=0&wait=20", token: token) }
            try await Task.sleep(for: .milliseconds(300))
            let started = clock.now
            try await client.save([steps(42, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: token)
            let answer = try await waiting.value
            #expect(clock.now - started < .seconds(10))
            #expect(answer.samples.map { $0["value"] as? Double } == [42])
        }
    }

    @Test("Activity summaries are computed per day in the time zone, for clients that may read them")
    func activitySummaries() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save(
                [
                    #"{"type": "activeEnergyBurned", "startDate": "2024-03-10T08:00:00-07:00", "endDate": "2024-03-10T09:00:00-07:00", "value": 300, "unit": "kcal"}"#,
                    #"{"type": "activeEnergyBurned", "startDate": "2024-03-10T23:30:00-07:00", "endDate": "2024-03-10T23:45:00-07:00", "value": 50, "unit": "kJ"}"#,
                ], token: steps)
            let uri = "/activity-summaries?startDay=2024-03-10&endDay=2024-03-11&timeZone=America/Los_Angeles"
            let reply = try await client.call(.get, uri, token: fixture.token("alice", "com.apple.Health"))
            #expect(reply.status == .ok, "\(reply.text)")
            let summaries = try #require(reply.json["summaries"] as? [[String: Any]])
            // A day without data has no summary.
            #expect(summaries.map { $0["day"] as? String } == ["2024-03-10"])
            let energy = try #require(summaries.first?["activeEnergyBurned"] as? [String: Any])
            #expect(energy["unit"] as? String == "kcal")
            #expect(abs((energy["value"] as? Double ?? 0) - (300 + 50 / 4.184)) < 0.001)
            let denied = try await client.call(.get, uri, token: fixture.token("alice", "com.example.reader"))
            #expect(denied.status == .ok)
            #expect((denied.json["summaries"] as? [Any])?.isEmpty == true, "\(denied.text)")
            let bad = try await client.call(
                .get, "/activity-summaries?startDay=2024-02-30&endDay=2024-03-01", token: steps)
            #expect(bad.errorField == "startDay")
        }
    }

    @Test("Statistics answer with the JSON of `ohk stats`, per day over a spring-forward day in Los Angeles, by source")
    func statisticsCollection() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let reader = fixture.token("alice", "com.example.reader")
        try await fixture.withRouter { client in
            try await client.save(
                [
                    HealthServerTests.steps(1000, start: "2024-03-09T23:00:00-08:00", end: "2024-03-10T01:00:00-08:00"),
                    HealthServerTests.steps(500, start: "2024-03-10T12:00:00-07:00", end: "2024-03-10T13:00:00-07:00"),
                ], token: steps)
            try await client.save(
                [HealthServerTests.steps(200, start: "2024-03-10T12:00:00-07:00", end: "2024-03-10T12:30:00-07:00")],
                token: reader)
            let order = try await client.call(
                .put, "/sources/priority?type=stepCount", token: fixture.token("alice", "com.apple.Health"),
                body: #"{"order": ["com.example.steps", "com.example.reader"]}"#)
            #expect(order.status == .ok)
            let uri =
                "/statistics/collection?type=stepCount&startDate=2024-03-09&endDate=2024-03-12&interval=1d&timeZone=America/Los_Angeles&bySource=true"
            let reply = try await client.call(.get, uri, token: steps)
            #expect(reply.status == .ok, "\(reply.text)")
            #expect(reply.json["timeZone"] as? String == "America/Los_Angeles")
            let days = try #require(reply.json["statistics"] as? [[String: Any]])
            #expect(
                days.map { $0["start"] as? String } == [
                    "2024-03-09T00:00:00-08:00", "2024-03-10T00:00:00-08:00", "2024-03-11T00:00:00-07:00",
                ])
            #expect(days[1]["end"] as? String == "2024-03-11T00:00:00-07:00")
            // The first sample is prorated across midnight; the reader's overlapping walk is merged away.
            #expect(days.map { $0["sum"] as? Double } == [500, 1000, nil])
            #expect(
                ((days[1]["sources"] as? [String: Any])?["com.example.reader"] as? [String: Any])?["sum"] as? Double
                    == 200)

            let whole = try await client.call(
                .get,
                "/statistics?type=stepCount&startDate=2024-03-10T00:00:00-08:00&endDate=2024-03-11T00:00:00-07:00&options=sum,duration",
                token: steps)
            #expect(whole.status == .ok, "\(whole.text)")
            let row = try #require((whole.json["statistics"] as? [[String: Any]])?.first)
            #expect(row["sum"] as? Double == 500)
            #expect(row["duration"] as? Double == 3600)
            #expect(whole.text.hasPrefix(#"{"type":"HKQuantityTypeIdentifierStepCount","unit":"count","timeZone":"#))
            // The zone is named as the caller named it (Foundation calls a zone made from "UTC" "GMT"); UTC by default.
            #expect(whole.json["timeZone"] as? String == "UTC")
            for name in ["UTC", "GMT", "Etc/UTC"] {
                let named = try await client.call(
                    .get, "/statistics?type=stepCount&startDate=2024-03-10&endDate=2024-03-11&timeZone=\(name)",
                    token: steps)
                #expect(named.json["timeZone"] as? String == name, "\(named.text)")
            }

            let berlin = try await client.call(
                .get,
                "/statistics/collection?type=heartRate&interval=1h&startDate=2024-03-31T01:00&endDate=2024-03-31T04:00&timeZone=Europe/Berlin",
                token: steps)
            #expect(
                (berlin.json["statistics"] as? [[String: Any]])?.map { $0["start"] as? String }
                    == ["2024-03-31T01:00:00+01:00", "2024-03-31T03:00:00+02:00"])
        }
    }
}

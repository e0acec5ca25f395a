import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Testing

/// A step sample with a sync identifier and version.
private func versioned(_ value: Int, _ version: Int) -> String {
    #"{"type": "stepCount", "startDate": "2024-03-10T08:00:00Z", "endDate": "2024-03-10T09:00:00Z", "value": \#(value), "unit": "count", "metadata": {"HKMetadataKeySyncIdentifier": "day-1", "HKMetadataKeySyncVersion": \#(version)}}"#
}

@Suite("Sample endpoints")
struct SampleEndpointTests {
    @Test("Health and metrics answer without a token; every response carries a request id")
    func healthAndMetrics() async throws {
        try await ServerFixture().withRouter { client in
            let health = try await client.call(.get, "/health", token: nil)
            #expect(health.status == .ok)
            #expect(health.json["status"] as? String == "ok")
            #expect((health.headers[HTTPField.Name("X-Request-Id")!] ?? "").count >= 8)
            // Off without a metrics token (see metricsNeedTheOperatorsToken); the fixture's token opens it.
            let metrics = try await client.call(.get, "/metrics", token: ServerFixture.metricsToken)
            #expect(metrics.status == .ok)
            #expect(metrics.text.contains("ohk_http_requests_total{method=\"GET\",route=\"/health\",status=\"200\"} 1"))
            #expect(metrics.text.contains("ohk_open_stores"))
        }
    }

    @Test("A batch of quantity, category, correlation and workout samples is saved and read back")
    func saveEveryKind() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let pressure = fixture.token("alice", "com.example.pressure")
        try await fixture.withRouter { client in
            let saved = try await client.save(
                [
                    HealthServerTests.steps(1200, start: "2024-03-10T08:00:00-07:00", end: "2024-03-10T09:00:00-07:00"),
                    #"{"type": "HKCategoryTypeIdentifierSleepAnalysis", "startDate": "2024-03-10T01:00:00-08:00", "endDate": "2024-03-10T05:30:00-07:00", "value": "asleepCore"}"#,
                    #"""
                    {"type": "workout", "startDate": "2024-03-10T10:00:00+01:00", "endDate": "2024-03-10T10:45:00+01:00", "activityType": "running",
                     "events": [{"type": "pause", "startDate": "2024-03-10T10:20:00+01:00"}, {"type": "resume", "startDate": "2024-03-10T10:25:00+01:00"}],
                     "statistics": [{"type": "activeEnergyBurned", "sum": {"value": 410, "unit": "kcal"}}],
                     "metadata": {"HKIndoorWorkout": false, "HKMetadataKeySyncIdentifier": "run-1", "HKMetadataKeySyncVersion": 1},
                     "device": {"name": "Apple Watch", "model": "Watch"}}
                    """#,
                ], token: steps)
            #expect((saved.json["saved"] as? [String])?.count == 3)
            try await client.save(
                [
                    #"""
                    {"type": "bloodPressure", "startDate": "2024-03-10T07:00:00Z", "objects": [
                      {"type": "bloodPressureSystolic", "startDate": "2024-03-10T07:00:00Z", "value": 120, "unit": "mmHg"},
                      {"type": "bloodPressureDiastolic", "startDate": "2024-03-10T07:00:00Z", "value": 80, "unit": "mmHg"}]}
                    """#
                ], token: pressure)

            let stepReply = try await client.call(.get, "/samples?type=stepCount&timeZone=Europe/Berlin", token: steps)
            #expect(stepReply.status == .ok)
            let step = try #require(stepReply.samples.first)
            #expect(step["value"] as? Double == 1200)
            #expect(step["unit"] as? String == "count")
            #expect(step["startDate"] as? String == "2024-03-10T16:00:00+01:00")
            #expect((step["source"] as? [String: Any])?["bundleIdentifier"] as? String == "com.example.steps")

            let sleep = try #require(
                try await client.call(.get, "/samples?type=sleepAnalysis", token: steps).samples.first)
            #expect(sleep["valueName"] as? String == "asleepCore")
            #expect(sleep["value"] as? Double == 3)

            let workout = try #require(try await client.call(.get, "/samples?type=workout", token: steps).samples.first)
            #expect(workout["activityType"] as? String == "running")
            #expect(workout["duration"] as? Double == 2400)
            #expect((workout["events"] as? [Any])?.count == 2)
            #expect((workout["metadata"] as? [String: Any])?["HKMetadataKeySyncIdentifier"] as? String == "run-1")
            #expect((workout["device"] as? [String: Any])?["name"] as? String == "Apple Watch")

            let metrics = try await client.call(.get, "/metrics", token: ServerFixture.metricsToken)
            #expect(
                metrics.text.contains("ohk_samples_saved_total 6"), "three samples, a correlation and its two members")
            let correlation = try #require(
                try await client.call(.get, "/samples?type=bloodPressure", token: pressure).samples.first)
            #expect((correlation["objects"] as? [Any])?.count == 2)
            let diastolic = try await client.call(
                .get, "/samples?type=bloodPressureDiastolic&unit=kPa", token: pressure)
            #expect(diastolic.samples.first?["unit"] as? String == "kPa")
        }
    }

    @Test("A sync identifier with a higher version replaces the stored sample; a lower one is ignored")
    func syncIdentifierRules() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save([versioned(100, 1)], token: token)
            let newer = try await client.save([versioned(200, 2)], token: token)
            #expect((newer.json["replaced"] as? [String])?.count == 1)
            let older = try await client.save([versioned(50, 1)], token: token)
            #expect((older.json["ignored"] as? [String])?.count == 1)
            let stored = try await client.call(.get, "/samples?type=stepCount", token: token)
            #expect(stored.samples.map { $0["value"] as? Double } == [200])
        }
    }

    @Test("Queries take a window with strict edges, sources, sort and limit, and page with a cursor")
    func queryAndPaging() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.example.steps")
        let health = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            // 25 half-hour samples, one an hour from 2024-03-10T00:00Z, saved in two batches out of order.
            let midnight = Date(timeIntervalSince1970: 1_710_028_800)
            let formatter = ISO8601DateFormatter()
            let all = (0..<25).map { hour in
                let start = midnight.addingTimeInterval(Double(hour) * 3600)
                return steps(
                    Double(hour), start: formatter.string(from: start),
                    end: formatter.string(from: start.addingTimeInterval(1800)))
            }
            try await client.save(Array(all[12...]), token: token)
            try await client.save(Array(all[..<12]), token: token)
            try await client.save([steps(7, start: "2024-03-10T03:00:00Z", end: "2024-03-10T03:10:00Z")], token: health)

            var seen: [Double] = []
            var cursor: String?
            var pages = 0
            repeat {
                let uri =
                    "/samples?type=stepCount&source=com.example.steps&limit=10" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.call(.get, uri, token: token)
                #expect(page.status == .ok, "\(page.text)")
                seen += page.samples.compactMap { $0["value"] as? Double }
                cursor = page.json["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 10
            #expect(pages == 3)
            #expect(seen == (0..<25).map(Double.init))

            let newestFirst = try await client.call(
                .get, "/samples?type=stepCount&sort=-startDate&limit=2", token: token)
            #expect(newestFirst.samples.map { $0["value"] as? Double } == [24, 23])

            // A window [02:15, 04:00): overlapping samples by default, only those starting inside with strictStartDate.
            let window =
                "/samples?type=stepCount&source=com.example.steps&startDate=2024-03-10T02:15:00Z&endDate=2024-03-10T04:00:00Z"
            #expect(try await client.call(.get, window, token: token).samples.map { $0["value"] as? Double } == [2, 3])
            #expect(
                try await client.call(.get, window + "&strictStartDate=true", token: token).samples.map {
                    $0["value"] as? Double
                } == [3])
            let bothSources = try await client.call(
                .get, "/samples?type=stepCount&startDate=2024-03-10T03:00:00Z&endDate=2024-03-10T03:30:00Z",
                token: token)
            #expect(bothSources.samples.count == 2)

            let wrongOrder = try await client.call(
                .get,
                "/samples?type=stepCount&sort=-startDate&cursor=\(try #require(newestFirst.json["nextCursor"] as? String))",
                token: token)
            #expect(wrongOrder.status == .ok)
            let mismatched = try await client.call(
                .get,
                "/samples?type=stepCount&sort=endDate&cursor=\(try #require(newestFirst.json["nextCursor"] as? String))",
                token: token)
            #expect(mismatched.status == .badRequest)
            #expect(mismatched.errorField == "cursor")
        }
    }

    @Test(
        "Deletes by uuid are all-or-nothing and own-data-only; deletes by type and window touch only the client's samples"
    )
    func deletes() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let reader = fixture.token("alice", "com.example.reader")
        try await fixture.withRouter { client in
            let mine = try await client.save(
                [
                    HealthServerTests.steps(10, start: "2024-03-10T08:00:00Z", end: "2024-03-10T08:10:00Z"),
                    HealthServerTests.steps(20, start: "2024-03-10T09:00:00Z", end: "2024-03-10T09:10:00Z"),
                ], token: steps)
            let mineUUIDs = try #require(mine.json["saved"] as? [String])
            let theirs = try await client.save(
                [HealthServerTests.steps(5, start: "2024-03-10T08:30:00Z", end: "2024-03-10T08:40:00Z")], token: reader)
            let theirUUID = try #require((theirs.json["saved"] as? [String])?.first)

            // Another app's sample that this client can see: refused, and nothing of the batch is deleted.
            let refused = try await client.call(
                .delete, "/samples?uuid=\(mineUUIDs[0])&uuid=\(theirUUID)", token: steps)
            #expect(refused.status == .forbidden)
            #expect(try await client.call(.get, "/samples?type=stepCount", token: steps).samples.count == 3)
            // An object that does not exist (or that the client cannot see) is not found.
            let missing = try await client.call(.delete, "/samples?uuid=\(UUID().uuidString)", token: steps)
            #expect(missing.status == .notFound)
            #expect(missing.errorField == "uuid")
            let notUUID = try await client.call(.delete, "/samples?uuid=nope", token: steps)
            #expect(notUUID.errorField == "uuid[0]")

            // By type and window: only the client's own samples go.
            let window = try await client.call(
                .delete, "/samples?type=stepCount&startDate=2024-03-10T00:00:00Z&endDate=2024-03-11T00:00:00Z",
                token: steps)
            #expect(window.status == .ok)
            #expect(Set(window.json["deleted"] as? [String] ?? []) == Set(mineUUIDs))
            #expect(try await client.call(.get, "/samples?type=stepCount", token: steps).uuids == [theirUUID])
            let noWindow = try await client.call(.delete, "/samples?type=stepCount", token: steps)
            #expect(noWindow.status == .badRequest)
            #expect(noWindow.errorField == "startDate")

            // By uuid in a body.
            let byBody = try await client.call(
                .delete, "/samples", token: reader, body: "{\"uuids\": [\"\(theirUUID)\"]}")
            #expect(byBody.status == .ok)
            #expect(try await client.call(.get, "/samples?type=stepCount", token: steps).samples.isEmpty)
        }
    }

    @Test("Sources come in priority order; only a full-access client sets the order, and statistics follow it")
    func sourcesAndPriority() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let reader = fixture.token("alice", "com.example.reader")
        let health = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            // Both apps counted the same walk.
            try await client.save(
                [HealthServerTests.steps(1000, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")],
                token: steps)
            try await client.save(
                [HealthServerTests.steps(800, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")],
                token: reader)
            let listed = try await client.call(.get, "/sources?type=stepCount", token: steps)
            #expect(listed.status == .ok)
            #expect((listed.json["sources"] as? [[String: Any]])?.count == 2)
            #expect(listed.json["order"] is NSNull)

            let order = #"{"order": ["com.example.reader", "com.example.steps"]}"#
            let refused = try await client.call(.put, "/sources/priority?type=stepCount", token: steps, body: order)
            #expect(refused.status == .forbidden)
            let accepted = try await client.call(.put, "/sources/priority?type=stepCount", token: health, body: order)
            #expect(accepted.status == .ok, "\(accepted.text)")
            #expect(accepted.json["order"] as? [String] == ["com.example.reader", "com.example.steps"])
            let merged = try await client.call(.get, "/statistics?type=stepCount", token: steps)
            #expect((merged.json["statistics"] as? [[String: Any]])?.first?["sum"] as? Double == 800)
            let reset = try await client.call(
                .put, "/sources/priority?type=stepCount", token: health, body: #"{"order": null}"#)
            #expect(reset.json["order"] is NSNull)
        }
    }
}

import Foundation
import HealthServer
import Testing

@Suite("GET /statistics?provenance: the merged figure's sources, as each client may see them")
struct StatisticsProvenanceRouteTests {
    @Test(
        "provenance=summary names each source's part and the coverage; a client that may not read steps sees only its own"
    )
    func provenanceByClient() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let reader = fixture.token("alice", "com.example.reader")
        try await fixture.withRouter { client in
            try await client.save(
                [HealthServerTests.steps(1000, start: "2024-03-10T10:00:00Z", end: "2024-03-10T11:00:00Z")],
                token: steps)
            try await client.save(
                [HealthServerTests.steps(200, start: "2024-03-10T10:30:00Z", end: "2024-03-10T11:30:00Z")],
                token: reader)
            let order = try await client.call(
                .put, "/sources/priority?type=stepCount", token: fixture.token("alice", "com.apple.Health"),
                body: #"{"order": ["com.example.steps", "com.example.reader"]}"#)
            #expect(order.status == .ok)

            // The steps app reads everything: 1000 from itself, 100 from the reader (its other 100 set aside).
            let uri = "/statistics?type=stepCount&startDate=2024-03-10&endDate=2024-03-11&provenance=summary"
            let whole = try await client.call(.get, uri, token: steps)
            #expect(whole.status == .ok, "\(whole.text)")
            let provenance = try #require(whole.json["provenance"] as? [String: Any], "\(whole.text)")
            #expect(provenance["measure"] as? String == "amount" && provenance["unit"] as? String == "count")
            let sources = try #require(provenance["sources"] as? [[String: Any]])
            #expect(sources.map { $0["bundleIdentifier"] as? String } == ["com.example.steps", "com.example.reader"])
            #expect(sources.map { $0["counted"] as? Double } == [1000, 100])
            #expect(sources.map { $0["setAside"] as? Double } == [0, 100])
            let shares = sources.compactMap { $0["share"] as? Double }
            #expect(shares.count == 2 && abs(shares.reduce(0, +) - 100) < 1e-9)
            let coverage = try #require(provenance["coverage"] as? [String: Any])
            #expect(coverage["coveredSeconds"] as? Double == 5400 && coverage["windowSeconds"] as? Double == 86_400)
            #expect((whole.json["statistics"] as? [[String: Any]])?.first?["provenance"] == nil)

            // The reader may not read steps: only its own source, whole; the other is not named.
            let own = try await client.call(.get, uri, token: reader)
            #expect(own.status == .ok, "\(own.text)")
            #expect(!own.text.contains("com.example.steps"), "\(own.text)")
            let ownSources = ((own.json["provenance"] as? [String: Any])?["sources"] as? [[String: Any]]) ?? []
            #expect(ownSources.map { $0["counted"] as? Double } == [200])

            // Per bucket on request; none by default.
            let hours = try await client.call(
                .get,
                "/statistics/collection?type=stepCount&interval=1h&startDate=2024-03-10T10:00:00Z&endDate=2024-03-10T12:00:00Z&provenance=buckets",
                token: steps)
            #expect(hours.status == .ok, "\(hours.text)")
            let rows = try #require(hours.json["statistics"] as? [[String: Any]])
            #expect(rows.count == 2 && rows.allSatisfy { $0["provenance"] is [String: Any] })
            #expect(hours.json["provenance"] is [String: Any])
            let plain = try await client.call(
                .get, "/statistics?type=stepCount&startDate=2024-03-10&endDate=2024-03-11", token: steps)
            #expect(plain.json["provenance"] == nil)

            let bad = try await client.call(.get, uri.replacingOccurrences(of: "=summary", with: "=all"), token: steps)
            #expect(bad.status == .badRequest && bad.errorField == "provenance", "\(bad.text)")
        }
    }
}

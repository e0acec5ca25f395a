import Foundation
import HTTPTypes
import HealthServer
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("GET /export: a person's data as export.xml for their Health app")
struct ExportRouteTests {
    @Test(
        "The Health app's export holds every app's samples and imports back through POST /import into another person; other apps get 403"
    )
    func exportImportsBack() async throws {
        let fixture = try ServerFixture()
        let registry = fixture.server.registry
        try registry.addPerson("carol", now: ServerFixture.fixedNow)
        let carol = try registry.addClient(
            person: "carol", bundleIdentifier: "com.apple.Health", name: nil, share: [], read: [], fullAccess: true,
            now: ServerFixture.fixedNow
        ).1.text
        try await fixture.withRouter { client in
            try await client.save([ServerFixture.stepsJSON(4321)], token: fixture.token("alice", "com.example.steps"))
            try await client.save(
                [
                    #"{"type": "bloodPressure", "startDate": "2024-03-05T07:00:00Z", "endDate": "2024-03-05T07:00:00Z", "objects": [{"type": "bloodPressureSystolic", "startDate": "2024-03-05T07:00:00Z", "endDate": "2024-03-05T07:00:00Z", "value": 121, "unit": "mmHg"}, {"type": "bloodPressureDiastolic", "startDate": "2024-03-05T07:00:00Z", "endDate": "2024-03-05T07:00:00Z", "value": 79, "unit": "mmHg"}]}"#
                ], token: fixture.token("alice", "com.example.pressure"))
            let refused = try await client.call(.get, "/export", token: fixture.token("alice", "com.example.steps"))
            #expect(refused.status == .forbidden)
            let export = try await client.call(
                .get, "/export?timeZone=Europe/Berlin", token: fixture.token("alice", "com.apple.Health"))
            #expect(export.status == .ok)
            #expect(export.headers[.contentType] == "application/xml; charset=utf-8")
            #expect(export.text.hasSuffix("</HealthData>\n"))
            #expect(
                export.text.contains(#"value="4321""#)
                    && export.text.contains("<Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\""))
            #expect(export.text.contains("startDate=\"2024-03-05 09:00:00 +0100\""), "dates in the time zone asked for")
            #expect(!export.text.contains("77"), "nothing of bob's")

            let imported = try await client.execute(
                uri: "/import", method: .post,
                headers: [.authorization: "Bearer \(carol)", .contentType: "application/xml"],
                body: ByteBuffer(bytes: export.body)
            ) { String(buffer: $0.body) }
            #expect(imported.contains(#""report""#), "\(imported)")
            let steps = try await client.call(.get, "/samples?type=stepCount", token: carol)
            #expect(steps.samples.map { $0["value"] as? Double } == [4321])
            let pressure = try await client.call(.get, "/samples?type=bloodPressure", token: carol)
            #expect(pressure.samples.count == 1)
        }
    }
}

import Foundation
import HTTPTypes
import HealthServer
import HealthTestSupport
import HummingbirdTesting
import Testing

@Suite("Export upload", .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
struct ImportUploadTests {
    /// The real ipyhealth export in `../shared/fixtures/` (beside the checkout).
    static let export = SharedFixtures.url("ipyhealth-export.xml")

    /// The NDJSON lines of an answer.
    private func lines(_ reply: Reply) -> [[String: Any]] {
        reply.text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test(
        "A full-access client uploads a real export far larger than the JSON body limit; progress then the report stream back; a re-upload adds nothing"
    )
    func uploadRealExport() async throws {
        let fixture = try ServerFixture { $0.limits.maximumBodyBytes = 4096 }
        let body = try String(contentsOf: Self.export, encoding: .utf8)
        let health = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            let reply = try await client.call(
                .post, "/import", token: health, body: body, headers: [.contentType: "application/xml"])
            #expect(reply.status == .ok, "\(reply.text.prefix(500))")
            #expect(reply.headers[.contentType] == "application/x-ndjson")
            let answer = lines(reply)
            #expect(answer.dropLast().allSatisfy { $0["progress"] != nil })
            #expect(answer.count >= 2)
            let report = try #require(answer.last?["report"] as? [String: Any], "\(reply.text.suffix(500))")
            #expect(report["activitySummaries"] as? Double == 8)
            #expect(report["workouts"] as? Double == 16)
            let stored = try #require(report["samplesStored"] as? Double)
            #expect(stored > 1_800)
            // The imported data is the person's: the steps app (reads steps) sees the export's steps.
            #expect(
                try await client.call(
                    .get, "/samples?type=stepCount&limit=1", token: fixture.token("alice", "com.example.steps")
                ).samples.count == 1)
            #expect(
                try await client.call(
                    .get, "/samples?type=stepCount&limit=1", token: fixture.token("bob", "com.example.steps")
                ).samples.isEmpty)

            let again = lines(try await client.call(.post, "/import", token: health, body: body))
            let second = try #require(again.last?["report"] as? [String: Any])
            #expect(second["samplesStored"] as? Double == 0)
            #expect(second["alreadyStored"] as? Double == stored)
        }
        let uploads = (try? FileManager.default.contentsOfDirectory(atPath: fixture.directory.path + "/uploads")) ?? []
        #expect(uploads.isEmpty, "uploads are removed after their import")
    }

    @Test("Uploads are refused from clients without full access, above the upload limit, and when not an export")
    func refusedUploads() async throws {
        let fixture = try ServerFixture { $0.limits.maximumUploadBytes = 100_000 }
        let body = try String(contentsOf: Self.export, encoding: .utf8)
        try await fixture.withRouter { client in
            let notFull = try await client.call(
                .post, "/import", token: fixture.token("alice", "com.example.steps"), body: "<HealthData/>")
            #expect(notFull.status == .forbidden)
            let tooLarge = try await client.call(
                .post, "/import", token: fixture.token("alice", "com.apple.Health"), body: body)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.errorField == "body")
            let garbage = try await client.call(
                .post, "/import", token: fixture.token("alice", "com.apple.Health"), body: "hello")
            #expect(garbage.status == .badRequest)
            #expect(garbage.errorField == "body")
            let empty = try await client.call(
                .post, "/import", token: fixture.token("alice", "com.apple.Health"), body: "")
            #expect(empty.status == .badRequest)
            // A body that looks like an export but is not a complete one: the stream ends with an error or a report of issues, and nothing crashes.
            let broken = try await client.call(
                .post, "/import", token: fixture.token("alice", "com.apple.Health"),
                body:
                    "<?xml version=\"1.0\"?><HealthData locale=\"en\"><Record type=\"HKQuantityTypeIdentifierStepCount\""
            )
            #expect(broken.status == .ok)
            #expect(lines(broken).last.map { $0["report"] != nil || $0["error"] != nil } == true, "\(broken.text)")
        }
    }
}

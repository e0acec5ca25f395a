import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Testing

@Suite("Observer stream")
struct ObserveTests {
    /// The `data` objects of the `change` events of a stream's text.
    private func changeEvents(_ text: String) -> [[String: Any]] {
        text.components(separatedBy: "\n\n").filter { $0.hasPrefix("event: change") }.compactMap { event in
            guard let line = event.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any]
        }
    }

    @Test("Server-Sent Events fire after commits the client can see (saves and deletes), not at start and not for hidden data")
    func observeCommits() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let reader = fixture.token("alice", "com.example.reader")
        try await fixture.withRouter { client in
            // From anchor 0, so that the answer does not depend on when the stream starts relative to the saves below.
            // Long enough for the saves and the delete below on a loaded machine (the stream always lasts this long).
            let stream = Task { try await client.call(.get, "/observe?type=stepCount&type=heartRate&anchor=0&timeout=10", token: reader) }
            try await Task.sleep(for: .milliseconds(300))
            // Another app's steps: hidden from the reader (it may not read steps), so no event.
            let hidden = try await client.save([HealthServerTests.steps(1, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: steps)
            // Its own: an event, then its deletion: another.
            let own = try await client.save([HealthServerTests.steps(2, start: "2024-03-10T10:00:00Z", end: "2024-03-10T11:00:00Z")], token: reader)
            let uuid = try #require((own.json["saved"] as? [String])?.first)
            try await Task.sleep(for: .milliseconds(100))
            #expect(try await client.call(.delete, "/samples?uuid=\(uuid)", token: reader).status == .ok)
            let reply = try await stream.value
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "text/event-stream")
            #expect(reply.text.hasPrefix(": observing from anchor 0\n\n"))
            let events = changeEvents(reply.text)
            // Change 1 (the other app's steps) is hidden: no event stops there. Changes 2 (its own save) and 3 (the
            // deletion) are reported, in one event or two depending on when the stream read them.
            #expect((1...2).contains(events.count), "\(reply.text)")
            #expect(!events.contains { $0["anchor"] as? Double == 1 })
            #expect(events.allSatisfy { $0["types"] as? [String] == ["HKQuantityTypeIdentifierStepCount"] })
            #expect(events.last?["anchor"] as? Double == 3)
            #expect(hidden.status == .created)
        }
    }

    @Test("A reconnecting client with Last-Event-ID hears at once of what it missed")
    func resumeWithLastEventID() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save([steps(1, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: token)
            var headers: HTTPFields = [:]
            headers[HTTPField.Name("Last-Event-ID")!] = "0"
            let reply = try await client.call(.get, "/observe?type=stepCount&timeout=1", token: token, headers: headers)
            #expect(changeEvents(reply.text).map { $0["anchor"] as? Double } == [1])
            let bad = try await client.call(.get, "/observe?type=stepCount&anchor=x", token: token)
            #expect(bad.errorField == "anchor")
            #expect(try await client.call(.get, "/observe", token: token).errorField == "type")
        }
    }
}

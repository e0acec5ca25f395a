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

    @Test(
        "Server-Sent Events fire after commits the client can see (saves and deletes), not at start and not for hidden data"
    )
    func observeCommits() async throws {
        // The stream lasts `timeout` seconds whatever happens; the saves and the delete below must be committed within
        // it. On a loaded machine a request has taken 6 s (CI, the whole suite in parallel): when the delete came back
        // later than the stream's window allows, the round says nothing and runs again with a longer stream.
        for timeout in [10, 40, 120] {
            if try await observeRound(timeout: timeout) { return }
        }
        Issue.record("the saves and the delete took longer than 120 s in every round")
    }

    /// One round of `observeCommits`; false when the requests took too long for the stream's window to cover them.
    private func observeRound(timeout: Int) async throws -> Bool {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let reader = fixture.token("alice", "com.example.reader")
        return try await fixture.withRouter { client in
            // From anchor 0, so that the answer does not depend on when the stream starts relative to the saves below.
            // The stream's timer starts after this instant, so a delete answered before `began + timeout` was
            // committed while the stream ran.
            let began = ContinuousClock.now
            let stream = Task {
                try await client.call(
                    .get, "/observe?type=stepCount&type=heartRate&anchor=0&timeout=\(timeout)", token: reader)
            }
            try await Task.sleep(for: .milliseconds(300))
            // Another app's steps: hidden from the reader (it may not read steps), so no event.
            let hidden = try await client.save(
                [HealthServerTests.steps(1, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: steps)
            // Its own: an event, then its deletion: another.
            let own = try await client.save(
                [HealthServerTests.steps(2, start: "2024-03-10T10:00:00Z", end: "2024-03-10T11:00:00Z")], token: reader)
            let uuid = try #require((own.json["saved"] as? [String])?.first)
            try await Task.sleep(for: .milliseconds(100))
            #expect(try await client.call(.delete, "/samples?uuid=\(uuid)", token: reader).status == .ok)
            // A second's margin for the stream's last read of the log after the delete's commit.
            let inTime = ContinuousClock.now - began < .seconds(timeout - 1)
            let reply = try await stream.value
            guard inTime else { return false }
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
            return true
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

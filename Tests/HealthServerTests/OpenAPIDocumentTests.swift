import Foundation
import HTTPTypes
import HealthServer
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// The operations the document lists: "METHOD /path", from its `paths:` section (two-space paths, four-space methods).
    private func documentedOperations() -> Set<String> {
        var operations = Set<String>()
        var path: String?
        var inPaths = false
        for line in OpenAPIDocument.yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" {
                inPaths = true
                continue
            }
            if inPaths, !line.isEmpty, !line.hasPrefix(" ") { break }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast())
                continue
            }
            for method in ["get", "post", "put", "delete", "patch"] where line == "    \(method):" {
                if let path { operations.insert("\(method.uppercased()) \(path)") }
            }
        }
        return operations
    }

    /// The request body examples: (method, path, JSON text).
    private func requestExamples() -> [(String, String, String)] {
        var examples: [(String, String, String)] = []
        var path = ""
        var method = ""
        var inRequestBody = false
        for line in OpenAPIDocument.yaml.split(separator: "\n") {
            if line.hasPrefix("  /"), !line.hasPrefix("   ") { path = String(line.dropFirst(2).dropLast()) }
            if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                method = line.trimmingCharacters(in: .whitespaces).dropLast().uppercased()
            }
            if line.hasPrefix("      ") && !line.hasPrefix("       ") { inRequestBody = line == "      requestBody:" }
            if inRequestBody, line.trimmingCharacters(in: .whitespaces).hasPrefix("example: {") {
                examples.append(
                    (method, path, String(line.trimmingCharacters(in: .whitespaces).dropFirst("example: ".count))))
            }
        }
        return examples
    }

    @Test("The document lists exactly the router's routes")
    func everyRouteDocumented() throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        let routes = Set(fixture.server.router().routes.map { "\($0.method.rawValue) \($0.path)" })
        #expect(routes.count >= 12)
        #expect(documentedOperations() == routes)
    }

    @Test("The request examples are accepted, and the document is served")
    func examplesAreAccepted() async throws {
        let fixture = try ServerFixture()
        let examples = requestExamples()
        #expect(examples.count == 5)
        try await fixture.withRouter { client in
            let token = fixture.token("alice", "com.apple.Health")
            for (method, path, body) in examples {
                let query = path == "/sources/priority" ? "?type=stepCount" : ""
                let reply = try await client.call(HTTPRequest.Method(method)!, path + query, token: token, body: body)
                #expect((200..<300).contains(Int(reply.status.code)), "\(method) \(path): \(reply.text)")
            }
            let served = try await client.call(.get, "/openapi.yaml", token: nil)
            #expect(served.status == .ok)
            #expect(served.text == OpenAPIDocument.yaml)
        }
    }
}

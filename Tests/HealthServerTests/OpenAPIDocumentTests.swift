import Foundation
import HTTPTypes
import HealthServer
import Hummingbird
import HummingbirdTesting
import Testing
import Yams

/// The operations of the OpenAPI document, read with a YAML parser: each one's query and path parameters (`$ref`s
/// resolved, path-level parameters included) and request body.
struct OpenAPIOperations {
    struct Operation {
        /// "GET".
        let method: String
        /// "/workouts/{uuid}/route".
        let path: String
        /// The query parameters by name.
        let query: [String: [String: Any]]
        /// The path parameters' names.
        let pathParameters: Set<String>
        /// The request body's media types, nil without a `requestBody`.
        let bodyMediaTypes: [String]?

        var name: String { "\(method) \(path)" }

        /// The required query parameters with their examples ("?type=stepCount"); nil when one has no example.
        var requiredQuery: String? {
            var items: [String] = []
            for (name, parameter) in query.sorted(by: { $0.key < $1.key }) where parameter["required"] as? Bool == true
            {
                guard let example = parameter["example"] else { return nil }
                items.append("\(name)=\(example)")
            }
            return items.isEmpty ? "" : "?" + items.joined(separator: "&")
        }

        /// The path with each path parameter filled in (a new UUID: these routes' parameters are UUIDs).
        var examplePath: String {
            pathParameters.reduce(path) { $0.replacingOccurrences(of: "{\($1)}", with: UUID().uuidString) }
        }
    }

    let operations: [Operation]

    init(yaml: String) throws {
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        /// An object, or the object its `$ref` names ("#/components/parameters/type").
        func resolved(_ value: Any) throws -> [String: Any] {
            let object = try #require(value as? [String: Any])
            guard let reference = object["$ref"] as? String else { return object }
            var target: Any = document
            for key in reference.dropFirst(2).split(separator: "/") {
                target = try #require((target as? [String: Any])?[String(key)], "\(reference) names nothing")
            }
            return try resolved(target)
        }
        var operations: [Operation] = []
        for (path, item) in paths {
            let item = try #require(item as? [String: Any])
            let shared = try (item["parameters"] as? [Any] ?? []).map(resolved)
            for method in ["get", "put", "post", "delete", "patch", "head", "options"] {
                guard let operation = item[method] as? [String: Any] else { continue }
                let parameters = try shared + (operation["parameters"] as? [Any] ?? []).map(resolved)
                var query: [String: [String: Any]] = [:]
                for parameter in parameters where parameter["in"] as? String == "query" {
                    query[try #require(parameter["name"] as? String)] = parameter
                }
                let pathParameters = parameters.filter { $0["in"] as? String == "path" }.compactMap {
                    $0["name"] as? String
                }
                let body = try operation["requestBody"].map(resolved)
                operations.append(
                    Operation(
                        method: method.uppercased(), path: path, query: query, pathParameters: Set(pathParameters),
                        bodyMediaTypes: try body.map { try #require($0["content"] as? [String: Any]).keys.sorted() }))
            }
        }
        self.operations = operations.sorted { $0.name < $1.name }
    }
}

@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// `Sources/HealthServer/OpenAPI/openapi.yaml`, the file people edit.
    static let file = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources/HealthServer/OpenAPI/openapi.yaml")

    /// The request body examples: (method, path, JSON text), as written in the document.
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
        #expect(Set(try OpenAPIOperations(yaml: OpenAPIDocument.yaml).operations.map(\.name)) == routes)
    }

    @Test("The document served and OpenAPIDocument.yaml are openapi.yaml, byte for byte")
    func servedDocumentIsTheFile() async throws {
        let file = try Data(contentsOf: Self.file)
        #expect(file.count > 10_000)
        #expect(Data(OpenAPIDocument.yaml.utf8) == file)
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            let served = try await client.call(.get, "/openapi.yaml", token: nil)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "application/yaml; charset=utf-8")
            #expect(served.body == file)
        }
    }

    @Test("The request examples are accepted")
    func examplesAreAccepted() async throws {
        let fixture = try ServerFixture()
        let examples = requestExamples()
        #expect(examples.count == 7)
        try await fixture.withRouter { client in
            let token = fixture.token("alice", "com.apple.Health")
            for (method, path, body) in examples {
                let query = path == "/sources/priority" ? "?type=stepCount" : ""
                // An MCP client accepts JSON and server-sent events (the SDK's transport refuses others with 406).
                let headers: HTTPFields = path == "/mcp" ? [.accept: "application/json, text/event-stream"] : [:]
                let reply = try await client.call(
                    HTTPRequest.Method(method)!, path + query, token: token, body: body, headers: headers)
                #expect((200..<300).contains(Int(reply.status.code)), "\(method) \(path): \(reply.text)")
            }
        }
    }

    /// A probe of the fixture's router as alice's Health app (full access; `/metrics` with the metrics token).
    private func probe(_ fixture: ServerFixture) -> RouteProbe {
        let token = fixture.token("alice", "com.apple.Health")
        return RouteProbe(router: fixture.server.router()) { path in
            path == "/metrics" ? ServerFixture.metricsToken : token
        }
    }

    @Test("Every route refuses unknown query parameters and accepts exactly the ones the document lists")
    func queryParametersDocumented() async throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        let probe = probe(fixture)
        let examples = requestExamples()
        for operation in try OpenAPIOperations(yaml: OpenAPIDocument.yaml).operations {
            // A route that reads its body before its parameters gets past the body with the document's example.
            let example = examples.first { $0.0 == operation.method && $0.1 == operation.path }.map {
                (contentType: "application/json", text: $0.2)
            }
            let accepted = try await probe.acceptedQueryParameters(
                HTTPRequest.Method(operation.method)!, operation.examplePath, body: example)
            guard let accepted else {
                Issue.record("\(operation.name) does not refuse the unknown parameter \(RouteProbe.unknownParameter)")
                continue
            }
            #expect(
                accepted.subtracting(operation.query.keys).sorted() == [],
                "\(operation.name): accepted but not documented")
            #expect(
                Set(operation.query.keys).subtracting(accepted).sorted() == [],
                "\(operation.name): documented but refused")
        }
    }

    @Test("A route reads a request body exactly when the document gives it a requestBody")
    func requestBodiesDocumented() async throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        let probe = probe(fixture)
        var readers = 0
        for operation in try OpenAPIOperations(yaml: OpenAPIDocument.yaml).operations {
            // The required parameters' examples get a request past its parameter checks to where a body is read.
            guard let query = operation.requiredQuery else {
                Issue.record("\(operation.name): a required query parameter has no example")
                continue
            }
            let contentType = operation.bodyMediaTypes?.first ?? "application/json"
            let reads = try await probe.readsBody(
                HTTPRequest.Method(operation.method)!, operation.examplePath, query: query, contentType: contentType)
            #expect(
                reads == (operation.bodyMediaTypes != nil),
                "\(operation.name) \(reads ? "reads a body but documents no requestBody" : "documents a requestBody but reads none")"
            )
            if reads { readers += 1 }
        }
        #expect(readers >= 8)
    }

    @Test("Each path parameter is documented for its route")
    func pathParametersDocumented() throws {
        for operation in try OpenAPIOperations(yaml: OpenAPIDocument.yaml).operations {
            let placeholders = operation.path.matches(of: /\{([^}]+)\}/).map { String($0.1) }
            #expect(Set(placeholders) == operation.pathParameters, "\(operation.name)")
        }
    }
}

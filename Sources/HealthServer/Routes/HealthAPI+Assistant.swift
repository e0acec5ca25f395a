import Foundation
import HTTPTypes
import HealthAssistant
import HealthStore
import Hummingbird
import MCP
import NIOCore

extension HealthAPI {
    /// `POST /mcp`: the MCP server (`HealthAssistant`'s tools, resources and prompts) over stateless streamable HTTP,
    /// as the token's client: its store view is the one every other route reads, so what the client may not read is
    /// invisible to the tools too. Days default to UTC, as every other route's. The SDK's transport checks the
    /// `Host` and `Origin` (`ServerConfiguration.assistantHosts`, `assistantOrigins`), `Accept`, `Content-Type` and
    /// the protocol version, and writes the JSON-RPC answer or error.
    func assistant(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let client = try context.requireClient()
        _ = try QueryParameters(request, known: [])
        let body = try await Self.collect(
            request, upTo: configuration.limits.maximumBodyBytes, limits: configuration.limits)
        let store = try await onStoreExecutor { try stores.store(for: client) }
        let assistant = HealthAssistant(
            store: store, timeZone: TimeZone(identifier: "UTC")!, timeZoneName: "UTC", clock: configuration.now)
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        // HTTP/1.1's Host header arrives as the request's authority.
        if let authority = request.head.authority { headers["host"] = authority }
        let answer = await assistantEndpoint.respond(
            to: MCP.HTTPRequest(
                method: request.method.rawValue, headers: headers, body: Data(body.readableBytesView), path: "/mcp"),
            as: assistant)
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        return Response(
            status: HTTPTypes.HTTPResponse.Status(code: answer.statusCode), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.bodyData ?? Data())))
    }

    /// The endpoint with the hosts and origins the configuration allows.
    var assistantEndpoint: AssistantHTTPEndpoint {
        let defaults = AssistantHTTPEndpoint.defaultHosts(host: configuration.host, port: configuration.port)
        return AssistantHTTPEndpoint(
            allowedHosts: configuration.assistantHosts ?? defaults.hosts,
            allowedOrigins: configuration.assistantOrigins ?? defaults.origins, version: "1")
    }
}

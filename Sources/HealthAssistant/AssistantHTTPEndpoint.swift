import Foundation
import MCP

/// `/mcp` over HTTP, stateless (the SDK's `StatelessHTTPServerTransport`: JSON answers, no session, no stream;
/// `GET` and `DELETE` answer 405): any HTTP framework hands it the request and the caller's assistant (its store
/// narrowed to the caller's view) and writes back the answer. A server and a transport are made for each request, so
/// the request's identity reaches the tool handlers through the store they were made with, and nothing of one
/// caller's request outlives it.
public struct AssistantHTTPEndpoint: Sendable {
    /// The `Host` values the endpoint answers (`host:port`, `host:*` for any port).
    public let allowedHosts: [String]
    /// The `Origin` values it answers (requests without `Origin`, from programs rather than browsers, pass).
    public let allowedOrigins: [String]
    /// The version the server gives in the initialize answer.
    public let version: String

    /// An endpoint answering the hosts and origins given; the SDK's Accept, Content-Type and protocol version checks
    /// are kept.
    public init(allowedHosts: [String], allowedOrigins: [String], version: String) {
        self.allowedHosts = allowedHosts
        self.allowedOrigins = allowedOrigins
        self.version = version
    }

    /// The hosts and origins of a server on `host:port`: localhost's (the SDK's default) and, for a server on another
    /// address, that address with the port (`0.0.0.0` and `::` name no host a client sends, so they add none).
    public static func defaultHosts(host: String, port: Int) -> (hosts: [String], origins: [String]) {
        var hosts = ["127.0.0.1", "localhost", "[::1]"]
        let named = host.contains(":") ? "[\(host)]" : host
        if !["0.0.0.0", "::", "127.0.0.1", "localhost", "::1"].contains(host) { hosts.append(named) }
        let port = port == 0 ? "*" : String(port)
        // A Host without a port names the scheme's default port; the SDK's patterns then need the bare name too.
        return (
            hosts.flatMap { [$0, "\($0):\(port)"] },
            hosts.flatMap { ["http://\($0)", "https://\($0)", "http://\($0):\(port)", "https://\($0):\(port)"] }
        )
    }

    /// Answers one HTTP request as `assistant`'s caller.
    public func respond(to request: HTTPRequest, as assistant: HealthAssistant) async -> HTTPResponse {
        let transport = StatelessHTTPServerTransport(
            validationPipeline: StandardValidationPipeline(validators: [
                OriginValidator(allowedHosts: allowedHosts, allowedOrigins: allowedOrigins),
                AcceptHeaderValidator(mode: .jsonOnly),
                ContentTypeValidator(),
                ProtocolVersionValidator(),
            ]))
        let server = await AssistantServer.make(assistant, version: version)
        do {
            try await server.start(transport: transport)
        } catch {
            return .error(statusCode: 500, .internalError("the MCP server did not start: \(error)"))
        }
        let response = await transport.handleRequest(request)
        await server.stop()
        return response
    }
}

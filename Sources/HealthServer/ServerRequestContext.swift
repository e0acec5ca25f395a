import Hummingbird

/// A request's context: Hummingbird's core (logger with the request id, parameters) and the client its token named.
public struct ServerRequestContext: RequestContext {
    /// Hummingbird's part.
    public var coreContext: CoreRequestContextStorage
    /// The authenticated client, set by `TokenAuthenticator`.
    public var client: RegisteredClient?

    /// A context for a new request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = nil
    }

    /// The authenticated client; fails when the route was reached without one.
    func requireClient() throws(HealthServerError) -> RegisteredClient {
        guard let client else { throw .unauthorized("a bearer token is required") }
        return client
    }
}

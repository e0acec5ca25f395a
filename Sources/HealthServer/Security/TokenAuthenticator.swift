import Foundation
import HealthRegistry
import Hummingbird
import Logging

/// Finds the client of a request's `Authorization: Bearer TOKEN` in the registry, on every request, so a revoked
/// token fails at once. Requests without a valid, active token get 401 and never reach a store.
struct TokenAuthenticator: RouterMiddleware {
    typealias Context = ServerRequestContext

    let registry: PersonRegistry

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let token = try Self.bearerToken(in: request) else {
            throw HealthServerError.unauthorized("a bearer token is required (Authorization: Bearer TOKEN)")
        }
        let client = try registry.client(presenting: token)
        var context = context
        context.client = client
        context.logger[metadataKey: "person"] = .string(client.person)
        context.logger[metadataKey: "client"] = .string(client.bundleIdentifier)
        return try await next(request, context)
    }

    /// The token of an `Authorization: Bearer TOKEN` header; nil without the header, an error for another scheme.
    static func bearerToken(in request: Request) throws(HealthServerError) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw HealthServerError.unauthorized("the Authorization header must be 'Bearer TOKEN'")
        }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }
}

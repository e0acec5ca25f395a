import Foundation
import HTTPTypes
import HealthRegistry
import Hummingbird

/// Bounds what an address may do without a valid token (router-wide, before any route): requests without credentials
/// at `anonymousRequestsPerSecond`, and sign-in attempts (`POST /session`, `/?token=`) and refused tokens at
/// `signInAttemptsPerMinute`; once an address has used up its sign-in attempts, its requests with credentials get 429
/// before their token is checked. The address is the connection's peer (behind a proxy: the proxy's).
struct AddressRateLimiter: RouterMiddleware {
    typealias Context = ServerRequestContext

    let budget: RequestBudget

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let address = context.remoteAddress?.ipAddress ?? "unknown"
        let signInKey = "sign-in " + address
        let isSignIn =
            (request.method == .post && request.uri.path == "/session") || request.uri.queryParameters["token"] != nil
        let hasCredentials =
            request.headers[.authorization] != nil || request.cookies[DashboardRoutes.cookieName] != nil
        do {
            if isSignIn {
                try budget.take(signInKey, cost: 1, rate: budget.signInRate)
            } else if hasCredentials {
                try budget.take(signInKey, cost: 0, rate: budget.signInRate)
            } else if request.uri.path != "/session/delete" {
                try budget.take("anonymous " + address, cost: 1, rate: budget.anonymousRate)
            }
        } catch {
            if Self.hasBody(request) { context.stopReading() }
            throw error
        }
        let chargesRefusal = hasCredentials && !isSignIn
        // A refused request's body is not drained (as keep-alive would, for as long as the client sends): the
        // connection stops reading and closes after the answer, so an endless or trickled body holds nothing.
        do {
            let response = try await next(request, context)
            if chargesRefusal, response.status == .unauthorized {
                budget.charge(signInKey, cost: 1, rate: budget.signInRate)
            }
            if response.status.code >= 400, Self.hasBody(request) { context.stopReading() }
            return response
        } catch {
            if chargesRefusal, (error as? HealthServerError)?.status == .unauthorized {
                budget.charge(signInKey, cost: 1, rate: budget.signInRate)
            }
            if Self.hasBody(request) { context.stopReading() }
            throw error
        }
    }

    /// Whether a request announces a body (a length above 0, or chunks).
    static func hasBody(_ request: Request) -> Bool {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }) { return length > 0 }
        return request.headers[.transferEncoding] != nil
    }
}

/// Bounds each client's (token's) requests, after `TokenAuthenticator`: a token bucket of `requestsPerSecond` and
/// `requestBurst`, each request costing 1 plus 1 per started mebibyte of its declared body (an undeclared length, chunked,
/// costs as `maximumBodyBytes`; statistics collections add their buckets' cost in the endpoint, once the count is known;
/// a cost above the burst counts as the burst). Over it: 429 with `Retry-After`, for this client only.
struct ClientRateLimiter: RouterMiddleware {
    typealias Context = ServerRequestContext

    let budget: RequestBudget

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let client = try context.requireClient()
        var cost = 1.0
        if let length = request.headers[.contentLength].flatMap({ Int($0) }) {
            cost += (Double(max(0, length)) / 1_048_576).rounded(.up)
        } else if request.headers[.transferEncoding] != nil {
            // A body of undeclared length (chunked) costs as the largest body accepted.
            cost += (Double(budget.limits.maximumBodyBytes) / 1_048_576).rounded(.up)
        }
        try budget.take(Self.key(client), cost: cost, rate: budget.clientRate)
        return try await next(request, context)
    }

    /// The bucket of a client: its token's selector.
    static func key(_ client: RegisteredClient) -> String { key(selector: client.selector) }

    /// The bucket of a token's selector.
    static func key(selector: String) -> String { "client " + selector }
}

/// Before `TokenAuthenticator`: a request whose token's bucket is already empty gets 429 at once, without its token
/// being checked, so that a flooding client's refusals cost almost nothing. It takes nothing from the bucket (that is
/// `ClientRateLimiter`'s, once the token is valid), so a forged token naming another client's selector cannot drain it.
struct ClientRateCheck: RouterMiddleware {
    typealias Context = ServerRequestContext

    let budget: RequestBudget

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let text = try? TokenAuthenticator.bearerToken(in: request), let token = AccessToken(presented: text) {
            try budget.take(ClientRateLimiter.key(selector: token.selector), cost: 0, rate: budget.clientRate)
        }
        return try await next(request, context)
    }
}

extension RequestBudget {
    /// Takes `cost` from a client's bucket (429 when it cannot).
    func take(client: RegisteredClient, cost: Double) throws(HealthServerError) {
        try take(ClientRateLimiter.key(client), cost: cost, rate: clientRate)
    }

    /// Charges a client's bucket after the fact (see `charge`).
    func charge(client: RegisteredClient, cost: Double) {
        charge(ClientRateLimiter.key(client), cost: cost, rate: clientRate)
    }

    /// The cost of a statistics collection of `buckets` buckets, beyond the request's own 1.
    func cost(ofBuckets buckets: Int) -> Double {
        (Double(buckets) / Double(max(1, limits.bucketsPerRequestCost))).rounded(.down)
    }

    /// A place among a client's change feed long-polls.
    func openLongPoll(_ client: RegisteredClient) throws(HealthServerError) -> Slot {
        try open([("long-poll " + client.selector, limits.maximumLongPollsPerClient, .maximumLongPollsPerClient)])
    }

    /// A place among a client's event streams.
    func openStream(_ client: RegisteredClient) throws(HealthServerError) -> Slot {
        try open([("stream " + client.selector, limits.maximumStreamsPerClient, .maximumStreamsPerClient)])
    }

    /// A place among the person's and the server's imports.
    func openImport(person: String) throws(HealthServerError) -> Slot {
        try open([
            ("import " + person, limits.maximumImportsPerPerson, .maximumImportsPerPerson),
            ("imports", limits.maximumImports, .maximumImports),
        ])
    }
}

import Foundation
import HTTPTypes
import HealthRegistry
import HealthReports
import HealthStore
import Hummingbird

/// The web page's routes: `GET /` (the dashboard), `POST /session` (the sign-in form) and `POST /session/delete`
/// (sign-out).
///
/// A browser signs in without JavaScript by posting a client token to `/session` (or opening `/?token=TOKEN` once,
/// for scripts and bookmarks); the server checks it and answers 303 to `/` with the token in an `HttpOnly`,
/// `SameSite=Strict` cookie, so the token leaves the address bar. The cookie is read by `GET /` only: the JSON API
/// still takes bearer headers alone, so a page on another site can never make a browser act through the API (no
/// CSRF), and `GET /` reads nothing but changes nothing. `GET /` also takes a bearer header.
struct DashboardRoutes: Sendable {
    let configuration: ServerConfiguration
    let registry: PersonRegistry
    let stores: PersonStores
    /// Whether the server itself serves HTTPS (`ohk serve --tls-certificate`): then the cookie is always `Secure`.
    let overTLS: Bool
    let budget: RequestBudget

    /// What the page costs of its client's request rate (it runs several statistics queries).
    static let pageCost = 10.0

    /// The cookie that holds the token.
    static let cookieName = "ohk_token"

    func register(on router: Router<ServerRequestContext>) {
        // The page's store work runs on the executor every person's store is opened with, as the API's does.
        router.get("/") { request, context in try await stores.executor.run { dashboard(request, context) } }
        router.post("/session") { request, context in try await signIn(request, context) }
        router.post("/session/delete") { request, _ in try signOut(request) }
    }

    /// `POST /session/delete` (the page's sign-out button): the cookie cleared and a redirect to the sign-in page.
    /// A form's POST rather than `DELETE /session`, which a page without JavaScript cannot send. It needs no token: it
    /// only ends this browser's session.
    private func signOut(_ request: Request) throws(HealthServerError) -> Response {
        _ = try QueryParameters(request, known: [])
        var response = Response(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store"])
        response.setCookie(cookie(value: "", request: request, maxAge: 0))
        return response
    }

    /// `GET /`: the page for the token's person as its client sees them; the sign-in page (401) without a valid one.
    private func dashboard(_ request: Request, _ context: ServerRequestContext) -> Response {
        do {
            let parameters = try QueryParameters(request, known: ["token", "timeZone"])
            if let token = parameters.string("token") {
                return try signedIn(token: token, request: request, timeZone: parameters.string("timeZone"))
            }
            let fromCookie: Bool
            let token: String
            if let header = try TokenAuthenticator.bearerToken(in: request) {
                (token, fromCookie) = (header, false)
            } else if let cookie = request.cookies[Self.cookieName]?.value {
                (token, fromCookie) = (cookie, true)
            } else {
                return Self.page(DashboardPage.signIn(message: nil), status: .unauthorized)
            }
            let client: RegisteredClient
            do {
                client = try registry.client(presenting: token)
            } catch {
                var response = Self.page(
                    DashboardPage.signIn(message: "Not signed in: \(error.description)."), status: .unauthorized)
                if fromCookie { response.setCookie(cookie(value: "", request: request, maxAge: 0)) }
                return response
            }
            context.client = client
            try budget.take(client: client, cost: Self.pageCost)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try parameters.timeZone(default: configuration.timeZone)
            let store = try stores.store(for: client)
            let page = DashboardPage(
                store: store, person: client.person, clientName: client.name, calendar: calendar,
                now: configuration.now(),
                timeZoneName: parameters.timeZoneName(default: configuration.timeZone.identifier))
            return Self.page(try page.html(), status: .ok)
        } catch let error as HealthServerError {
            var response = Self.page(DashboardPage.errorPage(error), status: error.status)
            if case let .limitExceeded(_, _, _, retryAfter?) = error {
                response.headers[.retryAfter] = String(retryAfter)
            }
            return response
        } catch {
            let failure = HealthServerError.storeFailure("\(error)")
            return Self.page(DashboardPage.errorPage(failure), status: failure.status)
        }
    }

    /// `POST /session` with a form's `token=…`: the cookie and a redirect to `/`, or the sign-in page again (401).
    private func signIn(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        _ = try QueryParameters(request, known: [])
        let buffer = try await HealthAPI.collect(request, upTo: 4096, limits: configuration.limits)
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else {
            throw HealthServerError.invalidField(
                field: "Content-Type",
                reason:
                    "the sign-in form is application/x-www-form-urlencoded, not \(request.headers[.contentType] ?? "none")"
            )
        }
        // Form encoding writes spaces as '+'; a token has none, but a pasted one may carry them around it. A body that
        // is not form encoding (characters a query may not hold, such as `{`) names no token: the failable initializer
        // answers nil for it, where the `percentEncodedQuery` setter stopped the process.
        let form = URLComponents(
            string: "?"
                + String(decoding: buffer.readableBytesView, as: UTF8.self).replacingOccurrences(
                    of: "+", with: "%20"))
        let token =
            form?.queryItems?.last { $0.name == "token" }?.value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return try signedIn(token: token, request: request, timeZone: nil)
    }

    /// A checked token: 303 to `/` (keeping the time zone) with the cookie set; else the sign-in page (401).
    private func signedIn(token: String, request: Request, timeZone: String?) throws -> Response {
        do {
            _ = try registry.client(presenting: token)
        } catch {
            return Self.page(
                DashboardPage.signIn(message: "Not signed in: \(error.description)."), status: .unauthorized)
        }
        var location = URLComponents()
        location.path = "/"
        if let timeZone { location.queryItems = [URLQueryItem(name: "timeZone", value: timeZone)] }
        var response = Response(
            status: .seeOther, headers: [.location: location.string ?? "/", .cacheControl: "no-store"])
        response.setCookie(cookie(value: token, request: request, maxAge: nil))
        return response
    }

    /// The token cookie: HttpOnly, SameSite=Strict, for the whole site; Secure when the request came over HTTPS (the
    /// server's own TLS, or a proxy in front that says so in `X-Forwarded-Proto`), so it also works on a plain loopback
    /// address.
    private func cookie(value: String, request: Request, maxAge: Int?) -> Cookie {
        let secure =
            overTLS || request.uri.scheme == .https
            || request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
        return Cookie(
            name: Self.cookieName, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true,
            sameSite: .strict)
    }

    /// An HTML answer that is never cached, framed, or allowed to run scripts.
    static func page(_ html: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
                .contentSecurityPolicy:
                    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}

import HTTPTypes
import Hummingbird

/// Answers every error of the routes and middlewares inside it with the JSON error shape (`HealthServerError`):
/// ours as they are, Hummingbird's (no such route, body too large) by status, a known path asked with another
/// method 405 with `Allow`, anything else 500 (logged). The code of the error is left in the context for the log line.
/// Every answer to a request whose body was left unread (`ServerRequestContext.stopReading()`) says `Connection: close`.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The methods of the router's paths (a known path with another method: 405).
    let routeMethods: RouteMethods

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await answer(request, context, next: next)
        if context.stoppedReading { response.headers[.connection] = "close" }
        return response
    }

    private func answer(
        _ request: Request, _ context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let serverError = Self.serverError(
                error, method: request.method, path: request.uri.path, routes: routeMethods)
            if case .storeFailure = serverError {
                context.logger.error("request failed", metadata: ["error": .string("\(error)")])
            }
            var response = serverError.response(requestIdentifier: context.id)
            if case let .methodNotAllowed(_, _, allowed) = serverError {
                response.headers[.allow] = allowed.joined(separator: ", ")
            }
            context.errorCode = serverError.code
            return response
        }
    }

    /// Any error as the server's error: ours as they are, Hummingbird's (no such route, body too large) by status; a
    /// route that exists with other methods is 405, not 404.
    static func serverError(
        _ error: any Error, method: HTTPRequest.Method, path: String, routes: RouteMethods
    ) -> HealthServerError {
        if let error = error as? HealthServerError { return error }
        if let error = error as? any HTTPResponseError {
            let allowed = routes.methods(at: RouterPath(path).description)
            if error.status == .notFound || error.status == .methodNotAllowed, !allowed.isEmpty,
                !allowed.contains(method)
            {
                return .methodNotAllowed(method: method.rawValue, path: path, allowed: allowed.map(\.rawValue).sorted())
            }
            switch error.status {
            case .notFound: return .notFound(field: "path", reason: "nothing answers at \(path)")
            case .methodNotAllowed: return .notFound(field: "method", reason: "this method is not allowed at \(path)")
            case .contentTooLarge: return .limitExceeded(.maximumBodyBytes, maximum: -1)
            case .unauthorized: return .unauthorized("a valid bearer token is required")
            default: return .invalidField(field: "request", reason: "\(error)")
            }
        }
        return .storeFailure("\(error)")
    }
}

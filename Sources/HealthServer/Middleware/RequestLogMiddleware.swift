import Hummingbird
import Logging

/// Logs one `request` line per request once it is answered: method, path, status, milliseconds, the person and client
/// of its token (when `TokenAuthenticator` found one) and the error code (when `ErrorMiddleware` answered an error).
///
/// Not Hummingbird's `LogRequestsMiddleware`, which logs when a request arrives, before its status, duration and
/// client are known.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// Measures the requests' durations.
    let clock: ContinuousClock

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = clock.now
        let response = try await next(request, context)
        let elapsed = started.duration(to: clock.now)
        var metadata: Logger.Metadata = [
            "method": .string(request.method.rawValue), "path": .string(request.uri.path),
            "status": .stringConvertible(response.status.code),
            "milliseconds": .stringConvertible((elapsed / .microseconds(1)).rounded() / 1000),
        ]
        if let client = context.client {
            metadata["person"] = .string(client.person)
            metadata["client"] = .string(client.bundleIdentifier)
        }
        if let errorCode = context.errorCode { metadata["error"] = .string(errorCode) }
        context.logger.info("request", metadata: metadata)
        return response
    }
}

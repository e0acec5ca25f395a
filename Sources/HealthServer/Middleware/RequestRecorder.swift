import Foundation
import HTTPTypes
import HealthModel
import Hummingbird
import Logging
import Prometheus

/// The outermost middleware: gives every response its request id (`X-Request-Id`, also in every log line of the
/// request as `hb.request.id`), turns every error into the JSON error shape, logs one line per request (method, path,
/// status, milliseconds) and counts requests and their durations for `/metrics`.
struct RequestRecorder: RouterMiddleware {
    typealias Context = ServerRequestContext

    let metrics: PrometheusCollectorRegistry
    /// Measures the requests' durations.
    let clock: ContinuousClock
    /// The methods of the router's paths (a known path with another method: 405).
    let routeMethods: RouteMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = clock.now
        var context = context
        // Hummingbird's request id is a counter shared by the process: two of one client's ids would tell it how many
        // requests everybody else made in between (issue 17). Ours are 128 random bits, also in the log lines.
        context.logger[metadataKey: "hb.request.id"] = .string(Self.randomIdentifier())
        var response: Response
        var errorCode: String?
        do {
            response = try await next(request, context)
        } catch {
            let serverError = RequestRecorder.serverError(error, method: request.method, path: request.uri.path, routes: routeMethods)
            if case .storeFailure = serverError {
                context.logger.error("request failed", metadata: ["error": .string("\(error)")])
            }
            response = serverError.response(requestIdentifier: context.id)
            if case let .methodNotAllowed(_, _, allowed) = serverError { response.headers[.allow] = allowed.joined(separator: ", ") }
            errorCode = serverError.code
        }
        response.headers[HTTPField.Name("X-Request-Id")!] = context.id
        let elapsed = started.duration(to: clock.now)
        let route = context.endpointPath ?? "unmatched"
        var metadata: Logger.Metadata = [
            "method": .string(request.method.rawValue), "path": .string(request.uri.path), "status": .stringConvertible(response.status.code),
            "milliseconds": .stringConvertible((elapsed / .microseconds(1)).rounded() / 1000),
        ]
        if let client = context.client {
            metadata["person"] = .string(client.person)
            metadata["client"] = .string(client.bundleIdentifier)
        }
        if let errorCode { metadata["error"] = .string(errorCode) }
        context.logger.info("request", metadata: metadata)
        let labels = [("method", request.method.rawValue), ("route", route), ("status", String(response.status.code))]
        metrics.makeCounter(descriptor: RequestRecorder.requests, labels: labels).increment()
        metrics.makeDurationHistogram(descriptor: RequestRecorder.durations, labels: [("route", route)], buckets: RequestRecorder.buckets).record(elapsed)
        return response
    }

    /// A request id: 32 hex digits of a random version 4 UUID (no counter, no clock).
    static func randomIdentifier() -> String {
        withUnsafeBytes(of: RandomUUID.makeVersion4().uuid) { bytes in
            var text = ""
            text.reserveCapacity(32)
            for byte in bytes {
                text.append(Self.hexDigits[Int(byte >> 4)])
                text.append(Self.hexDigits[Int(byte & 0x0F)])
            }
            return text
        }
    }

    private static let hexDigits: [Character] = Array("0123456789abcdef")

    static var requests: MetricNameDescriptor { MetricNameDescriptor(namespace: "ohk", metricName: "http_requests", unitName: "total", helpText: "HTTP requests by method, route and status.") }
    static var durations: MetricNameDescriptor { MetricNameDescriptor(namespace: "ohk", metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request durations by route.") }
    static let buckets: [Duration] = [.milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(5), .seconds(30)]

    /// Any error as the server's error: ours as they are, Hummingbird's (no such route, body too large) by status; a
    /// route that exists with other methods is 405, not 404.
    static func serverError(_ error: any Error, method: HTTPRequest.Method, path: String, routes: RouteMethods) -> HealthServerError {
        if let error = error as? HealthServerError { return error }
        if let error = error as? any HTTPResponseError {
            let allowed = routes.methods(at: RouterPath(path).description)
            if error.status == .notFound || error.status == .methodNotAllowed, !allowed.isEmpty, !allowed.contains(method) {
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

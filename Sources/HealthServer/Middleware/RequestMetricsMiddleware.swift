import Hummingbird
import Prometheus

/// Counts requests by method, route and status (`ohk_http_requests_total`) and their durations by route
/// (`ohk_http_request_duration_seconds`) in the server's own Prometheus registry, which `/metrics` shows.
///
/// Not Hummingbird's `MetricsMiddleware`: it records into the process-wide `MetricsSystem` (one bootstrap per
/// process, so every server of a test process would share counts), under other names and labels (`hb_requests`,
/// `http.route`, …) than the ones `/metrics` documents, and sees errors before they are answered.
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let metrics: PrometheusCollectorRegistry
    /// Measures the requests' durations.
    let clock: ContinuousClock

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = clock.now
        let response = try await next(request, context)
        let elapsed = started.duration(to: clock.now)
        let route = context.endpointPath ?? "unmatched"
        let labels = [("method", request.method.rawValue), ("route", route), ("status", String(response.status.code))]
        metrics.makeCounter(descriptor: Self.requests, labels: labels).increment()
        metrics.makeDurationHistogram(descriptor: Self.durations, labels: [("route", route)], buckets: Self.buckets)
            .record(elapsed)
        return response
    }

    static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "ohk", metricName: "http_requests", unitName: "total",
            helpText: "HTTP requests by method, route and status.")
    }
    static var durations: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "ohk", metricName: "http_request_duration", unitName: "seconds",
            helpText: "HTTP request durations by route.")
    }
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50), .milliseconds(100),
        .milliseconds(500), .seconds(1), .seconds(5), .seconds(30),
    ]
}

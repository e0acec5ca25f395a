import Foundation
import HealthEngine
@_exported import HealthRegistry
import HealthReports
import HealthStore
import HealthStorePostgres
import Hummingbird
import HummingbirdCore
import Logging
import Prometheus

/// The HTTP server: many people, each with their own store, and their clients (apps) with HealthKit's per-type
/// grants, behind bearer tokens. `application(logger:)` is what `ohk serve` runs; `router()` is what tests drive.
public struct HealthServer: Sendable {
    /// Limits, address and clock.
    public let configuration: ServerConfiguration
    /// The people and their clients.
    public let registry: PersonRegistry
    /// The people's open stores (a service that closes them at shutdown).
    public let stores: PersonStores
    /// The Prometheus registry `/metrics` shows.
    public let metrics: PrometheusCollectorRegistry
    /// HTTPS (certificate and key), or nil for plain HTTP; under TLS the sign-in cookie is `Secure`.
    public let tls: ServerTLS?
    /// The channels the application listens with: HTTP/1.1, inside TLS when `tls` is given.
    let serverBuilder: HTTPServerBuilder
    /// The rates and requests open at once of `configuration.limits`, shared by every request.
    let budget: RequestBudget

    /// A server on a server directory (its registry is created on first use); with `postgres`, the registry and the
    /// people's stores live in that PostgreSQL database instead, shared with every other server using it, and the
    /// directory holds only uploads in flight. With `tls`, the application serves HTTPS only.
    public init(
        directory: ServerDirectory, configuration: ServerConfiguration, postgres: PostgresStoreClient? = nil,
        tls: ServerTLS? = nil
    ) throws(HealthServerError) {
        self.configuration = configuration
        self.tls = tls
        self.serverBuilder =
            try tls?.serverBuilder(over: .http1(configuration: configuration.limits.http1))
            ?? .http1(configuration: configuration.limits.http1)
        let retention = ChangeLogRetention.deletions(for: configuration.deletionLifetime, clock: configuration.now)
        do {
            if let postgres {
                self.registry = try PersonRegistry(directory: directory, postgres: postgres)
                self.stores = PersonStores(location: .postgres(postgres), retention: retention)
            } else {
                self.registry = try PersonRegistry(directory: directory)
                self.stores = PersonStores(location: .directory(directory), retention: retention)
            }
        } catch {
            throw HealthServerError.from(error)
        }
        self.metrics = PrometheusCollectorRegistry()
        self.budget = RequestBudget(limits: configuration.limits, clock: configuration.clock)
    }

    /// The routes: `/health` and `/openapi.yaml` open, `/metrics` behind the metrics token, the web page (`/`, `/session`) signed in by its form
    /// or a bearer token, everything else behind a bearer token.
    public func router() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        let routeMethods = RouteMethods()
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: RequestLogMiddleware(clock: configuration.clock))
        router.add(middleware: RequestMetricsMiddleware(metrics: metrics, clock: configuration.clock))
        router.add(middleware: ErrorMiddleware(routeMethods: routeMethods))
        router.add(middleware: AddressRateLimiter(budget: budget))
        router.get("/health") { request, _ in
            _ = try QueryParameters(request, known: [])
            return JSONResponse.make(["status": "ok"])
        }
        let metricsAccess = configuration.metricsAccess
        router.get("/metrics") { request, _ in
            guard metricsAccess.isEnabled else {
                throw HealthServerError.notFound(
                    field: nil,
                    reason: "/metrics is off: start ohk serve with --metrics-token-file or OHK_METRICS_TOKEN")
            }
            guard metricsAccess.allows(request.headers) else {
                throw HealthServerError.unauthorized("/metrics needs the metrics token as a bearer token")
            }
            _ = try QueryParameters(request, known: [])
            metrics.makeGauge(descriptor: HealthServer.openStores).set(Double(stores.openCount))
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.emitToBuffer())))
        }
        router.get("/openapi.yaml") { request, _ in
            _ = try QueryParameters(request, known: [])
            return Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        DashboardRoutes(
            configuration: configuration, registry: registry, stores: stores, overTLS: tls != nil, budget: budget
        ).register(on: router)
        let api = HealthAPI(
            configuration: configuration, directory: registry.directory, stores: stores, metrics: metrics,
            budget: budget)
        api.register(
            on: router.group()
                .add(middleware: ClientRateCheck(budget: budget))
                .add(middleware: TokenAuthenticator(registry: registry))
                .add(middleware: ClientRateLimiter(budget: budget)))
        routeMethods.record(router.routes)
        return router
    }

    private static var openStores: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "ohk", metricName: "open_stores", unitName: "", helpText: "People's stores open.")
    }

    /// The application `ohk serve` runs: the router on the configured address, the stores closed after the last
    /// request at a graceful shutdown.
    /// `onListening` receives the port the server listens on (the one given, or the one chosen for port 0).
    public func application(
        logger: Logger, onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> Application<RouterResponder<ServerRequestContext>> {
        Application(
            router: router(),
            server: serverBuilder,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "ohk"),
            services: [stores],
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}

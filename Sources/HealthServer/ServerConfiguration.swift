import Foundation

/// How a server listens and what it accepts.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port (0: any free port).
    public var port: Int
    /// The budget of every request: sizes, counts, durations, requests open at once and rates.
    public var limits: ServerLimits
    /// How long deletions are remembered for change feeds, in seconds.
    public var deletionLifetime: TimeInterval
    /// The time zone of the web page's days when a request names none.
    public var timeZone: TimeZone
    /// The clock (the store's deletion retention and the registry's dates); passed in, never read inside the library.
    public var now: @Sendable () -> Date
    /// The clock that measures durations (request log lines, import rates, rate limits).
    public var clock: ContinuousClock
    /// Who may read `/metrics` (default: nobody, the route is off).
    public var metricsAccess = MetricsAccess(token: nil)
    /// The `Host` values `/mcp` answers (`name:port`, `name:*` for any port); nil: localhost's and, for a server on
    /// another address, that address (`AssistantHTTPEndpoint.defaultHosts`). Against DNS rebinding: a browser page
    /// of another site reaching a local server names its own host.
    public var assistantHosts: [String]?
    /// The `Origin` values `/mcp` answers (`http://name:port`); nil: as `assistantHosts`. Requests without an
    /// `Origin` (programs, not browsers) pass.
    public var assistantOrigins: [String]?

    /// A configuration; the defaults suit one household's server.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, limits: ServerLimits = ServerLimits(),
        deletionLifetime: TimeInterval = 90 * 86_400, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        now: @escaping @Sendable () -> Date, clock: ContinuousClock
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.deletionLifetime = deletionLifetime
        self.timeZone = timeZone
        self.now = now
        self.clock = clock
    }
}

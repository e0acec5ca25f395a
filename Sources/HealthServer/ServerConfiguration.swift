import Foundation

/// How a server listens and what it accepts.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port (0: any free port).
    public var port: Int
    /// The largest request body accepted, in bytes (larger: 413).
    public var maximumBodyBytes: Int
    /// The largest export upload accepted (`POST /import`), in bytes; it is streamed to a file, never held in memory.
    public var maximumUploadBytes: Int
    /// The most samples one save request may hold (more: 413).
    public var maximumBatchSamples: Int
    /// The most samples one page of a sample query or change feed may hold.
    public var maximumPageSize: Int
    /// The page size when a request gives no `limit`.
    public var defaultPageSize: Int
    /// The longest a change feed request may wait for a change (`wait`), in seconds.
    public var maximumWaitSeconds: Int
    /// How long deletions are remembered for change feeds, in seconds.
    public var deletionLifetime: TimeInterval
    /// The time zone of the web page's days when a request names none.
    public var timeZone: TimeZone
    /// The clock (the store's deletion retention and the registry's dates); passed in, never read inside the library.
    public var now: @Sendable () -> Date
    /// The clock that measures durations (request log lines, import rates).
    public var clock: ContinuousClock

    /// A configuration; the defaults suit one household's server.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, maximumBodyBytes: Int = 8 * 1024 * 1024,
        maximumUploadBytes: Int = 4 * 1024 * 1024 * 1024, maximumBatchSamples: Int = 10_000,
        maximumPageSize: Int = 10_000, defaultPageSize: Int = 1_000, maximumWaitSeconds: Int = 60,
        deletionLifetime: TimeInterval = 90 * 86_400, timeZone: TimeZone = TimeZone(identifier: "UTC")!, now: @escaping @Sendable () -> Date, clock: ContinuousClock
    ) {
        self.host = host
        self.port = port
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumBatchSamples = maximumBatchSamples
        self.maximumPageSize = maximumPageSize
        self.defaultPageSize = defaultPageSize
        self.maximumWaitSeconds = maximumWaitSeconds
        self.deletionLifetime = deletionLifetime
        self.timeZone = timeZone
        self.now = now
        self.clock = clock
        self.maximumUploadBytes = maximumUploadBytes
    }
}

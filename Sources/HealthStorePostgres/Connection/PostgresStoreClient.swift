import Dispatch
import Foundation
import HealthEngine
import HealthStore
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// A pooled connection to one PostgreSQL database holding the stores of many people, and the bridge that lets the
/// synchronous `HealthStorage` protocol call the asynchronous postgres-nio client.
///
/// It owns an event loop group of its own, runs the `PostgresClient` (connection pool) on it, and runs every storage
/// call as a task whose executor is that group: the calling thread blocks on a semaphore until the task is done. The
/// task never needs a thread of Swift's cooperative pool, so a caller blocking one of those threads (or all of them)
/// cannot deadlock the call. A call made on one of the group's own threads would block the loop that must answer
/// it, so such a call is refused with an error instead. Migrations run once when the client is made.
public final class PostgresStoreClient: Sendable {
    /// The postgres-nio connection pool.
    public let client: PostgresClient
    /// Where the database is, without the password (for messages).
    public let location: String
    private let group: MultiThreadedEventLoopGroup
    private let executor: EventLoopTaskExecutor
    private let runTask: Mutex<Task<Void, Never>?>
    /// Signalled when the pool's `run()` has returned (its connections closed).
    private let runEnded: DispatchSemaphore
    /// The longest random pause inside each storage transaction (zero, except in tests of concurrent use).
    public let maximumTransactionPause: Duration
    /// The logger of the client's statements (critical only: postgres-nio logs every query at lower levels).
    public let logger: Logger

    /// Connects to the database at a `postgres://user:password@host:port/database` URL (a `?host=/socket/folder`
    /// query selects a unix socket folder instead of TCP), keeps up to `maximumConnections` connections, and applies
    /// the migrations this version knows (refusing a database with migrations it does not know).
    /// `maximumTransactionPause` is for tests of concurrent use only (`ohk serve --transaction-pause-ms`): every
    /// transaction of a `PostgresStorage` on this client then waits a random time up to it inside, after its first
    /// statements (a commit after taking its sequence numbers), widening the windows where transactions overlap.
    public convenience init(url: String, maximumConnections: Int = 20, maximumTransactionPause: Duration = .zero) throws
    {
        try self.init(
            configuration: PostgresStoreClient.configuration(url: url), location: PostgresStoreClient.redacted(url),
            maximumConnections: maximumConnections, maximumTransactionPause: maximumTransactionPause)
    }

    /// Connects with a postgres-nio configuration (see `init(url:maximumConnections:maximumTransactionPause:)`).
    public init(
        configuration: PostgresClient.Configuration, location: String, maximumConnections: Int = 20,
        maximumTransactionPause: Duration = .zero
    ) throws {
        self.maximumTransactionPause = maximumTransactionPause
        var configuration = configuration
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = 0
        self.location = location
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        self.executor = EventLoopTaskExecutor(loop: group.next())
        var logger = Logger(label: "OpenHealthKit.postgres")
        logger.logLevel = .critical
        self.logger = logger
        let client = PostgresClient(configuration: configuration, eventLoopGroup: group, backgroundLogger: logger)
        self.client = client
        let runEnded = DispatchSemaphore(value: 0)
        self.runEnded = runEnded
        runTask = Mutex(
            Task(executorPreference: executor) {
                await client.run()
                runEnded.signal()
            })
        do {
            try blocking("applying migrations") { [logger] in
                try await PostgresSchema.migrate(client, logger: logger, location: location)
            }
        } catch {
            shutdown()
            throw error
        }
    }

    deinit {
        // Never blocks: the last reference may go away on the event loop itself (inside a finishing call).
        guard
            let task = runTask.withLock({ task -> Task<Void, Never>? in
                defer { task = nil }
                return task
            })
        else { return }
        task.cancel()
        group.shutdownGracefully(queue: .global()) { _ in }
    }

    /// Stops the client and closes its connections with the event loops. It waits up to two seconds for the pool's
    /// wind-down after the cancellation (closing connections on the loop; without the wait, a process that exits next
    /// has NIO complain of tasks scheduled on a closed loop), then for the loops only: parts of the wind-down may need
    /// a thread of the cooperative pool, which a caller on that pool may be holding, so it is never waited for
    /// longer. Later calls fail. Must not be called on an event loop thread.
    public func shutdown() {
        guard
            let task = runTask.withLock({ task -> Task<Void, Never>? in
                defer { task = nil }
                return task
            })
        else { return }
        task.cancel()
        _ = runEnded.wait(timeout: .now() + 2)
        try? group.syncShutdownGracefully()
    }

    /// Applies another component's migrations (the server's registry), recorded in a table of their own, as the
    /// store's are: once per database, under the same advisory lock, refusing a database with migrations in `table`
    /// that this version does not know.
    public func migrate(_ migrations: [PostgresMigration], recordedIn table: String) throws {
        try blocking("applying the migrations recorded in \(table)") { [client, logger, location] in
            try await PostgresSchema.migrate(
                client, migrations: migrations, table: table, logger: logger, location: location)
        }
    }

    /// Runs a task on the client's event loop (never on Swift's cooperative pool), e.g. a listener.
    func detached(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task(executorPreference: executor, operation: body)
    }

    /// Runs async database work to its end and returns its result, blocking the calling thread (see the type's note):
    /// errors come back as `HealthStoreError` (a `database` error with the server's message, or the body's own).
    @discardableResult
    public func blocking<T: Sendable>(_ operation: String, _ body: @escaping @Sendable () async throws -> T) throws -> T
    {
        if MultiThreadedEventLoopGroup.currentEventLoop != nil {
            throw HealthStoreError.database(
                operation: operation, message: "called on an event loop thread, which must never block")
        }
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        var result = outcome.withLock({ $0 })!
        // A transaction's closure error is the one that says what went wrong.
        if case let .failure(error as PostgresTransactionError) = result, let closureError = error.closureError {
            result = .failure(closureError)
        }
        switch result {
        case let .success(value): return value
        case let .failure(error as HealthStoreError): throw error
        case let .failure(error as HealthEngineError): throw error
        case let .failure(error):
            throw HealthStoreError.database(operation: operation, message: PostgresStoreClient.message(error))
        }
    }

    /// The server's message of an error (postgres-nio hides it from `description` unless asked).
    static func message(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let server = error.serverInfo, let message = server[.message] {
                return [server[.sqlState].map { "SQLSTATE \($0)" }, message, server[.detail]].compactMap { $0 }.joined(
                    separator: ": ")
            }
            return String(reflecting: error)
        }
        if let error = error as? PostgresTransactionError {
            if let closure = error.closureError { return message(closure) }
            if let commit = error.commitError { return "commit: " + message(commit) }
            if let begin = error.beginError { return "begin: " + message(begin) }
        }
        return String(reflecting: error)
    }

    /// A postgres-nio configuration from a URL.
    static func configuration(url: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? "")
        else {
            throw HealthStoreError.storeUnavailable(path: redacted(url), reason: "not a postgres:// URL")
        }
        let user = components.user ?? "postgres"
        let password = components.password
        let database = components.path.split(separator: "/").first.map(String.init)
        let queryItems = components.queryItems ?? []
        if let socketFolder = queryItems.first(where: { $0.name == "host" })?.value, socketFolder.hasPrefix("/") {
            let port = components.port ?? 5432
            return PostgresClient.Configuration(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password,
                database: database)
        }
        guard let host = components.host, !host.isEmpty else {
            throw HealthStoreError.storeUnavailable(path: redacted(url), reason: "the URL names no host")
        }
        if let mode = queryItems.first(where: { $0.name == "sslmode" })?.value,
            !["disable", "allow", "prefer"].contains(mode)
        {
            throw HealthStoreError.storeUnavailable(
                path: redacted(url), reason: "sslmode=\(mode): TLS connections are not supported yet")
        }
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: password, database: database,
            tls: .disable)
    }

    /// The URL without its password.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}

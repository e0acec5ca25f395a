import Foundation
import HealthEngine
import HealthRegistry
import HealthStore
import HealthStorePostgres
import ServiceLifecycle
import Synchronization

/// The open stores of a server's people: one store per person (SQLite or PostgreSQL, see `PersonStorageLocation`),
/// opened on first use and kept open. A request acts through `store(for:)`, the person's store as that client sees it
/// (`HealthDataStore.client(_:grants:)`, with the grants the registry keeps), so the store's own rules — hidden read
/// denial, own-data-only deletes, correlation visibility — apply to every endpoint.
///
/// As a service it waits for the graceful shutdown (after the HTTP server has finished its requests, since the
/// application shuts its services down in reverse order) and then checkpoints and closes every store.
///
/// On PostgreSQL, other servers commit to the same stores: a `PostgresCommitListener` hears of each commit, and the
/// observers of that person's open store (`/observe` streams, `/changes` long-polls) are woken as for a commit here.
public final class PersonStores: Service, Sendable {
    private struct Opened: Sendable {
        let store: HealthDataStore
        /// When the person was added, as the first client read with it said (nil: not known yet).
        var personCreated: Date?
        /// The store file's identity when it was opened (SQLite), to notice its removal.
        var file: FileIdentity?
    }

    /// A file's device and inode: a file removed and made again under the same path is another file.
    struct FileIdentity: Sendable, Equatable {
        let device: UInt64
        let inode: UInt64

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    private let location: PersonStorageLocation
    private let retention: ChangeLogRetention
    /// The executor every person's store is opened with, so the one that runs the endpoints' store work, opening a
    /// store included (`HealthDataStore.run` on any of them runs here too).
    public let executor: StoreExecutor
    private let opened = Mutex<[String: Opened]>([:])
    private let closed = Mutex(false)
    private let listener = Mutex<PostgresCommitListener?>(nil)

    /// The stores of a server directory; deletions are remembered as `retention` says (its clock is passed in).
    public convenience init(directory: ServerDirectory, retention: ChangeLogRetention) {
        self.init(location: .directory(directory), retention: retention)
    }

    /// The stores at a location, opened with `executor` (the process's shared one unless given); on PostgreSQL,
    /// listening for other servers' commits at once.
    public init(location: PersonStorageLocation, retention: ChangeLogRetention, executor: StoreExecutor = .shared) {
        self.location = location
        self.retention = retention
        self.executor = executor
        let heard = location.commitListener(
            onListening: { [weak self] in self?.checkOpenStores() },
            onCommit: { [weak self] person, sequence in self?.wakeObservers(of: person, upTo: sequence) })
        listener.withLock { $0 = heard }
    }

    /// Wakes the observers of a person's open store when a commit (maybe another server's) reached `sequence`; a
    /// store whose observers have heard of it already (a commit made here) stays quiet, and nothing is read.
    private func wakeObservers(of person: String, upTo sequence: Int64) {
        opened.withLock { $0[person]?.store }?.noteOutsideCommit(latestSequence: sequence)
    }

    /// Reads every open store's latest sequence and wakes the observers of those that moved (commits made while
    /// no notification could be heard).
    private func checkOpenStores() {
        for store in opened.withLock({ $0.values.map(\.store) }) { _ = try? store.checkForOutsideWrites() }
    }

    /// The person's store as the client sees it, deciding by the client's grants as the registry gave them with this
    /// request (so a client re-added after a revocation has its new grants at once, and servers sharing a registry
    /// agree); nothing is copied into the store.
    public func store(for client: RegisteredClient) throws(HealthServerError) -> HealthDataStore {
        // A person removed (`ohk people remove`) and added again is a new person: the store opened for the old one
        // is closed, never served.
        if let created = client.personCreated {
            let stale = opened.withLock { stores -> Bool in
                guard let entry = stores[client.person] else { return false }
                if entry.personCreated == nil { stores[client.person]?.personCreated = created }
                return entry.personCreated.map { $0 != created } ?? false
            }
            if stale { evict(client.person) }
        }
        let base = try personStore(client.person)
        if let created = client.personCreated {
            opened.withLock { stores in
                if stores[client.person]?.personCreated == nil { stores[client.person]?.personCreated = created }
            }
        }
        // The grants' one home is the registry, read with the client on this request: the view decides by them.
        return base.client(
            client.bundleIdentifier,
            grants: ClientGrants(
                share: client.share, read: client.read, fullAccess: client.fullAccess,
                deniedShare: client.withdrawnShare, deniedRead: client.withdrawnRead))
    }

    /// The person's whole store (opened on first use).
    func personStore(_ person: String) throws(HealthServerError) -> HealthDataStore {
        if case let .directory(directory) = location, let entry = opened.withLock({ $0[person] }),
            entry.file != FileIdentity(path: directory.storePath(of: person))
        {
            // The file was removed (and maybe made again) by another process since it was opened.
            evict(person)
        }
        let result: Result<HealthDataStore, HealthServerError> = opened.withLock { stores in
            if let entry = stores[person] { return .success(entry.store) }
            guard !closed.withLock({ $0 }) else { return .failure(.storeFailure("the server is shutting down")) }
            do {
                let store = try location.open(
                    person, retention: retention, access: AccessControl(policy: .denyAll), executor: executor)
                var file: FileIdentity?
                if case let .directory(directory) = location {
                    file = FileIdentity(path: directory.storePath(of: person))
                }
                stores[person] = Opened(store: store, file: file)
                return .success(store)
            } catch {
                return .failure(.storeFailure("cannot open the store of \(person): \(error)"))
            }
        }
        return try result.get()
    }

    /// Closes a person's store if it is open (the person was removed): later requests open it afresh. Requests
    /// running on it finish on the closed store's connections, which go when they do.
    public func evict(_ person: String) {
        _ = opened.withLock { $0.removeValue(forKey: person) }
    }

    /// Closes the stores whose file was removed or replaced since they were opened (a person removed by `ohk people
    /// remove` in another process), so that no removed person's data stays open, or on disk through an open file,
    /// until a request comes; returns the people whose stores were closed. On PostgreSQL there is no file: a removed
    /// person's rows are gone, and their clients with them.
    @discardableResult
    public func closeRemovedStores() -> [String] {
        guard case let .directory(directory) = location else { return [] }
        let removed = opened.withLock { stores in
            stores.filter { $0.value.file != FileIdentity(path: directory.storePath(of: $0.key)) }.map(\.key)
        }
        for person in removed { evict(person) }
        return removed.sorted()
    }

    /// How many people's stores are open.
    public var openCount: Int { opened.withLock { $0.count } }

    /// Checkpoints and closes every store; later requests are refused.
    public func close() {
        listener.withLock { listener in
            listener?.stop()
            listener = nil
        }
        let stores = opened.withLock { stores in
            closed.withLock { $0 = true }
            defer { stores.removeAll() }
            return Array(stores.values)
        }
        for entry in stores { try? entry.store.backend.checkpoint() }
    }

    /// Until the graceful shutdown, closes every few seconds the stores of people removed meanwhile
    /// (`closeRemovedStores()`); then closes the stores.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: PersonStores.removalCheckInterval)
                self.closeRemovedStores()
            }
        }
        close()
    }

    /// How often `run()` looks for stores of removed people.
    static let removalCheckInterval = Duration.seconds(5)
}

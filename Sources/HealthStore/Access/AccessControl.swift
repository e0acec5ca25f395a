import Foundation
import HealthEngine
import HealthModel
import Synchronization

/// Who may do what in a store (SEMANTICS §8): each client's share and read decisions per type, the policy that
/// answers new requests, the clients with full access, and the store's condition (available, unavailable, locked,
/// guest) with the writes accepted while locked. Shared by every client view of one store.
public final class AccessControl: Sendable {
    /// One client's decisions, by type identifier.
    struct Grants: Sendable {
        var share: [String: AuthorizationDecision] = [:]
        var read: [String: AuthorizationDecision] = [:]
    }

    /// A write accepted while the store was locked, applied on unlock.
    struct PendingWrite: Sendable {
        let client: String
        let batch: CommitBatch
    }

    private struct State {
        var grants: [String: Grants] = [:]
        var fullAccess: Set<String>
        /// Clients told to follow their decisions even as the in-process default client.
        var restricted: Set<String> = []
        var policy: AuthorizationPolicy
        var condition: StoreCondition = .available
        var pending: [PendingWrite] = []
        /// Objects of per-object types each client was granted, by client.
        var objectGrants: [String: Set<UUID>] = [:]
        /// Medications each client was granted (concept identifiers), by client: the medication and its dose events.
        var medicationGrants: [String: Set<String>] = [:]
        /// The earliest start date of the samples each client may read, by client and type, where the person shared
        /// only a recent window of their history.
        var readWindows: [String: [String: Date]] = [:]
    }

    private let state: Mutex<State>

    /// Access control answering requests with `policy`; `fullAccessClients` read and write everything without asking
    /// (the in-process default client, the command line).
    public init(policy: AuthorizationPolicy = .grantAll, fullAccessClients: Set<String> = []) {
        state = Mutex(State(fullAccess: fullAccessClients, policy: policy))
    }

    // MARK: Decisions

    /// The policy that answers new requests.
    public var policy: AuthorizationPolicy {
        get { state.withLock { $0.policy } }
        set { state.withLock { $0.policy = newValue } }
    }

    /// Gives a client full access (or takes it away, so that its decisions apply).
    public func setFullAccess(_ client: String, _ granted: Bool) {
        state.withLock { state in
            if granted { state.fullAccess.insert(client) } else { state.fullAccess.remove(client) }
        }
    }

    /// Makes a client follow its decisions, even when it is the in-process default client.
    public func restrict(_ client: String) {
        state.withLock { state in
            state.fullAccess.remove(client)
            state.restricted.insert(client)
        }
    }

    /// Gives the in-process default client full access unless it was restricted.
    public func adoptDefaultClient(_ client: String) {
        state.withLock { state in
            if !state.restricted.contains(client) { state.fullAccess.insert(client) }
        }
    }

    /// Whether a client reads and writes everything.
    public func hasFullAccess(_ client: String) -> Bool { state.withLock { $0.fullAccess.contains(client) } }

    /// Asks the policy about every type not decided yet for the client; decided ones keep their decision.
    public func request(client: String, share: Set<String>, read: Set<String>) {
        let policy = state.withLock { $0.policy }
        let (undecidedShare, undecidedRead) = state.withLock { state in
            let grants = state.grants[client] ?? Grants()
            return (
                share.filter { (grants.share[$0] ?? .notDetermined) == .notDetermined },
                read.filter { (grants.read[$0] ?? .notDetermined) == .notDetermined }
            )
        }
        // The policy may be a closure a test supplies: ask it outside the lock.
        let shareAnswers = undecidedShare.map { ($0, policy.decide(client, $0, true)) }
        // A per-object type (vision prescriptions) is never readable as a whole: objects are granted one by one.
        let readAnswers = undecidedRead.filter { (try? SampleType.named($0))?.requiresPerObjectAuthorization != true }
            .map { ($0, policy.decide(client, $0, false)) }
        state.withLock { state in
            for (type, decision) in shareAnswers where decision != .notDetermined {
                state.grants[client, default: Grants()].share[type] = decision
            }
            for (type, decision) in readAnswers where decision != .notDetermined {
                state.grants[client, default: Grants()].read[type] = decision
            }
        }
    }

    /// Sets one decision directly (as a person changing it in Settings would).
    public func setDecision(_ decision: AuthorizationDecision, client: String, type: String, share: Bool) {
        state.withLock { state in
            if share {
                state.grants[client, default: Grants()].share[type] = decision
            } else {
                state.grants[client, default: Grants()].read[type] = decision
            }
        }
    }

    /// The client's sharing decision for a type (authorized for full-access clients).
    public func shareDecision(client: String, type: String) -> AuthorizationDecision {
        decision(client: client, type: type, in: \.share)
    }

    /// The client's reading decision for a type (authorized for full-access clients). Only the store itself looks at
    /// it: what a client is shown never tells a denial from having nothing (`canRead(client:type:)`).
    public func readDecision(client: String, type: String) -> AuthorizationDecision {
        decision(client: client, type: type, in: \.read)
    }

    /// A decision of the client's sharing or reading grants (authorized for full-access clients).
    private func decision(
        client: String, type: String, in grants: KeyPath<Grants, [String: AuthorizationDecision]>
    ) -> AuthorizationDecision {
        state.withLock { state in
            state.fullAccess.contains(client)
                ? .authorized : state.grants[client]?[keyPath: grants][type] ?? .notDetermined
        }
    }

    /// Whether the client may read other clients' data of the type (it always reads its own).
    public func canRead(client: String, type: String) -> Bool {
        state.withLock { state in state.fullAccess.contains(client) || state.grants[client]?.read[type] == .authorized }
    }

    /// Whether the client may read other clients' samples of the type that start at `start` (its read grant, and the
    /// window of history the person shared with it, if any).
    public func canRead(client: String, type: String, startingAt start: Date) -> Bool {
        state.withLock { state in
            if state.fullAccess.contains(client) { return true }
            guard state.grants[client]?.read[type] == .authorized else { return false }
            return state.readWindows[client]?[type].map { start >= $0 } ?? true
        }
    }

    /// Limits (or, with nil, stops limiting) what a client reads of a type to the samples starting at `date` or
    /// later, as a person sharing only a recent window of their history does (HealthKit in iOS 27).
    public func setReadWindow(from date: Date?, client: String, type: String) {
        state.withLock { state in state.readWindows[client, default: [:]][type] = date }
    }

    /// The start of the window of history the client may read of a type, when it is limited to one (full access
    /// aside: the caller asks that first).
    func readWindow(client: String, type: String) -> Date? {
        state.withLock { state in state.readWindows[client]?[type] }
    }

    /// The start of the window of history the client may read, by type, for the types limited to a window.
    public func readWindows(client: String) -> [String: Date] {
        state.withLock { state in state.fullAccess.contains(client) ? [:] : state.readWindows[client] ?? [:] }
    }

    /// Lets a client read these objects of a per-object type (`HealthDataStore.requestObjectReadAccess`).
    public func grantObjects(_ uuids: Set<UUID>, client: String) {
        state.withLock { state in state.objectGrants[client, default: []].formUnion(uuids) }
    }

    /// Whether the client was granted reading this object.
    public func canRead(client: String, object uuid: UUID) -> Bool {
        state.withLock { state in state.objectGrants[client]?.contains(uuid) == true }
    }

    /// Lets a client read these medications of the person's list and their dose events (concept identifiers).
    public func grantMedications(_ conceptIdentifiers: Set<String>, client: String) {
        state.withLock { state in state.medicationGrants[client, default: []].formUnion(conceptIdentifiers) }
    }

    /// Takes back a client's grants of these medications (as the person unticking them in Settings would).
    public func revokeMedications(_ conceptIdentifiers: Set<String>, client: String) {
        state.withLock { state in state.medicationGrants[client]?.subtract(conceptIdentifiers) }
    }

    /// Whether the client was granted reading this medication (by concept identifier) and its dose events.
    public func canRead(client: String, medication conceptIdentifier: String) -> Bool {
        state.withLock { state in
            state.fullAccess.contains(client) || state.medicationGrants[client]?.contains(conceptIdentifier) == true
        }
    }

    /// Whether asking for these types would ask the person anything (some type is still undecided).
    public func wouldAsk(client: String, share: Set<String>, read: Set<String>) -> Bool {
        state.withLock { state in
            if state.fullAccess.contains(client) { return false }
            let grants = state.grants[client] ?? Grants()
            return share.contains { (grants.share[$0] ?? .notDetermined) == .notDetermined }
                || read.contains { (grants.read[$0] ?? .notDetermined) == .notDetermined }
        }
    }

    // MARK: Condition

    /// The store's condition.
    public var condition: StoreCondition { state.withLock { $0.condition } }

    /// Sets the condition; returns the writes accepted while locked when the store leaves the locked state.
    func setCondition(_ condition: StoreCondition) -> [PendingWrite] {
        state.withLock { state in
            state.condition = condition
            guard condition != .locked else { return [] }
            defer { state.pending.removeAll() }
            return state.pending
        }
    }

    /// Keeps a write for when the store is unlocked; false when the store is no longer locked.
    func hold(_ write: PendingWrite) -> Bool {
        state.withLock { state in
            guard state.condition == .locked else { return false }
            state.pending.append(write)
            return true
        }
    }
}

import Foundation
import HealthModel

/// A client's grants kept outside the store, in their one home (the server's registry, read with the client on every
/// request): the types it may share and read, and whether it has full access. A client view given them
/// (`HealthDataStore.client(_:grants:)`) decides by them, so they are never copied into the store's `AccessControl`.
/// A type granted is `authorized`; a type the person took back (granted before, no longer) is `denied`, so the app
/// reads it as no data; any other type was never granted (`notDetermined`), as for a client that never asked.
public struct ClientGrants: Sendable, Hashable {
    /// Type identifiers the client may share (save).
    public var share: Set<String>
    /// Type identifiers the client may read (besides its own samples, which it always reads).
    public var read: Set<String>
    /// Whether the client reads and writes everything (the person's own Health app).
    public var fullAccess: Bool
    /// Type identifiers whose sharing the person took back (`denied`).
    public var deniedShare: Set<String>
    /// Type identifiers whose reading the person took back (`denied`).
    public var deniedRead: Set<String>

    /// Grants of these types; `deniedShare` and `deniedRead` name types taken back (a type also granted is granted).
    public init(
        share: Set<String>, read: Set<String>, fullAccess: Bool, deniedShare: Set<String> = [],
        deniedRead: Set<String> = []
    ) {
        self.share = share
        self.read = read
        self.fullAccess = fullAccess
        self.deniedShare = deniedShare.subtracting(share)
        self.deniedRead = deniedRead.subtracting(read)
    }

    /// The decision a set of granted and of taken-back types gives a type.
    static func decision(_ type: String, granted: Set<String>, denied: Set<String>) -> AuthorizationDecision {
        granted.contains(type) ? .authorized : denied.contains(type) ? .denied : .notDetermined
    }
}

/// One client's permissions as its view asks them: from the grants it was given when there are any, else from the
/// store's `AccessControl` (the decisions its authorization requests recorded). The per-object and medication grants,
/// the windows of history and the store's condition are always the `AccessControl`'s.
struct ClientPermissions: Sendable {
    /// The store's decisions and condition.
    let access: AccessControl
    /// The client's bundle identifier.
    let client: String
    /// The grants kept elsewhere, when the view was given them.
    let grants: ClientGrants?

    /// Whether the client reads and writes everything.
    var hasFullAccess: Bool { grants?.fullAccess ?? access.hasFullAccess(client) }

    /// The client's sharing decision for a type (authorized with full access).
    func shareDecision(type: String) -> AuthorizationDecision {
        guard let grants else { return access.shareDecision(client: client, type: type) }
        if grants.fullAccess { return .authorized }
        return ClientGrants.decision(type, granted: grants.share, denied: grants.deniedShare)
    }

    /// The client's reading decision for a type (authorized with full access); only the store itself looks at it.
    func readDecision(type: String) -> AuthorizationDecision {
        guard let grants else { return access.readDecision(client: client, type: type) }
        if grants.fullAccess { return .authorized }
        return ClientGrants.decision(type, granted: grants.read, denied: grants.deniedRead)
    }

    /// Whether the client may read other clients' data of the type (the read grant alone).
    func canRead(type: String) -> Bool {
        guard let grants else { return access.canRead(client: client, type: type) }
        return grants.fullAccess || grants.read.contains(type)
    }

    /// Whether the client may read other clients' samples of the type that start at `start`: its read grant, and the
    /// window of history the person shared with it, if any.
    func canRead(type: String, startingAt start: Date) -> Bool {
        guard let grants else { return access.canRead(client: client, type: type, startingAt: start) }
        if grants.fullAccess { return true }
        guard grants.read.contains(type) else { return false }
        return access.readWindow(client: client, type: type).map { start >= $0 } ?? true
    }

    /// The start of the window of history the client may read, by type, for the types limited to a window.
    func readWindows() -> [String: Date] {
        if grants?.fullAccess == true { return [:] }
        return access.readWindows(client: client)
    }

    /// Whether the client was granted reading this object of a per-object type.
    func canRead(object uuid: UUID) -> Bool { access.canRead(client: client, object: uuid) }

    /// Whether the client may read this medication (by concept identifier) and its dose events.
    func canRead(medication conceptIdentifier: String) -> Bool {
        (grants?.fullAccess ?? false) || access.canRead(client: client, medication: conceptIdentifier)
    }
}

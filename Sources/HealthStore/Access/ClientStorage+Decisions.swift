import Foundation
import HealthEngine
import HealthModel

/// The permission decisions the facade asks of the client view, beside those the view applies to every read and
/// write: the one place (with `AccessControl`, which keeps the grants) where a client's rights are decided. The
/// facade (`HealthDataStore`) and the adapters (the HealthKit API, the server, the command line) ask here and decide
/// nothing themselves; the store itself, which has no view, may do everything.
extension ClientStorage {
    /// Whether the client reads data computed over a whole type, such as the activity summaries (HealthKit's
    /// `activitySummaryType()`): the read grant alone, never the client's own samples. Throws when the store's
    /// condition allows no reads, so that a denial and an empty store answer alike.
    func readsComputed(typeIdentifier: String) throws -> Bool {
        try checkReadable()
        return hasReadGrant(typeIdentifier: typeIdentifier)
    }

    /// Throws `authorizationNotDetermined` when the client never asked to read the type, as HealthKit answers an app
    /// reading a characteristic it did not ask for; a denial passes (it then reads nothing, as if there were no value).
    func checkAskedToRead(typeIdentifier: String) throws {
        if permissions.readDecision(type: typeIdentifier) == .notDetermined {
            throw HealthStoreError.authorizationNotDetermined(type: typeIdentifier)
        }
    }

    /// Throws `authorizationNotDetermined` when the client asked neither to share nor to read the type (HealthKit's
    /// rule for preferred units).
    func checkAskedToShareOrRead(typeIdentifier: String) throws {
        if permissions.shareDecision(type: typeIdentifier) == .notDetermined,
            permissions.readDecision(type: typeIdentifier) == .notDetermined
        {
            throw HealthStoreError.authorizationNotDetermined(type: typeIdentifier)
        }
    }

    /// Throws `authorizationDenied(denial)` unless the client has full access (what only the Health app does: an
    /// import, counting imported data).
    func checkFullAccess(_ denial: String) throws {
        guard permissions.hasFullAccess else { throw HealthStoreError.authorizationDenied(denial) }
    }

    /// Throws unless the store takes a client's writes at once: a locked store refuses rather than holding the write
    /// (`action` names it for guest mode). For writes that cannot wait, such as an attachment's bytes.
    func checkWritableNow(_ action: String) throws {
        switch access.condition {
        case .unavailable: throw HealthStoreError.healthDataUnavailable
        case .locked: throw HealthStoreError.databaseInaccessible
        case .guest: throw HealthStoreError.notPermissibleInGuestMode(action)
        case .available: break
        }
    }

    /// The earliest start date the client may read of each type limited to a window of history (HealthKit in iOS
    /// 27); types read in full, denied or never asked for are left out alike. Throws when health data is unavailable.
    func readWindowStarts(of typeIdentifiers: Set<String>) throws -> [String: Date] {
        if access.condition == .unavailable { throw HealthStoreError.healthDataUnavailable }
        let windows = permissions.readWindows()
        var starts: [String: Date] = [:]
        for identifier in typeIdentifiers {
            guard let start = windows[identifier], permissions.canRead(type: identifier) else { continue }
            starts[identifier] = start
        }
        return starts
    }

    /// Asks the person, through the store's policy, to let the client read the objects of a per-object type
    /// (`objects` lists those that match now, read past the view); when the policy allows, they become readable.
    /// Returns how many were granted: none for a denial (which the client is not told of) and for a full-access
    /// client (which reads everything already).
    func requestObjectReadAccess(typeIdentifier: String, objects: () throws -> [UUID]) throws -> Int {
        guard !permissions.hasFullAccess else { return 0 }
        guard access.policy.decide(client, typeIdentifier, false) == .authorized else { return 0 }
        let granted = try objects()
        access.grantObjects(Set(granted), client: client)
        return granted.count
    }

    /// Asks the person, through the store's policy (its read decision for the medication type), to let the client
    /// read the medications `concepts` lists (those matching now, read past the view, by concept identifier) with
    /// their dose events. Returns how many were granted, as `requestObjectReadAccess` does.
    func requestMedicationReadAccess(concepts: () throws -> [String]) throws -> Int {
        guard !permissions.hasFullAccess else { return 0 }
        guard access.policy.decide(client, TypeTable.userAnnotatedMedicationTypeIdentifier, false) == .authorized
        else { return 0 }
        let granted = try concepts()
        access.grantMedications(Set(granted), client: client)
        return granted.count
    }
}

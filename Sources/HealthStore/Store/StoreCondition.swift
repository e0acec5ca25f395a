/// The state a store is in, as a device's health database can be (SEMANTICS §8); a test sets it.
public enum StoreCondition: Sendable, Hashable {
    /// Reads and writes work.
    case available
    /// Health data is not available here: everything fails with `healthDataUnavailable`.
    case unavailable
    /// The device is locked: reads fail with `databaseInaccessible`; writes are accepted and become visible on unlock.
    case locked
    /// A guest is using the device: reads work, writes fail with `notPermissibleInGuestMode`.
    case guest
}

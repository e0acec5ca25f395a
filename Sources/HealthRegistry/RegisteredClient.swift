import Foundation
import HealthModel

/// An app registered for one person, with HealthKit's per-type grants: what it may share (save) and read.
public struct RegisteredClient: Sendable, Hashable {
    /// The person whose data the client works on.
    public let person: String
    /// The app's bundle identifier (the source of what it saves).
    public let bundleIdentifier: String
    /// The app's name (the source name of what it saves).
    public let name: String
    /// Type identifiers it may save.
    public let share: Set<String>
    /// Type identifiers it may read (besides its own samples, which it always reads).
    public let read: Set<String>
    /// Whether it reads and writes all of the person's data and sets source priorities (the person's own Health app).
    public let fullAccess: Bool
    /// The selector of its token.
    public let selector: String
    /// When it was registered.
    public let created: Date
    /// When its token was revoked, if it was.
    public let revoked: Date?
    /// When its person was added (nil when not read with the client): a person removed and added again under the
    /// same name is a new person, whose store must not be one opened for the old one (`PersonStores`).
    public let personCreated: Date?
    /// Types the person took back from the app: shared by an earlier (revoked) registration of the same app for the
    /// same person and not by this one, HealthKit's `denied` (the app asked; the answer is no). Filled in only when
    /// the client is read by its token (empty otherwise).
    public let withdrawnShare: Set<String>
    /// Types the person took back from the app for reading, as `withdrawnShare`: the app reads them as no data, as it
    /// would after a denial, rather than as types it never asked for.
    public let withdrawnRead: Set<String>

    /// A client.
    public init(
        person: String, bundleIdentifier: String, name: String, share: Set<String>, read: Set<String>, fullAccess: Bool,
        selector: String, created: Date, revoked: Date?, personCreated: Date? = nil, withdrawnShare: Set<String> = [],
        withdrawnRead: Set<String> = []
    ) {
        self.person = person
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.share = share
        self.read = read
        self.fullAccess = fullAccess
        self.selector = selector
        self.created = created
        self.revoked = revoked
        self.personCreated = personCreated
        self.withdrawnShare = withdrawnShare.subtracting(share)
        self.withdrawnRead = withdrawnRead.subtracting(read)
    }

    /// Clients are the same when everything but `personCreated` and the withdrawn types is (which only some reads fill
    /// in).
    public static func == (lhs: RegisteredClient, rhs: RegisteredClient) -> Bool {
        lhs.person == rhs.person && lhs.bundleIdentifier == rhs.bundleIdentifier && lhs.name == rhs.name
            && lhs.share == rhs.share
            && lhs.read == rhs.read && lhs.fullAccess == rhs.fullAccess && lhs.selector == rhs.selector
            && lhs.created == rhs.created
            && lhs.revoked == rhs.revoked
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(selector)
        hasher.combine(person)
        hasher.combine(bundleIdentifier)
    }

    /// The source revision of what it saves.
    public var sourceRevision: SourceRevision {
        SourceRevision(source: Source(name: name, bundleIdentifier: bundleIdentifier))
    }

    /// A type identifier a grant names (full identifier or short name), as the identifier grants are kept under.
    /// Correlation types are never granted (their contained types decide, as in HealthKit); read-only types and
    /// characteristics (`biologicalSex`, `HKCharacteristicTypeIdentifierBloodType`) cannot be shared.
    public static func grantedType(_ text: String, share: Bool, field: String) throws(RegistryError) -> String {
        if text == TypeTable.activitySummaryTypeIdentifier || text == "activitySummary" {
            guard !share else {
                throw .invalidField(field: field, reason: "activity summaries are read-only and cannot be shared")
            }
            return TypeTable.activitySummaryTypeIdentifier
        }
        if let characteristic = TypeTable.characteristicType(text) {
            guard !share else {
                throw .invalidField(field: field, reason: "characteristics are read-only and cannot be shared")
            }
            return characteristic.identifier
        }
        let type: SampleType
        do {
            type = try SampleType.named(text)
        } catch {
            throw .invalidField(
                field: field,
                reason:
                    "'\(text)' is not a HealthKit type identifier or short name (e.g. stepCount, heartRate, sleepAnalysis)"
            )
        }
        guard type.kind != .correlation else {
            throw .invalidField(
                field: field, reason: "\(type.identifier) is a correlation type: grant its contained types instead")
        }
        if share, type.isReadOnly {
            throw .invalidField(field: field, reason: "\(type.identifier) is read-only and cannot be shared")
        }
        return type.identifier
    }
}

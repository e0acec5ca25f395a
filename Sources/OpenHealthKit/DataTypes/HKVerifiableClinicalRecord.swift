import Foundation
import HealthModel

/// The kinds of credential a verifiable clinical record can hold (SMART Health Cards' types).
public struct HKVerifiableClinicalRecordCredentialType: RawRepresentable, Hashable, Sendable {
    /// The type's URI.
    public let rawValue: String

    /// A type from its URI.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// COVID-19 vaccinations and tests.
    public static let covid19 = HKVerifiableClinicalRecordCredentialType(rawValue: "https://smarthealth.cards#covid19")
    /// Immunizations.
    public static let immunization = HKVerifiableClinicalRecordCredentialType(
        rawValue: "https://smarthealth.cards#immunization")
    /// Laboratory results.
    public static let laboratory = HKVerifiableClinicalRecordCredentialType(
        rawValue: "https://smarthealth.cards#laboratory")
    /// Recoveries from an infection.
    public static let recovery = HKVerifiableClinicalRecordCredentialType(
        rawValue: "https://smarthealth.cards#recovery")
}

/// Where a verifiable clinical record comes from.
public struct HKVerifiableClinicalRecordSourceType: RawRepresentable, Hashable, Sendable {
    /// The source type's name.
    public let rawValue: String

    /// A source type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A SMART Health Card.
    public static let smartHealthCard = HKVerifiableClinicalRecordSourceType(rawValue: "https://smarthealth.cards")
    /// An EU Digital COVID Certificate.
    public static let euDigitalCOVIDCertificate = HKVerifiableClinicalRecordSourceType(
        rawValue: "https://ec.europa.eu/health/ehealth/covid-19")
}

/// The person a verifiable clinical record is about.
open class HKVerifiableClinicalRecordSubject: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The person's full name.
    open private(set) var fullName: String
    /// The person's date of birth, when the record gives it.
    open private(set) var dateOfBirthComponents: DateComponents?

    init(fullName: String, dateOfBirthComponents: DateComponents?) {
        self.fullName = fullName
        self.dateOfBirthComponents = dateOfBirthComponents
        super.init()
    }

    /// Unarchives a subject; fails without a name.
    public required init?(coder: NSCoder) {
        guard let name = ObjectArchive.string(coder, "HKVerifiableClinicalRecordSubjectFullName") else {
            ObjectArchive.report(coder, "HKVerifiableClinicalRecordSubject", "no name")
            return nil
        }
        let parts = ["Year", "Month", "Day"].map {
            ObjectArchive.integer(coder, "HKVerifiableClinicalRecordSubjectBirth\($0)")
        }
        fullName = name
        dateOfBirthComponents =
            parts.contains { $0 != nil } ? DateComponents(year: parts[0], month: parts[1], day: parts[2]) : nil
        super.init()
    }

    /// Subjects decode only as subjects.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the name and the birth date's year, month and day.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(fullName, forKey: "HKVerifiableClinicalRecordSubjectFullName", to: coder)
        for (part, value) in [
            ("Year", dateOfBirthComponents?.year), ("Month", dateOfBirthComponents?.month),
            ("Day", dateOfBirthComponents?.day),
        ] {
            if let value {
                ObjectArchive.encode(value, forKey: "HKVerifiableClinicalRecordSubjectBirth\(part)", to: coder)
            }
        }
    }

    /// Subjects are immutable: the copy is the subject itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the name and birth date are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKVerifiableClinicalRecordSubject else { return false }
        return other.fullName == fullName && other.dateOfBirthComponents == dateOfBirthComponents
    }

    /// Hashes the name.
    open override var hash: Int { fullName.hashValue }
}

/// A signed clinical record (a SMART Health Card or an EU Digital COVID Certificate) that the person shares from the
/// device's Wallet. It exists only on a device: off-device no query returns one (`HKVerifiableClinicalRecordQuery`
/// fails with `errorHealthDataUnavailable`), so no instance is ever made here.
open class HKVerifiableClinicalRecord: HKSample, @unchecked Sendable {
    /// The credential types the record holds (URIs).
    open private(set) var recordTypes: [String]
    /// The issuer's identifier.
    open private(set) var issuerIdentifier: String
    /// The person the record is about.
    open private(set) var subject: HKVerifiableClinicalRecordSubject
    /// When the record was issued.
    open private(set) var issuedDate: Date
    /// The date the record is about (a vaccination's, a test's).
    open private(set) var relevantDate: Date
    /// When the record expires, if it does.
    open private(set) var expirationDate: Date?
    /// The names of the record's items, for display.
    open private(set) var itemNames: [String]
    /// Where the record comes from.
    open private(set) var sourceType: HKVerifiableClinicalRecordSourceType?
    /// The record as signed (a JWS or a certificate).
    open private(set) var dataRepresentation: Data

    /// The record as a JWS.
    @available(*, deprecated, renamed: "dataRepresentation")
    open var jwsRepresentation: Data { dataRepresentation }

    /// Never called: verifiable records cannot exist off-device.
    init(never: Never) { switch never {} }

    /// Never succeeds: verifiable records cannot exist off-device.
    public required init?(coder: NSCoder) {
        ObjectArchive.report(coder, "HKVerifiableClinicalRecord", "verifiable clinical records exist only on a device")
        return nil
    }
}

/// Asks the person to share verifiable clinical records from the device's Wallet. Off-device there is no Wallet: the
/// query fails with `errorHealthDataUnavailable`, as HealthKit does where the feature is unavailable.
open class HKVerifiableClinicalRecordQuery: HKQuery, @unchecked Sendable {
    /// The credential types asked for (URIs).
    open private(set) var recordTypes: [String]
    /// The source types asked for.
    open private(set) var sourceTypes: [HKVerifiableClinicalRecordSourceType]
    private let resultsHandler: (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void

    /// A query for records of these credential and source types.
    public required init(
        recordTypes: [String], sourceTypes: [HKVerifiableClinicalRecordSourceType], predicate: NSPredicate?,
        resultsHandler: @escaping (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void
    ) {
        self.recordTypes = recordTypes
        self.sourceTypes = sourceTypes
        self.resultsHandler = resultsHandler
        super.init(objectType: nil, predicate: predicate)
    }

    /// A query for SMART Health Cards of these credential types.
    /// (Designated rather than convenience, so that a subclass without initializers of its own inherits it although
    /// it is `required`.)
    public required init(
        recordTypes: [String], predicate: NSPredicate?,
        resultsHandler: @escaping (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void
    ) {
        self.recordTypes = recordTypes
        self.sourceTypes = [.smartHealthCard]
        self.resultsHandler = resultsHandler
        super.init(objectType: nil, predicate: predicate)
    }

    override func deliverFailure(_ error: HKError) { resultsHandler(self, nil, error) }

    override func run(in healthStore: HKHealthStore) {
        do {
            try Self.check(recordTypes: recordTypes, sourceTypes: sourceTypes)
            healthStore.deliver { [self] in resultsHandler(self, nil, Self.unavailable) }
        } catch {
            healthStore.deliver { [self] in resultsHandler(self, nil, HKError.from(error)) }
        }
    }

    /// What HealthKit refuses before showing its sheet: no credential or source type asked for.
    static func check(recordTypes: [String], sourceTypes: [HKVerifiableClinicalRecordSourceType]) throws {
        guard !recordTypes.isEmpty else {
            throw HKError(.errorInvalidArgument, "recordTypes must name at least one credential type")
        }
        guard !sourceTypes.isEmpty else {
            throw HKError(.errorInvalidArgument, "sourceTypes must name at least one source type")
        }
    }

    /// The error of every query that gets past the argument checks.
    static var unavailable: HKError {
        HKError(
            .errorHealthDataUnavailable,
            "verifiable clinical records are shared from a device's Wallet, which does not exist off-device")
    }
}

/// Asks for verifiable clinical records once (see `HKVerifiableClinicalRecordQuery`: off-device it fails with
/// `errorHealthDataUnavailable`).
public struct HKVerifiableClinicalRecordQueryDescriptor: HKAsyncQuery, Sendable {
    /// The credential types asked for.
    public var recordTypes: [HKVerifiableClinicalRecordCredentialType]
    /// The source types asked for.
    public var sourceTypes: [HKVerifiableClinicalRecordSourceType]
    /// A further condition on the records.
    public var predicate: NSPredicate? {
        get { predicateBox.value }
        set { predicateBox = UncheckedSendable(newValue) }
    }
    private var predicateBox: UncheckedSendable<NSPredicate?>

    /// A descriptor for records of these credential and source types.
    public init(
        recordTypes: [HKVerifiableClinicalRecordCredentialType], sourceTypes: [HKVerifiableClinicalRecordSourceType],
        predicate: NSPredicate? = nil
    ) {
        self.recordTypes = recordTypes
        self.sourceTypes = sourceTypes
        self.predicateBox = UncheckedSendable(predicate)
    }

    /// Runs the query once: off-device it throws `errorHealthDataUnavailable` (or `errorInvalidArgument` for an empty
    /// list of types).
    public func result(for healthStore: HKHealthStore) async throws -> [HKVerifiableClinicalRecord] {
        try await healthStore.admitDescriptor(
            kind: "HKVerifiableClinicalRecordQueryDescriptor", types: [], predicate: predicate?.description)
        try HKVerifiableClinicalRecordQuery.check(recordTypes: recordTypes.map(\.rawValue), sourceTypes: sourceTypes)
        throw HKVerifiableClinicalRecordQuery.unavailable
    }
}

extension HKQuery {
    /// Verifiable clinical records whose relevant date is in the interval.
    public class func predicateForVerifiableClinicalRecords(
        withRelevantDateWithin dateInterval: DateInterval
    ) -> NSPredicate {
        HealthPredicate(.date(start: dateInterval.start, end: dateInterval.end, options: .strictStartDate))
    }
}

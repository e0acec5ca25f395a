import Foundation

/// The identifier of one health concept within its domain (one medication among the person's medications). Equal
/// identifiers name the same concept; a medication's identifier is the one its dose events carry.
open class HKHealthConceptIdentifier: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The identifier's text as the store keeps it.
    let value: String

    /// The domain this identifier belongs to.
    open private(set) var domain: HKHealthConceptDomain

    init(domain: HKHealthConceptDomain, value: String) {
        self.domain = domain
        self.value = value
        super.init()
    }

    /// Unarchives an identifier; fails without a domain and a value.
    public required init?(coder: NSCoder) {
        guard let domain = ObjectArchive.string(coder, "HKHealthConceptIdentifierDomain"),
            let value = ObjectArchive.string(coder, "HKHealthConceptIdentifierValue")
        else {
            ObjectArchive.report(coder, "HKHealthConceptIdentifier", "no domain or value")
            return nil
        }
        self.domain = HKHealthConceptDomain(rawValue: domain)
        self.value = value
        super.init()
    }

    /// Identifiers decode only as identifiers.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the domain and the value.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(domain.rawValue, forKey: "HKHealthConceptIdentifierDomain", to: coder)
        ObjectArchive.encode(value, forKey: "HKHealthConceptIdentifierValue", to: coder)
    }

    /// This identifier (identifiers are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when both name the same concept of the same domain.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKHealthConceptIdentifier else { return false }
        return other.domain == domain && other.value == value
    }

    /// Hashes the domain and the identifier.
    open override var hash: Int { value.hashValue ^ domain.hashValue }

    /// The domain and the identifier.
    open override var description: String { "\(domain.rawValue):\(value)" }
}

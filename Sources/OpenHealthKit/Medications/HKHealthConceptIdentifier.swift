import Foundation

/// The identifier of one health concept within its domain (one medication among the person's medications). Equal
/// identifiers name the same concept; a medication's identifier is the one its dose events carry.
open class HKHealthConceptIdentifier: NSObject, NSCopying, @unchecked Sendable {
    /// The identifier's text as the store keeps it.
    let value: String

    /// The domain this identifier belongs to.
    open private(set) var domain: HKHealthConceptDomain

    init(domain: HKHealthConceptDomain, value: String) {
        self.domain = domain
        self.value = value
        super.init()
    }

    /// Not supported: health concept identifiers are not archived off-device.
    public required init?(coder: NSCoder) { nil }

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

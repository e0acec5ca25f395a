import Foundation

/// The group a health concept belongs to, such as medications.
public struct HKHealthConceptDomain: RawRepresentable, Hashable, Sendable {
    /// The domain's name.
    public let rawValue: String

    /// A domain from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The domain of medication concepts.
    public static let medication = HKHealthConceptDomain(rawValue: "medication")
}

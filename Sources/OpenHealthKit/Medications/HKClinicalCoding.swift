import Foundation
import HealthModel

/// A code of a medical concept in a standardized coding system (a FHIR Coding): the system, an optional version and
/// the code, such as a medication's RxNorm code.
open class HKClinicalCoding: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The coding system, typically an HL7 URL.
    open private(set) var system: String
    /// The version of the system, if it matters.
    open private(set) var version: String?
    /// The code within the system.
    open private(set) var code: String

    /// A coding with the system, version and code.
    public init(system: String, version: String?, code: String) {
        self.system = system
        self.version = version
        self.code = code
        super.init()
    }

    convenience init(model: ClinicalCoding) {
        self.init(system: model.system, version: model.version, code: model.code)
    }

    /// Unarchives a coding; fails without a system and a code.
    public required init?(coder: NSCoder) {
        guard let system = ObjectArchive.string(coder, "HKClinicalCodingSystem"),
            let code = ObjectArchive.string(coder, "HKClinicalCodingCode")
        else {
            ObjectArchive.report(coder, "HKClinicalCoding", "no system or code")
            return nil
        }
        self.system = system
        version = ObjectArchive.string(coder, "HKClinicalCodingVersion")
        self.code = code
        super.init()
    }

    /// Codings decode only as codings.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the system, version (when set) and code.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(system, forKey: "HKClinicalCodingSystem", to: coder)
        ObjectArchive.encode(version, forKey: "HKClinicalCodingVersion", to: coder)
        ObjectArchive.encode(code, forKey: "HKClinicalCodingCode", to: coder)
    }

    /// This coding (codings are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when system, version and code are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKClinicalCoding else { return false }
        return other.system == system && other.version == version && other.code == code
    }

    /// Hashes system, version and code.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(system)
        hasher.combine(version)
        hasher.combine(code)
        return hasher.finalize()
    }

    /// The system, version and code.
    open override var description: String { "\(system)\(version.map { "|\($0)" } ?? "")|\(code)" }

    var model: ClinicalCoding { ClinicalCoding(system: system, version: version, code: code) }
}

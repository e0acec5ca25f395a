import Foundation

/// The form a medication is manufactured in (tablet, capsule, cream, injection …).
public struct HKMedicationGeneralForm: RawRepresentable, Hashable, Sendable {
    /// The form's name.
    public let rawValue: String

    /// A form from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A hard-shell capsule or softgel.
    public static let capsule = HKMedicationGeneralForm(rawValue: "capsule")
    /// Applied as a cream.
    public static let cream = HKMedicationGeneralForm(rawValue: "cream")
    /// Given through a device, such as an infusion pump.
    public static let device = HKMedicationGeneralForm(rawValue: "device")
    /// Taken as drops (eye drops, ear drops).
    public static let drops = HKMedicationGeneralForm(rawValue: "drops")
    /// Applied as a foam.
    public static let foam = HKMedicationGeneralForm(rawValue: "foam")
    /// Applied as a gel.
    public static let gel = HKMedicationGeneralForm(rawValue: "gel")
    /// Taken with an inhaler.
    public static let inhaler = HKMedicationGeneralForm(rawValue: "inhaler")
    /// Given as an injection.
    public static let injection = HKMedicationGeneralForm(rawValue: "injection")
    /// Taken as a liquid, such as a syrup.
    public static let liquid = HKMedicationGeneralForm(rawValue: "liquid")
    /// Applied as a lotion.
    public static let lotion = HKMedicationGeneralForm(rawValue: "lotion")
    /// Applied as an ointment.
    public static let ointment = HKMedicationGeneralForm(rawValue: "ointment")
    /// Worn as a patch.
    public static let patch = HKMedicationGeneralForm(rawValue: "patch")
    /// Taken as a powder.
    public static let powder = HKMedicationGeneralForm(rawValue: "powder")
    /// Taken as a spray.
    public static let spray = HKMedicationGeneralForm(rawValue: "spray")
    /// Taken as a suppository.
    public static let suppository = HKMedicationGeneralForm(rawValue: "suppository")
    /// A pill or caplet.
    public static let tablet = HKMedicationGeneralForm(rawValue: "tablet")
    /// Applied to the skin.
    public static let topical = HKMedicationGeneralForm(rawValue: "topical")
    /// The form is not known.
    public static let unknown = HKMedicationGeneralForm(rawValue: "unknown")
}

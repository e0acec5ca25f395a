import Foundation

// `NSCopying` on the sample classes HealthKit declares copyable (`HKClinicalRecord`, `HKStateOfMind`,
// `HKScoredAssessment`, `HKVisionPrescription` and its kinds, `HKMedicationDoseEvent`) and on an electrocardiogram's
// voltage measurements. Samples are immutable, so the copy is the object itself; archiving is `HKObject`'s.

extension HKClinicalRecord: NSCopying {
    /// The record itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

extension HKStateOfMind: NSCopying {
    /// The state of mind itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

extension HKScoredAssessment: NSCopying {
    /// The assessment itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

extension HKVisionPrescription: NSCopying {
    /// The prescription itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

extension HKMedicationDoseEvent: NSCopying {
    /// The dose event itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

extension HKElectrocardiogram.VoltageMeasurement: NSCopying {
    /// The measurement itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

import Foundation
import HealthModel
import HealthStore
import OpenHealthKit

/// The person's unit settings, as the Health app sets them (apps cannot): the device's locale, which the default
/// units follow, and the unit chosen for a type. Every health store of the bench posts `HKUserPreferencesDidChange`
/// after each change.
extension HealthKitTestBench {
    /// Sets the locale the default units follow (`en_US`, `de_DE`); nil: the imported export's locale again, else
    /// `en_US`. Throws `errorInvalidArgument` for an identifier that is not a locale.
    public func setLocale(_ identifier: String?) throws {
        do {
            try dataStore.setUnitLocale(identifier.map { try UnitLocale(identifier: $0) })
        } catch {
            throw HKError(.errorInvalidArgument, "\(error)")
        }
    }

    /// Chooses the unit of a quantity type (nil: back to the locale's default). Throws `errorInvalidArgument` for a
    /// unit that does not measure what the type measures.
    public func setPreferredUnit(_ unit: HKUnit?, for type: HKQuantityType) throws {
        do {
            try dataStore.setPreferredUnit(unit.map { try HealthUnit(parsing: $0.unitString) }, for: type.sampleType)
        } catch {
            throw HKError(.errorInvalidArgument, "\(error)")
        }
    }
}

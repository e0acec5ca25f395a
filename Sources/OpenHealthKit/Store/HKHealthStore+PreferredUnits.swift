import Foundation
import HealthModel
import HealthStore

extension NSNotification.Name {
    /// Posted by each `HKHealthStore` (the notification's object) when the person's preferred units change: a unit
    /// chosen or cleared, or the locale of the defaults changed.
    public static let HKUserPreferencesDidChange = NSNotification.Name("HKUserPreferencesDidChangeNotification")
}

/// The person's preferred units, as HealthKit gives them: the unit chosen for each quantity type, else the default of
/// the store's locale (`PreferredUnitDefaults`). The app must have asked to share or read every type it asks about.
/// (`preferredUnits(for:completion:)` and its `async` form are declared in `HKHealthStore`'s body, so that subclasses
/// can override them.)
extension HKHealthStore {
    func preferredUnitsNow(for quantityTypes: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        do {
            let units = try dataStore.preferredUnits(for: Set(quantityTypes.map(\.sampleType)))
            var result: [HKQuantityType: HKUnit] = [:]
            for type in quantityTypes {
                if let unit = units[type.sampleType] { result[type] = HKUnit(unit) }
            }
            return result
        } catch {
            throw HKError.from(error)
        }
    }

    /// Posts `HKUserPreferencesDidChange` from this health store whenever the store's preferred units change, for as
    /// long as this health store exists.
    func observeUnitPreferences() {
        dataStore.addObserver(owner: self) { [weak self] commit in
            guard let self,
                commit.records.contains(where: {
                    $0.kind == PreferredUnitRecord.name || $0.kind == UnitLocaleRecord.name
                })
            else { return }
            NotificationCenter.default.post(name: .HKUserPreferencesDidChange, object: self)
        }
    }
}

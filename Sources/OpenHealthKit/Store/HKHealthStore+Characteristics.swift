import Foundation
import HealthModel
import HealthStore

/// How `HKHealthStore`'s characteristic methods (declared in the class so that test doubles can override them) read
/// the person's characteristics: synchronously, as the app's client sees them. A value the person did not set and one
/// the app may not read look alike (`.notSet`; no date of birth); an app that never asked to read the characteristic
/// gets `errorAuthorizationNotDetermined`.
extension HKHealthStore {
    /// A stored date of birth (`1985-06-01`, an export's spelling) as Gregorian date components; nil when malformed.
    static func dateOfBirthComponents(_ text: String) -> DateComponents? {
        guard let day = DateReader.day(text) else { return nil }
        return DateComponents(
            calendar: Calendar(identifier: .gregorian), year: day.year, month: day.month, day: day.day)
    }

    /// The stored value of a characteristic as this app may see it, in HealthKit's errors.
    func characteristic(_ identifier: HKCharacteristicTypeIdentifier) throws -> String? {
        do {
            return try dataStore.characteristic(identifier.rawValue)
        } catch {
            throw HKError.from(error)
        }
    }
}

import Foundation
import HealthModel
import HealthStore

/// The person's characteristics, read as HealthKit reads them: synchronously, as the app's client sees them. A value
/// the person did not set and one the app may not read look alike (`.notSet`; no date of birth); an app that never
/// asked to read the characteristic gets `errorAuthorizationNotDetermined`.
extension HKHealthStore {
    /// The person's biological sex.
    public func biologicalSex() throws -> HKBiologicalSexObject {
        HKBiologicalSexObject(HKBiologicalSex(stored: try characteristic(.biologicalSex)))
    }

    /// The person's blood type.
    public func bloodType() throws -> HKBloodTypeObject {
        HKBloodTypeObject(HKBloodType(stored: try characteristic(.bloodType)))
    }

    /// The person's skin type on the Fitzpatrick scale.
    public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        HKFitzpatrickSkinTypeObject(HKFitzpatrickSkinType(stored: try characteristic(.fitzpatrickSkinType)))
    }

    /// Whether the person uses a wheelchair.
    public func wheelchairUse() throws -> HKWheelchairUseObject {
        HKWheelchairUseObject(HKWheelchairUse(stored: try characteristic(.wheelchairUse)))
    }

    /// How the person's Move ring is measured (active energy unless they chose move time).
    public func activityMoveMode() throws -> HKActivityMoveModeObject {
        HKActivityMoveModeObject(HKActivityMoveMode(stored: try characteristic(.activityMoveMode)))
    }

    /// The person's date of birth as Gregorian year, month and day; throws `errorNoData` when it is not set or the
    /// app may not read it.
    public func dateOfBirthComponents() throws -> DateComponents {
        let text = try characteristic(.dateOfBirth)
        guard let text, let components = Self.dateOfBirthComponents(text) else {
            throw HKError(.errorNoData, "the date of birth is not set")
        }
        return components
    }

    /// The person's date of birth as the start of that day in the current time zone; throws as
    /// `dateOfBirthComponents()` does.
    @available(*, deprecated, message: "Use dateOfBirthComponents()")
    public func dateOfBirth() throws -> Date {
        var components = try dateOfBirthComponents()
        components.timeZone = TimeZone.current
        guard let date = components.calendar?.date(from: components) else {
            throw HKError(.errorNoData, "the date of birth is not set")
        }
        return date
    }

    /// A stored date of birth (`1985-06-01`, an export's spelling) as Gregorian date components; nil when malformed.
    static func dateOfBirthComponents(_ text: String) -> DateComponents? {
        guard let day = DateReader.day(text) else { return nil }
        return DateComponents(
            calendar: Calendar(identifier: .gregorian), year: day.year, month: day.month, day: day.day)
    }

    /// The stored value of a characteristic as this app may see it, in HealthKit's errors.
    private func characteristic(_ identifier: HKCharacteristicTypeIdentifier) throws -> String? {
        do {
            return try dataStore.characteristic(identifier.rawValue)
        } catch {
            throw HKError.from(error)
        }
    }
}

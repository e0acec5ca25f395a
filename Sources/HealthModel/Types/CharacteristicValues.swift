/// The values a characteristic may hold, as an export's `Me` element and the store spell them
/// (`HKBiologicalSexFemale`; a date of birth as `YYYY-MM-DD`), for checking values given over the API.
public enum CharacteristicValues {
    /// The identifier of the date of birth, whose value is a day rather than a name.
    public static let dateOfBirthIdentifier = "HKCharacteristicTypeIdentifierDateOfBirth"

    /// The names each enumerated characteristic may hold, by identifier (the `…NotSet` names clear the value).
    public static let names: [String: Set<String>] = [
        "HKCharacteristicTypeIdentifierBiologicalSex": prefixed(
            "HKBiologicalSex", ["NotSet", "Female", "Male", "Other"]),
        "HKCharacteristicTypeIdentifierBloodType": prefixed(
            "HKBloodType",
            [
                "NotSet", "APositive", "ANegative", "BPositive", "BNegative", "ABPositive", "ABNegative",
                "OPositive", "ONegative",
            ]),
        "HKCharacteristicTypeIdentifierFitzpatrickSkinType": prefixed(
            "HKFitzpatrickSkinType", ["NotSet", "I", "II", "III", "IV", "V", "VI"]),
        "HKCharacteristicTypeIdentifierWheelchairUse": prefixed("HKWheelchairUse", ["NotSet", "No", "Yes"]),
        "HKCharacteristicTypeIdentifierActivityMoveMode": prefixed(
            "HKActivityMoveMode", ["ActiveEnergy", "AppleMoveTime"]),
    ]

    /// Every characteristic a person has, by identifier, in a stable order.
    public static let identifiers: [String] = (names.keys + [dateOfBirthIdentifier]).sorted()

    /// Checks a value for a characteristic; nil clears it. Throws `invalidField` naming the identifier for an unknown
    /// characteristic, a name it cannot hold, or a date of birth that is not a day that exists.
    public static func check(_ value: String?, for identifier: String) throws(HealthModelError) {
        guard identifiers.contains(identifier) else {
            throw .invalidField(
                field: identifier, reason: "is not a characteristic (known: \(identifiers.joined(separator: ", ")))")
        }
        guard let value else { return }
        if identifier == dateOfBirthIdentifier {
            guard let day = DateReader.day(value),
                ProlepticGregorian.isDay(year: day.year, month: day.month, day: day.day)
            else { throw .invalidField(field: identifier, reason: "'\(value)' is not a day that exists (YYYY-MM-DD)") }
            return
        }
        guard names[identifier]?.contains(value) == true else {
            throw .invalidField(
                field: identifier,
                reason: "'\(value)' is not one of \(names[identifier, default: []].sorted().joined(separator: ", "))")
        }
    }

    private static func prefixed(_ prefix: String, _ suffixes: [String]) -> Set<String> {
        Set(suffixes.map { prefix + $0 })
    }
}

import Foundation

/// The person's biological sex, as in HealthKit.
public enum HKBiologicalSex: Int, Sendable, Hashable {
    /// Not set, or the app may not read it (the two look alike).
    case notSet = 0
    /// Female.
    case female = 1
    /// Male.
    case male = 2
    /// Neither female nor male.
    case other = 3
}

/// The person's blood type, as in HealthKit.
public enum HKBloodType: Int, Sendable, Hashable {
    /// Not set, or the app may not read it.
    case notSet = 0
    /// A, Rh positive.
    case aPositive = 1
    /// A, Rh negative.
    case aNegative = 2
    /// B, Rh positive.
    case bPositive = 3
    /// B, Rh negative.
    case bNegative = 4
    /// AB, Rh positive.
    case abPositive = 5
    /// AB, Rh negative.
    case abNegative = 6
    /// O, Rh positive.
    case oPositive = 7
    /// O, Rh negative.
    case oNegative = 8
}

/// The person's skin type on the Fitzpatrick scale (how it reacts to sunlight), as in HealthKit.
public enum HKFitzpatrickSkinType: Int, Sendable, Hashable {
    /// Not set, or the app may not read it.
    case notSet = 0
    /// Type I: pale white skin, always burns, never tans.
    case I = 1
    /// Type II: white skin, burns easily, tans minimally.
    case II = 2
    /// Type III: white to light brown skin, burns moderately, tans uniformly.
    case III = 3
    /// Type IV: beige to olive skin, burns minimally, tans well.
    case IV = 4
    /// Type V: brown skin, rarely burns, tans profusely.
    case V = 5
    /// Type VI: dark brown to black skin, never burns.
    case VI = 6
}

/// Whether the person uses a wheelchair, as in HealthKit (it changes how activity is counted).
public enum HKWheelchairUse: Int, Sendable, Hashable {
    /// Not set, or the app may not read it.
    case notSet = 0
    /// Does not use a wheelchair.
    case no = 1
    /// Uses a wheelchair.
    case yes = 2
}

/// The spelling of characteristic values in an export's `Me` element and in the store (`HKBiologicalSexFemale`), for
/// the enums above: one table each way.
package protocol CharacteristicValue: RawRepresentable<Int>, Hashable {
    /// The value the enum has when the store holds none (or one it does not know).
    static var unset: Self { get }
    /// The stored spelling of each case.
    static var storedNames: [Self: String] { get }
}

extension CharacteristicValue {
    /// The case a stored value names (`unset` for nil, empty or unknown values).
    package init(stored value: String?) {
        self = value.flatMap { value in Self.storedNames.first { $0.value == value }?.key } ?? Self.unset
    }

    /// The stored spelling of this case; nil for the unset case, which the store keeps as no value.
    package var storedName: String? { self == Self.unset ? nil : Self.storedNames[self] }
}

extension HKBiologicalSex: CharacteristicValue {
    package static var unset: HKBiologicalSex { .notSet }
    package static let storedNames: [HKBiologicalSex: String] = [
        .notSet: "HKBiologicalSexNotSet", .female: "HKBiologicalSexFemale", .male: "HKBiologicalSexMale",
        .other: "HKBiologicalSexOther",
    ]
}

extension HKBloodType: CharacteristicValue {
    package static var unset: HKBloodType { .notSet }
    package static let storedNames: [HKBloodType: String] = [
        .notSet: "HKBloodTypeNotSet", .aPositive: "HKBloodTypeAPositive", .aNegative: "HKBloodTypeANegative",
        .bPositive: "HKBloodTypeBPositive", .bNegative: "HKBloodTypeBNegative", .abPositive: "HKBloodTypeABPositive",
        .abNegative: "HKBloodTypeABNegative", .oPositive: "HKBloodTypeOPositive", .oNegative: "HKBloodTypeONegative",
    ]
}

extension HKFitzpatrickSkinType: CharacteristicValue {
    package static var unset: HKFitzpatrickSkinType { .notSet }
    package static let storedNames: [HKFitzpatrickSkinType: String] = [
        .notSet: "HKFitzpatrickSkinTypeNotSet", .I: "HKFitzpatrickSkinTypeI", .II: "HKFitzpatrickSkinTypeII",
        .III: "HKFitzpatrickSkinTypeIII", .IV: "HKFitzpatrickSkinTypeIV", .V: "HKFitzpatrickSkinTypeV",
        .VI: "HKFitzpatrickSkinTypeVI",
    ]
}

extension HKWheelchairUse: CharacteristicValue {
    package static var unset: HKWheelchairUse { .notSet }
    package static let storedNames: [HKWheelchairUse: String] = [
        .notSet: "HKWheelchairUseNotSet", .no: "HKWheelchairUseNo", .yes: "HKWheelchairUseYes",
    ]
}

extension HKActivityMoveMode: CharacteristicValue {
    /// HealthKit answers active energy when no move mode is set.
    package static var unset: HKActivityMoveMode { .activeEnergy }
    package static let storedNames: [HKActivityMoveMode: String] = [
        .activeEnergy: "HKActivityMoveModeActiveEnergy", .appleMoveTime: "HKActivityMoveModeAppleMoveTime",
    ]
}

import Foundation

/// `PUT /characteristics` `{"HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale", …}`: values by
/// identifier, each a string or null (the identifiers and values are checked by the server against HealthKit's).
public struct CharacteristicsBody: Decodable, Sendable {
    /// The values named, identifiers sorted; nil clears one.
    public let values: [(identifier: String, value: String?)]

    /// Reads the body: an object of strings or nulls.
    public init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: WireKey.self)
        values = try input.allKeys.map(\.stringValue).sorted().map { ($0, try input.optional(String.self, $0)) }
    }
}

/// The answer of `GET`/`PUT /characteristics`: values by identifier in HealthKit's order, null when not set or not
/// readable.
public struct CharacteristicsAnswer: Encodable, Sendable {
    /// The values, in the order written.
    public var values: [(identifier: String, value: String?)]

    /// An answer of these values.
    public init(values: [(identifier: String, value: String?)]) { self.values = values }

    /// Writes each identifier with its value or null.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: WireKey.self)
        for (identifier, value) in values { try members.put(value, identifier) }
    }
}

/// `PUT /preferred-units` `{"locale": "de_DE", "units": {"HKQuantityTypeIdentifierBodyMass": "kg", …}}`: a null unit
/// or locale restores the default; members left out keep theirs.
public struct PreferredUnitsBody: Decodable, Sendable {
    /// The locale: absent (nil), restored to the default (`.some(nil)`), or set.
    public let locale: String??
    /// The units by type name, names sorted; nil when the body names none.
    public let units: [(type: String, unit: String?)]?

    /// Reads the body, refusing other members and a null `units`.
    public init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: WireKey.self)
        try input.allowOnly(["locale", "units"])
        locale = input.contains(WireKey("locale")) ? .some(try input.optional(String.self, "locale")) : nil
        guard input.contains(WireKey("units")) else {
            units = nil
            return
        }
        guard try !input.decodeNil(forKey: WireKey("units")) else {
            throw WireError.invalidField(field: "units", reason: "must be a JSON object (types to units)")
        }
        let names = try input.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("units"))
        units = try names.allKeys.map(\.stringValue).sorted().map { ($0, try names.optional(String.self, $0)) }
    }
}

/// The answer of `GET`/`PUT /preferred-units`: `{"locale", "units": [{"type", "unit", "chosen"}]}`.
public struct PreferredUnitsAnswer: Encodable, Sendable {
    /// A type's preferred unit.
    public struct Unit: Encodable, Sendable {
        /// The type identifier.
        public var type: String
        /// The unit string (empty when the type has none).
        public var unit: String
        /// Whether the person chose it (rather than the locale's default).
        public var chosen: Bool

        /// A type's unit.
        public init(type: String, unit: String, chosen: Bool) {
            self.type = type
            self.unit = unit
            self.chosen = chosen
        }
    }

    /// The locale whose defaults apply.
    public var locale: String
    /// The units, by type identifier.
    public var units: [Unit]

    /// An answer.
    public init(locale: String, units: [Unit]) {
        self.locale = locale
        self.units = units
    }
}

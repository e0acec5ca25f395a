import Foundation

/// `PUT /preferred-zones` `{"zones": {"heartRate": [120, 140, 160, 180], "cyclingPower": null}}`: the person's zone
/// boundaries by type name, in the type's canonical unit (`count/min`, `W`), each the upper bound of one zone; null
/// clears a type's (the system zones apply again).
public struct PreferredZonesBody: Decodable, Sendable {
    /// The boundaries by type name, names sorted.
    public let zones: [(type: String, boundaries: [Double]?)]

    /// Reads the body, refusing other members and a missing or null `zones`.
    public init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: WireKey.self)
        try input.allowOnly(["zones"])
        guard input.contains(WireKey("zones")), try !input.decodeNil(forKey: WireKey("zones")) else {
            throw WireError.invalidField(field: "zones", reason: "must be a JSON object (types to boundaries)")
        }
        let names = try input.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("zones"))
        zones = try names.allKeys.map(\.stringValue).sorted().map { ($0, try names.optional([Double].self, $0)) }
    }
}

/// The answer of `GET`/`PUT /preferred-zones`: `{"zones": [{"type", "unit", "source", "boundaries"}]}`.
public struct PreferredZonesAnswer: Encodable, Sendable {
    /// A type's zones.
    public struct Zones: Encodable, Sendable {
        /// The type identifier.
        public var type: String
        /// The unit of the boundaries (the type's canonical unit).
        public var unit: String
        /// `user` (set by the person), `system` (derived from their data), or nil when there are none.
        public var source: String?
        /// The upper bound of each zone but the last, lowest first; empty when there are no zones.
        public var boundaries: [Double]

        /// A type's zones.
        public init(type: String, unit: String, source: String?, boundaries: [Double]) {
            self.type = type
            self.unit = unit
            self.source = source
            self.boundaries = boundaries
        }

        /// Writes every member, `source` as null when there are no zones.
        public func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: WireKey.self)
            try members.put(type, "type")
            try members.put(unit, "unit")
            try members.put(source, "source")
            try members.put(boundaries, "boundaries")
        }
    }

    /// The zones, by type identifier.
    public var zones: [Zones]

    /// An answer.
    public init(zones: [Zones]) {
        self.zones = zones
    }
}

import Foundation
import HealthModel

/// `PUT /sources/priority` `{"order": ["bundle", …]}`, or `{"order": null}` for the default order.
public struct SourceOrderBody: Decodable, Sendable {
    /// The bundle identifiers in priority order; nil for the default order.
    public let order: [String]?

    /// Reads the body, refusing a bundle identifier named twice.
    public init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: WireKey.self)
        try input.allowOnly(["order"])
        order = try input.optional([String].self, "order")
        if let order, Set(order).count != order.count {
            throw WireError.invalidField(field: "order", reason: "names a bundle identifier twice")
        }
    }
}

/// The answer of `GET /sources` and `PUT /sources/priority`: `{"type", "order", "sources"}` (`order` null when the
/// default order applies).
public struct SourcesAnswer: Encodable, Sendable {
    /// The type identifier.
    public var type: String
    /// The order set, nil for the default.
    public var order: [String]?
    /// The type's sources in the order statistics merge them.
    public var sources: [Source]

    /// An answer for a type.
    public init(type: String, order: [String]?, sources: [Source]) {
        self.type = type
        self.order = order
        self.sources = sources
    }

    /// Writes the members in the documented order, `order` as null for the default.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: WireKey.self)
        try members.put(type, "type")
        try members.put(order, "order")
        try members.put(sources.map(WireSource.init), "sources")
    }
}

import Foundation
import HealthModel

/// Reads every JSON body the server and the CLI take: `JSONDecoder` into the wire types, with each refusal turned
/// into a `WireError` naming the field (`samples[3].unit`) in one place (`DecodingFieldError`).
///
/// A wire type's `init(from:)` refuses what it cannot take by throwing a `WireError` itself (naming the field with
/// `KeyedDecodingContainer.field(_:)`), or a `DecodingError` the decoder maps.
public struct WireDecoder: Sendable {
    /// Whether a sample body may name its own `uuid` (a full-access client's body; see `WireSample`).
    public var choosesUUIDs: Bool
    /// The most samples a body may hold (`ServerLimits.maximumBatchSamples`), counted before any is read.
    public var maximumSamples: Int?

    /// What the request says about a Health Auto Export payload's points (read by `HealthAutoExportPayload`).
    public var healthAutoExport: HealthAutoExportPayload.Framing?

    /// A decoder with these rules.
    public init(
        choosesUUIDs: Bool = false, maximumSamples: Int? = nil,
        healthAutoExport: HealthAutoExportPayload.Framing? = nil
    ) {
        self.choosesUUIDs = choosesUUIDs
        self.maximumSamples = maximumSamples
        self.healthAutoExport = healthAutoExport
    }

    /// The body as a `T`; throws `malformedBody` for text that is not JSON (or nothing), `invalidField` naming the
    /// field for anything else.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(WireError) -> T {
        guard !data.isEmpty else { throw .malformedBody(reason: "the body is empty") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.userInfo[Self.rulesKey] = self
        do {
            return try decoder.decode(type, from: data)
        } catch let error as WireError {
            throw error
        } catch let error as DecodingError {
            throw WireError(error)
        } catch {
            throw .invalidField(field: "body", reason: "\(error)")
        }
    }

    static let rulesKey = CodingUserInfoKey(rawValue: "HealthWire.WireDecoder")!

    /// The rules of the decoder reading this value.
    static func rules(of decoder: any Decoder) -> WireDecoder {
        decoder.userInfo[rulesKey] as? WireDecoder ?? WireDecoder()
    }
}

/// A key of any name or index: the members of an object read or written by name (metadata, payload members).
public struct WireKey: CodingKey, Hashable, Sendable {
    /// The member's name (the index written out for an element).
    public let stringValue: String
    /// The element's index, for an array.
    public let intValue: Int?

    /// The key of the member named `name`.
    public init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    /// The key of element `index`.
    public init(index: Int) {
        stringValue = "\(index)"
        intValue = index
    }

    /// The key of the member named `stringValue`.
    public init?(stringValue: String) { self.init(stringValue) }

    /// The key of element `intValue`.
    public init?(intValue: Int) { self.init(index: intValue) }
}

extension KeyedDecodingContainer where Key == WireKey {
    /// The path of member `key` of this object (`samples[3].unit`).
    public func field(_ key: String) -> String { DecodingFieldError.path(codingPath + [WireKey(key)]) }

    /// The path of this object (`samples[3]`; `body` for the body itself).
    public var field: String {
        let path = DecodingFieldError.path(codingPath)
        return path.isEmpty ? "body" : path
    }

    /// The member `key`, refused naming it when absent or null.
    public func required<T: Decodable>(_ type: T.Type, _ key: String) throws -> T {
        guard let value = try decodeIfPresent(type, forKey: WireKey(key)) else {
            throw WireError.invalidField(field: field(key), reason: "is required")
        }
        return value
    }

    /// The member `key`, nil when absent or null.
    public func optional<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        try decodeIfPresent(type, forKey: WireKey(key))
    }

    /// The member `key` as a finite number, nil when absent or null.
    public func number(_ key: String) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: WireKey(key)) else { return nil }
        guard value.isFinite else { throw WireError.invalidField(field: field(key), reason: "must be a finite number") }
        return value
    }

    /// Refuses members other than these (a misspelt field would otherwise be ignored silently).
    public func allowOnly(_ keys: Set<String>) throws {
        if let key = allKeys.lazy.map(\.stringValue).filter({ !keys.contains($0) }).min() {
            throw WireError.invalidField(
                field: field(key), reason: "is not a known field here (known: \(keys.sorted().joined(separator: ", ")))"
            )
        }
    }
}

import Foundation
import HealthModel

/// `POST /samples` `{"samples": [Sample, …]}`: one all-or-nothing batch; the count is checked (at least one, at most
/// the decoder's `maximumSamples`) before any sample is read.
public struct SaveSamplesBody: Decodable, Sendable {
    /// The samples, in the body's order.
    public let samples: [Sample]

    /// Reads the body (`WireDecoder`), refusing other members.
    public init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: WireKey.self)
        try input.allowOnly(["samples"])
        guard input.contains(WireKey("samples")), try !input.decodeNil(forKey: WireKey("samples")) else {
            throw WireError.invalidField(field: "samples", reason: "is required")
        }
        var elements = try input.nestedUnkeyedContainer(forKey: WireKey("samples"))
        let count = elements.count ?? 0
        guard count > 0 else { throw WireError.invalidField(field: "samples", reason: "must hold at least one sample") }
        if let maximum = WireDecoder.rules(of: decoder).maximumSamples, count > maximum {
            throw WireError.tooMany(field: "samples", count: count, maximum: maximum)
        }
        var samples: [Sample] = []
        samples.reserveCapacity(count)
        while !elements.isAtEnd { samples.append(try elements.decode(WireSample.self).sample) }
        self.samples = samples
    }
}

/// The answer to `POST /samples`: `{"saved", "ignored", "replaced", "anchor"}` (identifiers; the change-log anchor
/// after the commit).
public struct SaveSamplesAnswer: Encodable, Sendable {
    /// The samples stored.
    public var saved: [UUID]
    /// The samples already stored (same sync identifier and version, or same uuid), left as they were.
    public var ignored: [UUID]
    /// The samples an older version of a synced sample replaced.
    public var replaced: [UUID]
    /// The change-log position after the commit.
    public var anchor: Int

    /// An answer of these identifiers.
    public init(saved: [UUID], ignored: [UUID], replaced: [UUID], anchor: Int) {
        self.saved = saved
        self.ignored = ignored
        self.replaced = replaced
        self.anchor = anchor
    }

    /// Writes the members in the documented order.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: WireKey.self)
        try members.put(saved.map(\.uuidString), "saved")
        try members.put(ignored.map(\.uuidString), "ignored")
        try members.put(replaced.map(\.uuidString), "replaced")
        try members.put(anchor, "anchor")
    }
}

/// `DELETE /samples` `{"uuids": ["…", …]}` (the body is optional; `?uuid=` says the same).
public struct DeleteSamplesBody: Decodable, Sendable {
    /// The identifiers to delete.
    public let uuids: [UUID]

    /// Reads the body, each identifier refused by its place (`uuids[2]`).
    public init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: WireKey.self)
        try input.allowOnly(["uuids"])
        let texts = try input.required([String].self, "uuids")
        uuids = try texts.enumerated().map { index, text in
            guard let uuid = UUID(uuidString: text) else {
                throw WireError.invalidField(field: "uuids[\(index)]", reason: "'\(text)' is not a UUID")
            }
            return uuid
        }
    }
}

/// The answer to `DELETE /samples`: `{"deleted", "anchor"?}` (the anchor only when something was committed).
public struct DeleteSamplesAnswer: Encodable, Sendable {
    /// The objects deleted.
    public var deleted: [UUID]
    /// The change-log position after the commit; 0 when nothing was.
    public var anchor: Int

    /// An answer of these identifiers.
    public init(deleted: [UUID], anchor: Int) {
        self.deleted = deleted
        self.anchor = anchor
    }

    /// Writes `deleted`, then `anchor` when positive.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: WireKey.self)
        try members.put(deleted.map(\.uuidString), "deleted")
        if anchor > 0 { try members.put(anchor, "anchor") }
    }
}

/// The answer to `GET /samples`: `{"type", "samples", "nextCursor"}` (`nextCursor` null on the last page).
public struct SamplesPage: Encodable, Sendable {
    /// The type identifier asked for.
    public var type: String
    /// The page's samples, written in the unit and zone asked for.
    public var samples: [WireSample]
    /// The cursor of the next page, nil on the last.
    public var nextCursor: String?

    /// A page of samples.
    public init(type: String, samples: [WireSample], nextCursor: String?) {
        self.type = type
        self.samples = samples
        self.nextCursor = nextCursor
    }

    /// Writes the members in the documented order, `nextCursor` as null on the last page.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: WireKey.self)
        try members.put(type, "type")
        try members.put(samples, "samples")
        try members.put(nextCursor, "nextCursor")
    }
}

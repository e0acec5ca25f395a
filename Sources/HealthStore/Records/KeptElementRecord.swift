import Foundation
import HealthEngine
import HealthModel

/// An element of an export kept as written (`KeptElement`), keyed by its identity (uppercase uuid text), with the
/// sample it belongs to. Kept elements read in the order first saved: by the change sequence that put each (an
/// element is never put again once stored), then, for those moved from an older store (sequence 0), by their old
/// position. Only a full-access client sees or writes them.
public enum KeptElementRecord: RecordKind {
    /// A kept element as stored.
    public struct Value: Codable, Sendable, Hashable {
        /// The sample the element was written under, or nil at the top level.
        public var parent: UUID?
        /// The element.
        public var element: Element
        /// The position in an older store's table (only for elements moved from one).
        public var position: Int64?

        /// The stored form of a kept element (`position` only for elements moved from an older store).
        public init(_ kept: KeptElement, position: Int64? = nil) {
            parent = kept.parent
            element = Element(kept.element)
            self.position = position
        }
    }

    /// An element as stored: name, line, attributes in order as `[name, value]` pairs, children.
    public struct Element: Codable, Sendable, Hashable {
        /// The element's name.
        public var name: String
        /// The line it started on.
        public var line: Int
        /// The attributes in file order, each `[name, value]`.
        public var attributes: [[String]]
        /// The child elements, omitted when there are none.
        public var children: [Element]?

        /// The stored form of an element.
        public init(_ element: ExportElement) {
            name = element.name
            line = element.line
            attributes = element.attributes.map { [$0.name, $0.value] }
            children = element.children.isEmpty ? nil : element.children.map(Element.init)
        }

        /// The element again; throws `corruptRecord` (naming `key`) for an attribute that is not a pair.
        public func exportElement(key: String) throws -> ExportElement {
            ExportElement(
                name: name,
                attributes: try attributes.map { pair in
                    guard pair.count == 2 else {
                        throw HealthEngineError.corruptRecord(
                            kind: KeptElementRecord.name, key: key, reason: "an attribute is not a name and a value")
                    }
                    return (pair[0], pair[1])
                }, children: try (children ?? []).map { try $0.exportElement(key: key) }, line: line)
        }
    }

    /// The stored name.
    public static let name = "keptElement"

    /// The key of an element's identity.
    public static func key(_ identity: UUID) -> String { identity.uuidString }

    /// Only imports write kept elements.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access imports data")
    }

    /// Hidden from every client without full access.
    public static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value? { nil }
}

extension RecordStorage {
    /// Kept elements in the order they were first saved; only those under `parent` when it is given (none for a
    /// client without full access).
    public func keptElements(parent: UUID?) throws -> [KeptElement] {
        var records = try records(KeptElementRecord.self, keys: .all)
        if let parent { records = records.filter { $0.value.parent == parent } }
        records.sort { ($0.sequence, $0.value.position ?? 0, $0.key) < ($1.sequence, $1.value.position ?? 0, $1.key) }
        return try records.map { record in
            guard let identity = UUID(uuidString: record.key) else {
                throw HealthEngineError.corruptRecord(
                    kind: KeptElementRecord.name, key: record.key, reason: "not a uuid")
            }
            return KeptElement(
                identity: identity, parent: record.value.parent,
                element: try record.value.element.exportElement(key: record.key))
        }
    }
}

import Foundation

/// Encodes `Encodable` values into a `JSONValue` whose objects keep their keys in the order they were encoded: the
/// writer of every JSON the server answers and `ohk … --format json` prints.
///
/// Not `JSONEncoder`, which on Linux writes an object's keys in no fixed order (measured: a different order on each
/// run) or sorted, where the documented shapes list `uuid`, `type`, `startDate`, `endDate` first and a statistics
/// row's figures in the order asked. Numbers are written as `JSONValue` writes them (whole numbers without a
/// fraction, others in Swift's shortest form), dates as seconds since 1970 (`SamplePayload`'s rule), data in
/// Base64; text is never escaped beyond what JSON needs (no `\/`).
public struct WireEncoder: Sendable {
    /// Whether objects' keys are written sorted rather than in the order encoded (for content whose type declares no
    /// order of its own, such as a sample's payload).
    public var sortsKeys: Bool

    /// An encoder keeping key order (`sortsKeys` false) or sorting keys.
    public init(sortsKeys: Bool = false) {
        self.sortsKeys = sortsKeys
    }

    /// The value as JSON.
    public func encode(_ value: some Encodable) throws -> JSONValue {
        let node = WireNode(sortsKeys: sortsKeys)
        return try node.box(value, parent: nil, key: nil).value
    }

    /// The value's compact JSON text, written straight from the encoded tree (no `JSONValue` in between).
    public func text(_ value: some Encodable) -> String {
        do {
            var output = ""
            try WireNode(sortsKeys: sortsKeys).box(value, parent: nil, key: nil).write(to: &output)
            return output
        } catch {
            preconditionFailure("a wire value does not encode: \(error)")
        }
    }

    /// The value as JSON, for the project's own wire types, whose encoding cannot fail (they hold no non-finite
    /// number a JSON writer would refuse: `JSONValue` writes those as null).
    public func value(_ value: some Encodable) -> JSONValue {
        do {
            return try encode(value)
        } catch {
            preconditionFailure("a wire value does not encode: \(error)")
        }
    }
}

/// A value being encoded: a leaf, or an object or array whose members are filled in by containers.
final class WireNode {
    /// A member or element: a finished value, or a node still being filled.
    enum Slot {
        case value(JSONValue)
        case node(WireNode)

        var value: JSONValue {
            switch self {
            case let .value(value): return value
            case let .node(node): return node.value
            }
        }

        func write(to output: inout String) {
            switch self {
            case let .value(value): value.write(to: &output)
            case let .node(node): node.write(to: &output)
            }
        }
    }

    let sortsKeys: Bool
    /// The node holding this one and the key or index it is under: the coding path, walked only when asked (an
    /// error), not copied into an array for every value written. Not retained (a parent holds its children): a node
    /// lives as long as the tree being encoded, whose root outlives every encoder handed out while it is written.
    private(set) unowned(unsafe) var parent: WireNode?
    private(set) var key: (any CodingKey)?
    var leaf: JSONValue?
    var members: [(String, Slot)]?
    var elements: [Slot]?

    init(sortsKeys: Bool, parent: WireNode? = nil, key: (any CodingKey)? = nil) {
        self.sortsKeys = sortsKeys
        self.parent = parent
        self.key = key
    }

    /// The keys from the root to this node.
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: WireNode? = self
        while let current = node, let key = current.key {
            path.append(key)
            node = current.parent
        }
        return path.reversed()
    }

    /// A child node under `key`.
    func child(_ key: any CodingKey, sortsKeys: Bool? = nil) -> WireNode {
        WireNode(sortsKeys: sortsKeys ?? self.sortsKeys, parent: self, key: key)
    }

    /// Writes the node's compact JSON text (what `value.text` would be, without building the value).
    func write(to output: inout String) {
        if var members {
            if sortsKeys { members.sort { $0.0 < $1.0 } }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        } else if let elements {
            output += "["
            for (index, value) in elements.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        } else {
            (leaf ?? .object([])).write(to: &output)
        }
    }

    /// The finished value (an object for a node nothing was written to, as `JSONEncoder` writes `{}`).
    var value: JSONValue {
        if let members {
            let pairs = members.map { ($0.0, $0.1.value) }
            return .object(sortsKeys ? pairs.sorted { $0.0 < $1.0 } : pairs)
        }
        if let elements { return .array(elements.map(\.value)) }
        return leaf ?? .object([])
    }

    /// A value as a slot: leaves directly (told apart by type, not by casting, which costs a runtime call per try),
    /// anything else through its own `encode(to:)` into a node under `key` of `parent`.
    func box<T: Encodable>(_ value: T, parent: WireNode?, key: (any CodingKey)?) throws -> Slot {
        if T.self == String.self { return .value(.string(unsafeBitCast(value, to: String.self))) }
        if T.self == Double.self { return .value(.number(unsafeBitCast(value, to: Double.self))) }
        if T.self == Int.self { return .value(.number(Double(unsafeBitCast(value, to: Int.self)))) }
        if T.self == Bool.self { return .value(.bool(unsafeBitCast(value, to: Bool.self))) }
        if T.self == JSONValue.self, let json = value as? JSONValue { return .value(json) }
        if T.self == Date.self, let date = value as? Date { return .value(.number(date.timeIntervalSince1970)) }
        if T.self == Data.self, let data = value as? Data { return .value(.string(data.base64EncodedString())) }
        if T.self == URL.self, let url = value as? URL { return .value(.string(url.absoluteString)) }
        if let representable = value as? any JSONValueRepresentable { return .value(representable.json) }
        let node = WireNode(sortsKeys: sortsKeys, parent: parent, key: key)
        try value.encode(to: WireNodeEncoder(node: node))
        return .node(node)
    }

    /// A `Float` as the shortest decimal that reads back as it (not the `Double` nearest its binary value).
    static func number(_ value: Float) -> JSONValue { .number(Double("\(value)") ?? Double(value)) }
}

/// The `Encoder` filling one node.
struct WireNodeEncoder: Encoder {
    let node: WireNode
    var codingPath: [any CodingKey] { node.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [] }
        return KeyedEncodingContainer(WireKeyedEncodingContainer<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return WireUnkeyedEncodingContainer(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WireSingleValueEncodingContainer(node: node)
    }
}

private struct WireKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: WireNode
    var codingPath: [any CodingKey] { node.codingPath }

    private func put(_ value: JSONValue, _ key: Key) { node.members!.append((key.stringValue, .value(value))) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.number(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(WireNode.number(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number(Double(value)), key) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        node.members!.append((key.stringValue, try node.box(value, parent: node, key: key)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(key)
        node.members!.append((key.stringValue, .node(child)))
        return WireNodeEncoder(node: child).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(key)
        node.members!.append((key.stringValue, .node(child)))
        return WireNodeEncoder(node: child).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = node.child(key)
        node.members!.append((key.stringValue, .node(child)))
        return WireNodeEncoder(node: child)
    }
}

private struct WireUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let node: WireNode
    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.elements!.count }

    private func put(_ value: JSONValue) { node.elements!.append(.value(value)) }
    private var nextKey: WireKey { WireKey(index: count) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(.number(value)) }
    mutating func encode(_ value: Float) throws { put(WireNode.number(value)) }
    mutating func encode(_ value: Int) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { put(.number(Double(value))) }

    mutating func encode(_ value: some Encodable) throws {
        node.elements!.append(try node.box(value, parent: node, key: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(nextKey)
        node.elements!.append(.node(child))
        return WireNodeEncoder(node: child).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.child(nextKey)
        node.elements!.append(.node(child))
        return WireNodeEncoder(node: child).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = node.child(nextKey)
        node.elements!.append(.node(child))
        return WireNodeEncoder(node: child)
    }
}

private struct WireSingleValueEncodingContainer: SingleValueEncodingContainer {
    let node: WireNode
    var codingPath: [any CodingKey] { node.codingPath }

    private func put(_ value: JSONValue) { node.leaf = value }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(.number(value)) }
    mutating func encode(_ value: Float) throws { put(WireNode.number(value)) }
    mutating func encode(_ value: Int) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { put(.number(Double(value))) }

    mutating func encode(_ value: some Encodable) throws {
        switch try node.box(value, parent: node.parent, key: node.key) {
        case let .value(value): node.leaf = value
        case let .node(child):
            node.leaf = child.leaf
            node.members = child.members
            node.elements = child.elements
        }
    }
}

/// A wire type that builds its `JSONValue` directly (a sample: measured faster than its members' `encode(to:)`);
/// `WireEncoder` takes the value as it is instead of calling `encode(to:)`.
public protocol JSONValueRepresentable: Encodable {
    /// The value's JSON, key order as documented.
    var json: JSONValue { get }
}

import Foundation

/// Reads what a `BinaryWriter` wrote; every read checks the bounds and throws `HealthStoreError.corruptStore`.
struct BinaryReader {
    private let bytes: [UInt8]
    private var offset = 0
    /// What is being read, for error messages.
    private let context: String
    /// The layout version the bytes were written in (set by the reader of a versioned blob), for parts added later.
    var layout: UInt8 = 1

    /// A reader over bytes written by `BinaryWriter`.
    init(_ bytes: [UInt8], context: String) {
        self.bytes = bytes
        self.context = context
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    private func corrupt(_ what: String) -> HealthStoreError {
        .corruptStore("\(context): \(what) at byte \(offset) of \(bytes.count)")
    }

    /// Reads one byte.
    mutating func readByte() throws -> UInt8 {
        guard offset < bytes.count else { throw corrupt("unexpected end") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads an unsigned integer written with `write(varint:)`.
    mutating func readVarint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64 else { throw corrupt("integer too long") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// Reads a count, checked against the bytes left (each element takes at least one byte).
    mutating func readCount() throws -> Int {
        let value = try readVarint()
        guard value <= UInt64(bytes.count - offset) else { throw corrupt("count \(value) exceeds the data") }
        return Int(value)
    }

    /// Reads a signed integer written with `write(signed:)`.
    mutating func readSigned() throws -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// Reads a double.
    mutating func readDouble() throws -> Double {
        guard offset + 8 <= bytes.count else { throw corrupt("unexpected end") }
        var raw: UInt64 = 0
        for index in 0..<8 { raw |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Double(bitPattern: raw)
    }

    /// Reads a string.
    mutating func readString() throws -> String {
        let length = try readCount()
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    /// Reads an optional string.
    mutating func readOptionalString() throws -> String? {
        switch try readByte() {
        case 0: return nil
        case 1: return try readString()
        case let flag: throw corrupt("presence flag \(flag)")
        }
    }

    /// Reads a UUID.
    mutating func readUUID() throws -> UUID {
        guard offset + 16 <= bytes.count else { throw corrupt("unexpected end") }
        let b = Array(bytes[offset..<offset + 16])
        offset += 16
        return UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }
}

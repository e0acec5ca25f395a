import Foundation

/// Appends values to a byte buffer in a compact, fixed layout (little-endian numbers, length-prefixed strings).
struct BinaryWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    /// The layout version of the blob being written (set by the writer of a versioned blob), for parts added later.
    var layout: UInt8 = 1

    /// Appends one byte.
    mutating func write(_ byte: UInt8) { bytes.append(byte) }

    /// Appends an unsigned integer in 7-bit groups (small numbers take one byte).
    mutating func write(varint value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Appends a signed integer (zig-zag, then 7-bit groups).
    mutating func write(signed value: Int64) {
        write(varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Appends a double as its 8 bytes.
    mutating func write(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a string as its UTF-8 length and bytes.
    mutating func write(_ text: String) {
        let utf8 = Array(text.utf8)
        write(varint: UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Appends an optional string: a presence byte, then the string.
    mutating func write(optional text: String?) {
        if let text {
            write(UInt8(1))
            write(text)
        } else {
            write(UInt8(0))
        }
    }

    /// Appends a UUID's 16 bytes.
    mutating func write(_ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
    }
}

import Foundation

/// A 128-bit hash of a record's content, from which its identifier is derived (the same content gives the same UUID
/// in every import).
///
/// Hand-written (MurmurHash3's x64 128-bit mixing, fed field by field) instead of SHA-256 from swift-crypto: the
/// identifier needs determinism and a negligible chance of collision among a few million records, not resistance to
/// an attacker, and this costs a few nanoseconds per field where a cryptographic hash costs a few hundred per record.
struct ContentHasher {
    private var high: UInt64
    private var low: UInt64
    private var length: UInt64 = 0

    private static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    private static let c2: UInt64 = 0x4cf5_ad43_2745_937f

    /// A hasher for one kind of content; different kinds start from different seeds.
    init(seed: UInt64) {
        high = seed
        low = seed ^ 0x9e37_79b9_7f4a_7c15
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }

    /// Mixes in two words.
    @inline(__always)
    mutating func combine(_ first: UInt64, _ second: UInt64) {
        var k1 = first &* ContentHasher.c1
        k1 = ContentHasher.rotate(k1, 31) &* ContentHasher.c2
        high ^= k1
        high = ContentHasher.rotate(high, 27) &+ low
        high = high &* 5 &+ 0x52dc_e729
        var k2 = second &* ContentHasher.c2
        k2 = ContentHasher.rotate(k2, 33) &* ContentHasher.c1
        low ^= k2
        low = ContentHasher.rotate(low, 31) &+ high
        low = low &* 5 &+ 0x3849_5ab5
        length &+= 16
    }

    /// Mixes in one word.
    @inline(__always)
    mutating func combine(_ word: UInt64) { combine(word, 0x5bd1_e995) }

    /// Mixes in a number (its bit pattern; -0 and 0 are the same).
    @inline(__always)
    mutating func combine(_ number: Double) { combine(number == 0 ? 0 : number.bitPattern) }

    /// Mixes in bytes, followed by their length (so that "ab"+"c" differs from "a"+"bc").
    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        while index + 16 <= count {
            combine(
                bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
            index += 16
        }
        // The 0–15 bytes left, little-endian into two words (byte i at bit 8i), read with at most two overlapping
        // loads rather than shifted in one by one or copied with memcpy: the same words, a fraction of the
        // instructions for the short values exports are made of.
        let (first, second) = ContentHasher.tailWords(bytes, from: index)
        combine(first ^ UInt64(count), second)
    }

    /// The bytes from `index` to the end (fewer than 16) as two little-endian words, zero-filled.
    @inline(__always)
    static func tailWords(_ bytes: UnsafeRawBufferPointer, from index: Int) -> (UInt64, UInt64) {
        let left = bytes.count - index
        if left >= 8 {
            let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            guard left > 8 else { return (first, 0) }
            // The last 8 bytes hold the 1–7 wanted ones at their top: shift the others out.
            let last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            return (first, last >> UInt64((16 - left) * 8))
        }
        if left >= 4 {
            let low = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
            let last = UInt64(
                UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self)))
            // Bytes 4..<left come from the top of the last 4 bytes (for left == 4 nothing is added).
            let high = left > 4 ? (last >> UInt64((8 - left) * 8)) << 32 : 0
            return (low | high, 0)
        }
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for position in index..<bytes.count {
            word |= UInt64(bytes[position]) << shift
            shift += 8
        }
        return (word, 0)
    }

    /// Mixes in a string's UTF-8 bytes.
    mutating func combine(_ text: String) {
        var copy = text
        copy.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    /// Mixes in a precomputed 128-bit digest of a value that repeats (a type name, a source).
    @inline(__always)
    mutating func combine(_ digest: ContentDigest) { combine(digest.high, digest.low) }

    /// The final 128 bits.
    func finalize() -> ContentDigest {
        var h1 = high ^ length
        var h2 = low ^ length
        h1 &+= h2
        h2 &+= h1
        h1 = ContentHasher.finalMix(h1)
        h2 = ContentHasher.finalMix(h2)
        h1 &+= h2
        h2 &+= h1
        return ContentDigest(high: h1, low: h2)
    }

    /// MurmurHash3's 64-bit finalizer (also mixes the import's identifier filter).
    static func finalMix(_ value: UInt64) -> UInt64 {
        var key = value
        key ^= key >> 33
        key &*= 0xff51_afd7_ed55_8ccd
        key ^= key >> 33
        key &*= 0xc4ce_b9fe_1a85_ec53
        key ^= key >> 33
        return key
    }

    /// The digest of a single string.
    static func digest(of text: String, seed: UInt64 = 0) -> ContentDigest {
        var hasher = ContentHasher(seed: seed)
        hasher.combine(text)
        return hasher.finalize()
    }
}

/// 128 bits of content hash.
struct ContentDigest: Hashable, Sendable {
    /// The first 64 bits.
    let high: UInt64
    /// The last 64 bits.
    let low: UInt64

    /// The digest as a UUID (version 8, "custom", RFC 9562 variant), stable across imports.
    var uuid: UUID { uuid(startingAt: nil) }

    /// The digest as a UUID whose first 6 bytes are `start` in milliseconds since 1970, big-endian (0 before 1970
    /// or when nil), followed by hash bits; version 8, RFC 9562 variant. An export is grouped by type and sorted
    /// by time, so its samples' identifiers arrive nearly in order, and the store's uuid index takes them near
    /// its last insertions instead of at random places (random identifiers make SQLite inserts about 2.5× slower).
    /// 74 hash bits remain; only samples starting in the same millisecond can collide.
    func uuid(startingAt start: Date?) -> UUID {
        var bytes = (high.bigEndian, low.bigEndian)
        if let start {
            let milliseconds = start.timeIntervalSince1970 * 1000
            let prefix = milliseconds > 0 ? UInt64(min(milliseconds.rounded(.down), Double(UInt64(1) << 48 - 1))) : 0
            // The 6 prefix bytes replace the first 6 hash bytes; the other hash bytes stay.
            bytes.0 = ((prefix << 16) | (high & 0xFFFF)).bigEndian
        }
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x80
            raw[8] = (raw[8] & 0x3F) | 0x80
            return UUID(
                uuid: (
                    raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                    raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
                ))
        }
    }
}

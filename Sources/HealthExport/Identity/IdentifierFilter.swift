import Foundation

/// A Bloom filter of sample identifiers: says "maybe added" or "certainly not added", in about 10 bits an identifier.
///
/// An import into a store that was empty when it started uses it to ask the store only about identifiers this import
/// may have stored already (exact duplicates inside the export, correlation members), instead of probing the store's
/// uuid index once per record: the probes were a quarter of the committing thread's work on a first import, and that
/// thread bounds it. A false positive costs one probe; there are no false negatives, so no duplicate is missed.
///
/// It grows by adding filters of `capacity` identifiers each (1.25 MB, about 1 % false positives when full), so its
/// memory follows the export's size (an export of 7 million records: about 9 MB) without knowing it in advance.
struct IdentifierFilter {
    /// Identifiers per filter part before another part is added.
    let capacity: Int
    /// Bits per part: 10 per identifier, rounded up to whole 64-bit words.
    private let bitsPerPart: Int
    private var parts: [[UInt64]] = []
    private var countInLastPart = 0
    /// Bit positions probed per identifier (7 is optimal for 10 bits an identifier).
    private static let probes = 7

    /// An empty filter adding parts of `capacity` identifiers.
    init(capacity: Int = 1 << 20) {
        self.capacity = max(capacity, 64)
        bitsPerPart = (self.capacity * 10 + 63) / 64 * 64
    }

    /// Adds an identifier.
    mutating func insert(_ uuid: UUID) {
        if parts.isEmpty || countInLastPart == capacity {
            parts.append(Array(repeating: 0, count: bitsPerPart / 64))
            countInLastPart = 0
        }
        let (first, step) = IdentifierFilter.hashes(uuid)
        let last = parts.count - 1
        parts[last].withUnsafeMutableBufferPointer { words in
            var position = first
            for _ in 0..<IdentifierFilter.probes {
                let bit = Int(position % UInt64(bitsPerPart))
                words[bit >> 6] |= 1 << UInt64(bit & 63)
                position &+= step
            }
        }
        countInLastPart += 1
    }

    /// Whether the identifier may have been added (false: it certainly was not).
    func mayContain(_ uuid: UUID) -> Bool {
        let (first, step) = IdentifierFilter.hashes(uuid)
        for part in parts {
            var position = first
            var all = true
            for _ in 0..<IdentifierFilter.probes {
                let bit = Int(position % UInt64(bitsPerPart))
                if part[bit >> 6] & (1 << UInt64(bit & 63)) == 0 {
                    all = false
                    break
                }
                position &+= step
            }
            if all { return true }
        }
        return false
    }

    /// Two independent 64-bit hashes of the identifier's 16 bytes (double hashing derives the probe positions):
    /// MurmurHash3's finalizer on each half mixed with the other, as the leading bytes of import identifiers are a
    /// time and not random.
    private static func hashes(_ uuid: UUID) -> (UInt64, UInt64) {
        let (high, low) = withUnsafeBytes(of: uuid.uuid) { raw in
            (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        let first = mix(high ^ mix(low))
        let second = mix(low &+ 0x9E37_79B9_7F4A_7C15 ^ first) | 1
        return (first, second)
    }

    private static func mix(_ value: UInt64) -> UInt64 { ContentHasher.finalMix(value) }
}

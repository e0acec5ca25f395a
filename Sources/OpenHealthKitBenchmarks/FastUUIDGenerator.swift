import Foundation

/// Random-looking version-4 UUIDs from a seeded SplitMix64 generator: far cheaper than `UUID()`, which asks the
/// system's cryptographic generator for every identifier. Good enough for bulk-loading benchmark data, and
/// deterministic, so runs are comparable.
struct FastUUIDGenerator {
    private var state: UInt64

    /// A generator with a fixed seed.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 pseudo-random bits (SplitMix64).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `0..<bound`.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// The next UUID, with the version (4) and variant (RFC 4122) bits set.
    mutating func uuid() -> UUID {
        let high = (next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
}

import Foundation
import HealthStore

/// Random-looking version-4 UUIDs from a seeded SplitMix64 generator: far cheaper than `UUID()`, which asks the
/// system's cryptographic generator for every identifier. Good enough for bulk-loading benchmark data, and
/// deterministic, so runs are comparable.
struct FastUUIDGenerator {
    private var random: SeededRandomNumberGenerator

    /// A generator with a fixed seed.
    init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    /// The next 64 pseudo-random bits (SplitMix64).
    mutating func next() -> UInt64 { random.next() }

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

import Foundation
import Testing

@testable import HealthExport

/// Record identities are derived from `ContentHasher`: a change to its output would make every earlier import's
/// records look new. These tests pin it.
@Suite("Content hashing gives the same digests as the first released version")
struct ContentHasherTests {
    /// The first version's handling of bytes, written out: 16-byte blocks, then the tail shifted in byte by byte.
    static func referenceDigest(of bytes: [UInt8], seed: UInt64) -> ContentDigest {
        var hasher = ContentHasher(seed: seed)
        var index = 0
        while index + 16 <= bytes.count {
            var first: UInt64 = 0
            var second: UInt64 = 0
            for offset in 0..<8 { first |= UInt64(bytes[index + offset]) << UInt64(8 * offset) }
            for offset in 0..<8 { second |= UInt64(bytes[index + 8 + offset]) << UInt64(8 * offset) }
            hasher.combine(first, second)
            index += 16
        }
        var first: UInt64 = 0
        var second: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            if shift < 64 {
                first |= UInt64(bytes[index]) << shift
            } else {
                second |= UInt64(bytes[index]) << (shift - 64)
            }
            shift += 8
            index += 1
        }
        hasher.combine(first ^ UInt64(bytes.count), second)
        return hasher.finalize()
    }

    @Test("Byte strings of every length up to 70 hash as the reference does")
    func bytesHashAsTheReference() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...70 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                var hasher = ContentHasher(seed: 31)
                bytes.withUnsafeBytes { hasher.combine($0) }
                #expect(hasher.finalize() == Self.referenceDigest(of: bytes, seed: 31), "length \(length)")
            }
        }
    }

    @Test("A known attribute's digest is unchanged")
    func knownDigestIsUnchanged() {
        let digest = ContentHasher.digest(of: "HKQuantityTypeIdentifierStepCount", seed: 31)
        #expect(digest == Self.referenceDigest(of: Array("HKQuantityTypeIdentifierStepCount".utf8), seed: 31))
        #expect(digest == ContentDigest(high: 0xE63C_4550_81FF_DFA1, low: 0x7398_305B_25B0_5C65))
    }
}

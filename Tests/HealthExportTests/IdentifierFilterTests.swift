import Foundation
import Testing

@testable import HealthExport

@Suite("The import's identifier filter: never a false negative, few false positives")
struct IdentifierFilterTests {
    /// Identifiers shaped like the importer's: the same leading time bytes, then varying hash bytes.
    static func identifiers(_ count: Int, seed: UInt64) -> [UUID] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { index in
            let time = UInt64(1_700_000_000_000 + index / 4)  // four records a millisecond
            let hash = next()
            var bytes = [UInt8](repeating: 0, count: 16)
            for shift in 0..<6 { bytes[shift] = UInt8(truncatingIfNeeded: time >> UInt64(8 * (5 - shift))) }
            for shift in 0..<8 { bytes[6 + shift] = UInt8(truncatingIfNeeded: hash >> UInt64(8 * shift)) }
            bytes[14] = UInt8(index & 0xFF)
            bytes[15] = UInt8((index >> 8) & 0xFF)
            return UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
    }

    @Test("Every identifier added is reported as maybe added, across several filter parts")
    func noFalseNegatives() {
        var filter = IdentifierFilter(capacity: 50_000)
        let added = Self.identifiers(180_000, seed: 1)
        for uuid in added { filter.insert(uuid) }
        #expect(added.allSatisfy { filter.mayContain($0) })
    }

    @Test("Identifiers never added are mostly reported as not added (about 1 % per full part)")
    func fewFalsePositives() {
        var filter = IdentifierFilter(capacity: 100_000)
        for uuid in Self.identifiers(100_000, seed: 2) { filter.insert(uuid) }
        let others = Self.identifiers(100_000, seed: 3)
        let falsePositives = others.filter { filter.mayContain($0) }.count
        #expect(falsePositives < 2_000, "\(falsePositives) false positives in 100,000")
        #expect(!IdentifierFilter().mayContain(others[0]))
    }
}

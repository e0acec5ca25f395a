import Foundation
import HealthModel

/// The numbered batches the durability test writes from a child process (`ohk store write-batches`) and checks after
/// killing it: batch n holds `size` minute-long step samples with identifiers and times derived from n, so that the
/// checker knows exactly what each batch is without reading the child's memory.
enum CrashTestBatch {
    /// The source revision the batches are saved as.
    static let revision = SourceRevision(
        source: Source(name: "OpenHealthKit crash test", bundleIdentifier: "org.openhealthkit.crash-test"), version: "1"
    )

    /// 2024-01-01T00:00:00Z; batch n starts `n × size` minutes later.
    static let epoch = Date(timeIntervalSinceReferenceDate: 725_846_400)

    /// The identifier of sample `index` of batch `batch`.
    static func uuid(batch: Int, index: Int) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: UInt64(batch).bigEndian) { bytes.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: UInt64(index).bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4 layout, so the identifier is a valid random-style UUID
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The samples of one batch.
    static func samples(batch: Int, size: Int) throws -> [Sample] {
        let steps = try SampleType.quantity("stepCount")
        return try (0..<size).map { index in
            let start = epoch.addingTimeInterval(Double(batch * size + index) * 60)
            return try Sample.quantity(
                type: steps, quantity: Quantity(Double(index % 120), .count), start: start,
                end: start.addingTimeInterval(60),
                metadata: ["OHKCrashTestBatch": .number(Double(batch))], uuid: uuid(batch: batch, index: index))
        }
    }
}

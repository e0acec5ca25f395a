import Foundation
import HealthModel
import Testing

@Suite("Random UUIDs")
struct RandomUUIDTests {
    /// The 16 bytes of a UUID, in order (SQLite compares blobs this way).
    private static func bytes(_ uuid: UUID) -> [UInt8] { withUnsafeBytes(of: uuid.uuid) { Array($0) } }

    /// The 48-bit prefix of an ordered UUID.
    private static func prefix(_ uuid: UUID) -> UInt64 { bytes(uuid).prefix(6).reduce(0) { $0 << 8 | UInt64($1) } }

    /// UUIDs made by four tasks at once, 5,000 each.
    private static func madeConcurrently(_ make: @escaping @Sendable () -> UUID) async -> [UUID] {
        await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<4 { group.addTask { (0..<5_000).map { _ in make() } } }
            return await group.reduce(into: [UUID]()) { $0 += $1 }
        }
    }

    @Test("new-object UUIDs are version 8, variant 1, and do not repeat across pool refills and threads")
    func orderedVersionVariantAndUniqueness() async {
        let all = await RandomUUIDTests.madeConcurrently(RandomUUID.make)
        #expect(Set(all).count == 20_000)
        for uuid in all {
            let bytes = uuid.uuid
            #expect(bytes.6 >> 4 == 8)
            #expect(bytes.8 >> 6 == 0b10)
        }
        // The random part varies (a stuck byte would show up here).
        #expect(Set(all.map { $0.uuid.15 }).count > 200)
        #expect(Set(all.map { $0.uuid.7 }).count > 200)
    }

    @Test("new-object UUIDs never go back in their prefix on a thread, and the prefix starts below 2^47")
    func orderedUUIDsDoNotGoBack() {
        let uuids = (0..<10_000).map { _ in RandomUUID.make() }
        for (earlier, later) in zip(uuids, uuids.dropFirst()) {
            #expect(RandomUUIDTests.prefix(later) >= RandomUUIDTests.prefix(earlier))
        }
        // The prefix starts below 2^47, so it cannot wrap within any realistic process.
        #expect(RandomUUIDTests.prefix(uuids[0]) < (1 << 47) + (1 << 40))
    }

    @Test("two new-object UUIDs tell nothing of how many objects were made in between, anywhere in the process")
    func prefixRevealsNoCount() async {
        let clock = ContinuousClock()
        let started = clock.now
        let first = RandomUUID.make()
        // Another "person" saves 200,000 objects in between, on other threads.
        let others =
            await RandomUUIDTests.madeConcurrently(RandomUUID.make) + RandomUUIDTests.madeConcurrently(RandomUUID.make)
        for _ in 0..<8 { _ = await RandomUUIDTests.madeConcurrently(RandomUUID.make) }
        let second = RandomUUID.make()
        let elapsed = clock.now - started
        let elapsedMilliseconds =
            UInt64(elapsed.components.seconds) * 1000 + UInt64(elapsed.components.attoseconds / 1_000_000_000_000_000)
            + 1
        #expect(others.count == 40_000)
        // A counter would have moved by 200,001; the prefix moves by the milliseconds that passed, no more.
        let distance = RandomUUIDTests.prefix(second) - RandomUUIDTests.prefix(first)
        #expect(distance <= elapsedMilliseconds, "prefix moved \(distance) in \(elapsed)")
        // Below the count when the machine made them faster than one per millisecond (a loaded CI run may not: then
        // the bound above is the whole claim).
        if elapsedMilliseconds < 200_000 { #expect(distance < 200_000) }
    }

    @Test("version 4 UUIDs are version 4, variant 1, random in every byte, and do not repeat across threads")
    func version4VersionVariantAndUniqueness() async {
        let all = await RandomUUIDTests.madeConcurrently(RandomUUID.makeVersion4)
        #expect(Set(all).count == 20_000)
        for uuid in all.prefix(1000) {
            let bytes = uuid.uuid
            #expect(bytes.6 >> 4 == 4)
            #expect(bytes.8 >> 6 == 0b10)
        }
        #expect(Set(all.map { $0.uuid.0 }).count > 200)
    }
}

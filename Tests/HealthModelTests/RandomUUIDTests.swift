import Foundation
import HealthModel
import Testing

@Suite("Random UUIDs")
struct RandomUUIDTests {
    @Test("random UUIDs are version 4, variant 1, and do not repeat across pool refills and threads")
    func versionVariantAndUniqueness() async {
        let perTask = 5_000
        let all = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<4 { group.addTask { (0..<perTask).map { _ in RandomUUID.make() } } }
            return await group.reduce(into: [UUID]()) { $0 += $1 }
        }
        #expect(Set(all).count == 4 * perTask)
        for uuid in all.prefix(1000) {
            let bytes = uuid.uuid
            #expect(bytes.6 >> 4 == 4)
            #expect(bytes.8 >> 6 == 0b10)
        }
        // Every nibble position varies (a stuck byte would show up here).
        let firstBytes = Set(all.map { $0.uuid.0 })
        #expect(firstBytes.count > 200)
    }
}

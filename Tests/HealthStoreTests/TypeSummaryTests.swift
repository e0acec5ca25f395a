import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Type summaries: what the store holds, per type")
struct TypeSummaryTests {
    @Test(
        "Counts, earliest start and latest end per type, sorted by identifier, after saves and deletes",
        arguments: StorageBackend.allCases)
    func summaries(backend: StorageBackend) throws {
        let store = backend.makeStore()
        #expect(try store.storage.typeSummaries().isEmpty)
        let steps = [
            try Fixture.steps(100, from: Fixture.at(0)), try Fixture.steps(50, from: Fixture.at(-60), minutes: 5),
        ]
        let longSleep = try Sample.category(
            type: Fixture.sleep, value: 1, start: Fixture.at(-3000), end: Fixture.at(0))  // 50 hours: a long sample
        let heart = try Fixture.heartRate(61, at: Fixture.at(30))
        try store.save(steps + [longSleep, heart], as: Fixture.watch)
        var summaries = try store.storage.typeSummaries()
        #expect(summaries.map(\.type) == [Fixture.sleep, Fixture.heartRate, Fixture.stepCount])
        #expect(summaries.map(\.count) == [1, 1, 2])
        #expect(summaries[2].firstStart == Fixture.at(-60))
        #expect(summaries[2].lastEnd == Fixture.at(10))
        #expect(summaries[0].firstStart == Fixture.at(-3000))

        try store.delete([heart.uuid, steps[1].uuid])
        summaries = try store.storage.typeSummaries()
        #expect(summaries.map(\.type) == [Fixture.sleep, Fixture.stepCount])
        #expect(summaries[1].count == 1)
        #expect(summaries[1].firstStart == Fixture.at(0))
    }
}

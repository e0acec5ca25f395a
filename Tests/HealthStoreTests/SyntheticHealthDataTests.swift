import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Generated demo data and the demo report")
struct SyntheticHealthDataTests {
    static func calendar(_ identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier)!
        return calendar
    }

    @Test("the same seed gives the same values, and a different seed different ones")
    func deterministic() throws {
        let calendar = Self.calendar("Europe/Berlin")
        let day = calendar.date(from: DateComponents(year: 2024, month: 3, day: 29))!
        func values(_ seed: UInt64) throws -> [Double] {
            try SyntheticHealthData(calendar: calendar, firstDay: day, days: 3, seed: seed).batches()
                .flatMap(\.samples).compactMap { $0.quantity?.value }
        }
        #expect(try values(7) == values(7))
        #expect(try values(7) != values(8))
    }

    @Test("meals stay at wall-clock times on the spring-forward day", arguments: ["America/Los_Angeles", "Europe/Berlin"])
    func wallClockAcrossDaylightSaving(zone: String) throws {
        let calendar = Self.calendar(zone)
        let springForward = zone == "Europe/Berlin" ? DateComponents(year: 2024, month: 3, day: 31) : DateComponents(year: 2024, month: 3, day: 10)
        let day = calendar.date(from: springForward)!
        let food = try #require(try SyntheticHealthData(calendar: calendar, firstDay: day, days: 1).batches().first { $0.sourceRevision == SyntheticHealthData.foodApp })
        let hours = food.samples.map { calendar.component(.hour, from: $0.startDate) }
        // Breakfast 7:00-8:00, lunch 12:00-13:00, snack 15:00-16:00, dinner 18:00-19:00 local, whatever the UTC offset.
        #expect(hours.count == 4)
        #expect((7...8).contains(hours[0]) && (12...13).contains(hours[1]) && (15...16).contains(hours[2]) && (18...19).contains(hours[3]))
    }

    @Test("the demo report's step figures equal a brute-force sum over the generated samples", arguments: StorageBackend.allCases)
    func reportMatchesBruteForce(backend: StorageBackend) throws {
        let calendar = Self.calendar("America/Los_Angeles")
        let lastDay = calendar.date(from: DateComponents(year: 2024, month: 3, day: 10))!
        let firstDay = calendar.date(byAdding: .day, value: -2, to: lastDay)!
        let generator = SyntheticHealthData(calendar: calendar, firstDay: firstDay, days: 3, seed: 42)
        let store = backend.makeStore()
        let saved = try generator.save(into: store)
        let generated = try generator.batches().map(\.samples.count).reduce(0, +)
        #expect(saved == generated)

        let start = calendar.startOfDay(for: lastDay), end = calendar.date(byAdding: .day, value: 1, to: start)!
        let stepType = try SampleType.quantity("stepCount")
        let expected = try generator.batches().flatMap(\.samples)
            .filter { $0.type == stepType && $0.startDate >= start && $0.startDate < end }
        let expectedSum = Int(expected.compactMap { $0.quantity?.value }.reduce(0, +))
        let lines = try DemoReport(store: store, day: lastDay, calendar: calendar).lines
        #expect(lines.contains { $0.contains("steps: \(expected.count) samples") })
        #expect(lines.contains { $0.contains("adding them all up gives \(expectedSum) steps") })
        #expect(lines.contains { $0.hasPrefix("  food: ") })
        #expect(lines.contains { $0.contains("workouts in the last 7 days: 2") })
    }
}

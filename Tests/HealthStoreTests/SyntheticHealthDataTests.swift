import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Generated demo data")
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

    @Test(
        "meals stay at wall-clock times on the spring-forward day", arguments: ["America/Los_Angeles", "Europe/Berlin"])
    func wallClockAcrossDaylightSaving(zone: String) throws {
        let calendar = Self.calendar(zone)
        let springForward =
            zone == "Europe/Berlin"
            ? DateComponents(year: 2024, month: 3, day: 31) : DateComponents(year: 2024, month: 3, day: 10)
        let day = calendar.date(from: springForward)!
        let food = try #require(
            try SyntheticHealthData(calendar: calendar, firstDay: day, days: 1).batches().first {
                $0.sourceRevision == SyntheticHealthData.foodApp
            })
        let hours = food.samples.map { calendar.component(.hour, from: $0.startDate) }
        // Breakfast 7:00-8:00, lunch 12:00-13:00, snack 15:00-16:00, dinner 18:00-19:00 local, whatever the UTC offset.
        #expect(hours.count == 4)
        #expect(
            (7...8).contains(hours[0]) && (12...13).contains(hours[1]) && (15...16).contains(hours[2])
                && (18...19).contains(hours[3]))
    }
}

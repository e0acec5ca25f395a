import Foundation
import HealthDemoData
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite
import Testing

@testable import ohk

@Suite("The demo report")
struct DemoReportTests {
    func zoned(_ identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier)!
        return calendar
    }

    @Test(
        "the demo report's step figures equal a brute-force sum over the generated samples", arguments: [false, true])
    func reportMatchesBruteForce(onDisk: Bool) throws {
        let calendar = zoned("America/Los_Angeles")
        let lastDay = calendar.date(from: DateComponents(year: 2024, month: 3, day: 10))!
        let firstDay = calendar.date(byAdding: .day, value: -2, to: lastDay)!
        let generator = SyntheticHealthData(calendar: calendar, firstDay: firstDay, days: 3, seed: 42)
        // PostgreSQL joins once the shared test support offers its backends to this target.
        let store =
            onDisk
            ? HealthDataStore(
                storage: try SQLiteStorage(
                    path: FileManager.default.temporaryDirectory.appendingPathComponent(
                        "ohk-demo-\(UUID().uuidString).sqlite"
                    ).path))
            : HealthDataStore()
        let saved = try generator.save(into: store)
        // A blood pressure correlation is saved with its two readings.
        let generated = try generator.batches().flatMap(\.samples).map { 1 + ($0.correlatedObjects?.count ?? 0) }
            .reduce(0, +)
        #expect(saved == generated)

        let start = calendar.startOfDay(for: lastDay)
        let end = calendar.date(byAdding: .day, value: 1, to: start)!
        let stepType = try SampleType.quantity("stepCount")
        let expected = try generator.batches().flatMap(\.samples)
            .filter { $0.type == stepType && $0.startDate >= start && $0.startDate < end }
        let expectedSum = Int(expected.compactMap { $0.quantity?.value }.reduce(0, +))
        let lines = try DemoReport(store: store, day: lastDay, calendar: calendar).lines
        #expect(lines.contains { $0.contains("steps: \(expected.count) samples") })
        #expect(lines.contains { $0.contains("adding them all up gives \(expectedSum) steps") })
        #expect(lines.contains { $0.hasPrefix("  food: ") })
        // Workouts that overlap the seven days up to the report's day: here all the generated ones (a Saturday run
        // and a Sunday ride or long walk, unless the day was lazy).
        let week = calendar.date(byAdding: .day, value: -6, to: start)!
        let workouts = try generator.batches().flatMap(\.samples).filter {
            $0.type == .workout && $0.endDate > week && $0.startDate < end
        }
        #expect(!workouts.isEmpty)
        #expect(lines.contains { $0.contains("workouts in the last 7 days: \(workouts.count);") }, "\(lines)")
        // The day's resting heart rate is its one generated sample; the longest workout has its route.
        let resting = try SampleType.quantity("restingHeartRate")
        let restingRate = try #require(
            try generator.batches().flatMap(\.samples).first {
                $0.type == resting && $0.startDate >= start && $0.startDate < end
            }?.quantity?.value(in: try HealthUnit(parsing: "count/min")))
        #expect(
            lines.contains { $0.hasPrefix("  vitals: resting heart rate \(Int(restingRate)) count/min, HRV ") },
            "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  workouts in the last 7 days: ") && $0.contains(", a route of ") })
        // The night before the report's day: three sources, merged to less than their asleep time added up.
        let merged = try #require(lines.first { $0.contains("merged by source priority (ohk sleep): asleep ") })
        func minutes(after marker: String) throws -> Int {
            let found = try #require(merged.range(of: marker))
            let text = merged[found.upperBound...].prefix { $0 != " " && $0 != ";" && $0 != "," }
            let parts = text.dropLast().split(separator: "h")
            return Int(parts[0])! * 60 + Int(parts[1])!
        }
        #expect(try minutes(after: "asleep ") < minutes(after: "added up is "), "\(merged)")
    }
}

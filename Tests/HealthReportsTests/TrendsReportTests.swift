import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthTestSupport
import HealthTrends
import Testing

@Suite("ohk trends: the report's numbers and chart")
struct TrendsReportTests {
    static let losAngeles: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        return calendar
    }()

    static func local(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        losAngeles.date(from: DateComponents(year: 2024, month: 3, day: day, hour: hour, minute: minute))!
    }

    static func burn(_ kilocalories: Double, at start: Date) throws -> Sample {
        try Sample.quantity(
            type: TrendsCalculator.activeEnergy, quantity: Quantity(kilocalories, .kilocalorie), start: start,
            end: start.addingTimeInterval(3_600)
        )
        .with(
            sourceRevision: SourceRevision(
                source: Source(name: "Watch", bundleIdentifier: "com.apple.health.watch"), version: "1"))
    }

    @Test(
        "Today at 10:30 on a spring-forward day: 23 rows, totals only for complete hours, projection, goal fallback, JSON and chart",
        arguments: StorageBackend.allCases)
    func todayOnSpringForward(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try store.saveImported([
            try Self.burn(200, at: Self.local(9, 8)), try Self.burn(100, at: Self.local(9, 18)),
            try Self.burn(150, at: Self.local(10, 8)),
        ])
        let now = Self.local(10, 10, 30)
        let calculator = try TrendsCalculator(store: store, calendar: Self.losAngeles, clock: { now })
        let report = try TrendsReport.make(calculator, date: nil, days: 1, goalFallback: 500)
        #expect(report.rows.count == 23)
        #expect(report.rows.filter { $0.total != nil }.count == 9, "hours ending 01:00, 03:00 … 10:00")
        #expect(report.total == 150)
        #expect(report.typicalEndOfDay == 300)
        #expect(report.projectedTotal == 150 + (300 - 200))
        #expect(report.moveGoal == 500)
        var json = ""
        report.json.write(to: &json)
        #expect(
            json.hasPrefix(
                #"{"type":"HKQuantityTypeIdentifierActiveEnergyBurned","unit":"kcal","timeZone":"America/Los_Angeles","day":"2024-03-10T00:00:00-08:00""#
            ))
        #expect(json.contains(#"{"end":"2024-03-10T11:00:00-07:00","total":null,"typical":200}"#))
        let chart = report.chart(width: 20)
        #expect(chart.split(separator: "\n").count == 1 + 23 + 1)
        #expect(chart.contains("so far 150 · projected 250 · typical day 300 · goal 500"))
    }

    @Test("A past day shows every hour and its whole total as the projection", arguments: StorageBackend.allCases)
    func pastDay(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try store.saveImported([try Self.burn(200, at: Self.local(12, 8))])
        let calculator = try TrendsCalculator(store: store, calendar: Self.losAngeles, clock: { Self.local(14, 9) })
        let report = try TrendsReport.make(calculator, date: Self.local(12, 15), days: 7, goalFallback: 400)
        #expect(report.rows.count == 24 && report.rows.allSatisfy { $0.total != nil })
        #expect(report.total == 200 && report.projectedTotal == 200)
    }
}

import Foundation
import HealthEngine
import HealthModel
import Testing

@Suite("Requests are checked when they are made, naming the field, and trusted below")
struct RequestCheckTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    static func day(_ text: String) -> Date {
        Self.berlin.date(
            from: DateReader.day(text).map { DateComponents(year: $0.year, month: $0.month, day: $0.day) }!)!
    }

    @Test("A statistics query needs a quantity type and figures that fit its aggregation style")
    func statisticsQuery() throws {
        let steps = try SampleType.named("stepCount")
        #expect(try StatisticsQuery(type: steps, options: .cumulativeSum).unit == .count)
        #expect(
            throws: HealthEngineError.invalidQuery(
                field: "type",
                reason: "HKCategoryTypeIdentifierSleepAnalysis is not a quantity type; statistics need one")
        ) {
            try StatisticsQuery(type: try SampleType.named("sleepAnalysis"), options: .cumulativeSum)
        }
        #expect {
            try StatisticsQuery(type: steps, options: .discreteAverage)
        } throws: { ($0 as? HealthEngineError)?.field == "options" }
    }

    @Test(
        "A closed window counts its buckets once, across the 23-hour spring-forward day, and refuses more than its maximum"
    )
    func bucketWindow() throws {
        let grid = try BucketGrid(
            anchor: Self.day("2024-01-01"), interval: DateComponents(hour: 1), calendar: Self.berlin)
        let march = try BucketWindow(grid: grid, start: Self.day("2024-03-30"), end: Self.day("2024-04-01"))
        #expect(march.count == 47)
        #expect(throws: HealthEngineError.tooManyBuckets(count: 47, maximum: 24)) {
            try BucketWindow(grid: grid, start: Self.day("2024-03-30"), end: Self.day("2024-04-01"), maximum: 24)
        }
        #expect(try BucketWindow(grid: grid, start: Self.day("2024-03-30"), maximum: 24).count == nil)
    }

    @Test("Sleep nights: the last day not before the first, and at most the maximum of days")
    func sleepNights() throws {
        let first = DateComponents(year: 2024, month: 3, day: 1)
        let request = try SleepNightsRequest(
            first: first, last: DateComponents(year: 2024, month: 3, day: 31), calendar: Self.berlin, maximumDays: 31)
        #expect(request.dayCount == 31)
        #expect(request.end == Self.day("2024-04-01"))
        #expect {
            try SleepNightsRequest(
                first: first, last: DateComponents(year: 2024, month: 4, day: 1), calendar: Self.berlin, maximumDays: 31
            )
        } throws: { ($0 as? HealthEngineError)?.field == "to" && "\($0)".contains("at most 31 days") }
        #expect {
            try SleepNightsRequest(
                first: first, last: DateComponents(year: 2024, month: 2, day: 29), calendar: Self.berlin)
        } throws: { ($0 as? HealthEngineError)?.field == "to" }
    }

    @Test("Workout summaries: a window that is not empty, at most the maximum of days, a limit not below zero")
    func workoutSummaries() throws {
        let from = Self.day("2024-01-01")
        #expect(try WorkoutSummariesRequest(from: from, to: Self.day("2025-01-01"), maximumDays: 366).limit == 0)
        for (to, limit, field) in [
            (from, 0, "to"), (Self.day("2025-01-03"), 0, "to"), (Self.day("2024-02-01"), -1, "limit"),
        ] {
            #expect {
                try WorkoutSummariesRequest(from: from, to: to, limit: limit, maximumDays: 366)
            } throws: { ($0 as? HealthEngineError)?.field == field }
        }
    }
}

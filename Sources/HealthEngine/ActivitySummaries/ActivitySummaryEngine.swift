import Foundation
import HealthModel

/// Answers activity summary queries: the summaries the store holds (imported from an export), and for days without
/// one, a summary computed from the day's samples — active energy (merged by source priority), exercise minutes and
/// stand hours — with the goals of the latest stored summary on or before that day (0 when there is none).
///
/// A day counts from its start to the next day's start in the given calendar (23 or 25 hours on DST days). A day with
/// no stored summary and none of the three kinds of data has no summary, as HealthKit returns none for days the rings
/// never moved.
public struct ActivitySummaryEngine: Sendable {
    /// The storage read.
    public let storage: any SampleStorage & RecordStorage
    private let statistics: StatisticsEngine

    /// The types a computed summary is made from; a commit touching them may change a summary.
    public static let sourceTypes: Set<SampleType> = [activeEnergy, exerciseTime, standHour]

    static let activeEnergy = try! SampleType.quantity("activeEnergyBurned")
    static let exerciseTime = try! SampleType.quantity("appleExerciseTime")
    static let standHour = try! SampleType.category("appleStandHour")
    /// `HKCategoryValueAppleStandHourStood`.
    static let stood = 0
    /// Days beyond which a query without a range is not extended (a century).
    static let longestRange = 36_525

    /// An engine over a storage.
    public init(storage: any SampleStorage & RecordStorage) {
        self.storage = storage
        self.statistics = StatisticsEngine(storage: storage)
    }

    /// The summaries the predicate selects (nil: every day with a summary or with activity data), oldest first.
    public func summaries(matching predicate: ActivitySummaryPredicate?, calendar: Calendar) throws -> [ActivitySummary]
    {
        var first: DateComponents?
        var last: DateComponents?
        switch predicate {
        case let .day(day)?:
            first = day
            last = day
        case let .days(from, through)?:
            first = from
            last = through
        case nil:
            break
        }
        for (field, day) in [("start", first), ("end", last)] {
            if let day, day.year == nil || day.month == nil || day.day == nil {
                throw HealthEngineError.invalidQuery(
                    field: "activity summary \(field) date components", reason: "need a year, a month and a day")
            }
        }
        let minimumDay = DateComponents(year: 1, month: 1, day: 1)
        let maximumDay = DateComponents(year: 9_999, month: 12, day: 31)
        let stored = try storage.activitySummaries(from: first ?? minimumDay, through: last ?? maximumDay)
        var storedByDay: [Int: ActivitySummary] = [:]
        for summary in stored { storedByDay[Self.key(summary.day)] = summary }

        // The days to consider: the predicate's, or every day from the first to the last data or summary.
        guard let (start, end) = try dayRange(first: first, last: last, stored: stored, calendar: calendar) else {
            return stored
        }
        let grid = try BucketGrid(anchor: start, interval: DateComponents(day: 1), calendar: calendar)
        let window = SamplePredicate.date(start: start, end: end, options: [])
        let energy = try dailySums(Self.activeEnergy, in: .kilocalorie, window, grid)
        let exercise = try dailySums(Self.exerciseTime, in: .minute, window, grid)
        var standHours: [Int: Int] = [:]
        let stands = try SampleQueryEngine(storage: storage).samples(
            for: SampleQueryRequest(
                type: Self.standHour, predicate: .and([window, .categoryValue(.equalTo, Self.stood)])))
        for stand in stands where stand.startDate >= start && stand.startDate < end {
            standHours[grid.index(containing: stand.startDate), default: 0] += 1
        }
        // Goals carry over from the latest stored summary on or before each day.
        let goalSources = try storage.activitySummaries(from: minimumDay, through: last ?? maximumDay)

        var result: [ActivitySummary] = []
        var goalIndex = 0
        var goals: ActivitySummary?
        var index = 0
        var dayStart = start
        while dayStart < end {
            let components = calendar.dateComponents([.era, .year, .month, .day], from: dayStart)
            let key = Self.key(components)
            while goalIndex < goalSources.count, Self.key(goalSources[goalIndex].day) <= key {
                goals = goalSources[goalIndex]
                goalIndex += 1
            }
            if let summary = storedByDay[key] {
                result.append(summary)
            } else if energy[index] != nil || exercise[index] != nil || standHours[index] != nil {
                var day = components
                day.calendar = calendar
                result.append(
                    try Self.computed(
                        day: day, energy: energy[index] ?? 0, exercise: exercise[index] ?? 0,
                        stands: standHours[index] ?? 0, goals: goals))
            }
            index += 1
            dayStart = grid.start(of: index)
        }
        return result
    }

    /// The first day's start and the last day's end, or nil when there is nothing to compute over.
    private func dayRange(
        first: DateComponents?, last: DateComponents?, stored: [ActivitySummary], calendar: Calendar
    ) throws -> (Date, Date)? {
        var lowest: Date?
        var highest: Date?
        func widen(_ date: Date) {
            lowest = min(lowest ?? date, date)
            highest = max(highest ?? date, date)
        }
        if let first { lowest = try Self.start(of: first, calendar) }
        if let last { highest = try Self.start(of: last, calendar) }
        if first == nil || last == nil {
            var dataLowest: Date?
            var dataHighest: Date?
            for summary in try storage.typeSummaries() where Self.sourceTypes.contains(summary.type) {
                dataLowest = min(dataLowest ?? summary.firstStart, summary.firstStart)
                dataHighest = max(dataHighest ?? summary.lastEnd, summary.lastEnd)
            }
            for summary in stored {
                let date = try Self.start(of: summary.day, calendar)
                dataLowest = min(dataLowest ?? date, date)
                dataHighest = max(dataHighest ?? date, date)
            }
            if first == nil, let dataLowest { lowest = calendar.startOfDay(for: dataLowest) }
            if last == nil, let dataHighest { highest = calendar.startOfDay(for: dataHighest) }
        }
        guard let lowest, let highest, lowest <= highest else { return nil }
        let days = calendar.dateComponents([.day], from: lowest, to: highest).day ?? 0
        guard days <= Self.longestRange else {
            throw HealthEngineError.invalidQuery(
                field: "activity summary dates", reason: "a range of \(days) days is longer than \(Self.longestRange)")
        }
        guard let end = calendar.date(byAdding: .day, value: 1, to: highest) else { return nil }
        return (lowest, end)
    }

    /// Daily merged sums of a cumulative type, by day index; days without data are missing.
    private func dailySums(
        _ type: SampleType, in unit: HealthUnit, _ window: SamplePredicate, _ grid: BucketGrid
    ) throws -> [Int: Double] {
        let request = try StatisticsRequest(
            type: type, predicate: window, options: [.cumulativeSum],
            priority: SourcePriority(order: try storage.sourceOrder(for: type)))
        let collection = try statistics.collection(for: request, window: try BucketWindow(grid: grid))
        var sums: [Int: Double] = [:]
        for (index, bucket) in collection.buckets {
            if let sum = bucket.merged.sum { sums[index] = try sum.value(in: unit) }
        }
        return sums
    }

    private static func computed(
        day: DateComponents, energy: Double, exercise: Double, stands: Int, goals: ActivitySummary?
    ) throws -> ActivitySummary {
        do {
            return try ActivitySummary(
                day: day, activeEnergyBurned: Quantity(energy, .kilocalorie),
                activeEnergyBurnedGoal: goals?.activeEnergyBurnedGoal ?? Quantity(0, .kilocalorie),
                appleMoveTime: Quantity(0, .minute),
                appleMoveTimeGoal: goals?.appleMoveTimeGoal ?? Quantity(0, .minute),
                appleExerciseTime: Quantity(exercise, .minute),
                appleExerciseTimeGoal: goals?.appleExerciseTimeGoal ?? Quantity(0, .minute),
                appleStandHours: Quantity(Double(stands), .count),
                appleStandHoursGoal: goals?.appleStandHoursGoal ?? Quantity(0, .count))
        } catch {
            throw HealthEngineError.model(error)
        }
    }

    /// The start of a day given by components, in the calendar.
    static func start(of day: DateComponents, _ calendar: Calendar) throws -> Date {
        var components = DateComponents(year: day.year, month: day.month, day: day.day)
        components.era = day.era
        guard let date = calendar.date(from: components) else {
            throw HealthEngineError.invalidQuery(
                field: "activity summary date components", reason: "\(day) is not a day in \(calendar.identifier)")
        }
        return calendar.startOfDay(for: date)
    }

    static func key(_ day: DateComponents) -> Int { (day.year ?? 0) * 10_000 + (day.month ?? 0) * 100 + (day.day ?? 0) }
}

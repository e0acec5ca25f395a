import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// The HealthTrends computations (seed `003_…txt`) over a store, in an explicit calendar (its time zone decides the
/// days and hours) with an injectable clock: a day's hourly and cumulative totals, the typical day over recent days,
/// where today stands against it, and the Move goal.
public struct TrendsCalculator: Sendable {
    /// The store read.
    public let store: HealthDataStore
    /// The cumulative quantity type (active energy by default).
    public let type: SampleType
    /// The unit figures are given in.
    public let unit: HealthUnit
    /// The calendar whose days and hours are used.
    public let calendar: Calendar
    /// What "now" is.
    public let clock: @Sendable () -> Date

    /// Active energy burned, the default type.
    public static let activeEnergy = try! SampleType.quantity("activeEnergyBurned")

    /// A calculator; the type must be cumulative, the unit must fit it.
    public init(
        store: HealthDataStore, type: SampleType = TrendsCalculator.activeEnergy, unit: HealthUnit? = nil,
        calendar: Calendar,
        clock: @escaping @Sendable () -> Date
    ) throws {
        guard type.aggregationStyle == .cumulative, let canonical = type.canonicalUnit else {
            throw HealthTrendsError.notCumulative(type: type.identifier)
        }
        let chosen = unit ?? canonical
        guard chosen.isCompatible(with: canonical) else {
            throw HealthTrendsError.invalidParameter(
                name: "unit", reason: "\(chosen.unitString) does not fit \(type.identifier)")
        }
        self.store = store
        self.type = type
        self.unit = chosen
        self.calendar = calendar
        self.clock = clock
    }

    // MARK: One day

    /// The day containing `date`: every local hour with its merged, prorated total.
    public func day(containing date: Date) throws -> DayTrend {
        let start = calendar.startOfDay(for: date)
        guard let end = calendar.date(byAdding: .day, value: 1, to: start) else {
            throw HealthTrendsError.invalidParameter(
                name: "date", reason: "\(date) has no next day in \(calendar.identifier)")
        }
        let collection: StatisticsCollection
        do {
            collection = try store.statisticsCollection(
                of: type, matching: .date(start: start, end: end, options: []), options: [.cumulativeSum],
                anchor: start,
                interval: DateComponents(hour: 1), calendar: calendar)
        } catch {
            throw HealthTrendsError.from(error)
        }
        var hours: [HourlyTotal] = []
        var index = collection.grid.index(containing: start)
        var hourStart = collection.grid.start(of: index)
        while hourStart < end {
            let hourEnd = collection.grid.start(of: index + 1)
            let sum = try collection.buckets[index]?.merged.sum.map { try $0.value(in: unit) } ?? 0
            hours.append(
                HourlyTotal(
                    start: hourStart, end: hourEnd, clockHour: calendar.component(.hour, from: hourStart), value: sum))
            index += 1
            hourStart = hourEnd
        }
        return DayTrend(start: start, end: end, hours: hours)
    }

    /// Today (by the clock).
    public func today() throws -> DayTrend { try day(containing: clock()) }

    // MARK: The typical day

    /// The typical day over the `days` days before the day containing `date` (default 30).
    public func typicalDay(before date: Date, days: Int = 30) throws -> TypicalDay {
        guard days > 0 else {
            throw HealthTrendsError.invalidParameter(name: "days", reason: "must be at least 1 (got \(days))")
        }
        let today = calendar.startOfDay(for: date)
        var cumulativeSums = [Double](repeating: 0, count: 24)
        var cumulativeCounts = [Int](repeating: 0, count: 24)
        var hourlySums = [Double](repeating: 0, count: 24)
        var hourlyCounts = [Int](repeating: 0, count: 24)
        for back in 1...days {
            guard let dayStart = calendar.date(byAdding: .day, value: -back, to: today) else { continue }
            let trend = try day(containing: dayStart)
            // By clock hour, as the seed keys its dictionaries: the two 1 AM hours of a fall-back day add up, the
            // missing 2 AM of a spring-forward day is simply absent.
            var byHour: [Int: Double] = [:]
            for hour in trend.hours { byHour[hour.clockHour, default: 0] += hour.value }
            var running = 0.0
            for clockHour in 0..<24 {
                guard let value = byHour[clockHour] else { continue }
                running += value
                hourlySums[clockHour] += value
                hourlyCounts[clockHour] += 1
                // Days with nothing yet by this hour would drag the typical progress down: left out.
                if running > 0 {
                    cumulativeSums[clockHour] += running
                    cumulativeCounts[clockHour] += 1
                }
            }
        }
        return TypicalDay(
            days: days,
            cumulativeByHour: (0..<24).map {
                cumulativeCounts[$0] > 0 ? cumulativeSums[$0] / Double(cumulativeCounts[$0]) : 0
            },
            averageByHour: (0..<24).map { hourlyCounts[$0] > 0 ? hourlySums[$0] / Double(hourlyCounts[$0]) : 0 })
    }

    // MARK: Now against the typical day

    /// Where today stands at the clock's time against the typical day of the previous `days` days.
    public func progress(days: Int = 30) throws -> DayProgress {
        try progress(against: typicalDay(before: clock(), days: days))
    }

    /// Where today stands at the clock's time against a typical day of the days before today (computed or kept in a
    /// `TypicalDayCache`).
    public func progress(against typical: TypicalDay) throws -> DayProgress {
        let now = clock()
        let today = try day(containing: now)
        // The last complete hour: the typical curve is labelled by hour ends, so compare like with like.
        let completed = today.hours.last { $0.end <= now }
        let soFar = today.total(at: now)
        let typicalSoFar = completed.map { typical.cumulativeByHour[$0.clockHour] } ?? 0
        // What is left of a typical day is added to what has happened (not scaled: early hours are too noisy to scale).
        let projected = soFar + max(0, typical.endOfDayTotal - typicalSoFar)
        return DayProgress(
            date: now, total: soFar, typicalTotal: typicalSoFar, difference: soFar - typicalSoFar,
            projectedTotal: projected,
            typicalEndOfDay: typical.endOfDayTotal)
    }

    /// The Move goal of the day containing `date` from its activity summary, in kilocalories; `fallback` when there is
    /// none or its goal is 0 (the Fitness app not set up), as the seed does.
    public func moveGoal(on date: Date, fallback: Double) throws -> Double {
        var day = calendar.dateComponents([.year, .month, .day], from: date)
        day.calendar = calendar
        let summaries: [ActivitySummary]
        do {
            summaries = try store.activitySummaries(matching: .day(day), calendar: calendar)
        } catch {
            throw HealthTrendsError.from(error)
        }
        guard let goal = try summaries.first.map({ try $0.activeEnergyBurnedGoal.value(in: .kilocalorie) }), goal > 0
        else { return fallback }
        return goal
    }
}

/// Where a day stands at a moment against the typical day.
public struct DayProgress: Sendable, Hashable {
    /// The moment.
    public let date: Date
    /// The total from midnight through the last complete hour.
    public let total: Double
    /// The typical total at the same clock hour.
    public let typicalTotal: Double
    /// Ahead (positive) or behind (negative) the typical day.
    public let difference: Double
    /// The projected end-of-day total: today so far plus what is left of a typical day.
    public let projectedTotal: Double
    /// The typical end-of-day total.
    public let typicalEndOfDay: Double

    /// Whether today is ahead of (or level with) the typical day.
    public var isAhead: Bool { difference >= 0 }
}

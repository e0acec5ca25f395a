import Foundation

/// What the HealthTrends widget shows at a moment.
public struct WidgetEntry: Sendable, Hashable {
    /// When the entry becomes current.
    public let date: Date
    /// Today's total so far.
    public let todayTotal: Double
    /// The typical total at the same hour.
    public let typicalTotal: Double
    /// The projected end-of-day total.
    public let projectedTotal: Double
    /// The Move goal.
    public let moveGoal: Double
    /// Today's cumulative curve (a midnight point of 0 first).
    public let curve: [CumulativePoint]
    /// Whether this is the known zero state of a new day (no query behind it).
    public let isZeroState: Bool
    /// Whether the figures come from the cache because the store could not be read (locked).
    public let isFromCache: Bool

    /// An entry.
    public init(
        date: Date, todayTotal: Double, typicalTotal: Double, projectedTotal: Double, moveGoal: Double,
        curve: [CumulativePoint],
        isZeroState: Bool = false, isFromCache: Bool = false
    ) {
        self.date = date
        self.todayTotal = todayTotal
        self.typicalTotal = typicalTotal
        self.projectedTotal = projectedTotal
        self.moveGoal = moveGoal
        self.curve = curve
        self.isZeroState = isZeroState
        self.isFromCache = isFromCache
    }

    /// The zero state of the day starting at `midnight`: today resets to 0, known without asking the store. The
    /// projection and goal of `previous` are kept for reference, as the seed does.
    public static func zeroState(at midnight: Date, keeping previous: WidgetEntry?) -> WidgetEntry {
        WidgetEntry(
            date: midnight, todayTotal: 0, typicalTotal: 0, projectedTotal: previous?.projectedTotal ?? 0,
            moveGoal: previous?.moveGoal ?? 0,
            curve: [CumulativePoint(date: midnight, total: 0)], isZeroState: true)
    }
}

/// The entries a widget shows and when it should ask again.
public struct WidgetTimeline: Sendable, Hashable {
    /// The entries, in date order.
    public let entries: [WidgetEntry]
    /// When to build the next timeline.
    public let reloadDate: Date
}

/// Builds the widget's timeline as the seed's `getTimeline` does: a fresh entry now; the next refresh in 15 minutes;
/// when midnight comes before that, a zero-state entry at midnight and a reload one minute after it. When the store
/// cannot be read (locked), the cached entry is used if it is from today, and the zero state otherwise — never
/// yesterday's figures after midnight. With a `TypicalDayCache` the typical day is read from it while fresh.
public struct WidgetTimelineBuilder: Sendable {
    /// The computations.
    public let calculator: TrendsCalculator
    /// Days in the typical day.
    public let days: Int
    /// The goal used when the day's summary has none.
    public let goalFallback: Double
    /// Where the typical day is kept between refreshes (nil: computed at every refresh).
    public let cache: TypicalDayCache?
    /// The minutes between refreshes.
    public static let refreshMinutes = 15

    /// A builder.
    public init(calculator: TrendsCalculator, days: Int = 30, goalFallback: Double, cache: TypicalDayCache? = nil) {
        self.calculator = calculator
        self.days = days
        self.goalFallback = goalFallback
        self.cache = cache
    }

    /// The entry for now: fresh from the store, or from `cached` when the store is locked (see the type's rules).
    public func currentEntry(cached: WidgetEntry?) throws -> WidgetEntry {
        let now = calculator.clock()
        let calendar = calculator.calendar
        do {
            // A cache that cannot be written is no reason to show nothing: its write error is left to the next refresh.
            let typical =
                try cache.map { try $0.typicalDay(calculator, before: now, days: days).typicalDay }
                ?? calculator.typicalDay(before: now, days: days)
            let progress = try calculator.progress(against: typical)
            let today = try calculator.today()
            let goal = try calculator.moveGoal(on: now, fallback: goalFallback)
            return WidgetEntry(
                date: now, todayTotal: progress.total, typicalTotal: progress.typicalTotal,
                projectedTotal: progress.projectedTotal,
                moveGoal: goal, curve: today.cumulative.filter { $0.date <= now })
        } catch HealthTrendsError.storeLocked {
            guard let cached, let last = cached.curve.last, calendar.isDate(last.date, inSameDayAs: now) else {
                return WidgetEntry.zeroState(at: calendar.startOfDay(for: now), keeping: cached).dated(now)
            }
            return cached.fromCache(at: now)
        }
    }

    /// The timeline from now.
    public func timeline(cached: WidgetEntry? = nil) throws -> WidgetTimeline {
        let now = calculator.clock()
        let calendar = calculator.calendar
        let current = try currentEntry(cached: cached)
        guard let nextRefresh = calendar.date(byAdding: .minute, value: Self.refreshMinutes, to: now),
            let midnight = calendar.nextDate(
                after: now, matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime)
        else {
            return WidgetTimeline(
                entries: [current], reloadDate: now.addingTimeInterval(Double(Self.refreshMinutes) * 60))
        }
        if midnight < nextRefresh {
            let reload = calendar.date(byAdding: .minute, value: 1, to: midnight) ?? midnight.addingTimeInterval(60)
            return WidgetTimeline(
                entries: [current, WidgetEntry.zeroState(at: midnight, keeping: current)], reloadDate: reload)
        }
        return WidgetTimeline(entries: [current], reloadDate: nextRefresh)
    }
}

extension WidgetEntry {
    /// The same figures, current at `date`.
    func dated(_ date: Date) -> WidgetEntry {
        WidgetEntry(
            date: date, todayTotal: todayTotal, typicalTotal: typicalTotal, projectedTotal: projectedTotal,
            moveGoal: moveGoal, curve: curve,
            isZeroState: isZeroState, isFromCache: isFromCache)
    }

    /// The same figures, shown at `date` from the cache.
    func fromCache(at date: Date) -> WidgetEntry {
        WidgetEntry(
            date: date, todayTotal: todayTotal, typicalTotal: typicalTotal, projectedTotal: projectedTotal,
            moveGoal: moveGoal, curve: curve,
            isZeroState: isZeroState, isFromCache: true)
    }
}

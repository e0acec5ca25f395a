import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Everything `ohk report` shows for a period, computed once from a store as a client sees it: activity (steps,
/// distance, active energy, exercise, stand hours), sleep nights, heart and body measures, and workouts. Every figure
/// comes from the engines the other commands use (`StatisticsReport` for `ohk stats`, the sleep-night engine for
/// `ohk sleep`, the workout summaries for `ohk workouts`), so sources are merged by priority, samples prorated at
/// bucket edges and days cut in the report's time zone, and the report's numbers equal theirs.
public struct PeriodReport: Sendable {
    /// The first instant (local midnight of the first day).
    public let from: Date
    /// The end, exclusive (local midnight after the last day).
    public let to: Date
    /// The calendar and time zone of days.
    public let calendar: Calendar
    /// The time zone's name as written.
    public let timeZoneName: String
    /// How long the charts' buckets are: days up to `maximumDailyDays` days, weeks up to two years, months beyond.
    public let bucket: DailyChartSVG.Bucket
    /// Steps, distance, active energy, exercise minutes and stand hours (those with data).
    public let activity: [PeriodSeries]
    /// Resting, walking heart rate, HRV, VO2 max, respiratory rate, blood oxygen, then RMSSD and pNN50 of the nights
    /// from beat-to-beat data (those with data).
    public let heart: [PeriodSeries]
    /// Weight, body fat, blood pressure, blood glucose (those with data).
    public let body: [PeriodSeries]
    /// Sleep nights and naps by the waking day.
    public let sleepNights: [SleepNight]
    /// The nights' averages and regularity (naps not counted).
    public let sleepSummary: SleepSummary
    /// The workouts that started in the period.
    public let workouts: [WorkoutSummary]
    /// The units the workout tables write distances, paces and climbs in: the person's distance unit.
    public let workoutMeasures: WorkoutReport.Measures

    /// The longest period drawn day by day.
    public static let maximumDailyDays = 62
    /// The longest period a report covers (ten years): its cost is bounded by its buckets.
    public static let maximumDays = 3660

    /// One measure's definition: what to ask and how to show it.
    struct Measure {
        let identifier: String
        let title: String
        let type: String
        let kind: PeriodSeries.Kind
        let colour: String
        let unit: String?
    }

    static let activityMeasures = [
        Measure(
            identifier: "steps", title: "Steps", type: "stepCount", kind: .total, colour: "#1a66c9", unit: nil),
        Measure(
            identifier: "distance", title: "Walking and running distance", type: "distanceWalkingRunning",
            kind: .total, colour: "#0f8a5f", unit: nil),
        Measure(
            identifier: "active-energy", title: "Active energy", type: "activeEnergyBurned", kind: .total,
            colour: "#e07b00", unit: nil),
        Measure(
            identifier: "exercise", title: "Exercise", type: "appleExerciseTime", kind: .total, colour: "#2e9e44",
            unit: "min"),
    ]
    static let heartMeasures = [
        Measure(
            identifier: "resting-heart-rate", title: "Resting heart rate", type: "restingHeartRate", kind: .level,
            colour: "#c62828", unit: "count/min"),
        Measure(
            identifier: "walking-heart-rate", title: "Walking heart rate", type: "walkingHeartRateAverage",
            kind: .level, colour: "#d84315", unit: "count/min"),
        Measure(
            identifier: "hrv", title: "Heart rate variability (SDNN)", type: "heartRateVariabilitySDNN",
            kind: .level, colour: "#8e24aa", unit: "ms"),
        Measure(identifier: "vo2max", title: "VO2 max", type: "vo2Max", kind: .level, colour: "#00897b", unit: nil),
        Measure(
            identifier: "respiratory-rate", title: "Respiratory rate", type: "respiratoryRate", kind: .level,
            colour: "#5c6bc0", unit: "count/min"),
        Measure(
            identifier: "blood-oxygen", title: "Blood oxygen", type: "oxygenSaturation", kind: .level,
            colour: "#1565c0", unit: "%"),
    ]
    static let bodyMeasures = [
        Measure(identifier: "weight", title: "Weight", type: "bodyMass", kind: .level, colour: "#6d4c41", unit: nil),
        Measure(
            identifier: "body-fat", title: "Body fat", type: "bodyFatPercentage", kind: .level, colour: "#a1887f",
            unit: "%"),
        Measure(
            identifier: "systolic", title: "Blood pressure, systolic", type: "bloodPressureSystolic", kind: .level,
            colour: "#ad1457", unit: "mmHg"),
        Measure(
            identifier: "diastolic", title: "Blood pressure, diastolic", type: "bloodPressureDiastolic",
            kind: .level, colour: "#ec407a", unit: "mmHg"),
        Measure(
            identifier: "glucose", title: "Blood glucose", type: "bloodGlucose", kind: .level, colour: "#ef6c00",
            unit: nil),
    ]

    /// The bucket length for a period of `days` days.
    public static func bucket(forDays days: Int) -> DailyChartSVG.Bucket {
        days <= maximumDailyDays ? .day : days <= 731 ? .week : .month
    }

    /// The report from `from` to `to` (local midnights in `calendar`) as `store` (or its client view) sees it.
    /// Throws `invalidOptions` for a window that is not whole days or is longer than `maximumDays`.
    public static func make(
        store: HealthDataStore, from: Date, to: Date, calendar: Calendar, timeZoneName: String? = nil
    ) throws -> PeriodReport {
        guard let days = calendar.dateComponents([.day], from: from, to: to).day, days > 0 else {
            throw HealthReportsError.emptyWindow(
                from: DateWriter.format(from, in: calendar.timeZone), to: DateWriter.format(to, in: calendar.timeZone))
        }
        guard days <= maximumDays else {
            throw HealthReportsError.invalidOptions(
                field: "to", reason: "a report covers at most \(maximumDays) days; this window has \(days)")
        }
        let bucket = bucket(forDays: days)
        let interval: DateComponents
        switch bucket {
        case .day: interval = DateComponents(day: 1)
        case .week: interval = DateComponents(day: 7)
        case .month: interval = DateComponents(month: 1)
        }
        let name = timeZoneName ?? calendar.timeZone.identifier
        func series(_ measures: [Measure]) throws -> [PeriodSeries] {
            try measures.compactMap { measure in
                try Self.series(
                    measure, store: store, from: from, to: to, interval: interval, calendar: calendar,
                    timeZoneName: name)
            }
        }
        // The first and the last day as calendar days, for the day-based queries (activity summaries, nights).
        let firstDay = calendar.dateComponents([.year, .month, .day], from: from)
        let lastDay = calendar.dateComponents(
            [.year, .month, .day], from: calendar.date(byAdding: .day, value: -1, to: to) ?? from)
        var activity = try series(activityMeasures)
        if let stand = try standHours(
            store: store, from: from, to: to, days: (firstDay, lastDay), interval: interval, calendar: calendar)
        {
            activity.append(stand)
        }
        let nights = try store.sleepNights(try SleepNightsRequest(first: firstDay, last: lastDay, calendar: calendar))
        let variability = try store.heartRateVariabilityNights(
            try HeartRateVariabilityRequest(first: firstDay, last: lastDay, calendar: calendar, grouping: .night))
        return PeriodReport(
            from: from, to: to, calendar: calendar, timeZoneName: name, bucket: bucket, activity: activity,
            heart: try series(heartMeasures)
                + (try heartRateVariability(variability, from: from, to: to, interval: interval, calendar: calendar)),
            body: try series(bodyMeasures), sleepNights: nights,
            sleepSummary: SleepSummary(nights: nights, calendar: calendar),
            workouts: try store.workoutSummaries(from: from, to: to, calendar: calendar),
            workoutMeasures: WorkoutReport.Measures(
                preferredDistanceUnit: store.displayUnit(for: try SampleType.quantity("distanceWalkingRunning"))))
    }

    /// A measure's series as `ohk stats TYPE --from --to --interval …` gives it in the preferred (or the measure's)
    /// unit; nil when the store has no data of it in the period.
    static func series(
        _ measure: Measure, store: HealthDataStore, from: Date, to: Date, interval: DateComponents,
        calendar: Calendar, timeZoneName: String
    ) throws -> PeriodSeries? {
        let type = try SampleType.quantity(measure.type)
        let unit = try measure.unit.map { try HealthUnit(parsing: $0) } ?? store.displayUnit(for: type)
        let option: StatisticsOptions = measure.kind == .total ? .cumulativeSum : .discreteAverage
        let key = measure.kind == .total ? "sum" : "average"
        let request = try StatisticsReportRequest(
            type: type, from: from, to: to, interval: interval, calendar: calendar, options: option, unit: unit,
            timeZoneName: timeZoneName)
        let report = try StatisticsReport.make(request, store: store)
        let shownUnit = report.unit
        let buckets = report.rows.map { row in
            DailyChartSVG.Day(
                start: row.start, value: (row.figures[key] ?? nil).map { UnitLabel.shown($0, in: shownUnit) })
        }
        guard buckets.contains(where: { $0.value != nil }) else { return nil }
        let periodFigure: Double?
        switch measure.kind {
        case .total:
            periodFigure = buckets.compactMap(\.value).reduce(0, +)
        case .level:
            let whole = try StatisticsReport.make(
                try StatisticsReportRequest(
                    type: type, from: from, to: to, calendar: calendar, options: option, unit: unit,
                    timeZoneName: timeZoneName),
                store: store)
            periodFigure = (whole.rows.first?.figures[key] ?? nil).map { UnitLabel.shown($0, in: shownUnit) }
        }
        return PeriodSeries(
            identifier: measure.identifier, title: measure.title, type: type, unit: shownUnit,
            unitLabel: UnitLabel.label(shownUnit, for: type), kind: measure.kind, buckets: buckets,
            periodFigure: periodFigure, colour: measure.colour)
    }

    /// Stand hours per bucket from the activity summaries (stored by an import or computed from the stand-hour
    /// samples); nil when no day in the period has any.
    static func standHours(
        store: HealthDataStore, from: Date, to: Date, days: (first: DateComponents, last: DateComponents),
        interval: DateComponents, calendar: Calendar
    ) throws -> PeriodSeries? {
        let summaries = try store.activitySummaries(
            matching: .days(from: days.first, through: days.last), calendar: calendar)
        var byDay: [Date: Double] = [:]
        for summary in summaries {
            guard let day = calendar.date(from: summary.day) else { continue }
            byDay[day, default: 0] += (try? summary.appleStandHours.value(in: .count)) ?? 0
        }
        guard byDay.values.contains(where: { $0 > 0 }) else { return nil }
        var buckets: [DailyChartSVG.Day] = []
        let grid = try BucketGrid(
            anchor: StatisticsReport.defaultAnchor(for: interval, calendar: calendar), interval: interval,
            calendar: calendar)
        var index = grid.index(containing: from)
        while grid.start(of: index) < to {
            let (start, end) = (grid.start(of: index), grid.start(of: index + 1))
            let inBucket = byDay.filter { $0.key >= start && $0.key < end }
            buckets.append(.init(start: start, value: inBucket.isEmpty ? nil : inBucket.values.reduce(0, +)))
            index += 1
        }
        let type = try SampleType.category("appleStandHour")
        return PeriodSeries(
            identifier: "stand-hours", title: "Stand hours", type: type, unit: .count, unitLabel: "hours",
            kind: .total, buckets: buckets, periodFigure: buckets.compactMap(\.value).reduce(0, +),
            colour: "#00acc1")
    }

    /// Nightly RMSSD and pNN50 from beat-to-beat data (`HeartRateVariabilityReport`'s figures): each bucket pools the
    /// nights whose waking day is in it, the period's figure every night of the period; none without a night.
    static func heartRateVariability(
        _ nights: [HeartRateVariabilityNight], from: Date, to: Date, interval: DateComponents, calendar: Calendar
    ) throws -> [PeriodSeries] {
        guard !nights.isEmpty else { return [] }
        let grid = try BucketGrid(
            anchor: StatisticsReport.defaultAnchor(for: interval, calendar: calendar), interval: interval,
            calendar: calendar)
        var pooled: [(start: Date, figures: HeartRateVariabilityFigures?)] = []
        var index = grid.index(containing: from)
        while grid.start(of: index) < to {
            let (start, end) = (grid.start(of: index), grid.start(of: index + 1))
            let inBucket = nights.filter { night in
                calendar.date(from: night.wakingDay).map { $0 >= start && $0 < end } ?? false
            }
            pooled.append(
                (start, inBucket.isEmpty ? nil : HeartRateVariabilityFigures(runs: inBucket.flatMap(\.runs))))
            index += 1
        }
        let whole = HeartRateVariabilityFigures(runs: nights.flatMap(\.runs))
        let rmssd = try SampleType.named(HeartRateVariabilityDerivation.rmssdIdentifier)
        return [
            PeriodSeries(
                identifier: "rmssd", title: "Heart rate variability (RMSSD, from beat-to-beat data)", type: rmssd,
                unit: .second(.milli), unitLabel: "ms", kind: .level,
                buckets: pooled.map { .init(start: $0.start, value: $0.figures?.rmssd) }, periodFigure: whole.rmssd,
                colour: "#6a1b9a"),
            PeriodSeries(
                identifier: "pnn50", title: "pNN50 (successive differences over 50 ms, from beat-to-beat data)",
                type: rmssd, unit: .percent, unitLabel: "%", kind: .level,
                buckets: pooled.map { .init(start: $0.start, value: $0.figures?.pnn50) }, periodFigure: whole.pnn50,
                colour: "#9c27b0"),
        ]
    }
}

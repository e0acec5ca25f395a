import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// The text `ohk demo` prints: what a sample query shows about one day of a store, in a calendar's time zone.
struct DemoReport: Sendable {
    /// One line per finding, ready to print.
    let lines: [String]

    /// Queries the store about the day containing `day` and describes the answers.
    init(store: HealthDataStore, day: Date, calendar: Calendar) throws {
        let start = calendar.startOfDay(for: day)
        guard let end = calendar.date(byAdding: .day, value: 1, to: start) else {
            throw HealthStoreError.model(
                .invalidField(field: "day", reason: "has no following day in \(calendar.identifier)"))
        }
        let today = SamplePredicate.date(start: start, end: end, options: .strictStartDate)
        var formatter = Date.FormatStyle(date: .abbreviated, time: .omitted)
        formatter.timeZone = calendar.timeZone
        var timeFormatter = Date.FormatStyle(date: .omitted, time: .shortened)
        timeFormatter.timeZone = calendar.timeZone
        var lines = [
            "Sample queries for \(day.formatted(formatter)) (\(calendar.timeZone.identifier), samples that start that day):"
        ]

        let steps = try store.samples(SampleQueryRequest(type: try SampleType.quantity("stepCount"), predicate: today))
        var stepsBySource: [String: (samples: Int, sum: Double)] = [:]
        for sample in steps {
            let name = sample.sourceRevision?.source.name ?? "unknown"
            let value = try sample.quantity?.value(in: .count) ?? 0
            stepsBySource[name, default: (0, 0)].samples += 1
            stepsBySource[name, default: (0, 0)].sum += value
        }
        let rawSum = stepsBySource.values.reduce(0) { $0 + $1.sum }
        lines.append(
            "  steps: \(steps.count) samples; "
                + stepsBySource.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value.samples) samples, \(Int($0.value.sum)) steps" }.joined(separator: "; "))
        lines.append(
            "    adding them all up gives \(Int(rawSum)) steps: the watch and the phone counted the same walks, so a raw sum double-counts"
        )
        let stepType = try SampleType.quantity("stepCount")
        let daily = try store.statisticsCollection(
            of: stepType, options: [.cumulativeSum, .separateBySource], anchor: start, interval: DateComponents(day: 1),
            calendar: calendar)
        let bucket = daily.statistics(for: start)
        if let merged = try bucket.merged.sum?.value(in: .count) {
            lines.append(
                "    merged by source priority, as the Health app counts them: \(Int(merged.rounded())) steps (the day's calendar bucket, samples split at midnight)"
            )
        }

        let heartRates = try store.samples(
            SampleQueryRequest(
                type: try SampleType.quantity("heartRate"), predicate: today,
                sort: [SampleSort(.startDate, ascending: false)]))
        let perMinute = try HealthUnit(parsing: "count/min")
        let rates = try heartRates.compactMap { try $0.quantity?.value(in: perMinute) }
        if let latest = heartRates.first, let minimum = rates.min(), let maximum = rates.max() {
            lines.append(
                "  heart rate: \(heartRates.count) readings, \(Int(minimum))–\(Int(maximum)) count/min, latest \(Int(rates[0])) at \(latest.startDate.formatted(timeFormatter))"
            )
        }

        let night = SamplePredicate.date(
            start: start.addingTimeInterval(-6 * 3600), end: start.addingTimeInterval(12 * 3600),
            options: .strictStartDate)
        let sleepType = try SampleType.category("sleepAnalysis")
        let sleep = try store.samples(SampleQueryRequest(type: sleepType, predicate: night))
        var minutesByStage: [Int: Double] = [:]
        for sample in sleep { minutesByStage[sample.categoryValue ?? 0, default: 0] += sample.duration / 60 }
        if !minutesByStage.isEmpty, let description = sleepType.categoryDescription {
            let parts = minutesByStage.sorted { $0.key < $1.key }.map { value, minutes in
                "\(description.value(raw: value)?.caseName ?? String(value)) \(Int(minutes) / 60)h\(String(format: "%02d", Int(minutes) % 60))m"
            }
            lines.append("  sleep the night before, every source added up: " + parts.joined(separator: ", "))
            let day = calendar.dateComponents([.year, .month, .day], from: start)
            let nights = try store.sleepNights(SleepNightsRequest(first: day, last: day, calendar: calendar))
            if let main = nights.first(where: { !$0.isNap }) {
                let stages = [(SleepStage.asleepCore, "core"), (.asleepDeep, "deep"), (.asleepREM, "REM")].compactMap {
                    stage, name in main.stages[stage].map { "\(name) \(DemoReport.hours($0))" }
                }
                let sourcesAsleep = sleep.filter { [1, 3, 4, 5].contains($0.categoryValue ?? -1) }.reduce(0) {
                    $0 + $1.duration
                }
                lines.append(
                    "    merged by source priority (ohk sleep): asleep \(DemoReport.hours(main.asleep))"
                        + (stages.isEmpty ? "" : " (\(stages.joined(separator: ", ")))")
                        + (main.inBed.map { ", in bed \(DemoReport.hours($0))" } ?? "")
                        + "; the sources' asleep time added up is \(DemoReport.hours(sourcesAsleep))")
            }
        }

        let foods = try store.samples(
            SampleQueryRequest(
                type: try SampleType.quantity("dietaryEnergyConsumed"),
                predicate: .and([today, .metadataKeyExists(MetadataKey.foodType)]), sort: [SampleSort(.startDate)]))
        if !foods.isEmpty {
            let items = try foods.map { food in
                "\(food.metadata?[MetadataKey.foodType]?.stringValue ?? "?") \(Int(try food.quantity?.value(in: .kilocalorie) ?? 0)) kcal"
            }
            lines.append("  food: " + items.joined(separator: ", "))
        }

        // The day's vitals, each the merged average of its samples that start that day (weight: the week's latest).
        var vitals: [String] = []
        for (identifier, name, unit, decimals) in [
            ("restingHeartRate", "resting heart rate", "count/min", 0), ("heartRateVariabilitySDNN", "HRV", "ms", 0),
            ("respiratoryRate", "respiratory rate", "count/min", 1), ("oxygenSaturation", "blood oxygen", "%", 0),
        ] {
            let type = try SampleType.quantity(identifier)
            guard
                let average = try? store.statistics(of: type, matching: today, options: .discreteAverage).merged
                    .average
            else { continue }
            // Percentages are stored as fractions (0.97).
            let value = try average.value(in: try HealthUnit(parsing: unit)) * (unit == "%" ? 100 : 1)
            vitals.append("\(name) \(String(format: "%.\(decimals)f", value)) \(unit)")
        }
        let weekBefore = SamplePredicate.date(start: start.addingTimeInterval(-6 * 86_400), end: end, options: [])
        if let weight = try? store.statistics(
            of: try SampleType.quantity("bodyMass"), matching: weekBefore, options: .mostRecent
        ).merged.mostRecent {
            vitals.append("weight \(String(format: "%.1f", try weight.value(in: .gram(.kilo)))) kg (the week's latest)")
        }
        if !vitals.isEmpty { lines.append("  vitals: " + vitals.joined(separator: ", ")) }

        let week = SamplePredicate.date(start: start.addingTimeInterval(-6 * 86_400), end: end, options: [])
        let workouts = try store.samples(
            SampleQueryRequest(type: .workout, predicate: week, sort: [SampleSort(.workoutDuration, ascending: false)]))
        if let workout = workouts.first, let longest = workout.workoutContent {
            let distance = try longest.totalDistance.map { try $0.value(in: .meter(.kilo)) } ?? 0
            let energy = try longest.totalEnergyBurned.map { try $0.value(in: .kilocalorie) } ?? 0
            let points = try store.workoutRoutes(ofWorkout: workout.uuid).map(\.locations.count).reduce(0, +)
            lines.append(
                "  workouts in the last 7 days: \(workouts.count); longest \(longest.activityType?.caseName ?? "workout") \(Int(longest.duration / 60)) min active, \(String(format: "%.1f", distance)) km, \(Int(energy)) kcal"
                    + (points > 0 ? ", a route of \(points) points" : "")
            )
        }
        self.lines = lines
    }

    /// A duration as hours and minutes: `6h48m`.
    static func hours(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        return "\(minutes / 60)h\(String(format: "%02d", minutes % 60))m"
    }
}

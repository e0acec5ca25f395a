import Foundation
import HealthModel

extension SyntheticRecorder {
    /// The night before the day, as three sources record it: the Watch's stages (core, deep, REM cycles with short
    /// awakenings), the sleep app's one `asleepUnspecified` span (starting a little later and ending a little later
    /// than the Watch's), the phone's `inBed` bedtime schedule. Every sample carries the `HKTimeZone` of where the
    /// person slept, as real exports' sleep samples do. Returns the Watch's asleep span, if it recorded the night. The
    /// night after a flight east that starts before the day of departure ended is not recorded at all.
    @discardableResult
    mutating func recordNight(_ day: SyntheticDay) throws(HealthModelError) -> ClosedRange<Date>? {
        let metadata: [String: MetadataValue] = [MetadataKey.timeZone: .string(day.timeZone.identifier)]
        // Later to bed before a weekend morning, longer after lazy days.
        let bedtime = (day.isWeekend ? -0.25 : -1.0) + uniform(-0.5...0.5)
        let scale = (day.isWeekend ? 1.05 : 1.0) * (day.kind == .lazy ? 1.1 : 1.0) * uniform(0.85...1.05)
        let stages: [(Int, Double)] = [
            (3, 50), (4, 45), (3, 40), (5, 25), (2, 5), (3, 60), (4, 30), (5, 35), (3, 70), (5, 40), (2, 8),
        ]
        let fallAsleep = day.at(bedtime).addingTimeInterval(uniform(300...1200))
        // Slept on the plane: nothing recorded.
        guard day.at(bedtime) >= awakeUntil.addingTimeInterval(-3600) else { return nil }
        var stageStart = fallAsleep
        for (value, minutes) in stages {
            let end = stageStart.addingTimeInterval(minutes * 60 * scale * uniform(0.85...1.15))
            if day.watchWorn {
                watch.append(
                    try .category(
                        type: sleep, value: value, start: stageStart, end: end, metadata: metadata,
                        device: SyntheticHealthData.watchDevice))
            }
            stageStart = end
        }
        let wake = stageStart
        wokeAt = wake
        // The sleep app thinks sleep began a little later and ended a little later.
        sleepApp.append(
            try .category(
                type: sleep, value: 1, start: fallAsleep.addingTimeInterval(uniform(480...1200)),
                end: wake.addingTimeInterval(uniform(300...1500)), metadata: metadata))
        // The phone's bedtime schedule: in bed from shortly before falling asleep until the alarm or a while after
        // waking on weekends.
        let inBedEnd =
            day.isWeekend
            ? wake.addingTimeInterval(uniform(600...1800)) : max(day.at(6.75), wake.addingTimeInterval(120))
        phone.append(
            try .category(
                type: sleep, value: 0, start: day.at(bedtime), end: inBedEnd, metadata: metadata,
                device: SyntheticHealthData.phoneDevice))
        return day.watchWorn ? fallAsleep...wake : nil
    }

    /// Now and then an afternoon nap on a weekday or a Saturday, recorded by the Watch as core sleep; returns its span.
    mutating func recordNap(_ day: SyntheticDay) throws(HealthModelError) -> ClosedRange<Date>? {
        let chance = uniform(0...1)
        let length = uniform(20...40)
        guard day.watchWorn, day.kind != .long, day.weekday != 1, day.endHour > 15,
            chance < (day.weekday == 7 ? 0.3 : 0.12)
        else { return nil }
        let start = day.at(14.25)
        let end = start.addingTimeInterval(length * 60)
        watch.append(
            try .category(
                type: sleep, value: 3, start: start, end: end,
                metadata: [MetadataKey.timeZone: .string(day.timeZone.identifier)],
                device: SyntheticHealthData.watchDevice))
        return start...end
    }
}

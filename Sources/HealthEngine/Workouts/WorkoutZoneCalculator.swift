import Foundation
import HealthModel

/// Time in zone: how long a workout (or one of its activities) spent in each zone of a configuration, from the quantity
/// samples of the zones' type, merged across sources by source priority (docs/decisions/workout-zones.md).
///
/// The rules:
/// - a reading is a sample, or one entry of a series sample; an interval reading holds its value over its own span;
///   an instantaneous reading (start equal to end, as heart rate is recorded) holds it until the next reading of the
///   same source starts, at most `maximumHold` seconds (a longer gap is a sensor that lost contact: it fills nothing);
/// - only the parts inside the range and outside its paused spans count; an instantaneous reading counts only when it
///   is taken inside the range;
/// - at each instant the readings of the best-ranked source present win (`SourcePriority`, the order statistics use:
///   a Watch and a chest strap count once); among the winner's own overlapping readings the one that started last
///   holds (the most recent value);
/// - a value belongs to the zone `WorkoutZoneConfiguration.zone(of:)` gives.
public struct WorkoutZoneCalculator: Sendable {
    /// How long an instantaneous reading holds its value at most, in seconds.
    public static let maximumHold: TimeInterval = 60

    /// How sources rank where they overlap.
    public let priority: SourcePriority

    /// A calculator ranking sources by `priority`.
    public init(priority: SourcePriority) {
        self.priority = priority
    }

    /// The outcome over one range.
    public struct Outcome: Sendable, Hashable {
        /// Seconds in each zone.
        public let group: WorkoutZoneGroup
        /// The current zone of a workout under way: the zone of the value holding when the latest reading in the
        /// range (its end included) starts, by the same merge; nil when there is none.
        public let lastZone: Int?
        /// The start of that latest reading.
        public let lastReadingDate: Date?
    }

    /// Time in each zone of `configuration` from `start` to `end`, `paused` spans taken out, over `samples` (of the
    /// configuration's type; samples of other types and readings that do not convert are left out). Nil when no
    /// reading falls in the range: no data, as opposed to data that spent no time in a zone.
    public func outcome(
        configuration: WorkoutZoneConfiguration, samples: [StoredSample], start: Date, end: Date,
        paused: [DateInterval] = []
    ) -> Outcome? {
        let rangeStart = start.timeIntervalSinceReferenceDate
        let rangeEnd = end.timeIntervalSinceReferenceDate
        guard rangeEnd > rangeStart else { return nil }
        let usable = samples.filter { $0.sample.type == configuration.type && $0.sample.quantityContent != nil }
        let ranks = priority.ranks(of: usable)
        let all = Self.readings(of: usable, ranks: ranks, unit: configuration.unit)
        let current = Self.current(all, from: rangeStart, to: rangeEnd)
        let readings =
            all
            .compactMap { reading -> Reading? in
                var clipped = reading
                if reading.isInstant {
                    guard reading.start >= rangeStart, reading.start < rangeEnd else { return nil }
                }
                clipped.start = max(reading.start, rangeStart)
                clipped.end = min(reading.end, rangeEnd)
                return clipped.end > clipped.start ? clipped : nil
            }
        guard !readings.isEmpty || current != nil else { return nil }

        // Active spans: the range without the paused spans.
        var active: [(start: Double, end: Double)] = []
        var cursor = rangeStart
        for pause in paused.sorted(by: { $0.start < $1.start }) {
            let pauseStart = max(pause.start.timeIntervalSinceReferenceDate, rangeStart)
            let pauseEnd = min(pause.end.timeIntervalSinceReferenceDate, rangeEnd)
            guard pauseEnd > pauseStart else { continue }
            if pauseStart > cursor { active.append((cursor, pauseStart)) }
            cursor = max(cursor, pauseEnd)
        }
        if rangeEnd > cursor { active.append((cursor, rangeEnd)) }

        // Sweep: starts and ends sorted; in each slice the best-ranked, latest-started reading present holds.
        let starts = readings.indices.sorted { (readings[$0].start, $0) < (readings[$1].start, $1) }
        let ends = readings.indices.sorted { readings[$0].end < readings[$1].end }
        var present: [Int] = []
        var durations = [Double](repeating: 0, count: configuration.zoneCount)
        var startIndex = 0
        var endIndex = 0
        var activeIndex = 0
        var previous = -Double.infinity

        func count(from: Double, to: Double) {
            guard to > from, !present.isEmpty else { return }
            var best = present[0]
            for index in present.dropFirst() {
                let reading = readings[index]
                let held = readings[best]
                if reading.rank < held.rank
                    || (reading.rank == held.rank && (reading.start, reading.order) > (held.start, held.order))
                {
                    best = index
                }
            }
            let zone = configuration.zone(of: readings[best].value)
            var from = from
            while activeIndex < active.count, active[activeIndex].end <= from { activeIndex += 1 }
            var next = activeIndex
            while next < active.count, active[next].start < to {
                let pieceStart = max(from, active[next].start)
                let pieceEnd = min(to, active[next].end)
                if pieceEnd > pieceStart { durations[zone] += pieceEnd - pieceStart }
                from = pieceEnd
                next += 1
            }
        }

        while startIndex < starts.count || endIndex < ends.count {
            let startTime = startIndex < starts.count ? readings[starts[startIndex]].start : .infinity
            let endTime = endIndex < ends.count ? readings[ends[endIndex]].end : .infinity
            let time = min(startTime, endTime)
            count(from: previous, to: time)
            previous = time
            while endIndex < ends.count, readings[ends[endIndex]].end == time {
                let index = ends[endIndex]
                if let position = present.firstIndex(of: index) { present.remove(at: position) }
                endIndex += 1
            }
            while startIndex < starts.count, readings[starts[startIndex]].start == time {
                present.append(starts[startIndex])
                startIndex += 1
            }
        }
        return Outcome(
            group: WorkoutZoneGroup(configuration: configuration, durations: durations),
            lastZone: current.map { configuration.zone(of: $0.value) },
            lastReadingDate: current.map { Date(timeIntervalSinceReferenceDate: $0.start) })
    }

    /// The reading holding at the start of the latest reading that starts in the range (its end included): of those
    /// present then, the best-ranked, latest-started one.
    private static func current(_ readings: [Reading], from start: Double, to end: Double) -> Reading? {
        var latest = -Double.infinity
        for reading in readings where reading.start >= start && reading.start <= end {
            latest = max(latest, reading.start)
        }
        guard latest.isFinite else { return nil }
        var best: Reading?
        for reading in readings where reading.start <= latest && (reading.end > latest || reading.start == latest) {
            guard let held = best else {
                best = reading
                continue
            }
            if reading.rank < held.rank
                || (reading.rank == held.rank && (reading.start, reading.order) > (held.start, held.order))
            {
                best = reading
            }
        }
        return best
    }

    /// One value over a span, as the sweep counts it.
    private struct Reading {
        var start: Double
        var end: Double
        let value: Double
        let rank: Int
        let isInstant: Bool
        /// The reading's position among all readings (the later saved wins a tie).
        let order: Int
    }

    /// Every reading of the samples, values in `unit`, instantaneous ones held as the type's rule says.
    private static func readings(of samples: [StoredSample], ranks: [Int], unit: HealthUnit) -> [Reading] {
        var readings: [Reading] = []
        var sourceOf: [Int] = []
        var sourceIndex: [Source?: Int] = [:]
        for (position, stored) in samples.enumerated() {
            let sample = stored.sample
            guard let content = sample.quantityContent else { continue }
            let source = sample.sourceRevision?.source
            let sourceKey: Int
            if let known = sourceIndex[source] {
                sourceKey = known
            } else {
                sourceKey = sourceIndex.count
                sourceIndex[source] = sourceKey
            }
            var parts: [(start: Date, end: Date, quantity: Quantity)] = []
            if content.count > 1, !content.seriesEntries.isEmpty {
                parts = content.seriesEntries.map { ($0.startDate, $0.endDate, $0.quantity) }
            } else {
                parts = [(sample.startDate, sample.endDate, content.quantity)]
            }
            for part in parts {
                guard let value = try? part.quantity.value(in: unit), value.isFinite else { continue }
                let start = part.start.timeIntervalSinceReferenceDate
                let end = part.end.timeIntervalSinceReferenceDate
                readings.append(
                    Reading(
                        start: start, end: end, value: value, rank: ranks[position],
                        isInstant: end <= start, order: readings.count))
                sourceOf.append(sourceKey)
            }
        }
        // Instantaneous readings hold until the next reading of their source starts, at most `maximumHold`.
        let order = readings.indices.sorted { (sourceOf[$0], readings[$0].start) < (sourceOf[$1], readings[$1].start) }
        for (position, index) in order.enumerated() where readings[index].isInstant {
            let start = readings[index].start
            var end = start + maximumHold
            var next = position + 1
            while next < order.count, sourceOf[order[next]] == sourceOf[index] {
                let nextStart = readings[order[next]].start
                if nextStart > start {
                    end = min(end, nextStart)
                    break
                }
                next += 1
            }
            readings[index].end = end
        }
        return readings
    }
}

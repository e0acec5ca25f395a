import Foundation
import HealthModel

/// Reconstructs sleep nights from sleep analysis samples (SEMANTICS §12): the one place the rules live.
///
/// 1. **Merge by priority over time slices**, as statistics do (§5.1): the time line is cut at every sample's start
///    and end; in each slice the highest-priority source with a sleep-state sample there (asleep in any stage, or
///    awake) decides the state, so a Watch and a sleep app recording the same night count it once. Where one
///    source's own samples overlap, awake wins, then deep, REM, core, unspecified (`SleepStage.precedence`). Time in
///    bed is a separate layer: a slice is in bed when any source says so (the phone's schedule and the Watch's stages
///    are both shown, as in the Health app).
/// 2. **Sessions**: slices with data less than `sessionGap` apart form one session; the time between them counts in
///    no figure.
/// 3. **Nights**: a session belongs to the calendar day it ends on (the waking day, in `calendar`'s time zone); the
///    session with the most sleep is the day's night, any other is a nap. Durations are absolute seconds, so a night
///    across a daylight-saving change is as long as it really was.
public struct SleepNightCalculator: Sendable {
    /// Two stretches of sleep data at most this far apart belong to one session (90 minutes: a night with a gap in
    /// the data, or awake time nobody recorded, stays one night; an afternoon nap stays apart from the night).
    public static let sessionGap: TimeInterval = 90 * 60

    /// The sleep analysis type's identifier.
    public static let sleepAnalysisIdentifier = "HKCategoryTypeIdentifierSleepAnalysis"

    /// How sources rank where they overlap.
    public let priority: SourcePriority
    /// The calendar (and time zone) that decides waking days.
    public let calendar: Calendar

    /// A calculator with a source priority and the calendar of the person's days.
    public init(priority: SourcePriority, calendar: Calendar) {
        self.priority = priority
        self.calendar = calendar
    }

    /// One sample's part in the sweep.
    private struct Piece {
        let start: Double
        let end: Double
        let stage: SleepStage
        let rank: Int
        let source: Source?
    }

    /// A stretch of time with one state.
    private struct Slice {
        let start: Double
        let end: Double
        let inBed: Bool
        let stage: SleepStage?
        let sources: [(rank: Int, source: Source)]
    }

    /// The nights and naps the samples make, in order of their end. Samples of other types, with values that are not
    /// sleep states, or without duration are ignored.
    public func nights(from samples: [StoredSample]) -> [SleepNight] {
        let sleep = samples.filter {
            $0.sample.type.identifier == Self.sleepAnalysisIdentifier && $0.sample.endDate > $0.sample.startDate
                && $0.sample.categoryValue.flatMap(SleepStage.init(rawValue:)) != nil
        }
        let ranks = priority.ranks(of: sleep)
        let pieces = zip(sleep, ranks).map { stored, rank in
            Piece(
                start: stored.sample.startDate.timeIntervalSinceReferenceDate,
                end: stored.sample.endDate.timeIntervalSinceReferenceDate,
                stage: SleepStage(rawValue: stored.sample.categoryValue!)!, rank: rank,
                source: stored.sample.sourceRevision?.source)
        }.sorted { $0.start < $1.start }
        return sessions(of: slices(of: pieces)).compactMap(summary).nightsAndNaps(calendar: calendar)
    }

    /// Sweeps the pieces into slices with one state each (slices with no state are left out).
    private func slices(of pieces: [Piece]) -> [Slice] {
        let boundaries = Set(pieces.flatMap { [$0.start, $0.end] }).sorted()
        var slices: [Slice] = []
        var active: [Piece] = []
        var next = 0
        for (index, start) in boundaries.dropLast().enumerated() {
            let end = boundaries[index + 1]
            active.removeAll { $0.end <= start }
            while next < pieces.count, pieces[next].start <= start {
                active.append(pieces[next])
                next += 1
            }
            let inBed = active.filter { $0.stage == .inBed }
            let states = active.filter { $0.stage != .inBed }
            var stage: SleepStage?
            var sources: [(rank: Int, source: Source)] = []
            if let best = states.map(\.rank).min() {
                let winners = states.filter { $0.rank == best }
                stage = winners.max { $0.stage.precedence < $1.stage.precedence }?.stage
                if let source = winners.first?.source { sources.append((best, source)) }
            }
            if let bed = inBed.min(by: { $0.rank < $1.rank }), let source = bed.source {
                sources.append((bed.rank, source))
            }
            guard stage != nil || !inBed.isEmpty else { continue }
            slices.append(Slice(start: start, end: end, inBed: !inBed.isEmpty, stage: stage, sources: sources))
        }
        return slices
    }

    /// Groups slices into sessions: a gap longer than `sessionGap` starts a new one.
    private func sessions(of slices: [Slice]) -> [[Slice]] {
        var sessions: [[Slice]] = []
        for slice in slices {
            if let last = sessions.last?.last, slice.start - last.end <= Self.sessionGap {
                sessions[sessions.count - 1].append(slice)
            } else {
                sessions.append([slice])
            }
        }
        return sessions
    }

    /// A session's figures, or nil for a session that is neither in bed nor asleep (stray awake samples).
    private func summary(_ session: [Slice]) -> SessionSummary? {
        var stages: [SleepStage: TimeInterval] = [:]
        var inBed: TimeInterval?
        var sleepStart: Double?
        var sleepEnd: Double?
        var sourceRanks: [Source: Int] = [:]
        for slice in session {
            let length = slice.end - slice.start
            if slice.inBed { inBed = (inBed ?? 0) + length }
            if let stage = slice.stage {
                stages[stage, default: 0] += length
                if stage.isAsleep {
                    sleepStart = sleepStart ?? slice.start
                    sleepEnd = slice.end
                }
            }
            for (rank, source) in slice.sources { sourceRanks[source] = min(sourceRanks[source] ?? rank, rank) }
        }
        let asleep = stages.filter { $0.key.isAsleep }.values.reduce(0, +)
        guard asleep > 0 || inBed != nil else { return nil }
        return SessionSummary(
            start: Date(timeIntervalSinceReferenceDate: session.first!.start),
            end: Date(timeIntervalSinceReferenceDate: session.last!.end), inBed: inBed, asleep: asleep,
            stages: stages, sleepStart: sleepStart.map(Date.init(timeIntervalSinceReferenceDate:)),
            sleepEnd: sleepEnd.map(Date.init(timeIntervalSinceReferenceDate:)),
            sources: sourceRanks.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key))
    }
}

/// A session's figures before it is known to be a night or a nap.
struct SessionSummary {
    let start: Date
    let end: Date
    let inBed: TimeInterval?
    let asleep: TimeInterval
    let stages: [SleepStage: TimeInterval]
    let sleepStart: Date?
    let sleepEnd: Date?
    let sources: [Source]
}

extension [SessionSummary] {
    /// The sessions as nights and naps: by waking day, the one with the most sleep (then the most time in bed, then
    /// the later) is the night, the others naps.
    func nightsAndNaps(calendar: Calendar) -> [SleepNight] {
        // Rebuilt from the three numbers: a calendar's components may carry `isLeapMonth` or not, and a waking day
        // must compare equal to `DateComponents(year:month:day:)`.
        let days = map { session in
            let parts = calendar.dateComponents([.year, .month, .day], from: session.end)
            return DateComponents(year: parts.year, month: parts.month, day: parts.day)
        }
        var main: [DateComponents: Int] = [:]
        for (index, session) in enumerated() {
            guard let current = main[days[index]] else {
                main[days[index]] = index
                continue
            }
            let best = self[current]
            if (session.asleep, session.inBed ?? 0, session.end) > (best.asleep, best.inBed ?? 0, best.end) {
                main[days[index]] = index
            }
        }
        return enumerated().map { index, session in
            SleepNight(
                wakingDay: days[index], isNap: main[days[index]] != index, start: session.start, end: session.end,
                inBed: session.inBed, asleep: session.asleep, stages: session.stages, sleepStart: session.sleepStart,
                sleepEnd: session.sleepEnd, sources: session.sources)
        }
    }
}

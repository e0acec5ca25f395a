import Foundation
import HealthModel

/// One sleep session reconstructed from sleep analysis samples, assigned to the day the person woke up on, as the
/// Health app shows a night under the date of the morning it ends (SEMANTICS §12).
public struct SleepNight: Sendable, Hashable {
    /// The day of waking (year, month, day) in the calendar the nights were computed in.
    public let wakingDay: DateComponents
    /// Whether this is a nap: a session of the waking day other than its main sleep (the one with the most sleep).
    public let isNap: Bool
    /// When the session starts: the first moment in bed or asleep (or awake between them).
    public let start: Date
    /// When the session ends.
    public let end: Date
    /// Time in bed, counted once however many sources say so; nil when no source recorded time in bed.
    public let inBed: TimeInterval?
    /// Time asleep: unspecified, core, deep and REM together.
    public let asleep: TimeInterval
    /// Time in each stage (`awake` included), merged across sources by priority; stages without time are absent.
    public let stages: [SleepStage: TimeInterval]
    /// When sleep began (the first asleep moment), or nil for a session with time in bed only.
    public let sleepStart: Date?
    /// When sleep ended (the last asleep moment), or nil for a session with time in bed only.
    public let sleepEnd: Date?
    /// The sources whose samples count in this session, highest priority first.
    public let sources: [Source]

    /// Time awake during the session (the `awake` stage).
    public var awake: TimeInterval { stages[.awake] ?? 0 }

    /// Time in one stage (0 when none).
    public func time(in stage: SleepStage) -> TimeInterval { stages[stage] ?? 0 }

    /// A night with its figures.
    public init(
        wakingDay: DateComponents, isNap: Bool, start: Date, end: Date, inBed: TimeInterval?, asleep: TimeInterval,
        stages: [SleepStage: TimeInterval], sleepStart: Date?, sleepEnd: Date?, sources: [Source]
    ) {
        self.wakingDay = wakingDay
        self.isNap = isNap
        self.start = start
        self.end = end
        self.inBed = inBed
        self.asleep = asleep
        self.stages = stages
        self.sleepStart = sleepStart
        self.sleepEnd = sleepEnd
        self.sources = sources
    }
}

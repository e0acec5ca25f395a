import Foundation
import HealthModel

/// An activity summary an import brought (HealthKit's `HKActivitySummary` of one day), keyed by its day as
/// zero-padded `yyyymmdd` text (`key(of:)`), so that a range of days is a range of keys. A day's summary replaces the
/// stored one. Read by clients the person let read `HKActivitySummaryTypeIdentifier`; only imports (the store itself
/// or a full-access client) write them.
public enum ActivitySummaryRecord: RecordKind {
    /// A summary as stored: its day, quantities with their units, move mode and pause.
    public struct Value: Codable, Sendable, Hashable {
        /// The era of the day, when the summary named one.
        public var era: Int?
        /// The year of the day.
        public var year: Int
        /// The month of the day.
        public var month: Int
        /// The day of the month.
        public var day: Int
        /// Active energy burned, its Move goal, move time and its goal, exercise time and its goal, stand hours and
        /// their goal, in that order (`ActivitySummary`'s fields).
        public var quantities: [Amount]
        /// `ActivitySummary.MoveMode`'s raw value.
        public var moveMode: Int
        /// Whether the rings were paused.
        public var isPaused: Bool

        /// A quantity as a number and its unit's text.
        public struct Amount: Codable, Sendable, Hashable {
            /// The number.
            public var value: Double
            /// The unit (`HealthUnit.unitString`).
            public var unit: String

            /// An amount.
            public init(value: Double, unit: String) {
                self.value = value
                self.unit = unit
            }
        }

        /// The stored form of a summary.
        public init(_ summary: ActivitySummary) {
            era = summary.day.era
            year = summary.day.year ?? 0
            month = summary.day.month ?? 0
            day = summary.day.day ?? 0
            quantities = [
                summary.activeEnergyBurned, summary.activeEnergyBurnedGoal, summary.appleMoveTime,
                summary.appleMoveTimeGoal, summary.appleExerciseTime, summary.appleExerciseTimeGoal,
                summary.appleStandHours, summary.appleStandHoursGoal,
            ].map { Amount(value: $0.value, unit: $0.unit.unitString) }
            moveMode = summary.moveMode.rawValue
            isPaused = summary.isPaused
        }

        /// The summary again; throws `corruptRecord` when a unit, the move mode or a rule of `ActivitySummary` fails.
        public func summary() throws -> ActivitySummary {
            let key = ActivitySummaryRecord.boundKey(DateComponents(year: year, month: month, day: day))
            func corrupt(_ reason: String) -> HealthEngineError {
                .corruptRecord(kind: ActivitySummaryRecord.name, key: key, reason: reason)
            }
            guard quantities.count == 8 else { throw corrupt("\(quantities.count) quantities, not 8") }
            guard let mode = ActivitySummary.MoveMode(rawValue: moveMode) else {
                throw corrupt("unknown move mode \(moveMode)")
            }
            var components = DateComponents(year: year, month: month, day: day)
            components.era = era
            do {
                let q = try quantities.map { Quantity($0.value, try HealthUnit(parsing: $0.unit)) }
                return try ActivitySummary(
                    day: components, activeEnergyBurned: q[0], activeEnergyBurnedGoal: q[1], appleMoveTime: q[2],
                    appleMoveTimeGoal: q[3], appleExerciseTime: q[4], appleExerciseTimeGoal: q[5],
                    appleStandHours: q[6], appleStandHoursGoal: q[7], moveMode: mode, isPaused: isPaused)
            } catch {
                throw corrupt("\(error)")
            }
        }
    }

    /// The stored name.
    public static let name = "activitySummary"

    /// Only imports write summaries (apps cannot save them, as in HealthKit).
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access imports activity summaries")
    }

    /// Shown to a client with the read grant of activity summaries.
    public static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value? {
        reader.hasReadGrant(typeIdentifier: TypeTable.activitySummaryTypeIdentifier) ? value : nil
    }

    /// The key of a day: `yyyymmdd`, zero-padded to eight digits, so that keys sort as the days do. A day outside
    /// the years 0 through 9999 has no key (throws `invalidQuery`).
    public static func key(of day: DateComponents) throws -> String {
        let number = dayNumber(day)
        guard (0...99_999_999).contains(number) else {
            throw HealthEngineError.invalidQuery(
                field: "activity summary day", reason: "a stored summary's day is in the years 0 through 9999")
        }
        return key(number)
    }

    /// `year * 10_000 + month * 100 + day`, the day keys of older stores.
    static func dayNumber(_ day: DateComponents) -> Int {
        (day.year ?? 0) * 10_000 + (day.month ?? 0) * 100 + (day.day ?? 0)
    }

    /// A day number (0 through 99 999 999) as eight digits.
    static func key(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// The key of a day for a range bound: clamped to the keys a summary can have.
    static func boundKey(_ day: DateComponents) -> String {
        key(min(max(dayNumber(day), 0), 99_999_999))
    }
}

extension RecordStorage {
    /// The activity summaries an import stored for the days from `first` through `last` (both included, compared by
    /// year, month and day), oldest first, as this storage shows them.
    public func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]
    {
        try records(
            ActivitySummaryRecord.self,
            keys: .range(from: ActivitySummaryRecord.boundKey(first), through: ActivitySummaryRecord.boundKey(last))
        ).map { try $0.value.summary() }
    }
}

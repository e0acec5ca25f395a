import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// The typical day kept in a JSON file, so that a widget or `ohk trends` does not read the previous N days at every
/// refresh (seed 003: "cache the typical-day pattern, refresh after 6 hours or on a day change").
///
/// One file keeps one typical day: the key (type, unit, days, time zone, the reading client, the day it is for) and
/// the format version are checked on every read; a file from another version, for another key, unreadable or corrupt
/// is ignored and rewritten, never trusted. A kept typical day is used while it is less than 6 hours old, was computed
/// on the clock's local day, and the store has no change since to the type's samples in the days it averages.
public struct TypicalDayCache: Sendable {
    /// The file format's version; files with another one are ignored and rewritten.
    public static let formatVersion = 1
    /// How long a kept typical day is used (6 hours).
    public static let lifetime: TimeInterval = 6 * 60 * 60

    /// Why a lookup used the file or computed the typical day again.
    public enum Outcome: String, Sendable, Hashable {
        /// The kept typical day was used.
        case fresh
        /// There was no file.
        case missing
        /// The file could not be read or decoded (corrupt, truncated, not JSON, figures out of shape).
        case unreadable
        /// The file was written in another format version.
        case otherVersion
        /// The file keeps another type, unit, number of days, time zone, client or day.
        case otherKey
        /// The typical day was computed on another local day than the clock's.
        case dayChanged
        /// The typical day is 6 hours old or more (or from the clock's future).
        case expired
        /// The store has changed samples of the type in the averaged days since (or forgot deletions since).
        case storeChanged
    }

    /// What a lookup gave.
    public struct Lookup: Sendable {
        /// The typical day, kept or computed.
        public let typicalDay: TypicalDay
        /// Why it was kept or computed.
        public let outcome: Outcome
        /// Set when a computed typical day could not be written (the figures are still right).
        public let writeError: HealthTrendsError?
    }

    /// The JSON file.
    public let fileURL: URL

    /// A cache kept in `fileURL` (created when first written; its folder must exist).
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The typical day of the `days` days before the day containing `date`, in the calculator's type, unit and
    /// calendar: from the file when it is fresh at the calculator's clock, else computed and written to the file.
    public func typicalDay(_ calculator: TrendsCalculator, before date: Date, days: Int = 30) throws -> Lookup {
        let now = calculator.clock()
        let key = Key(calculator, day: calculator.calendar.startOfDay(for: date), days: days)
        let (kept, outcome) = try read(key, calculator: calculator, now: now)
        if let kept { return Lookup(typicalDay: kept, outcome: .fresh, writeError: nil) }
        // The anchor is taken before reading, so a change made while computing makes the next lookup compute again.
        let anchor = try Self.latestSequence(of: calculator.store)
        let typical = try calculator.typicalDay(before: key.day, days: days)
        let entry = Entry(
            formatVersion: Self.formatVersion, key: key, computedAt: now, anchor: anchor,
            cumulativeByHour: typical.cumulativeByHour, averageByHour: typical.averageByHour)
        return Lookup(typicalDay: typical, outcome: outcome, writeError: write(entry))
    }

    // MARK: The file

    /// What one typical day is for.
    struct Key: Codable, Hashable {
        var type: String
        var unit: String
        var days: Int
        var timeZone: String
        /// The reading client's bundle identifier (nil: the store's owner), since apps see different samples.
        var client: String?
        /// The start (local midnight) of the day the typical day is for: it averages the days before.
        var day: Date

        init(_ calculator: TrendsCalculator, day: Date, days: Int) {
            type = calculator.type.identifier
            unit = calculator.unit.unitString
            self.days = days
            timeZone = calculator.calendar.timeZone.identifier
            client = calculator.store.client
            self.day = day
        }
    }

    /// The file's content.
    struct Entry: Codable {
        var formatVersion: Int
        var key: Key
        var computedAt: Date
        /// The store's change sequence when computed.
        var anchor: Int64
        var cumulativeByHour: [Double]
        var averageByHour: [Double]
    }

    /// Only the version, read first so that a file of another format is told apart from a corrupt one.
    private struct VersionOnly: Decodable {
        var formatVersion: Int
    }

    /// The kept typical day when it is fresh, else nil with the reason.
    private func read(_ key: Key, calculator: TrendsCalculator, now: Date) throws -> (TypicalDay?, Outcome) {
        guard let data = try? Data(contentsOf: fileURL) else {
            return (nil, FileManager.default.fileExists(atPath: fileURL.path) ? .unreadable : .missing)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let version = try? decoder.decode(VersionOnly.self, from: data) else { return (nil, .unreadable) }
        guard version.formatVersion == Self.formatVersion else { return (nil, .otherVersion) }
        guard let entry = try? decoder.decode(Entry.self, from: data),
            entry.cumulativeByHour.count == 24, entry.averageByHour.count == 24,
            (entry.cumulativeByHour + entry.averageByHour).allSatisfy({ $0.isFinite && $0 >= 0 }), entry.anchor >= 0
        else { return (nil, .unreadable) }
        var sameDay = entry.key
        sameDay.day = key.day
        guard sameDay == key else { return (nil, .otherKey) }
        // A day change is told before a change of the day asked for: at midnight both change, and the day is the reason.
        guard calculator.calendar.isDate(entry.computedAt, inSameDayAs: now) else { return (nil, .dayChanged) }
        guard entry.key.day == key.day else { return (nil, .otherKey) }
        let age = now.timeIntervalSince(entry.computedAt)
        guard age >= 0, age < Self.lifetime else { return (nil, .expired) }
        guard try !storeChanged(since: entry.anchor, key: key, calculator: calculator) else {
            return (nil, .storeChanged)
        }
        return (
            TypicalDay(days: key.days, cumulativeByHour: entry.cumulativeByHour, averageByHour: entry.averageByHour),
            .fresh
        )
    }

    /// Whether the store holds a change after `anchor` to samples of the type in the averaged days (any deletion of
    /// the type counts: a deleted sample's dates are not kept).
    private func storeChanged(since anchor: Int64, key: Key, calculator: TrendsCalculator) throws -> Bool {
        guard let first = calculator.calendar.date(byAdding: .day, value: -key.days, to: key.day) else { return true }
        let request = AnchoredQueryRequest(
            descriptors: [
                SampleQueryDescriptor(type: calculator.type, predicate: .date(start: first, end: key.day, options: []))
            ],
            anchor: anchor, limit: 1)
        do {
            return try !calculator.store.changes(request).isEmpty
        } catch HealthStoreError.engine(.anchorTooOld) {
            return true
        } catch {
            throw HealthTrendsError.from(error)
        }
    }

    private static func latestSequence(of store: HealthDataStore) throws -> Int64 {
        do {
            return try store.changeLog.latestSequence()
        } catch {
            throw HealthTrendsError.from(error)
        }
    }

    /// Writes the entry atomically (a reader never sees half a file); the error when it could not.
    private func write(_ entry: Entry) -> HealthTrendsError? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(entry).write(to: fileURL, options: .atomic)
            return nil
        } catch {
            return .cacheNotWritten(path: fileURL.path, reason: "\(error.localizedDescription)")
        }
    }
}

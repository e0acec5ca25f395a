import Foundation
import HealthModel

/// A series kept beside a sample, as a query returns it: a workout's route or a heart rate variability sample's beats,
/// with the interval and provenance of what it belongs to.
public struct SeriesSample: Sendable, Hashable {
    /// What the series holds.
    public enum Content: Sendable, Hashable {
        /// A route's locations.
        case route(WorkoutRoute)
        /// A heartbeat series' beats.
        case heartbeats(HeartbeatSeries)
        /// The beats of a heartbeat series an app built: times since the start and gap flags, as added.
        case builtBeats(HeartbeatSeriesContent)
    }

    /// The series' identifier (a route's own; for beats, derived from their sample's).
    public let uuid: UUID
    /// The series type (`SampleType.workoutRoute` or `.heartbeatSeries`).
    public let type: SampleType
    /// The first point or beat (the owning sample's start when there is none).
    public let startDate: Date
    /// The last point or beat (the owning sample's end when there is none).
    public let endDate: Date
    /// The sample it belongs to (workout or heart rate variability sample).
    public let owner: Sample
    /// The points or beats.
    public let content: Content

    /// How many points or beats.
    public var count: Int {
        switch content {
        case let .route(route): return route.locations.count
        case let .heartbeats(series): return series.beats.count
        case let .builtBeats(content): return content.beats.count
        }
    }

    /// The series of a heartbeat series sample an app built (its own owner), nil for any other sample.
    public init?(builtSeries sample: Sample) {
        guard case let .heartbeatSeries(content)? = sample.payload else { return nil }
        self.init(builtSeries: sample, beats: content)
    }

    /// The series of a heartbeat series sample an app built, with its beats.
    public init(builtSeries sample: Sample, beats content: HeartbeatSeriesContent) {
        self.init(
            uuid: sample.uuid, type: sample.type, startDate: sample.startDate, endDate: sample.endDate, owner: sample,
            content: .builtBeats(content))
    }

    /// A series from its parts.
    init(uuid: UUID, type: SampleType, startDate: Date, endDate: Date, owner: Sample, content: Content) {
        self.uuid = uuid
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
        self.owner = owner
        self.content = content
    }
}

/// Finds series for sample queries on the series types (`HKSeriesType.workoutRoute()`, `.heartbeat()`).
///
/// Series are not samples of their own in the store; they are found through their owners: routes through workouts,
/// beats through heart rate variability samples. The predicates that apply are those HealthKit code uses on series:
/// the date window (on the series' own span), `predicateForObjects(from: workout)`, object identifiers (the series'),
/// and `and` of these; the owners are the samples the client may read.
public struct SeriesSampleFinder: Sendable {
    /// The storage read.
    public let storage: any HealthStorage
    static let heartRateVariability = try! SampleType.quantity("heartRateVariabilitySDNN")

    /// A finder over a storage.
    public init(storage: any HealthStorage) {
        self.storage = storage
    }

    /// The series of a series type matching a predicate, oldest first.
    public func series(of type: SampleType, matching predicate: SamplePredicate) throws -> [SeriesSample] {
        var workout: UUID?
        var uuids: Set<UUID>?
        try Self.collect(predicate, workout: &workout, uuids: &uuids)
        let window = TimeBounds.implied(by: predicate)
        let queries = SampleQueryEngine(storage: storage)
        var found: [SeriesSample] = []
        switch type {
        case .workoutRoute:
            let owners = try queries.samples(
                for: SampleQueryRequest(type: .workout, predicate: workout.map { .uuids([$0]) } ?? .all))
            for owner in owners {
                for route in try storage.workoutRoutes(ofWorkout: owner.uuid) {
                    found.append(
                        SeriesSample(
                            uuid: route.uuid, type: type, startDate: route.locations.first?.date ?? owner.startDate,
                            endDate: route.locations.last?.date ?? owner.endDate, owner: owner, content: .route(route)))
                }
            }
        case .heartbeatSeries:
            guard workout == nil else { return [] }
            found += try queries.samples(for: SampleQueryRequest(type: .heartbeatSeries)).compactMap {
                SeriesSample(builtSeries: $0)
            }
            for owner in try queries.samples(for: SampleQueryRequest(type: Self.heartRateVariability)) {
                guard let series = try storage.heartbeatSeries(ofSample: owner.uuid) else { continue }
                found.append(
                    SeriesSample(
                        uuid: Self.seriesUUID(of: owner.uuid), type: type,
                        startDate: series.beats.first?.date ?? owner.startDate,
                        endDate: series.beats.last?.date ?? owner.endDate, owner: owner, content: .heartbeats(series)))
            }
        default:
            throw HealthEngineError.invalidQuery(field: "type", reason: "\(type.identifier) is not a series type")
        }
        return found.filter { series in
            (uuids?.contains(series.uuid) ?? true)
                && window.contains(
                    start: series.startDate.timeIntervalSinceReferenceDate,
                    end: series.endDate.timeIntervalSinceReferenceDate)
        }.sorted { ($0.startDate, $0.uuid.uuidString) < ($1.startDate, $1.uuid.uuidString) }
    }

    /// The identifier of the heartbeat series of a sample: the sample's with its first byte flipped, so the two never
    /// compare equal and the series keeps its identifier across imports.
    public static func seriesUUID(of sample: UUID) -> UUID {
        var bytes = sample.uuid
        bytes.0 ^= 0xA5
        return UUID(uuid: bytes)
    }

    private static func collect(_ predicate: SamplePredicate, workout: inout UUID?, uuids: inout Set<UUID>?) throws {
        switch predicate {
        case .all, .date:
            return
        case let .associatedWithWorkout(owner):
            workout = owner
        case let .uuids(set):
            uuids = uuids.map { $0.intersection(set) } ?? set
        case let .and(parts):
            for part in parts { try collect(part, workout: &workout, uuids: &uuids) }
        default:
            throw HealthEngineError.predicateNotEvaluable(
                type: "series",
                reason: "series queries take date, workout and object-identifier predicates (and their conjunction)")
        }
    }
}

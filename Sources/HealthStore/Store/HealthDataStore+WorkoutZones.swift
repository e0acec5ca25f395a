import Foundation
import HealthEngine
import HealthModel

/// Workout zones (docs/decisions/workout-zones.md): the person's preferred zones per type (a record, set like the
/// preferred units), the system zones derived from their data when they set none, and the time a workout or one of its
/// activities spent in each zone, computed when asked from the samples stored then.
extension HealthDataStore {
    /// The person's zones for a type: the ones they set (`.user`), else the system's (`.system`,
    /// `WorkoutZoneDefaults`, for the person's age at `date` in `calendar`), else nil. Throws `invalidField(field:
    /// "quantityType")` for a type without zones and, for a client, `authorizationNotDetermined` when it never asked
    /// to share or read the type.
    public func preferredWorkoutZones(
        for type: SampleType, at date: Date, calendar: Calendar
    ) throws -> WorkoutZoneConfiguration? {
        try wrapped {
            try Self.checkZoneType(type)
            try view?.checkAskedToShareOrRead(typeIdentifier: type.identifier)
            return try personWorkoutZones(for: type, at: date, calendar: calendar, reads: WorkoutZoneReads())
        }
    }

    /// The zones the person set for a type, or nil (none set: the system's apply).
    public func userWorkoutZones(for type: SampleType) throws -> WorkoutZoneConfiguration? {
        try wrapped {
            try Self.checkZoneType(type)
            return try storedZones(for: type)
        }
    }

    /// Sets the person's zones for a type (nil: back to the system's); the configuration is kept as `.user`. Only the
    /// store itself or a full-access client may.
    public func setPreferredWorkoutZones(_ configuration: WorkoutZoneConfiguration?, for type: SampleType) throws {
        try wrapped {
            try Self.checkZoneType(type)
            if let configuration, configuration.type != type {
                throw HealthModelError.invalidField(
                    field: "quantityType",
                    reason: "the zones are for \(configuration.type.identifier), not \(type.identifier)")
            }
        }
        try write(
            records: [
                try wrapped {
                    try .set(PreferredWorkoutZonesRecord.self, key: type.identifier, configuration?.boundaries)
                }
            ])
    }

    /// The time a stored workout (or, with `activity`, one of its activities, over the activity's range) spent in the
    /// zones of each zone type, by type: the zones the workout was built with (kept in its metadata), else the
    /// person's at the workout's start. The samples are those this store object may read; a client without read
    /// authorization for workouts or the type gets no group for it, as if there were no data. Types without samples in
    /// the range, or without zones, are left out. `types` limits the types looked at (default: both).
    public func workoutZoneGroups(
        of workout: Sample, activity: UUID? = nil, types: [SampleType]? = nil, calendar: Calendar
    ) throws -> [SampleType: WorkoutZoneGroup] {
        try workoutZoneGroups(
            of: workout, activity: activity, types: types, calendar: calendar, reads: WorkoutZoneReads())
    }

    /// `workoutZoneGroups(of:activity:types:calendar:)` with what does not change from workout to workout read once
    /// into `reads` (a listing passes the same `reads` for all its workouts).
    func workoutZoneGroups(
        of workout: Sample, activity: UUID? = nil, types: [SampleType]? = nil, calendar: Calendar,
        reads: WorkoutZoneReads
    ) throws -> [SampleType: WorkoutZoneGroup] {
        try wrapped {
            guard let content = workout.workoutContent else { return [:] }
            var start = workout.startDate
            var end = workout.endDate
            if let activity {
                guard let found = content.activities.first(where: { $0.uuid == activity }) else { return [:] }
                start = found.startDate
                end = found.endDate ?? workout.endDate
            }
            let paused = WorkoutContent.pausedIntervals(start: start, end: end, events: content.events)
            var groups: [SampleType: WorkoutZoneGroup] = [:]
            let zoneTypes = try types ?? WorkoutZoneConfiguration.typeIdentifiers.map { try SampleType.quantity($0) }
            for type in zoneTypes where mayReadZoneData(of: type) {
                guard
                    let configuration = try workoutZones(of: workout, for: type, calendar: calendar, reads: reads),
                    let outcome = try zoneOutcome(
                        configuration: configuration, start: start, end: end, paused: paused,
                        priority: try reads.priority(of: type, in: base))
                else { continue }
                groups[type] = outcome.group
            }
            return groups
        }
    }

    /// The zones a stored workout counts a type by: the app's, kept in the workout's metadata, else the person's at
    /// the workout's start. Metadata under the key that does not make valid zones (an app or an export may write
    /// anything there) is passed over, so one workout cannot break a listing.
    public func workoutZones(
        of workout: Sample, for type: SampleType, calendar: Calendar
    ) throws -> WorkoutZoneConfiguration? {
        try workoutZones(of: workout, for: type, calendar: calendar, reads: WorkoutZoneReads())
    }

    private func workoutZones(
        of workout: Sample, for type: SampleType, calendar: Calendar, reads: WorkoutZoneReads
    ) throws -> WorkoutZoneConfiguration? {
        try wrapped {
            if case let .string(text)? = workout.metadata?[WorkoutZoneConfiguration.metadataKey(for: type)],
                let zones = try? WorkoutZoneConfiguration(type: type, storedText: text, source: .app)
            {
                return zones
            }
            return try personWorkoutZones(for: type, at: workout.startDate, calendar: calendar, reads: reads)
        }
    }

    /// Time in zone over a range as this store object may see it: the type's samples overlapping the range, merged by
    /// the type's source order (`WorkoutZoneCalculator`); nil when there are none, or when a client may not read
    /// workouts or the type (a denial looks like no data). With `uuids`, only those samples count (a workout builder's).
    public func zoneOutcome(
        configuration: WorkoutZoneConfiguration, start: Date, end: Date, paused: [DateInterval],
        among uuids: Set<UUID>? = nil
    ) throws -> WorkoutZoneCalculator.Outcome? {
        try wrapped {
            guard mayReadZoneData(of: configuration.type) else { return nil }
            return try zoneOutcome(
                configuration: configuration, start: start, end: end, paused: paused, among: uuids,
                priority: SourcePriority(order: try base.sourceOrder(for: configuration.type)))
        }
    }

    /// Whether this store object may read zone data of a type: the store itself, or a client granted reading both
    /// workouts and the type (a denial looks like no data).
    private func mayReadZoneData(of type: SampleType) -> Bool {
        guard let view else { return true }
        return view.hasReadGrant(typeIdentifier: SampleType.workout.identifier)
            && view.hasReadGrant(typeIdentifier: type.identifier)
    }

    /// Time in zone over a range, the read grants already checked, sources ranked by `priority`.
    private func zoneOutcome(
        configuration: WorkoutZoneConfiguration, start: Date, end: Date, paused: [DateInterval],
        among uuids: Set<UUID>? = nil, priority: SourcePriority
    ) throws -> WorkoutZoneCalculator.Outcome? {
        let bounds = TimeBounds(
            startUpperBound: end.timeIntervalSinceReferenceDate, endLowerBound: start.timeIntervalSinceReferenceDate)
        var samples = try storage.candidates(of: configuration.type, within: bounds)
        if let uuids { samples = samples.filter { uuids.contains($0.sample.uuid) } }
        return WorkoutZoneCalculator(priority: priority).outcome(
            configuration: configuration, samples: samples, start: start, end: end, paused: paused)
    }

    /// The person's zones: the ones they set (a setting, read past the client's view), else derived from their data.
    /// A client's derived zones use only what it may read: without read access to the date of birth there are none
    /// (zones made from an age would tell the age), and without read access to resting heart rate they are made from
    /// the age alone.
    private func personWorkoutZones(
        for type: SampleType, at date: Date, calendar: Calendar, reads: WorkoutZoneReads
    ) throws -> WorkoutZoneConfiguration? {
        if let set = try reads.setZones(of: type, reading: { try storedZones(for: type) }) { return set }
        guard type.identifier == "HKQuantityTypeIdentifierHeartRate" else { return nil }
        if let view, !view.hasReadGrant(typeIdentifier: CharacteristicValues.dateOfBirthIdentifier) { return nil }
        guard let birth = try reads.dateOfBirth(in: base),
            let age = WorkoutZoneDefaults.age(dateOfBirth: birth, at: date, calendar: calendar)
        else { return nil }
        let resting = try SampleType.quantity("HKQuantityTypeIdentifierRestingHeartRate")
        var restingRate: Double?
        if let view, !view.hasReadGrant(typeIdentifier: resting.identifier) {
            return WorkoutZoneDefaults.heartRateZones(age: age, restingHeartRate: nil)
        }
        do {
            let figures = try StatisticsEngine(storage: base).statistics(
                for: try StatisticsRequest(
                    type: resting,
                    predicate: .date(
                        start: date.addingTimeInterval(-WorkoutZoneDefaults.restingHeartRateWindow), end: date,
                        options: []),
                    options: [.discreteAverage], priority: try reads.priority(of: resting, in: base)))
            restingRate = try figures.merged.average?.value(in: try HealthUnit(parsing: "count/min"))
        } catch HealthEngineError.noData {
            restingRate = nil
        }
        return WorkoutZoneDefaults.heartRateZones(age: age, restingHeartRate: restingRate)
    }

    private func storedZones(for type: SampleType) throws -> WorkoutZoneConfiguration? {
        guard let boundaries = try base.record(PreferredWorkoutZonesRecord.self, key: type.identifier) else {
            return nil
        }
        do {
            return try WorkoutZoneConfiguration(type: type, canonicalBoundaries: boundaries, source: .user)
        } catch {
            throw HealthStoreError.corruptStore("preferred workout zones of \(type.identifier) do not read back")
        }
    }

    private static func checkZoneType(_ type: SampleType) throws(HealthModelError) {
        guard WorkoutZoneConfiguration.typeIdentifiers.contains(type.identifier) else {
            throw .invalidField(
                field: "quantityType", reason: "\(type.identifier) has no zones (heart rate and cycling power do)")
        }
    }
}

/// What the zones of many workouts read once, not once per workout: the person's set zones, their date of birth and
/// each type's source order. One call's worth: a listing of workouts makes one and passes it to every workout.
final class WorkoutZoneReads {
    private var setZones: [SampleType: WorkoutZoneConfiguration?] = [:]
    private var birth: DateComponents??
    private var priorities: [SampleType: SourcePriority] = [:]

    /// The zones the person set for a type, read once.
    func setZones(
        of type: SampleType, reading: () throws -> WorkoutZoneConfiguration?
    ) rethrows -> WorkoutZoneConfiguration? {
        if let known = setZones[type] { return known }
        let read = try reading()
        setZones[type] = .some(read)
        return read
    }

    /// The person's date of birth as year, month and day, read once; nil when not set.
    func dateOfBirth(in storage: some RecordStorage) throws -> DateComponents? {
        if let known = birth { return known }
        let text = try storage.characteristics()[CharacteristicValues.dateOfBirthIdentifier]
        let read = text.flatMap(DateReader.day).map { DateComponents(year: $0.year, month: $0.month, day: $0.day) }
        birth = .some(read)
        return read
    }

    /// How a type's sources rank, read once.
    func priority(of type: SampleType, in storage: some RecordStorage) throws -> SourcePriority {
        if let known = priorities[type] { return known }
        let read = SourcePriority(order: try storage.sourceOrder(for: type))
        priorities[type] = read
        return read
    }
}

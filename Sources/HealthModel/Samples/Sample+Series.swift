import Foundation

extension Sample {
    /// A workout route sample (`HKWorkoutRoute`): its locations sorted by time, its start and end the first and last
    /// location's. It belongs to its workout by association (`WorkoutAssociation`), committed with it.
    public static func workoutRoute(
        uuid: UUID = RandomUUID.make(), locations: [WorkoutRouteLocation], metadata: [String: MetadataValue]? = nil,
        device: Device? = nil, sourceRevision: SourceRevision? = nil
    ) throws(HealthModelError) -> Sample {
        let sorted = locations.sorted { $0.date < $1.date }
        guard let first = sorted.first, let last = sorted.last else {
            throw .invalidField(field: "workoutRoute.locations", reason: "a route needs at least one location")
        }
        return try Sample(
            uuid: uuid, type: .workoutRoute, startDate: first.date, endDate: last.date, metadata: metadata,
            device: device, sourceRevision: sourceRevision,
            content: .payload(.workoutRoute(WorkoutRouteContent(locations: sorted))))
    }

    /// The heartbeat series sample an export's `InstantaneousBeatsPerMinute` list gives under a heart rate variability
    /// sample: the HRV sample's source and device, from its first beat to its last (the HRV sample's interval when
    /// there is none; the first beat's time is 0, as `HKHeartbeatSeriesQuery` reports it), its identifier derived
    /// from the HRV sample's (`heartbeatSeriesUUID(of:)`), so a re-import finds it stored.
    ///
    /// Beats are put in time order and a beat at the same hundredth of a second as the one before is dropped (the
    /// series' times must increase). Exports keep no gap flags, so a gap is inferred: a beat is preceded by one when
    /// it comes more than twice the previous beat's period (60 / its rate) after it.
    public static func heartbeatSeries(
        importedWith sample: Sample, beats: [HeartbeatSeries.Beat]
    ) throws(HealthModelError) -> Sample {
        let sorted = beats.sorted { $0.date < $1.date }
        let start = sorted.first?.date ?? sample.startDate
        let end = sorted.last?.date ?? sample.endDate
        var content: [HeartbeatSeriesContent.Beat] = []
        var previous: HeartbeatSeries.Beat?
        for beat in sorted {
            let time = beat.date.timeIntervalSince(start)
            if let last = content.last, time <= last.time { continue }
            var gap = false
            if let previous {
                let period = previous.beatsPerMinute > 0 ? 60 / previous.beatsPerMinute : .infinity
                gap = beat.date.timeIntervalSince(previous.date) > 2 * period
            }
            content.append(.init(time: time, precededByGap: gap, beatsPerMinute: beat.beatsPerMinute))
            previous = beat
        }
        return try Sample(
            uuid: heartbeatSeriesUUID(of: sample.uuid), type: .heartbeatSeries, startDate: start, endDate: end,
            device: sample.device, sourceRevision: sample.sourceRevision,
            content: .payload(.heartbeatSeries(HeartbeatSeriesContent(beats: content))))
    }

    /// The identifier of the heartbeat series imported with a heart rate variability sample: the sample's with its
    /// first byte flipped, so the two never compare equal and the series keeps its identifier across imports (and
    /// the export writer finds the series of an HRV sample again).
    public static func heartbeatSeriesUUID(of sample: UUID) -> UUID {
        var bytes = sample.uuid
        bytes.0 ^= 0xA5
        return UUID(uuid: bytes)
    }
}

/// One entry of a quantity series sample: a value over its own date interval.
public struct QuantitySeriesEntry: Sendable, Hashable {
    /// The entry's value.
    public let quantity: Quantity
    /// When the entry starts.
    public let startDate: Date
    /// When the entry ends (equal to the start for instantaneous entries).
    public let endDate: Date

    /// An entry over `[startDate, endDate]`.
    public init(quantity: Quantity, startDate: Date, endDate: Date) {
        self.quantity = quantity
        self.startDate = startDate
        self.endDate = endDate
    }
}

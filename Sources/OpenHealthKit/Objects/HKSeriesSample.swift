import Foundation
import HealthEngine
import HealthModel

/// A sample holding a series of data, as in HealthKit: a workout route or a heartbeat series. Found with sample,
/// anchored and observer queries on `HKSeriesType.workoutRoute()` / `.heartbeat()` (a route also with
/// `predicateForObjects(from: workout)`), deleted like any sample; its data is read with `HKWorkoutRouteQuery` /
/// `HKHeartbeatSeriesQuery`.
open class HKSeriesSample: HKSample, @unchecked Sendable {
    /// How many points or beats the series holds.
    open internal(set) var count: Int

    /// Unarchives a workout route or heartbeat series (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard
            let sample = ObjectArchive.sample(
                coder, "HKSeriesSample", fits: { HKSample.wrap($0).isKind(of: Self.self) })
        else { return nil }
        switch sample.payload {
        case let .workoutRoute(content)?: count = content.locations.count
        case let .heartbeatSeries(content)?: count = content.beats.count
        default: count = 0
        }
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKSeriesType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        switch sample.payload {
        case let .workoutRoute(content)?: count = content.locations.count
        case let .heartbeatSeries(content)?: count = content.beats.count
        default: count = 0
        }
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKSeriesType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: MetadataBridge.healthKit(sample.metadata),
            device: sample.device.map(HKDevice.init))
    }
}

/// A workout's route: its locations, read with `HKWorkoutRouteQuery`.
open class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {}

/// A heartbeat series (an app's, or the beat-to-beat series imported with a heart rate variability sample), read with
/// `HKHeartbeatSeriesQuery`.
open class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {}

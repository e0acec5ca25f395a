import Foundation
import HealthEngine
import HealthModel

/// A sample holding a series of data kept beside another sample, as in HealthKit: a workout route or a heartbeat
/// series. Found with sample (or anchored) queries on `HKSeriesType.workoutRoute()` / `.heartbeat()`; its data is
/// read with `HKWorkoutRouteQuery` / `HKHeartbeatSeriesQuery`. Series come from imports and cannot be saved or
/// deleted on their own here.
open class HKSeriesSample: HKSample, @unchecked Sendable {
    /// How many points or beats the series holds.
    open internal(set) var count: Int
    let series: SeriesSample

    init(_ series: SeriesSample) {
        self.series = series
        self.count = series.count
        // A series an app built is a sample of its own; imported ones live beside their owner.
        let built = series.owner.uuid == series.uuid
        super.init(
            backing: built
                ? .success(series.owner)
                : .failure(
                    .invalidField(
                        field: "series",
                        reason:
                            "series are kept beside their workout or sample and cannot be saved or deleted on their own"
                    )),
            uuid: series.uuid, sampleType: HKSeriesType(sampleType: series.type), startDate: series.startDate,
            endDate: series.endDate,
            metadata: built ? MetadataBridge.healthKit(series.owner.metadata) : nil,
            device: series.owner.device.map(HKDevice.init))
    }

    /// The app or device that recorded the owning workout or sample.
    open override var sourceRevision: HKSourceRevision {
        series.owner.sourceRevision.map(HKSourceRevision.init) ?? super.sourceRevision
    }

    /// The series object of the right class.
    static func wrap(_ series: SeriesSample) -> HKSeriesSample {
        switch series.content {
        case .route: return HKWorkoutRoute(series)
        case .heartbeats, .builtBeats: return HKHeartbeatSeriesSample(series)
        }
    }
}

/// A workout's route: its locations, read with `HKWorkoutRouteQuery`.
open class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {}

/// The beat-to-beat series under a heart rate variability sample, read with `HKHeartbeatSeriesQuery`.
open class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {}

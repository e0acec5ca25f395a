import Foundation
import HealthEngine
import HealthModel

/// Reads a heartbeat series beat by beat: the time since the series' start, whether a gap came before the beat, and
/// `done` on the last.
///
/// A series an app built (`HKHeartbeatSeriesBuilder`) gives its beats' times and gap flags exactly as added. Exports
/// keep each beat's time and instantaneous rate, not HealthKit's gap flags: the importer infers them
/// (`Sample.heartbeatSeries(importedWith:beats:)`).
open class HKHeartbeatSeriesQuery: HKQuery, @unchecked Sendable {
    private let seriesSample: HKHeartbeatSeriesSample
    private let dataHandler: (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void

    /// A query over one series.
    public required init(
        heartbeatSeries: HKHeartbeatSeriesSample,
        dataHandler: @escaping (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void
    ) {
        seriesSample = heartbeatSeries
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.heartbeat(), predicate: nil)
    }

    override func deliverFailure(_ error: HKError) { dataHandler(self, 0, false, true, error) }

    override func run(in healthStore: HKHealthStore) {
        do {
            let beats = try Self.heartbeats(of: seriesSample, in: healthStore)
            healthStore.deliver { [self] in
                guard !beats.isEmpty else {
                    dataHandler(self, 0, false, true, nil)
                    return
                }
                for (index, beat) in beats.enumerated() {
                    dataHandler(self, beat.time, beat.precededByGap, index == beats.count - 1, nil)
                }
            }
        } catch {
            healthStore.deliver { [self] in dataHandler(self, 0, false, true, HKError.from(error)) }
        }
    }

    /// A stored series' beats in time order: the time since the first beat and whether a gap came before (shared with
    /// `HKHeartbeatSeriesQueryDescriptor`).
    static func heartbeats(
        of seriesSample: HKHeartbeatSeriesSample, in healthStore: HKHealthStore
    ) throws -> [(time: TimeInterval, precededByGap: Bool)] {
        // Read again, so that a deleted series or one the app may no longer read is not there.
        let request = SampleQueryRequest(type: .heartbeatSeries, predicate: .uuids([seriesSample.uuid]))
        guard let stored = try healthStore.dataStore.samples(request).first,
            case let .heartbeatSeries(content)? = stored.payload
        else {
            throw HKError(.errorInvalidArgument, "no stored heartbeat series has uuid \(seriesSample.uuid)")
        }
        return content.beats.map { ($0.time, $0.precededByGap) }
    }
}

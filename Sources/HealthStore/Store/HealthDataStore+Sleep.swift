import Foundation
import HealthEngine
import HealthModel

/// Sleep nights (issue 20): every surface (Swift, command line, server) asks here, so a client sees the nights its
/// readable samples make and nothing else.
extension HealthDataStore {
    /// The nights and naps whose waking day is in the request's range, sources ranked by the sleep type's source
    /// order (set with `setSourceOrder`, else HealthKit's default order).
    public func sleepNights(_ request: SleepNightsRequest) throws -> [SleepNight] {
        try wrapped {
            let type = try SampleType.named(SleepNightCalculator.sleepAnalysisIdentifier)
            return try SleepEngine(storage: storage).nights(
                request, priority: SourcePriority(order: try storage.sourceOrder(for: type)))
        }
    }
}

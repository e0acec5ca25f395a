import Foundation
import HealthEngine
import HealthModel

/// Heart rate variability from beat-to-beat data (docs/decisions/hrv.md): RMSSD, SDNN and pNN50 per measurement and
/// per night, computed when asked from the heartbeat series this store object may read, and the RMSSD samples derived
/// from them, stored on request.
extension HealthDataStore {
    /// The summary of one derivation.
    public struct HeartRateVariabilityDerivationResult: Sendable, Hashable {
        /// The measurements looked at.
        public let measurements: Int
        /// Derived samples newly stored (or replacing an earlier rules version's).
        public let written: Int
        /// Derived samples already stored with these rules: nothing changed.
        public let unchanged: Int
        /// Measurements whose source gave its own RMSSD sample: nothing derived.
        public let deviceOwn: Int
        /// Measurements without an RMSSD (fewer than two adjacent intervals).
        public let withoutFigure: Int
    }

    /// The measurements of the request's days, in time order (a client without the heartbeat series read grant sees
    /// only its own series).
    public func heartRateVariabilityMeasurements(
        _ request: HeartRateVariabilityRequest
    ) throws -> [HeartRateVariabilityMeasurement] {
        try wrapped { try HeartRateVariabilityEngine(storage: storage).measurements(request) }
    }

    /// The nights of the request's waking days that hold a measurement: each the sleep night of the day as
    /// `sleepNights` gives it (the sleep samples this object may read), or the assumed window without one.
    public func heartRateVariabilityNights(
        _ request: HeartRateVariabilityRequest
    ) throws -> [HeartRateVariabilityNight] {
        let nights = try sleepNights(request.days)
        return try wrapped { try HeartRateVariabilityEngine(storage: storage).nights(request, sleepNights: nights) }
    }

    /// Derives and stores the RMSSD of every measurement of the request's days (`HeartRateVariabilityDerivation`):
    /// samples of `heartRateVariabilityRMSSD` from the derived source, through the one commit; deriving again
    /// changes nothing (sync identifier and version), and a measurement its source gave an RMSSD of its own is left
    /// alone. Only the store itself or a client with full access may (the samples are not the client's own).
    public func deriveHeartRateVariability(
        _ request: HeartRateVariabilityRequest
    ) throws -> HeartRateVariabilityDerivationResult {
        try wrapped {
            try view?.checkFullAccess("only a client with full access derives heart rate variability samples")
        }
        let measurements = try heartRateVariabilityMeasurements(request)
        let plan = try wrapped {
            let type = try SampleType.named(HeartRateVariabilityDerivation.rmssdIdentifier)
            let from = measurements.map(\.start).min() ?? request.days.start
            let to = measurements.map(\.end).max() ?? request.days.end
            let bounds = TimeBounds(
                startUpperBound: to.timeIntervalSinceReferenceDate + 1,
                endLowerBound: from.timeIntervalSinceReferenceDate - 1)
            let stored = try storage.candidates(of: type, within: bounds).map(\.sample)
            return try HeartRateVariabilityDerivation.plan(measurements, storedRMSSD: stored)
        }
        var written = 0
        var unchanged = 0
        if !plan.samples.isEmpty {
            let result = try save(
                plan.samples, as: SourceRevision(source: HeartRateVariabilityDerivation.source, version: nil))
            written = result.inserted.count
            unchanged = result.ignored.count
        }
        return HeartRateVariabilityDerivationResult(
            measurements: measurements.count, written: written, unchanged: unchanged, deviceOwn: plan.deviceOwn,
            withoutFigure: plan.withoutFigure)
    }
}

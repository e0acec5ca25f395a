import Foundation
import HealthModel

/// Which RMSSD samples to derive from measurements (docs/decisions/hrv.md): one `heartRateVariabilityRMSSD` sample
/// per measurement with an RMSSD, from the derived source, over the series' interval, its sync identifier naming the
/// series so that deriving again changes nothing; none for a measurement that its own source already gave an RMSSD
/// sample (one overlapping the series): a device's own figure wins.
public enum HeartRateVariabilityDerivation {
    /// The source of derived samples.
    public static let source = Source(
        name: "OpenHealthKit (derived from beat-to-beat data)", bundleIdentifier: "org.openhealthkit.derived")
    /// The RMSSD type's identifier.
    public static let rmssdIdentifier = "HKQuantityTypeIdentifierHeartRateVariabilityRMSSD"

    /// What to write.
    public struct Plan: Sendable {
        /// The derived samples (without source revision: saved as `source`).
        public let samples: [Sample]
        /// Measurements left out because their source has an RMSSD sample of its own for them.
        public let deviceOwn: Int
        /// Measurements left out because they give no RMSSD (fewer than two adjacent intervals).
        public let withoutFigure: Int
    }

    /// The sync identifier of the RMSSD derived from a heartbeat series.
    public static func syncIdentifier(of series: UUID) -> String {
        "org.openhealthkit.derived.rmssd." + series.uuidString
    }

    /// The plan for `measurements`, given the RMSSD samples stored around them (any source; derived ones are
    /// recognised by their source and not counted as a device's own).
    public static func plan(
        _ measurements: [HeartRateVariabilityMeasurement], storedRMSSD: [Sample]
    ) throws(HealthModelError) -> Plan {
        let type = try SampleType.named(rmssdIdentifier)
        let own = storedRMSSD.filter { $0.sourceRevision?.source.bundleIdentifier != source.bundleIdentifier }
        var samples: [Sample] = []
        var deviceOwn = 0
        var withoutFigure = 0
        for measurement in measurements {
            guard let rmssd = measurement.figures.rmssd else {
                withoutFigure += 1
                continue
            }
            let covered = own.contains { sample in
                sample.sourceRevision?.source == measurement.source && sample.startDate <= measurement.end
                    && sample.endDate >= measurement.start
            }
            if covered {
                deviceOwn += 1
                continue
            }
            samples.append(
                try .quantity(
                    type: type, quantity: Quantity((rmssd * 1_000).rounded() / 1_000, .second(.milli)),
                    start: measurement.start, end: measurement.end,
                    metadata: [
                        MetadataKey.syncIdentifier: .string(syncIdentifier(of: measurement.series)),
                        MetadataKey.syncVersion: .number(Double(HeartRateVariabilityCalculator.rulesVersion)),
                        MetadataKey.derivedFrom: .string(measurement.series.uuidString),
                    ], device: measurement.device))
        }
        return Plan(samples: samples, deviceOwn: deviceOwn, withoutFigure: withoutFigure)
    }
}

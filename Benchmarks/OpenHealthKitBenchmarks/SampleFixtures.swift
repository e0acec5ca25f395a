import Foundation
import HealthModel

/// Pre-made types, units, devices and sources shared by the store benchmarks, so building a sample costs only the
/// sample itself.
struct SampleFixtures: Sendable {
    /// One quantity type with the unit its samples are written in and a plausible value range.
    struct Series: Sendable {
        let type: SampleType
        let unit: HealthUnit
        let range: ClosedRange<Double>
    }

    /// stepCount, heartRate, activeEnergyBurned, distanceWalkingRunning, basalEnergyBurned.
    let series: [Series]
    /// An iPhone and an Apple Watch.
    let devices: [Device]
    /// The Health app on the phone and on the watch.
    let revisions: [SourceRevision]
    /// Time-zone metadata, put on every 20th sample.
    let timeZoneMetadata: [String: MetadataValue]
    /// Hand-entered metadata, put on every 500th sample.
    let userEnteredMetadata: [String: MetadataValue]
    /// The first sample's start: 2021-01-01 00:00 UTC.
    let epoch = Date(timeIntervalSinceReferenceDate: 631_152_000)

    /// Builds the fixtures (parses units and looks up types once).
    init() {
        func series(_ name: String, _ unit: String, _ range: ClosedRange<Double>) -> Series {
            Series(type: try! SampleType.quantity(name), unit: try! HealthUnit(parsing: unit), range: range)
        }
        self.series = [
            series("stepCount", "count", 0...160),
            series("heartRate", "count/min", 48...180),
            series("activeEnergyBurned", "kcal", 0...12),
            series("distanceWalkingRunning", "m", 0...180),
            series("basalEnergyBurned", "kcal", 0.9...1.2),
        ]
        devices = [
            Device(
                name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone15,2",
                softwareVersion: "17.4"),
            Device(
                name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
                softwareVersion: "10.4"),
        ]
        revisions = [
            SourceRevision(
                source: Source(
                    name: "Alex's iPhone", bundleIdentifier: "com.apple.health.8C4A1D5E-2B7F-4C1A-9E0D-3F6B8A2C5D71"),
                version: "17.4", productType: "iPhone15,2", operatingSystemVersion: "17.4.1"),
            SourceRevision(
                source: Source(
                    name: "Alex's Apple Watch",
                    bundleIdentifier: "com.apple.health.1F2E3D4C-5B6A-4978-8695-A4B3C2D1E0F9"),
                version: "10.4", productType: "Watch6,1", operatingSystemVersion: "10.4"),
        ]
        timeZoneMetadata = [MetadataKey.timeZone: .string("Europe/Paris")]
        userEnteredMetadata = [MetadataKey.wasUserEntered: .number(1), MetadataKey.timeZone: .string("Europe/Paris")]
    }

    /// The metadata of the `index`-th sample of a series: mostly none, some time zones, a few hand-entered.
    @inline(__always)
    func metadata(forSampleAt index: Int) -> [String: MetadataValue]? {
        if index % 500 == 0 { return userEnteredMetadata }
        if index % 20 == 0 { return timeZoneMetadata }
        return nil
    }

    /// The minute-long sample `minute` of `series`, with a value drawn from `random` and the given identifier.
    @inline(__always)
    func sample(of series: Series, minute: Int, device: Device, value: Double, uuid: UUID) -> Sample {
        let start = epoch.addingTimeInterval(Double(minute) * 60)
        return try! Sample.quantity(
            type: series.type, quantity: Quantity(value, series.unit), start: start, end: start.addingTimeInterval(60),
            metadata: metadata(forSampleAt: minute), device: device, uuid: uuid)
    }
}

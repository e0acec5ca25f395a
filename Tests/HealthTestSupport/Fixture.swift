import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Realistic, time-zone independent test data: absolute instants, real type identifiers, plausible sources.
public enum Fixture {
    /// 2024-03-10T09:00:00-07:00 (the morning after the Los Angeles DST switch; only the instant matters).
    public static let morning = Date(timeIntervalSinceReferenceDate: 731_779_200)

    /// `morning` plus a number of minutes.
    public static func at(_ minutes: Double) -> Date { morning.addingTimeInterval(minutes * 60) }

    /// Step count, a cumulative quantity type.
    public static let stepCount = known(SampleType.quantity, "stepCount")
    /// Heart rate, a discrete quantity type.
    public static let heartRate = known(SampleType.quantity, "heartRate")
    /// Walking and running distance, a cumulative quantity type.
    public static let distance = known(SampleType.quantity, "distanceWalkingRunning")
    /// Active energy burned, a cumulative quantity type.
    public static let activeEnergy = known(SampleType.quantity, "activeEnergyBurned")
    /// Blood glucose, a discrete quantity type (a concentration).
    public static let bloodGlucose = known(SampleType.quantity, "bloodGlucose")
    /// Dietary energy consumed, a cumulative quantity type.
    public static let dietaryEnergy = known(SampleType.quantity, "dietaryEnergyConsumed")
    /// Dietary protein, a cumulative quantity type.
    public static let dietaryProtein = known(SampleType.quantity, "dietaryProtein")
    /// Walking heart rate average, a discrete quantity type.
    public static let walkingHeartRateAverage = known(SampleType.quantity, "walkingHeartRateAverage")
    /// Sleep analysis, a category type.
    public static let sleep = known(SampleType.category, "sleepAnalysis")
    /// Food, a correlation type (of dietary samples).
    public static let food = known(SampleType.correlation, "food")

    /// Beats per minute (`count/min`).
    public static let bpm = knownUnit("count/min")
    /// Milligrams per decilitre (`mg/dL`), for blood glucose.
    public static let mgPerDeciliter = knownUnit("mg/dL")
    /// Millimoles of glucose (molar mass 180.155 88 g/mol) per litre.
    public static let mmolPerLiter = knownUnit("mmol<180.15588000005408>/L")

    /// An Apple Watch, as a source.
    public static let watchSource = Source(
        name: "Alex’s Apple Watch", bundleIdentifier: "com.apple.health.8C4A1F2E-7B3D-4E21-9A55-3F1C2D6B7E90")
    /// An iPhone, as a source.
    public static let phoneSource = Source(
        name: "Alex’s iPhone", bundleIdentifier: "com.apple.health.5D2B9E71-0C44-4F8A-B1D3-6E2A9C7F1B08")
    /// A third-party app (MyFitnessPal), as a source.
    public static let appSource = Source(name: "MyFitnessPal", bundleIdentifier: "com.myfitnesspal.mfp")

    /// The watch at watchOS 10.3.
    public static let watch = SourceRevision(
        source: watchSource, version: "10.3", productType: "Watch6,1", operatingSystemVersion: "10.3")
    /// The same watch at watchOS 10.2, an older revision of `watchSource`.
    public static let watchOlder = SourceRevision(
        source: watchSource, version: "10.2", productType: "Watch6,1", operatingSystemVersion: "10.2")
    /// The iPhone at iOS 17.4.
    public static let phone = SourceRevision(
        source: phoneSource, version: "17.4", productType: "iPhone15,2", operatingSystemVersion: "17.4")
    /// The app at version 24.9.0, on the iPhone at iOS 17.4.
    public static let app = SourceRevision(
        source: appSource, version: "24.9.0", productType: "iPhone15,2", operatingSystemVersion: "17.4")

    /// The watch as a device, with its firmware version.
    public static func watchDevice(firmware: String = "10.3") -> Device {
        Device(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            firmwareVersion: firmware, softwareVersion: "10.3")
    }

    /// The iPhone as a device.
    public static let phoneDevice = Device(
        name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone15,2",
        softwareVersion: "17.4")

    /// Steps over `minutes` minutes from `start`.
    public static func steps(
        _ count: Double, from start: Date, minutes: Double = 10, metadata: [String: MetadataValue]? = nil,
        device: Device? = nil
    ) throws -> Sample {
        try Sample.quantity(
            type: stepCount, quantity: Quantity(count, .count), start: start,
            end: start.addingTimeInterval(minutes * 60),
            metadata: metadata, device: device)
    }

    /// An instantaneous heart-rate reading.
    public static func heartRate(_ beatsPerMinute: Double, at date: Date, device: Device? = nil) throws -> Sample {
        try Sample.quantity(
            type: heartRate, quantity: Quantity(beatsPerMinute, bpm), start: date, end: date, device: device)
    }

    /// Metadata carrying a sync identifier and version.
    public static func sync(_ identifier: String, version: Double) -> [String: MetadataValue] {
        [MetadataKey.syncIdentifier: .string(identifier), MetadataKey.syncVersion: .number(version)]
    }
}

extension HealthDataStore {
    /// Every stored sample of a type, in insertion order.
    public func all(_ type: SampleType) throws -> [Sample] {
        try samples(SampleQueryRequest(type: type))
    }

    /// Identifiers of the samples a query returns, in the order returned.
    public func uuids(
        _ type: SampleType, _ predicate: SamplePredicate = .all, limit: Int = 0, sort: [SampleSort] = []
    ) throws -> [UUID] {
        try samples(SampleQueryRequest(type: type, predicate: predicate, limit: limit, sort: sort)).map(\.uuid)
    }
}

extension Fixture {
    /// A quantity type the tests name by a fixed identifier (`stepCount` or `HKQuantityTypeIdentifierStepCount`); a
    /// typo stops the tests with the identifier named.
    public static func quantityType(_ identifier: String) -> SampleType { known(SampleType.quantity, identifier) }

    /// A category type named by a fixed identifier.
    public static func categoryType(_ identifier: String) -> SampleType { known(SampleType.category, identifier) }

    /// A correlation type named by a fixed identifier.
    public static func correlationType(_ identifier: String) -> SampleType { known(SampleType.correlation, identifier) }

    /// A unit the tests write as fixed text.
    public static func unit(_ text: String) -> HealthUnit {
        do { return try HealthUnit(parsing: text) } catch { fatalError("not a unit: \(text): \(error)") }
    }
}

/// A type named by a fixed identifier (a typo is a programming error, reported with the identifier).
private func known(_ make: (String) throws -> SampleType, _ identifier: String) -> SampleType {
    do { return try make(identifier) } catch { fatalError("not a sample type: \(identifier): \(error)") }
}

private func knownUnit(_ text: String) -> HealthUnit { Fixture.unit(text) }

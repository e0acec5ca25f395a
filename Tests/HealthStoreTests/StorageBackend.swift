import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStorePostgres
import Testing

/// The storage backends every store test runs against; a new backend only adds a case here.
///
/// PostgreSQL takes part when `OHK_TEST_POSTGRES_URL` names a database (`.ci/run` starts one; see the README), so a
/// developer without PostgreSQL still runs the others.
enum StorageBackend: String, CaseIterable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    case postgres

    /// The backends available here.
    static var allCases: [StorageBackend] { PostgresTestDatabase.url == nil ? [.inMemory, .sqlite] : [.inMemory, .sqlite, .postgres] }

    /// A fresh, empty store on this backend (SQLite: a new file in this test process's temporary folder; PostgreSQL:
    /// a new person in the test database).
    func makeStore() -> HealthDataStore {
        HealthDataStore(storage: try! makeStorage())
    }

    /// A fresh, empty storage on this backend with a change-log retention.
    func makeStorage(retention: ChangeLogRetention = .forever) throws -> any HealthStorage {
        switch self {
        case .inMemory: return InMemoryStorage(retention: retention)
        case .sqlite: return try SQLiteStorage(path: TemporaryStoreFolder.newPath(), retention: retention)
        case .postgres: return try PostgresTestDatabase.newStorage(retention: retention)
        }
    }

    var testDescription: String { rawValue }
}

/// The PostgreSQL database the tests use, when `OHK_TEST_POSTGRES_URL` is set: one pooled client per test process,
/// one new person per store (so tests never see each other's rows).
enum PostgresTestDatabase {
    /// The database URL, or nil when PostgreSQL tests are off.
    static let url: String? = ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The client (connected and migrated on first use).
    static let client: PostgresStoreClient = {
        guard let url else { fatalError("OHK_TEST_POSTGRES_URL is not set") }
        do { return try PostgresStoreClient(url: url) } catch { fatalError("cannot connect to \(url): \(error)") }
    }()

    /// A new person's storage.
    static func newStorage(retention: ChangeLogRetention = .forever, columnCacheThreshold: Int = PostgresStorage.columnCacheThreshold) throws -> PostgresStorage {
        try PostgresStorage(client: client, person: "test-\(UUID().uuidString)", retention: retention, columnCacheThreshold: columnCacheThreshold)
    }
}

/// One temporary folder per test process for SQLite store files, removed when the process exits.
enum TemporaryStoreFolder {
    /// The folder (created on first use).
    static let path: String = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ohk-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))").path
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TemporaryStoreFolder.path) }
        return folder
    }()

    /// A path for a new store file that does not exist yet.
    static func newPath(_ name: String = "store") -> String {
        path + "/\(name)-\(UUID().uuidString).sqlite"
    }
}

// MARK: - Shared fixtures

/// Realistic, time-zone independent test data: absolute instants, real type identifiers, plausible sources.
enum Fixture {
    /// 2024-03-10T09:00:00-07:00 (the morning after the Los Angeles DST switch; only the instant matters).
    static let morning = Date(timeIntervalSinceReferenceDate: 731_779_200)

    /// `morning` plus a number of minutes.
    static func at(_ minutes: Double) -> Date { morning.addingTimeInterval(minutes * 60) }

    static let stepCount = try! SampleType.quantity("stepCount")
    static let heartRate = try! SampleType.quantity("heartRate")
    static let distance = try! SampleType.quantity("distanceWalkingRunning")
    static let activeEnergy = try! SampleType.quantity("activeEnergyBurned")
    static let bloodGlucose = try! SampleType.quantity("bloodGlucose")
    static let dietaryEnergy = try! SampleType.quantity("dietaryEnergyConsumed")
    static let dietaryProtein = try! SampleType.quantity("dietaryProtein")
    static let walkingHeartRateAverage = try! SampleType.quantity("walkingHeartRateAverage")
    static let sleep = try! SampleType.category("sleepAnalysis")
    static let food = try! SampleType.correlation("food")

    static let bpm = try! HealthUnit(parsing: "count/min")
    static let mgPerDeciliter = try! HealthUnit(parsing: "mg/dL")
    static let mmolPerLiter = try! HealthUnit(parsing: "mmol<180.15588000005408>/L")

    static let watchSource = Source(name: "Alex’s Apple Watch", bundleIdentifier: "com.apple.health.8C4A1F2E-7B3D-4E21-9A55-3F1C2D6B7E90")
    static let phoneSource = Source(name: "Alex’s iPhone", bundleIdentifier: "com.apple.health.5D2B9E71-0C44-4F8A-B1D3-6E2A9C7F1B08")
    static let appSource = Source(name: "MyFitnessPal", bundleIdentifier: "com.myfitnesspal.mfp")

    static let watch = SourceRevision(source: watchSource, version: "10.3", productType: "Watch6,1", operatingSystemVersion: "10.3")
    static let watchOlder = SourceRevision(source: watchSource, version: "10.2", productType: "Watch6,1", operatingSystemVersion: "10.2")
    static let phone = SourceRevision(source: phoneSource, version: "17.4", productType: "iPhone15,2", operatingSystemVersion: "17.4")
    static let app = SourceRevision(source: appSource, version: "24.9.0", productType: "iPhone15,2", operatingSystemVersion: "17.4")

    static func watchDevice(firmware: String = "10.3") -> Device {
        Device(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            firmwareVersion: firmware, softwareVersion: "10.3")
    }

    static let phoneDevice = Device(name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone15,2", softwareVersion: "17.4")

    /// Steps over `minutes` minutes from `start`.
    static func steps(
        _ count: Double, from start: Date, minutes: Double = 10, metadata: [String: MetadataValue]? = nil,
        device: Device? = nil
    ) throws -> Sample {
        try Sample.quantity(
            type: stepCount, quantity: Quantity(count, .count), start: start, end: start.addingTimeInterval(minutes * 60),
            metadata: metadata, device: device)
    }

    /// An instantaneous heart-rate reading.
    static func heartRate(_ beatsPerMinute: Double, at date: Date, device: Device? = nil) throws -> Sample {
        try Sample.quantity(type: heartRate, quantity: Quantity(beatsPerMinute, bpm), start: date, end: date, device: device)
    }

    /// Metadata carrying a sync identifier and version.
    static func sync(_ identifier: String, version: Double) -> [String: MetadataValue] {
        [MetadataKey.syncIdentifier: .string(identifier), MetadataKey.syncVersion: .number(version)]
    }
}

extension HealthDataStore {
    /// Every stored sample of a type, in insertion order.
    func all(_ type: SampleType) throws -> [Sample] {
        try samples(SampleQueryRequest(type: type))
    }

    /// Identifiers of the samples a query returns, in the order returned.
    func uuids(_ type: SampleType, _ predicate: SamplePredicate = .all, limit: Int = 0, sort: [SampleSort] = []) throws -> [UUID] {
        try samples(SampleQueryRequest(type: type, predicate: predicate, limit: limit, sort: sort)).map(\.uuid)
    }
}

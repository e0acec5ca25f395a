import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import PropertyBased
import Synchronization
import Testing

/// The privacy property through the built `ohk` binary: `ohk … --client BUNDLE` reads a store as that app, which
/// (the command line keeping no app's permissions) sees only what it saved itself. Each command's output must be
/// the same, byte for byte, as on a store holding only that app's data; and no other app's bundle identifier shows.
/// A few random worlds only: each command is a process.
@Suite("Privacy as a property through `ohk … --client`")
struct CLIPrivacyPropertyTests {
    static let worlds = PrivacyWorld.worldsOverride ?? 4

    /// The `ohk` built beside the test bundle (`swift build --build-tests` builds both).
    static var binary: String { BuiltProducts.executable("ohk") }

    @Test(
        "Every reading command with --client answers as on a store holding only what the app saved", .shrinking(false))
    func commands() async throws {
        let ohk = Self.binary
        try #require(
            FileManager.default.isExecutableFile(atPath: ohk), "build ohk first (swift build --build-tests): \(ohk)")
        let violations = PrivacyViolations()
        let worlds = Mutex(0)
        await propertyCheck(count: Self.worlds, input: PrivacyWorld.generator) { world in
            let index = worlds.withLock { count in
                count += 1
                return count
            }
            try Self.check(world, app: index % PrivacyWorld.apps.count, ohk: ohk, violations: violations)
        }
        print("CLIPrivacyPropertyTests: \(worlds.withLock { $0 }) worlds, \(violations.checks) comparisons")
        #expect(violations.checks >= Self.worlds * 20, "the comparisons ran")
    }

    static func check(_ world: PrivacyWorld, app: Int, ohk: String, violations: PrivacyViolations) throws {
        let model = PrivacyModel(world)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-cli-privacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fullPath = folder.appendingPathComponent("full.sqlite").path
        let reducedPath = folder.appendingPathComponent("reduced.sqlite").path
        // The first person's store, written by the apps themselves.
        do {
            let store = HealthDataStore(
                storage: try SQLiteStorage(path: fullPath), access: StorePrivacyCheck.access(world.grants[0]))
            for write in world.writes where write.person == 0 {
                switch write {
                case let .save(_, app, samples):
                    try store.client(PrivacyWorld.apps[app]).save(
                        samples, as: PrivacyTypes.revision(PrivacyWorld.apps[app]))
                case let .delete(_, app, uuids): try store.client(PrivacyWorld.apps[app]).delete(uuids)
                case let .importData(_, data): try store.saveImportedData(data)
                case let .series(_, _, routes, beats):
                    try TrustedWrite.saveSeries(routes: routes, beats: beats, into: store)
                case let .setOrder(_, type, order): try store.setSourceOrder(order, for: type)
                case let .attach(_, _, object, name, size):
                    try TrustedWrite.attach(name, size: size, to: object, in: store)
                case let .subscribe(_, app, type, frequency):
                    try store.saveBackgroundDelivery(
                        BackgroundDeliverySubscription(
                            bundleIdentifier: PrivacyWorld.apps[app], type: type, frequency: frequency))
                }
            }
            try (store.storage as? SQLiteStorage)?.checkpoint()
        }
        // The command line keeps no app's grants: the app reads only what it saved.
        let viewer = PrivacyViewer(person: 0, app: app, grants: PrivacyGrants(code: 0))
        do {
            let store = HealthDataStore(storage: try SQLiteStorage(path: reducedPath))
            for (_, write) in model.reducedWrites(for: viewer) { try write.apply(to: store) }
            try (store.storage as? SQLiteStorage)?.checkpoint()
        }
        let label = "world \(world.testDescription)\nohk … --client \(viewer.bundle)"
        let others = (PrivacyWorld.apps + [PrivacyWorld.stranger]).filter { $0 != viewer.bundle }
        // The owner reads first, so that a cache kept beside the store (trends) holds the whole store's figures.
        _ = run(
            ohk,
            [
                "--store", fullPath, "trends", "activeEnergyBurned", "--date", "2024-03-08", "--tz", "UTC", "--format",
                "json",
            ])
        // Every workout of the world (the app's, other apps', the other person's) and an absent uuid, as a route.
        let workouts = world.writes.flatMap { write -> [UUID] in
            guard case let .save(_, _, samples) = write else { return [] }
            return samples.filter { $0.type == .workout }.map(\.uuid)
        }
        let routeCommands = (workouts + [UUID(uuidString: "00000000-0000-4000-8000-0000FFFFFFFF")!]).map {
            ["workouts", "route", $0.uuidString, "--format", "geojson"]
        }
        for arguments in commands + routeCommands {
            let observed = run(ohk, ["--store", fullPath] + arguments + ["--client", viewer.bundle])
            let expected = run(ohk, ["--store", reducedPath] + arguments + ["--client", viewer.bundle])
            let normalized = observed.replacingOccurrences(of: fullPath, with: reducedPath)
            violations.expect(
                normalized, expected,
                "\(label)\nohk \(arguments.joined(separator: " ")): differs from a store holding only the app's data")
            violations.expect(
                others.filter(observed.contains), [],
                "\(label)\nohk \(arguments.joined(separator: " ")) names other apps:\n\(observed)")
        }
    }

    /// The reading commands that take `--client`.
    static let commands: [[String]] = {
        var commands = PrivacyTypes.queried.map {
            ["samples", PrivacyTypes.shortNames[$0]!, "--tz", "UTC", "--format", "json"]
        }
        commands += [
            [
                "stats", "stepCount", "--sum", "--by-source", "--interval", "1d", "--from", "2024-03-01", "--to",
                "2024-03-09", "--tz", "UTC", "--format", "json",
            ],
            [
                "stats", "heartRate", "--average", "--max", "--most-recent", "--by-source", "--tz", "UTC", "--format",
                "json",
            ],
            ["types", "--tz", "UTC", "--format", "json"], ["sources", "--format", "json"],
            ["sources", "stepCount", "--format", "json"],
            ["sources", "heartRate", "--format", "json"], ["export", "--format", "json", "--tz", "UTC"],
            ["trends", "activeEnergyBurned", "--date", "2024-03-08", "--tz", "UTC", "--format", "json"],
            ["workouts", "--from", "2024-03-01", "--to", "2024-03-09", "--tz", "UTC", "--format", "json"],
        ]
        return commands
    }()

    /// The exit status, standard output and standard error of one run.
    static func run(_ ohk: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ohk)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return "cannot run: \(error)"
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return
            "exit \(process.terminationStatus)\n\(String(decoding: out, as: UTF8.self))\nstderr: \(String(decoding: err, as: UTF8.self))"
    }
}

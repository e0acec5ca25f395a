import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

/// The default source order (SEMANTICS §5.1, docs/decisions/source-order.md) on the Swift API's path: devices decide a
/// source's class, whatever its bundle identifier.
@Suite("Default source order: devices decide, for every type and path")
struct DefaultSourceOrderTests {
    /// A bridge app that saves what a Watch measured: not an Apple bundle identifier, no product type.
    static let bridge = SourceRevision(source: Source(name: "Watch Bridge", bundleIdentifier: "com.example.bridge"))
    /// A third-party app with no device.
    static let tracker = SourceRevision(source: Source(name: "Tracker", bundleIdentifier: "com.example.tracker"))
    /// Another third-party app with no device.
    static let logger = SourceRevision(source: Source(name: "Logger", bundleIdentifier: "com.example.logger"))
    /// A third-party app whose bundle identifier sorts before the logger's and whose name sorts after it.
    static let archive = SourceRevision(source: Source(name: "Zeta Archive", bundleIdentifier: "com.example.archive"))

    @Test(
        "a class from the device: Apple or Apple Inc. with a Watch or iPhone model, else an Apple bundle identifier",
        arguments: [
            ("com.example.a", nil, "Apple Inc.", "Watch", "Watch6,2", SourceClass.appleWatch),
            ("export:Alex’s Apple Watch", "Watch5,3", "Apple", "Watch", nil, .appleWatch),
            ("com.example.a", "Watch5,3", "Apple", nil, nil, .appleWatch),
            ("export:Alex’s iPhone", "iPhone8,1", "Apple Inc.", "iPhone", "iPhone8,1", .appleDevice),
            ("com.example.a", nil, "Apple", "iPhone", nil, .appleDevice),
            ("com.apple.health.1", "Watch6,1", nil, nil, nil, .appleWatch),
            ("com.apple.health.2", "iPhone15,2", nil, nil, nil, .appleDevice),
            // A product type alone is where the app ran, not who measured: a third party's.
            ("com.myfitnesspal.mfp", "iPhone15,2", nil, nil, nil, .thirdParty),
            ("export:SleepTrack", nil, nil, nil, nil, .thirdParty),
            ("export:Withings", nil, "Withings", "Watch", "HWA09", .thirdParty),
        ] as [(String, String?, String?, String?, String?, SourceClass)])
    func classFromDevice(
        _ bundle: String, _ productType: String?, _ manufacturer: String?, _ model: String?, _ hardware: String?,
        _ expected: SourceClass
    ) {
        #expect(
            SourceClass(
                bundleIdentifier: bundle, productType: productType, manufacturer: manufacturer, model: model,
                hardwareVersion: hardware) == expected)
    }

    @Test(
        "a Watch's steps saved by a non-Apple bundle outrank a newer app's, on a type never imported",
        arguments: StorageBackend.allCases)
    func watchDeviceFromThirdPartyBundle(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save([try Fixture.steps(100, from: Fixture.at(0), device: Fixture.watchDevice())], as: Self.bridge)
        try store.save([try Fixture.steps(300, from: Fixture.at(0))], as: Self.tracker)
        #expect(try store.sourcesInPriorityOrder(for: Fixture.stepCount) == [Self.bridge.source, Self.tracker.source])
        let statistics = try store.statistics(of: Fixture.stepCount, options: [.cumulativeSum, .separateBySource])
        #expect(statistics.merged.sum?.value == 100)
        #expect(try store.records.sourceOrder(for: Fixture.stepCount) == nil)
    }

    @Test(
        "a Watch's sleep saved by a non-Apple bundle outranks a newer app's asleep, where the Watch says awake",
        arguments: StorageBackend.allCases)
    func watchSleepFromThirdPartyBundle(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        func sleep(_ value: Int, _ from: Double, _ to: Double, device: Device?) throws -> Sample {
            try Sample.category(
                type: Fixture.sleep, value: value, start: Fixture.at(from), end: Fixture.at(to), device: device)
        }
        // Watch: core 60 min, awake 20, core 60 (asleep 120); the app: asleep over all 140 minutes, saved later.
        try store.save(
            [
                try sleep(3, -200, -140, device: Fixture.watchDevice()),
                try sleep(2, -140, -120, device: Fixture.watchDevice()),
                try sleep(3, -120, -60, device: Fixture.watchDevice()),
            ], as: Self.bridge)
        try store.save([try sleep(1, -200, -60, device: nil)], as: Self.tracker)
        #expect(try store.sourcesInPriorityOrder(for: Fixture.sleep) == [Self.bridge.source, Self.tracker.source])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        let day = calendar.dateComponents([.year, .month, .day], from: Fixture.at(-60))
        let nights = try store.sleepNights(SleepNightsRequest(first: day, last: day, calendar: calendar))
        let night = try #require(nights.first)
        #expect(night.asleep == 120 * 60)
        #expect(night.awake == 20 * 60)
        #expect(night.sources.first == Self.bridge.source)
    }

    @Test(
        "a source with samples from a Watch and an iPhone ranks as a Watch, above the iPhone",
        arguments: StorageBackend.allCases)
    func bestClassCounts(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save([try Fixture.steps(200, from: Fixture.at(0), device: Fixture.phoneDevice)], as: Fixture.phone)
        try store.save(
            [
                try Fixture.steps(50, from: Fixture.at(60), device: Fixture.phoneDevice),
                try Fixture.steps(100, from: Fixture.at(0), device: Fixture.watchDevice()),
            ], as: Self.bridge)
        #expect(try store.sourcesInPriorityOrder(for: Fixture.stepCount) == [Self.bridge.source, Fixture.phoneSource])
        #expect(try store.statistics(of: Fixture.stepCount, options: [.cumulativeSum]).merged.sum?.value == 150)
        // Heart rate over samples of both: the Watch's reading wins the overlap (a discrete merge).
        try store.save([try Fixture.heartRate(90, at: Fixture.at(5), device: Fixture.phoneDevice)], as: Fixture.phone)
        try store.save(
            [try Fixture.heartRate(60, at: Fixture.at(5), device: Fixture.watchDevice())], as: Self.bridge)
        #expect(
            try store.statistics(of: Fixture.heartRate, options: [.discreteAverage]).merged.average?.value == 60)
    }

    @Test(
        "third parties among themselves: the latest sample end first, ties by bundle identifier; a hand entry above all; an app on an iPhone device as an iPhone",
        arguments: StorageBackend.allCases)
    func thirdPartiesByLatestEnd(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        // The merged step sum over columns (a time window) and over samples (a source predicate): the same rule.
        func sums() throws -> [Double?] {
            let sources = Set(try store.sourcesInPriorityOrder(for: Fixture.stepCount))
            return try [SamplePredicate.all, .sources(sources)].map {
                try store.statistics(of: Fixture.stepCount, matching: $0, options: [.cumulativeSum]).merged.sum?.value
            }
        }
        // Saved first: the archive (its only sample ends at minute 70), then the logger (its latest ends at minute
        // 70 too), then the tracker (ends at minute 10). Save order would rank tracker, logger, archive.
        try store.save([try Fixture.steps(7, from: Fixture.at(60))], as: Self.archive)
        try store.save(
            [try Fixture.steps(10, from: Fixture.at(0)), try Fixture.steps(5, from: Fixture.at(60))], as: Self.logger)
        try store.save([try Fixture.steps(20, from: Fixture.at(0))], as: Self.tracker)
        // The logger's latest sample ends after the tracker's; the archive ties with the logger and comes first by
        // bundle identifier (com.example.archive before com.example.logger; its name would sort after).
        #expect(
            try store.sourcesInPriorityOrder(for: Fixture.stepCount) == [
                Self.archive.source, Self.logger.source, Self.tracker.source,
            ])
        // Minutes 0–10: the logger's 10 over the tracker's 20; minutes 60–70: the archive's 7 over the logger's 5.
        #expect(try sums() == [17, 17])
        // An app whose samples carry the iPhone as their device ranks as an iPhone: above the other apps, though its
        // latest sample ends earliest.
        try store.save([try Fixture.steps(30, from: Fixture.at(0), device: Fixture.phoneDevice)], as: Fixture.app)
        #expect(
            try store.sourcesInPriorityOrder(for: Fixture.stepCount) == [
                Fixture.appSource, Self.archive.source, Self.logger.source, Self.tracker.source,
            ])
        #expect(try sums() == [30 + 7, 30 + 7])
        // A hand entry outranks every device, whatever its source.
        try store.save(
            [try Fixture.steps(40, from: Fixture.at(0), metadata: [MetadataKey.wasUserEntered: .number(1)])],
            as: Self.logger)
        #expect(try sums() == [40 + 7, 40 + 7])
    }
}

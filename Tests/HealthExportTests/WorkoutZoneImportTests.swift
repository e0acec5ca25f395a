import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Workout zones of imported workouts: the person's preferred zones, else the system's (workout-zones.md)")
struct WorkoutZoneImportTests {
    static let losAngeles: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        return calendar
    }()

    /// The run of `ZoneRun` as an export writes it: the Watch's readings and the workout with its pause.
    static func runExport(metadata: String = "") throws -> String {
        let watch =
            "&lt;&lt;HKDevice: 0x, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.3&gt;"
        var body = ""
        for minute in 0..<30 {
            let date = ExportFixtures.format(ZoneRun.at(Double(minute) * 60))
            body +=
                " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Alex’s Apple Watch\" sourceVersion=\"10.3\" device=\"\(watch)\" unit=\"count/min\" creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(Int(ZoneRun.watchValue(minute: minute)))\"/>\n"
        }
        let start = ExportFixtures.format(ZoneRun.start)
        let end = ExportFixtures.format(ZoneRun.end)
        body += """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="28" durationUnit="min" sourceName="Alex’s Apple Watch" sourceVersion="10.3" device="\(watch)" creationDate="\(end)" startDate="\(start)" endDate="\(end)">
            \(metadata)  <WorkoutEvent type="HKWorkoutEventTypePause" date="\(ExportFixtures.format(ZoneRun.at(600)))"/>
              <WorkoutEvent type="HKWorkoutEventTypeResume" date="\(ExportFixtures.format(ZoneRun.at(720)))"/>
             </Workout>

            """
        return ExportFixtures.document(body)
    }

    @Test(
        "An imported workout with heart rate counts by the person's preferred zones, pauses left out",
        arguments: StorageBackend.allCases)
    func generatedExport(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.setPreferredWorkoutZones(
            try WorkoutZoneConfiguration(
                type: Fixture.heartRate, canonicalBoundaries: ZoneRun.boundaries, source: .user),
            for: Fixture.heartRate)
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try ExportFixtures.write(try Self.runExport(), named: "export.xml", in: folder)
        _ = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: url)

        let workout = try #require(try ExportFixtures.samples(store, .workout).first)
        let groups = try store.workoutZoneGroups(of: workout, calendar: Self.losAngeles)
        let group = try #require(groups[Fixture.heartRate])
        #expect(group.configuration.source == .user)
        #expect(group.configuration.boundaries == ZoneRun.boundaries)
        // The Watch alone: Z3 over 12:00–15:00 and 20:00–25:00, Z4 15:00–20:00; the pause 10:00–12:00 counts nothing.
        #expect(group.durations == [300, 300, 480, 300, 300])
        #expect(groups.count == 1)  // no cycling power

        // The summaries (`ohk workouts`, GET /workouts, the report) show the same.
        let summary = try #require(
            try store.workoutSummaries(from: ZoneRun.start, to: ZoneRun.end, calendar: Self.losAngeles).first)
        #expect(summary.heartRateZones?.durations == [300, 300, 480, 300, 300])
        #expect(summary.heartRateZones?.summaryText == "Z1 5:00  Z2 5:00  Z3 8:00  Z4 5:00  Z5 5:00")

        // Cleared, with no date of birth, there are no zones at all.
        try store.setPreferredWorkoutZones(nil, for: Fixture.heartRate)
        #expect(try store.workoutZoneGroups(of: workout, calendar: Self.losAngeles).isEmpty)
    }

    @Test(
        "Zones an app built a workout with travel in its metadata through an export; text that is no zones is passed over",
        arguments: StorageBackend.allCases)
    func zonesInMetadata(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = WorkoutZoneConfiguration.metadataKey(for: Fixture.heartRate)
        for (value, expected) in [("100 150", [0, 600, 1080.0]), ("100 fifty", [300, 300, 480, 300, 300])] {
            let store = backend.makeStore()
            try store.setPreferredWorkoutZones(
                try WorkoutZoneConfiguration(
                    type: Fixture.heartRate, canonicalBoundaries: ZoneRun.boundaries, source: .user),
                for: Fixture.heartRate)
            let url = try ExportFixtures.write(
                try Self.runExport(metadata: "  <MetadataEntry key=\"\(key)\" value=\"\(value)\"/>\n"),
                named: "export.xml", in: folder)
            _ = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: url)
            let workout = try #require(try ExportFixtures.samples(store, .workout).first)
            let group = try #require(
                try store.workoutZoneGroups(of: workout, calendar: Self.losAngeles)[Fixture.heartRate])
            #expect(group.durations == expected, "\(value)")
            #expect(group.configuration.source == (expected.count == 3 ? .app : .user), "\(value)")
        }
    }

    @Test(
        "A real export's workouts count by the system zones from its date of birth, then by the person's",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func realExport(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try ExportImporter(store: store, clock: ContinuousClock()).importExport(
            at: SharedFixtures.url("ipyhealth-export.xml"))
        let workouts = try ExportFixtures.samples(store, .workout)
        #expect(workouts.count == 16)
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        func heartRateGroups() throws -> [WorkoutZoneGroup] {
            try workouts.compactMap { try store.workoutZoneGroups(of: $0, calendar: berlin)[Fixture.heartRate] }
        }
        // Born 1989-04-24: 30 in 2020 (maximum 187 bpm), so five zones by heart rate reserve.
        let system = try heartRateGroups()
        #expect(system.count == 15)  // one workout has no heart rate reading inside it
        #expect(system.allSatisfy { $0.configuration.source == .system && $0.configuration.zoneCount == 5 })
        for workout in workouts {
            guard let group = try store.workoutZoneGroups(of: workout, calendar: berlin)[Fixture.heartRate] else {
                continue
            }
            let total = group.durations.reduce(0, +)
            #expect(total > 0)
            #expect(total <= (workout.workoutContent?.duration ?? 0) + 1)
        }

        try store.setPreferredWorkoutZones(
            try WorkoutZoneConfiguration(
                type: Fixture.heartRate, canonicalBoundaries: [100, 120, 140], source: .user),
            for: Fixture.heartRate)
        let user = try heartRateGroups()
        #expect(user.count == 15)
        #expect(user.allSatisfy { $0.configuration.source == .user && $0.durations.count == 4 })
    }
}

import Foundation
import HealthDemoData
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import Testing

@testable import HealthExport

/// A sample as content the export format carries: everything but its uuid, with dates apart (compared within a
/// microsecond, the precision the writer keeps) and the metadata keys an import adds left out where the original
/// had none.
private struct Content: Comparable, CustomStringConvertible {
    var key: String
    var dates: [Double]

    static func < (lhs: Content, rhs: Content) -> Bool {
        lhs.key != rhs.key ? lhs.key < rhs.key : lhs.dates.lexicographicallyPrecedes(rhs.dates)
    }
    var description: String { key + " @ " + dates.map { String($0) }.joined(separator: ",") }

    func matches(_ other: Content) -> Bool {
        key == other.key && dates.count == other.dates.count
            && zip(dates, other.dates).allSatisfy { abs($0 - $1) <= 2e-6 }
    }

    init(_ sample: Sample, keepingImportKeys: Bool) {
        var dates = [sample.startDate.timeIntervalSince1970, sample.endDate.timeIntervalSince1970]
        var parts = [
            sample.type.identifier, sample.sourceRevision?.source.name ?? "-", sample.sourceRevision?.version ?? "-",
            sample.device.map { String(describing: $0) } ?? "-",
        ]
        func metadata(_ values: [String: MetadataValue]?) -> String {
            (values ?? [:]).filter {
                keepingImportKeys || ($0.key != ExportMetadataKey.utcOffset && $0.key != ExportMetadataKey.creationDate)
            }
            .sorted { $0.key < $1.key }.map { key, value in
                if case let .date(date) = value {
                    dates.append(date.timeIntervalSince1970)
                    return key + "=date"
                }
                return key + "=" + value.description
            }.joined(separator: ";")
        }
        parts.append(metadata(sample.metadata))
        switch sample.content {
        case let .quantity(content): parts.append(content.quantity.description)
        case let .category(value): parts.append(String(value))
        case let .correlation(objects):
            let members = objects.map { Content($0, keepingImportKeys: keepingImportKeys) }.sorted()
            parts.append("[" + members.map(\.key).joined(separator: " | ") + "]")
            dates += members.flatMap(\.dates)
        case let .workout(workout):
            parts.append("\(workout.activityTypeRawValue) \(String(format: "%.6f", workout.duration))")
            for event in workout.events {
                parts.append(event.type.exportName + metadata(event.metadata))
                dates += [event.startDate.timeIntervalSince1970, event.endDate.timeIntervalSince1970]
            }
            for (identifier, statistic) in workout.statistics.sorted(by: { $0.key < $1.key }) {
                parts.append(
                    "\(identifier) \([statistic.sum, statistic.average, statistic.minimum, statistic.maximum].map { $0.map(\.description) ?? "-" })"
                )
            }
        // Series carry times that an export writes as text: compared within the tolerance of dates.
        case let .payload(.workoutRoute(route)):
            for location in route.locations {
                dates.append(location.date.timeIntervalSince1970)
                parts.append(
                    [
                        location.latitude, location.longitude, location.altitude, location.speed, location.course,
                        location.horizontalAccuracy, location.verticalAccuracy,
                    ].map { $0.map { "\($0)" } ?? "-" }.joined(separator: ","))
            }
        case let .payload(.heartbeatSeries(series)):
            for beat in series.beats {
                dates.append(beat.time)
                parts.append("\(beat.precededByGap) \(beat.beatsPerMinute.map { "\($0)" } ?? "-")")
            }
        case let .payload(payload):
            parts.append(String(decoding: payload.json, as: UTF8.self))
        }
        key = parts.joined(separator: " ")
        self.dates = dates
    }
}

@Suite("Export document: a store written as export.xml imports back into the same samples, statistics and data")
struct ExportDocumentWriterTests {
    /// The whole document written by the writer, in memory.
    static func export(
        _ storage: any HealthStorage, zone: TimeZone, windowSize: Int = 20_000
    ) throws -> (Data, ExportDocumentWriter.Summary) {
        var document = Data()
        let summary = try ExportDocumentWriter(
            storage: storage, timeZone: zone, exportDate: Date(timeIntervalSince1970: 1_717_000_000),
            windowSize: windowSize
        ).write { document.append($0) }
        return (document, summary)
    }

    /// Imports a document into a new store of the backend.
    static func reimport(
        _ document: Data, backend: StorageBackend, folder: URL, name: String
    ) throws -> (HealthDataStore, ImportReport) {
        let file = folder.appendingPathComponent(name + ".xml")
        try document.write(to: file)
        let store = backend.makeStore()
        let report = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: file)
        return (store, report)
    }

    static func count(_ store: HealthDataStore) throws -> Int {
        try store.storage.typeSummaries().reduce(0) { $0 + $1.count }
    }

    static func everySample(_ store: HealthDataStore) throws -> [Sample] {
        try store.storage.typeSummaries().flatMap { try ExportFixtures.samples(store, $0.type) }
    }

    /// Checks that two stores hold the same content sample by sample (members of correlations once, inside them).
    static func expectSameContent(_ original: HealthDataStore, _ copy: HealthDataStore, keepingImportKeys: Bool) throws
    {
        func contents(_ store: HealthDataStore) throws -> [Content] {
            let samples = try everySample(store)
            let members = try store.storage.correlationMembers(among: samples.map(\.uuid))
            return samples.filter { !members.contains($0.uuid) }.map {
                Content($0, keepingImportKeys: keepingImportKeys)
            }.sorted()
        }
        let before = try contents(original)
        let after = try contents(copy)
        #expect(before.count == after.count)
        let mismatches = zip(before, after).filter { !$0.matches($1) }
        let examples = mismatches.prefix(2).map { "\($0.0)\n  became \($0.1)" }
        #expect(mismatches.count == 0, "e.g. \(examples)")
    }

    /// Checks sums (cumulative types) or average, minimum and maximum (discrete types), merged and by source name.
    static func expectSameStatistics(_ original: HealthDataStore, _ copy: HealthDataStore) throws {
        var compared = 0
        for summary in try original.storage.typeSummaries() where summary.type.kind == .quantity {
            let options: StatisticsOptions =
                summary.type.aggregationStyle == .cumulative
                ? [.cumulativeSum, .separateBySource]
                : [.discreteAverage, .discreteMin, .discreteMax, .separateBySource]
            let before = try original.statistics(of: summary.type, options: options)
            let after = try copy.statistics(of: summary.type, options: options)
            func figures(_ figures: StatisticsFigures) -> [Double] {
                [figures.sum, figures.average, figures.minimum, figures.maximum].compactMap { $0 }.map {
                    (try? $0.value(in: summary.type.canonicalUnit!)) ?? .nan
                }
            }
            func close(_ lhs: [Double], _ rhs: [Double]) -> Bool {
                lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }
            }
            #expect(
                close(figures(before.merged), figures(after.merged)),
                "\(summary.type): \(before.merged) became \(after.merged)")
            let bySourceBefore = Dictionary(
                uniqueKeysWithValues: before.bySource.map { ($0.key.name, figures($0.value)) })
            let bySourceAfter = Dictionary(
                uniqueKeysWithValues: after.bySource.map { ($0.key.name, figures($0.value)) })
            #expect(bySourceBefore.keys.sorted() == bySourceAfter.keys.sorted(), "\(summary.type)")
            for (name, values) in bySourceBefore {
                #expect(close(values, bySourceAfter[name] ?? []), "\(summary.type) of \(name)")
            }
            compared += 1
        }
        #expect(compared > 0)
    }

    /// The generated data of `syntheticStore`: 2024-03-08 to 2024-04-03, when both the American and the European
    /// clocks switch to summer time, with a week's trip to another time zone (Berlin from Los Angeles, New York from
    /// Berlin) from 2024-03-22.
    static func generator(_ zone: TimeZone) -> SyntheticHealthData {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return SyntheticHealthData(
            calendar: calendar, firstDay: Date(timeIntervalSince1970: 1_709_900_000), days: 26, seed: 17)
    }

    /// A store with realistic generated data over a DST change, plus what only imports bring: a blood pressure
    /// correlation, an HRV sample with its beats, a route, activity summaries, characteristics.
    static func syntheticStore(_ backend: StorageBackend, folder: URL, zone: TimeZone) throws -> HealthDataStore {
        let store = backend.makeStore()
        try generator(zone).save(into: store)
        let morning = Date(timeIntervalSince1970: 1_710_403_200.25)
        let systolic = try Sample.quantity(
            type: .quantity("bloodPressureSystolic"), quantity: Quantity(121, .millimeterOfMercury), start: morning,
            end: morning)
        let diastolic = try Sample.quantity(
            type: .quantity("bloodPressureDiastolic"), quantity: Quantity(79.5, .millimeterOfMercury), start: morning,
            end: morning)
        let pressure = try Sample.correlation(
            type: .correlation("HKCorrelationTypeIdentifierBloodPressure"), start: morning, end: morning,
            objects: [systolic, diastolic],
            metadata: [
                "Note": .string("after a run & <coffee> \"strong\"\nsecond line"), "HKWasUserEntered": .number(1),
            ])
        let hrv = try Sample.quantity(
            type: .quantity("heartRateVariabilitySDNN"), quantity: Quantity(48.25, .second(.milli)), start: morning,
            end: morning.addingTimeInterval(60),
            metadata: [
                MetadataKey.timeZone: .string(zone.identifier), "Measured": .date(morning.addingTimeInterval(-30)),
            ])
        // A unit with markup characters, a quantity and a negative number in metadata.
        let glucose = try Sample.quantity(
            type: .quantity("bloodGlucose"),
            quantity: Quantity(5.4, try HealthUnit(parsing: "mmol<180.15588000005408>/L")), start: morning,
            end: morning,
            metadata: ["Reach": .quantity(Quantity(418, .meter(.centi))), "Offset": .number(-0.125)])
        let revision = SyntheticHealthData.watch
        try store.save([pressure, hrv, glucose], as: revision)
        let workout = try #require(try ExportFixtures.samples(store, .workout).first)
        var data = ImportedData()
        try store.saveHeartbeatSeries(
            HeartbeatSeries(
                sample: hrv.uuid,
                beats: (0..<40).map {
                    HeartbeatSeries.Beat(
                        date: morning.addingTimeInterval(Double($0) * 0.8125 + 0.000_25),
                        beatsPerMinute: 70 + Double($0 % 7) * 0.5)
                }))
        try store.saveWorkoutRoute(
            WorkoutRoute(
                uuid: UUID(), workout: workout.uuid, sourceName: revision.source.name, filePath: nil,
                locations: (0..<25).map {
                    WorkoutRouteLocation(
                        date: workout.startDate.addingTimeInterval(Double($0) * 4), latitude: 52.52 + Double($0) * 1e-5,
                        longitude: 13.405 - Double($0) * 2e-5,
                        altitude: 34.5, speed: 2.75, course: 181.25, horizontalAccuracy: 3.5, verticalAccuracy: 2)
                }))
        data.activitySummaries = try (10...14).map { day in
            try ActivitySummary(
                day: DateComponents(year: 2024, month: 3, day: day),
                activeEnergyBurned: Quantity(412.5 + Double(day), .kilocalorie),
                activeEnergyBurnedGoal: Quantity(500, .kilocalorie), appleMoveTime: Quantity(0, .minute),
                appleMoveTimeGoal: Quantity(0, .minute),
                appleExerciseTime: Quantity(31, .minute), appleExerciseTimeGoal: Quantity(30, .minute),
                appleStandHours: Quantity(11, .count),
                appleStandHoursGoal: Quantity(12, .count), isPaused: day == 12)
        }
        data.characteristics = [
            "HKCharacteristicTypeIdentifierDateOfBirth": "1989-04-24",
            "HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale",
        ]
        try store.saveImportedData(data)
        return store
    }

    @Test(
        "Generated data (both DST zones, both backends): the same samples, statistics, beats, route, summaries and characteristics",
        arguments: StorageBackend.allCases, ["America/Los_Angeles", "Europe/Berlin"])
    func syntheticStoreRoundTrips(_ backend: StorageBackend, zoneName: String) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zone = try #require(TimeZone(identifier: zoneName))
        let original = try Self.syntheticStore(backend, folder: folder, zone: zone)
        // Small windows, so that samples are read in many windows as in a big store.
        let (document, summary) = try Self.export(original.storage, zone: zone, windowSize: 500)
        // The generated blood pressures, workouts and routes, and what the store adds: a blood pressure, a route of 25
        // points (on the first workout, which has a generated route too).
        let generated = try Self.generator(zone).batches()
        let generatedSamples = generated.flatMap(\.samples)
        let generatedRoutes = generated.flatMap(\.routes)
        let pressures = generatedSamples.filter { $0.type.kind == .correlation }.count
        let generatedWorkouts = generatedSamples.filter { $0.type == .workout }.count
        #expect(pressures > 0 && generatedWorkouts > 5 && generatedRoutes.count == generatedWorkouts)
        #expect(
            summary.correlations == 1 + pressures && summary.heartbeatSeries == 1 && summary.heartbeats == 40
                && summary.routes == 1 + generatedRoutes.count
                && summary.routePoints == 25 + generatedRoutes.map(\.locations.count).reduce(0, +))
        #expect(summary.activitySummaries == 5 && summary.workouts == generatedWorkouts)
        let (copy, report) = try Self.reimport(document, backend: backend, folder: folder, name: "copy")
        #expect(report.issues.isEmpty, "\(report.issues.prefix(3))")
        #expect(try Self.count(copy) == Self.count(original))
        try Self.expectSameContent(original, copy, keepingImportKeys: false)
        try Self.expectSameStatistics(original, copy)

        // The HRV sample with beats is the one of 48.25 ms (the generated ones are whole milliseconds).
        func withBeats(_ store: HealthDataStore) throws -> Sample? {
            try ExportFixtures.samples(store, .quantity("heartRateVariabilitySDNN")).first {
                try $0.quantity?.value(in: .second(.milli)) == 48.25
            }
        }
        let hrv = try #require(try withBeats(copy))
        let beats = try #require(try copy.heartbeatSeries(ofSample: hrv.uuid)).beats
        let originalHRV = try #require(try withBeats(original))
        let originalBeats = try #require(try original.heartbeatSeries(ofSample: originalHRV.uuid)).beats
        #expect(beats.count == originalBeats.count)
        #expect(
            zip(beats, originalBeats).allSatisfy {
                abs($0.date.timeIntervalSince($1.date)) < 2e-6 && $0.beatsPerMinute == $1.beatsPerMinute
            })

        let workouts = try ExportFixtures.samples(copy, .workout)
        let routes = try workouts.flatMap { try copy.workoutRoutes(ofWorkout: $0.uuid) }
        let originalRoutes: [WorkoutRoute] = try ExportFixtures.samples(original, .workout).flatMap {
            try original.workoutRoutes(ofWorkout: $0.uuid)
        }
        #expect(routes.count == 1 + generatedRoutes.count && originalRoutes.count == routes.count)
        #expect(routes.contains { $0.locations.count == 25 })
        for original in originalRoutes {
            let copied = routes.first {
                $0.locations.count == original.locations.count
                    && abs($0.locations[0].date.timeIntervalSince(original.locations[0].date)) < 2e-6
            }
            #expect(
                copied.map { route in
                    zip(route.locations, original.locations).allSatisfy {
                        $0.latitude == $1.latitude && $0.longitude == $1.longitude && $0.altitude == $1.altitude
                            && $0.speed == $1.speed
                            && $0.course == $1.course && $0.horizontalAccuracy == $1.horizontalAccuracy
                            && $0.verticalAccuracy == $1.verticalAccuracy
                            && abs($0.date.timeIntervalSince($1.date)) < 2e-6
                    }
                } == true, "route of \(original.locations.count) points from \(original.locations[0].date)")
        }
        let everyDay = (DateComponents(year: 2000, month: 1, day: 1), DateComponents(year: 2100, month: 1, day: 1))
        #expect(
            try copy.storage.activitySummaries(from: everyDay.0, through: everyDay.1)
                == original.storage.activitySummaries(from: everyDay.0, through: everyDay.1))
        #expect(try copy.storage.characteristics() == original.storage.characteristics())
    }

    @Test(
        "Real exports: what an import made exports and imports back the same, metadata and offsets included; a second round trip keeps every uuid",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason),
        arguments: ["comocomo-export.xml", "ipyhealth-export.xml"])
    func realExportsRoundTrip(_ name: String) throws {
        let url = ExportFixtures.url(name)
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = HealthDataStore(
            storage: try SQLiteStorage(path: folder.appendingPathComponent("original.sqlite").path))
        _ = try ExportImporter(store: original, clock: ContinuousClock()).importExport(at: url)
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let (first, _) = try Self.export(original.storage, zone: zone)
        let (copy, report) = try Self.reimport(first, backend: .sqlite, folder: folder, name: "copy")
        #expect(report.issues.isEmpty, "\(report.issues.prefix(3))")
        #expect(try Self.count(copy) == Self.count(original))
        try Self.expectSameContent(original, copy, keepingImportKeys: true)
        try Self.expectSameStatistics(original, copy)
        let everyDay = (DateComponents(year: 2000, month: 1, day: 1), DateComponents(year: 2100, month: 1, day: 1))
        #expect(
            try copy.storage.activitySummaries(from: everyDay.0, through: everyDay.1)
                == original.storage.activitySummaries(from: everyDay.0, through: everyDay.1))
        #expect(try copy.storage.characteristics() == original.storage.characteristics())
        #expect(try copy.importedDataCounts().heartbeats == original.importedDataCounts().heartbeats)
        #expect(
            try copy.importedDataCounts().keptElements == original.importedDataCounts().keptElements)

        // What the writer wrote once it writes again the same way: the second import is the first, uuid for uuid.
        let (second, _) = try Self.export(copy.storage, zone: zone)
        let (again, _) = try Self.reimport(second, backend: .inMemory, folder: folder, name: "again")
        let byUUID = { (samples: [Sample]) in Dictionary(uniqueKeysWithValues: samples.map { ($0.uuid, $0) }) }
        let copied = byUUID(try Self.everySample(copy))
        let reimported = byUUID(try Self.everySample(again))
        #expect(copied.count == reimported.count)
        #expect(copied.filter { reimported[$0.key] != $0.value }.isEmpty)
    }

    @Test("Text forms: dates with offsets and fractions, numbers that read back exactly, devices the importer parses")
    func textForms() throws {
        let date = Date(timeIntervalSince1970: 1_577_605_628.5)
        #expect(ExportDocumentWriter.dateText(date, offset: 7200) == "2019-12-29 09:47:08.5 +0200")
        #expect(
            ExportDocumentWriter.dateText(Date(timeIntervalSince1970: -86_401), offset: -16_200)
                == "1969-12-30 19:29:59 -0430")
        for value in [72.0, 0.1, 1e-7, 123_456_789.123_456_78, -3.25, 1e20] {
            let text = ExportDocumentWriter.numberText(value)
            #expect(text.withCString { Double(String(cString: $0)) } == value, "\(value) as \(text)")
        }
        let device = SyntheticHealthData.watchDevice
        #expect(DeviceDescriptionParser.parse(ExportDocumentWriter.deviceText(device)) == device)
        for days in [-719_468, -1, 0, 59, 11_016, 2_932_896] {
            let (year, month, day) = ProlepticGregorian.date(daysSince1970: days)
            #expect(ProlepticGregorian.daysSince1970(year: year, month: month, day: day) == days)
        }
    }
}

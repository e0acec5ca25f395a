import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Finding the export in a zip, a folder or a file")
struct ExportInputTests {
    @Test(
        "a zip whose data file has a localized name is read by its <HealthData root, routes included, without unpacking",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func localizedNameInsideZip(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cda = try ExportFixtures.write(
            "<?xml version=\"1.0\"?>\n<ClinicalDocument><title>x</title></ClinicalDocument>\n", named: "cda.xml",
            in: folder)
        let body =
            ExportFixtures.steps(7, start: "2020-01-18 09:00:00 +0200", end: "2020-01-18 09:10:00 +0200") + """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="60" durationUnit="min" sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 10:13:00 +0200" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 10:13:00 +0200">
                  <WorkoutEvent type="HKWorkoutEventTypePause" date="2020-01-18 09:30:00 +0200"/>
                  <WorkoutEvent type="HKWorkoutEventTypeResume" date="2020-01-18 09:40:00 +0200"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 10:13:00 +0200" sum="8.2" unit="km"/>
                  <WorkoutRoute sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 10:13:00 +0200" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 10:13:00 +0200">
                   <FileReference path="/workout-routes/route_2020-01-18_5.49pm.gpx"/>
                  </WorkoutRoute>
                 </Workout>

                """
        let xml = try ExportFixtures.write(ExportFixtures.document(body), named: "eksport.xml", in: folder)
        let zip = try ExportFixtures.zip(
            [
                ("apple_health_export/export_cda.xml", cda),
                ("apple_health_export/eksport.xml", xml),
                (
                    "apple_health_export/workout-routes/route_2020-01-18_5.49pm.gpx",
                    ExportFixtures.url("ipyhealth-route_2020-01-18_5.49pm.gpx")
                ),
            ], named: "export.zip", in: folder)
        let store = backend.makeStore()
        let (importer, collector) = ExportFixtures.importer(store: store)
        var progress: [ImportProgress] = []
        let report = try importer.importExport(at: zip) { progress.append($0) }
        #expect(report.dataFile == "apple_health_export/eksport.xml")
        #expect(report.issues.isEmpty, "\(report.issues)")
        #expect(report.quantitySamples == 1)
        #expect(report.workouts == 1)
        #expect(report.routePoints == 16_654)
        #expect(collector.routes.count == 1)
        let workout = try #require(try ExportFixtures.samples(store, .workout).first?.workoutContent)
        #expect(workout.duration == 3600)
        #expect(workout.events.map(\.type) == [.pause, .resume])
        #expect(try workout.totalDistance?.value(in: .meter()) == 8200)
        #expect(progress.last?.bytesRead == Int64(try Data(contentsOf: xml).count))
        #expect(progress.last?.fractionCompleted == 1)
        // Nothing was unpacked next to the zip.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "cda.xml", "eksport.xml", "export.zip",
            ])
    }

    @Test("a path with no Apple Health export is refused with a clear error")
    func noExportIsAnError() throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = try ExportFixtures.write("<?xml version=\"1.0\"?>\n<gpx></gpx>\n", named: "route.xml", in: folder)
        let (importer, _) = ExportFixtures.importer()
        #expect(throws: HealthExportError.noHealthData(file: other.path)) { try importer.importExport(at: other) }
        #expect(throws: HealthExportError.noHealthData(file: folder.path)) { try importer.importExport(at: folder) }
    }

    @Test("a route file referenced outside the export's folder (../) is not read, and is reported as missing")
    func referenceOutsideTheFolder() throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try ExportFixtures.write(
            "<gpx><trk><trkseg><trkpt lat=\"52.5\" lon=\"13.4\"><time>2020-01-18T07:13:15Z</time></trkpt></trkseg></trk></gpx>",
            named: "elsewhere/outside.gpx", in: folder)
        let export = try ExportFixtures.write(
            ExportFixtures.document(
                """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="60" durationUnit="min" sourceName="Watch" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 10:13:00 +0200">
                  <WorkoutRoute sourceName="Watch"><FileReference path="/../elsewhere/outside.gpx"/></WorkoutRoute>
                 </Workout>

                """), named: "uploads/export.xml", in: folder)
        let (importer, collector) = ExportFixtures.importer()
        let report = try importer.importExport(at: export)
        #expect(report.workouts == 1)
        #expect(report.workoutRoutes == 0)
        #expect(collector.routes.isEmpty)
        #expect(
            report.issues.contains {
                if case let .missingReferencedFile(_, _, path) = $0 { return path == "/../elsewhere/outside.gpx" }
                return false
            }, "\(report.issues)")
    }

    @Test("old exports with inline Location elements give a route", arguments: StorageBackend.allCases)
    func inlineLocationsGiveARoute(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = """
             <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="10" durationUnit="min" totalDistance="3.5" totalDistanceUnit="km" totalEnergyBurned="80" totalEnergyBurnedUnit="kcal" sourceName="Ride" startDate="2016-05-01 09:00:00 +0200" endDate="2016-05-01 09:10:00 +0200">
              <WorkoutRoute sourceName="Ride" startDate="2016-05-01 09:00:00 +0200" endDate="2016-05-01 09:10:00 +0200">
               <Location date="2016-05-01 09:00:00 +0200" latitude="52.5" longitude="13.4" altitude="34" horizontalAccuracy="5" verticalAccuracy="3" course="90" speed="5.5"/>
               <Location date="2016-05-01 09:00:01 +0200" latitude="52.50005" longitude="13.4001" altitude="34.2" horizontalAccuracy="5" verticalAccuracy="3" course="90" speed="5.6"/>
              </WorkoutRoute>
             </Workout>

            """
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        let store = backend.makeStore()
        let (importer, collector) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: url)
        #expect(report.routePoints == 2)
        #expect(collector.routes.values.first?.locations.last?.speed == 5.6)
        let workout = try #require(try ExportFixtures.samples(store, .workout).first?.workoutContent)
        #expect(try workout.statistics["HKQuantityTypeIdentifierDistanceCycling"]?.sum?.value(in: .meter()) == 3500)
        #expect(try workout.totalEnergyBurned?.value(in: .kilocalorie) == 80)
    }

    @Test(
        "a re-import keeps a workout's stored route without opening its file again, and reports it as kept",
        arguments: StorageBackend.allCases)
    func reimportKeepsStoredRoute(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gpx = try ExportFixtures.write(
            """
            <gpx><trk><trkseg>
            <trkpt lat="52.5" lon="13.4"><ele>34</ele><time>2020-01-18T07:13:15Z</time></trkpt>
            <trkpt lat="52.5001" lon="13.4002"><ele>35</ele><time>2020-01-18T07:13:20Z</time></trkpt>
            <trkpt lat="52.5002" lon="13.4004"><ele>36</ele><time>2020-01-18T07:13:25Z</time></trkpt>
            </trkseg></trk></gpx>
            """, named: "workout-routes/route_2020-01-18.gpx", in: folder)
        let export = try ExportFixtures.write(
            ExportFixtures.document(
                """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="60" durationUnit="min" sourceName="Watch" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 10:13:00 +0200">
                  <WorkoutRoute sourceName="Watch"><FileReference path="/workout-routes/route_2020-01-18.gpx"/></WorkoutRoute>
                 </Workout>

                """), named: "export.xml", in: folder)
        let store = backend.makeStore()
        let first = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: export)
        #expect(first.workoutRoutes == 1 && first.routePoints == 3 && first.routesKept == 0)
        let workout = try #require(try ExportFixtures.samples(store, .workout).first)
        #expect(try store.workoutRoutes(ofWorkout: workout.uuid).map(\.locations.count) == [3])

        // The file is gone: reading it again would report it missing.
        try FileManager.default.removeItem(at: gpx)
        let again = try ExportImporter(store: store, clock: ContinuousClock(), reusesImportedSpans: false)
            .importExport(at: export)
        #expect(again.issues.isEmpty, "\(again.issues)")
        #expect(again.workoutRoutes == 0 && again.routePoints == 0)
        #expect(again.routesKept == 1)
        #expect(again.summary.contains("routes kept from an earlier import (their files not read again): 1"))
        #expect(try store.workoutRoutes(ofWorkout: workout.uuid).map(\.locations.count) == [3])
    }
}

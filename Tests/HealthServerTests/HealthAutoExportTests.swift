import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Testing

@Suite("Health Auto Export ingest")
struct HealthAutoExportTests {
    /// A payload in the app's "API Export — JSON Format": steps, heart rate (Min/Avg/Max), active energy in kJ, blood
    /// pressure, blood glucose with a meal time, unaggregated sleep stages, handwashing, a read-only metric, and an
    /// outdoor walk.
    static let payload = #"""
        {"data": {
          "metrics": [
            {"name": "step_count", "units": "count", "data": [
              {"qty": 812, "date": "2024-03-10 08:00:00 -0800", "source": "Alex’s Apple Watch"},
              {"qty": 95, "date": "2024-03-10 08:01:00 -0800", "source": "Alex’s Apple Watch"}]},
            {"name": "heart_rate", "units": "count/min", "data": [
              {"Min": 61, "Avg": 64.5, "Max": 70, "date": "2024-03-10 08:00:00 -0800", "source": "Alex’s Apple Watch"}]},
            {"name": "active_energy", "units": "kJ", "data": [{"qty": 41.84, "date": "2024-03-10 08:00:00 -0800"}]},
            {"name": "blood_pressure", "units": "mmHg", "data": [{"systolic": 121, "diastolic": 79, "date": "2024-03-10 07:30:00 -0800"}]},
            {"name": "blood_glucose", "units": "mg/dL", "data": [{"qty": 98, "date": "2024-03-10 07:45:00 -0800", "mealTime": "Before Meal"}]},
            {"name": "sleep_analysis", "units": "hr", "data": [
              {"startDate": "2024-03-10 00:10:00 -0800", "endDate": "2024-03-10 01:40:00 -0800", "qty": 1.5, "value": "Core", "source": "Alex’s Apple Watch"},
              {"startDate": "2024-03-10 01:40:00 -0800", "endDate": "2024-03-10 02:10:00 -0800", "qty": 0.5, "value": "REM", "source": "Alex’s Apple Watch"}]},
            {"name": "handwashing", "units": "count", "data": [{"qty": 3, "date": "2024-03-10 08:00:00 -0800"}]},
            {"name": "apple_exercise_time", "units": "min", "data": [{"qty": 12, "date": "2024-03-10 08:00:00 -0800"}]}
          ],
          "workouts": [
            {"id": "7F3A", "name": "Outdoor Walk", "start": "2024-03-10 09:00:00 -0800", "end": "2024-03-10 09:40:00 -0800", "duration": 2400,
             "activeEnergyBurned": {"qty": 150, "units": "kcal"}, "distance": {"qty": 3.1, "units": "km"}}
          ]}}
        """#

    @Test("A payload round trip: mapped to HealthKit types, read back, and a re-send saves nothing")
    func roundTrip() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            let first = try await client.call(.post, "/ingest/health-auto-export", token: token, body: Self.payload)
            #expect(first.status == .created, "\(first.text)")
            // 2 steps, 1 heart rate, 1 energy, 1 pressure correlation with its 2 members, 1 glucose, 2 sleep stages,
            // 1 handwashing event, 1 workout, and exercise minutes (read-only: the Health app has full access).
            #expect(first.json["saved"] as? Double == 13, "\(first.text)")
            let skipped = (first.json["skipped"] as? [[String: Any]])?.compactMap { $0["field"] as? String }
            #expect(skipped == [])
            let anchor = try #require(first.json["anchor"] as? Double)

            let steps = try await client.call(
                .get, "/samples?type=stepCount&timeZone=America/Los_Angeles", token: token)
            #expect(steps.samples.map { $0["value"] as? Double } == [812, 95])
            // 08:00 at -08:00 on the spring-forward day is 09:00 daylight time in Los Angeles.
            #expect(steps.samples.first?["startDate"] as? String == "2024-03-10T09:00:00-07:00")
            #expect((steps.samples.first?["device"] as? [String: Any])?["name"] as? String == "Alex’s Apple Watch")
            #expect(
                (steps.samples.first?["source"] as? [String: Any])?["bundleIdentifier"] as? String == "com.apple.Health"
            )
            #expect(
                try await client.call(.get, "/samples?type=heartRate", token: token).samples.first?["value"] as? Double
                    == 64.5)
            let energy = try await client.call(.get, "/samples?type=activeEnergyBurned", token: token)
            #expect(abs((energy.samples.first?["value"] as? Double ?? 0) - 10) < 1e-9)
            #expect(
                (try await client.call(.get, "/samples?type=bloodPressure", token: token).samples.first?["objects"]
                    as? [Any])?.count == 2)
            let glucose = try await client.call(.get, "/samples?type=bloodGlucose", token: token)
            #expect((glucose.samples.first?["metadata"] as? [String: Any])?["HKBloodGlucoseMealTime"] as? Double == 1)
            let sleep = try await client.call(.get, "/samples?type=sleepAnalysis", token: token)
            #expect(sleep.samples.map { $0["valueName"] as? String } == ["asleepCore", "asleepREM"])
            let walk = try #require(try await client.call(.get, "/samples?type=workout", token: token).samples.first)
            #expect(walk["activityType"] as? String == "walking")
            #expect((walk["statistics"] as? [[String: Any]])?.count == 2)

            let again = try await client.call(.post, "/ingest/health-auto-export", token: token, body: Self.payload)
            #expect(again.status == .ok)
            #expect(again.json["saved"] as? Double == 0)
            #expect(again.json["ignored"] as? Double == 13)
            let changes = try await client.call(.get, "/changes?type=stepCount&anchor=\(Int(anchor))", token: token)
            #expect(changes.samples.isEmpty, "a re-send changes nothing")
        }
    }

    @Test("Malformed payloads are refused naming the field; types not granted are refused and nothing is saved")
    func refusals() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            let health = fixture.token("alice", "com.apple.Health")
            let cases: [(String, String)] = [
                (#"{"metrics": []}"#, "data"),
                (
                    #"{"data": {"metrics": [{"name": "step_count", "units": "kg", "data": []}]}}"#,
                    "data.metrics[0].units"
                ),
                (
                    #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 1, "date": "yesterday"}]}]}}"#,
                    "data.metrics[0].data[0].date"
                ),
                (
                    #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-03-10 08:00:00 -0800"}]}]}}"#,
                    "data.metrics[0].data[0].qty"
                ),
                (
                    #"{"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [{"startDate": "2024-03-10 00:10:00 -0800", "endDate": "2024-03-10 01:40:00 -0800", "value": "Dozing"}]}]}}"#,
                    "data.metrics[0].data[0].value"
                ),
            ]
            for (body, field) in cases {
                let reply = try await client.call(.post, "/ingest/health-auto-export", token: health, body: body)
                #expect(reply.status == .badRequest, "\(body): \(reply.text)")
                #expect(reply.errorField == field, "\(reply.text)")
            }
            // The steps app may share steps but not blood pressure: the whole payload is refused.
            let denied = try await client.call(
                .post, "/ingest/health-auto-export", token: fixture.token("alice", "com.example.steps"),
                body: Self.payload)
            #expect(denied.status == .forbidden, "\(denied.text)")
            #expect(try await client.call(.get, "/samples?type=stepCount", token: health).samples.isEmpty)
        }
    }

    @Test("Read-only types are skipped for a plain client, naming the grant, and saved for a full-access importer")
    func readOnlyGrant() async throws {
        let fixture = try ServerFixture()
        let body = #"""
            {"data": {
              "metrics": [
                {"name": "step_count", "units": "count", "data": [{"qty": 40, "date": "2024-03-10 08:00:00 -0800", "source": "Watch|iPhone"}]},
                {"name": "walking_heart_rate", "units": "count/min", "data": [{"qty": 97, "date": "2024-03-10 00:00:00 -0800"}]}],
              "ecg": [{"start": "2024-03-10 09:00:00 -0800", "end": "2024-03-10 09:00:30 -0800", "classification": "Sinus Rhythm",
                       "averageHeartRate": 61, "samplingFrequency": 512, "voltageMeasurements": [{"date": "2024-03-10 09:00:00 -0800", "voltage": 12.5, "units": "µV"}]}]}}
            """#
        try await fixture.withRouter { client in
            let plain = try await client.call(
                .post, "/ingest/health-auto-export", token: fixture.token("alice", "com.example.steps"), body: body)
            #expect(plain.status == .created, "\(plain.text)")
            #expect(plain.json["saved"] as? Double == 1)
            let skipped = plain.json["skipped"] as? [[String: Any]] ?? []
            #expect(skipped.compactMap { $0["field"] as? String } == ["data.metrics[1].data[0]", "data.ecg[0]"])
            #expect((skipped.last?["reason"] as? String)?.contains("--full-access") == true)

            let health = fixture.token("alice", "com.apple.Health")
            let importer = try await client.call(.post, "/ingest/health-auto-export", token: health, body: body)
            #expect(importer.json["saved"] as? Double == 3, "\(importer.text)")
            let ecg = try await client.call(.get, "/samples?type=electrocardiogram", token: health)
            #expect(ecg.samples.count == 1, "\(ecg.text)")
        }
    }
}

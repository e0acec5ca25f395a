import Foundation
import HTTPTypes
import HealthModel
import HealthServer
import HealthStoreSQLite
import HummingbirdTesting
import Testing

@Suite("Sample endpoints with states of mind, assessments, audiograms, electrocardiograms and clinical records")
struct PayloadSampleEndpointTests {
    static let mood = #"""
        {"type": "stateOfMind", "startDate": "2024-03-10T21:30:00+01:00",
         "stateOfMind": {"kind": 2, "valence": 0.45, "labels": [7, 15], "associations": [5, 17]}}
        """#
    static let gad7 = #"""
        {"type": "HKScoredAssessmentTypeIdentifierGAD7", "startDate": "2024-03-10T09:00:00Z",
         "scoredAssessment": {"answers": [1, 2, 0, 1, 3, 2, 1]}}
        """#
    static let audiogram = #"""
        {"type": "HKDataTypeIdentifierAudiogram", "startDate": "2024-03-10T10:00:00Z", "endDate": "2024-03-10T10:05:00Z",
         "audiogram": {"sensitivityPoints": [
           {"frequency": 1000, "tests": [{"sensitivity": 5, "conductionType": 0, "masked": false, "side": 0},
                                         {"sensitivity": 10, "conductionType": 0, "masked": false, "side": 1}]}]}}
        """#

    /// A fixture with a mood app (shares and reads the new kinds) and its tokens.
    static func fixture() throws -> (ServerFixture, mood: String, full: String, reader: String) {
        let fixture = try ServerFixture()
        let kinds = ["stateOfMind", "gad7", "audiogram"]
        let (_, token) = try fixture.server.registry.addClient(
            person: "alice", bundleIdentifier: "com.example.mood", name: nil, share: kinds,
            read: kinds + ["electrocardiogram"], fullAccess: false, now: ServerFixture.fixedNow)
        return (
            fixture, token.text, fixture.token("alice", "com.apple.Health"),
            fixture.token("alice", "com.example.reader")
        )
    }

    @Test("New kinds are saved and read back through /samples and /changes; a client without read sees nothing")
    func savedReadAndHidden() async throws {
        let (fixture, mood, full, reader) = try Self.fixture()
        try await fixture.withRouter { client in
            let saved = try await client.save([Self.mood, Self.gad7, Self.audiogram], token: mood)
            #expect((saved.json["saved"] as? [String])?.count == 3)

            let moods = try await client.call(.get, "/samples?type=stateOfMind&timeZone=Europe/Berlin", token: mood)
            #expect(moods.status == .ok)
            let state = try #require(moods.samples.first?["stateOfMind"] as? [String: Any])
            #expect(state["valence"] as? Double == 0.45)
            #expect(state["labels"] as? [Int] == [7, 15])
            #expect(moods.samples.first?["type"] as? String == "HKDataTypeStateOfMind")
            #expect(moods.samples.first?["startDate"] as? String == "2024-03-10T21:30:00+01:00")

            let assessment = try #require(
                try await client.call(.get, "/samples?type=HKScoredAssessmentTypeIdentifierGAD7", token: mood).samples
                    .first)
            #expect((assessment["scoredAssessment"] as? [String: Any])?["answers"] as? [Int] == [1, 2, 0, 1, 3, 2, 1])

            let changes = try await client.call(.get, "/changes?type=audiogram&anchor=0", token: mood)
            #expect(changes.status == .ok)
            let points = ((changes.samples.first?["audiogram"] as? [String: Any])?["sensitivityPoints"] as? [Any])
            #expect(points?.count == 1)

            // Another app of the same person, not allowed to read these kinds, sees nothing.
            for type in ["stateOfMind", "gad7", "audiogram"] {
                let hidden = try await client.call(.get, "/samples?type=\(type)", token: reader)
                #expect(hidden.status == .ok)
                #expect(hidden.samples.isEmpty)
            }
            #expect(try await client.call(.get, "/changes?type=stateOfMind&anchor=0", token: reader).samples.isEmpty)
            // The Health app (full access) sees them.
            #expect(try await client.call(.get, "/samples?type=stateOfMind", token: full).samples.count == 1)
        }
    }

    @Test("Invalid content is refused naming the field; electrocardiograms cannot be saved")
    func refusals() async throws {
        let (fixture, mood, full, _) = try Self.fixture()
        try await fixture.withRouter { client in
            let badValence = try await client.call(
                .post, "/samples", token: mood,
                body:
                    #"{"samples": [{"type": "stateOfMind", "startDate": "2024-03-10T09:00:00Z", "stateOfMind": {"kind": 1, "valence": 1.5, "labels": [], "associations": []}}]}"#
            )
            #expect(badValence.status == .badRequest)
            #expect(badValence.errorField == "samples[0].stateOfMind.valence")
            let missing = try await client.call(
                .post, "/samples", token: mood,
                body: #"{"samples": [{"type": "gad7", "startDate": "2024-03-10T09:00:00Z", "scoredAssessment": {}}]}"#)
            #expect(missing.status == .badRequest)
            #expect(missing.errorField == "samples[0].scoredAssessment.answers")
            let wrongType = try await client.call(
                .post, "/samples", token: mood,
                body:
                    #"{"samples": [{"type": "gad7", "startDate": "2024-03-10T09:00:00Z", "scoredAssessment": {"answers": "1234567"}}]}"#
            )
            #expect(wrongType.errorField == "samples[0].scoredAssessment.answers")
            let ecg = try await client.call(
                .post, "/samples", token: full,
                body:
                    #"{"samples": [{"type": "electrocardiogram", "startDate": "2024-03-10T09:00:00Z", "electrocardiogram": {"classification": 1, "symptomsStatus": 0, "voltages": [1, 2]}}]}"#
            )
            #expect(ecg.status == .forbidden, "\(ecg.text)")
        }
    }

    @Test("Clinical records are read through /samples by a client granted them, hidden from others, never saved")
    func clinicalRecords() async throws {
        let fixture = try ServerFixture()
        let labs = "HKClinicalTypeIdentifierLabResultRecord"
        let (_, labToken) = try fixture.server.registry.addClient(
            person: "alice", bundleIdentifier: "com.example.labs", name: nil, share: [], read: [labs],
            fullAccess: false, now: ServerFixture.fixedNow)
        // The person's store as an export's import leaves it (the server opens the file on its first request).
        let json =
            #"{"resourceType": "Observation", "id": "ab12", "status": "final", "code": {"text": "Hemoglobin A1c"}, "valueQuantity": {"value": 5.4, "unit": "%"}}"#
        let received = Date(timeIntervalSince1970: 1_683_047_472)
        let record = try Sample(
            type: .clinicalRecord(.labResult), startDate: received, endDate: received,
            sourceRevision: SourceRevision(
                source: Source(name: "Hospital X", bundleIdentifier: "export:Hospital X"), version: nil),
            content: .payload(
                .clinicalRecord(
                    ClinicalRecordContent(
                        displayName: "Hemoglobin A1c",
                        resource: FHIRResourceContent(
                            resourceType: "Observation", identifier: "ab12", json: json,
                            sourceURL: "https://fhir.example.org/Observation/ab12", fhirVersion: "4.0.1")))))
        try FileManager.default.createDirectory(
            atPath: fixture.directory.peoplePath, withIntermediateDirectories: true)
        try HealthDataStore.sqlite(path: fixture.directory.storePath(of: "alice")).saveImported([record])
        try await fixture.withRouter { client in
            let read = try await client.call(.get, "/samples?type=labResultRecord", token: labToken.text)
            #expect(read.status == .ok, "\(read.text)")
            let content = try #require(read.samples.first?["clinicalRecord"] as? [String: Any])
            #expect(content["displayName"] as? String == "Hemoglobin A1c")
            let resource = try #require(content["resource"] as? [String: Any])
            #expect(resource["resourceType"] as? String == "Observation")
            #expect(resource["json"] as? String == json)
            #expect(read.samples.first?["type"] as? String == labs)
            let hidden = try await client.call(
                .get, "/samples?type=\(labs)", token: fixture.token("alice", "com.example.reader"))
            #expect(hidden.status == .ok)
            #expect(hidden.samples.isEmpty)
            let save = try await client.call(
                .post, "/samples", token: fixture.token("alice", "com.apple.Health"),
                body:
                    #"{"samples": [{"type": "labResultRecord", "startDate": "2024-03-10T09:00:00Z", "clinicalRecord": {"displayName": "x", "resource": {"resourceType": "Observation", "identifier": "1", "json": "{\"resourceType\": \"Observation\"}", "fhirVersion": "4.0.1"}}}]}"#
            )
            #expect(save.status == .forbidden, "\(save.text)")
        }
    }
}

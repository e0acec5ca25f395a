import Foundation
import HealthModel
import HealthServer
import Testing

@Suite("Preferred units and characteristics over HTTP")
struct PreferencesEndpointTests {
    static let bodyMass = "HKQuantityTypeIdentifierBodyMass"
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
    static let sex = "HKCharacteristicTypeIdentifierBiologicalSex"
    static let blood = "HKCharacteristicTypeIdentifierBloodType"
    static let birth = "HKCharacteristicTypeIdentifierDateOfBirth"

    func units(_ reply: Reply) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: (reply.json["units"] as? [[String: Any]] ?? []).map {
                ($0["type"] as? String ?? "", $0["unit"] as? String ?? "")
            })
    }

    @Test(
        "Any granted client reads preferred units; only full access sets them; bad units and types are 400s naming the field"
    )
    func preferredUnits() async throws {
        let fixture = try ServerFixture()
        let stepsApp = fixture.token("alice", "com.example.steps")
        let health = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            let mine = try await client.call(.get, "/preferred-units", token: stepsApp)
            #expect(mine.status == .ok, "\(mine.text)")
            #expect(mine.json["locale"] as? String == "en_US")
            // The steps app was granted step count, heart rate and active energy among quantity types.
            #expect(
                units(mine) == [
                    Self.steps: "count", "HKQuantityTypeIdentifierHeartRate": "count/min", Self.energy: "kcal",
                ])
            let notGranted = try await client.call(.get, "/preferred-units?type=bodyMass", token: stepsApp)
            #expect(notGranted.status == .forbidden)
            #expect(notGranted.errorField == "type")
            let all = try await client.call(.get, "/preferred-units", token: health)
            #expect((all.json["units"] as? [[String: Any]])?.count == TypeTable.quantityTypes.count)

            let refused = try await client.call(
                .put, "/preferred-units", token: stepsApp, body: #"{"units": {"stepCount": "count"}}"#)
            #expect(refused.status == .forbidden)
            let set = try await client.call(
                .put, "/preferred-units", token: health,
                body: #"{"locale": "de_DE", "units": {"bodyMass": "st", "activeEnergyBurned": null}}"#)
            #expect(set.status == .ok, "\(set.text)")
            #expect(set.json["locale"] as? String == "de_DE")
            #expect(units(set) == [Self.bodyMass: "st", Self.energy: "kcal"])
            #expect(
                units(try await client.call(.get, "/preferred-units?type=activeEnergyBurned", token: stepsApp)) == [
                    Self.energy: "kcal"
                ])

            for (body, field) in [
                (#"{"units": {"stepCount": "kg"}}"#, "units.stepCount"),
                (#"{"units": {"bodyMass": "furlong"}}"#, "units.bodyMass"),
                (#"{"units": {"sleepAnalysis": "count"}}"#, "units.sleepAnalysis"),
                (#"{"units": {"noSuchType": "count"}}"#, "units.noSuchType"),
                (#"{"locale": "not a locale"}"#, "locale"),
                (#"{"language": "de"}"#, "language"),
                (#"{"units": null}"#, "units"),
            ] {
                let bad = try await client.call(.put, "/preferred-units", token: health, body: body)
                #expect(bad.status == .badRequest, "\(body): \(bad.text)")
                #expect(bad.errorField == field, "\(body): \(bad.text)")
            }
            let notQuantity = try await client.call(.get, "/preferred-units?type=sleepAnalysis", token: health)
            #expect(notQuantity.status == .badRequest)
            #expect(notQuantity.errorField == "type")
            // The web page shows active energy in the preferred unit.
            try await client.save(
                [
                    #"{"type": "activeEnergyBurned", "startDate": "2024-03-08T12:00:00-08:00", "endDate": "2024-03-08T13:00:00-08:00", "value": 100, "unit": "kcal"}"#
                ], token: stepsApp)
            let kilojoules = try await client.call(
                .put, "/preferred-units", token: health, body: #"{"units": {"activeEnergyBurned": "kJ"}}"#)
            #expect(units(kilojoules) == [Self.energy: "kJ"])
            let page = try await client.call(.get, "/?timeZone=America/Los_Angeles", token: stepsApp).text
            #expect(page.contains("<title>Mar 8: 418 kJ</title>"), "\(page)")
            // Nothing refused was kept.
            #expect(
                units(try await client.call(.get, "/preferred-units?type=stepCount", token: health)) == [
                    Self.steps: "count"
                ])
        }
    }

    @Test(
        "A full-access client reads and sets characteristics; a limited client reads under HealthKit's rule and cannot set"
    )
    func characteristics() async throws {
        let fixture = try ServerFixture()
        let registry = fixture.server.registry
        let (_, profileToken) = try registry.addClient(
            person: "alice", bundleIdentifier: "com.example.profile", name: nil, share: [],
            read: ["biologicalSex", Self.blood],
            fullAccess: false, now: ServerFixture.fixedNow)
        let (_, bobProfile) = try registry.addClient(
            person: "bob", bundleIdentifier: "com.example.profile", name: nil, share: [],
            read: ["biologicalSex", Self.blood],
            fullAccess: false, now: ServerFixture.fixedNow)
        let health = fixture.token("alice", "com.apple.Health")
        let stepsApp = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            let empty = try await client.call(.get, "/characteristics", token: health)
            #expect(empty.status == .ok)
            #expect(empty.json.count == 6)
            #expect(empty.json.values.allSatisfy { $0 is NSNull })

            let set = try await client.call(
                .put, "/characteristics", token: health,
                body:
                    "{\"\(Self.sex)\": \"HKBiologicalSexFemale\", \"\(Self.blood)\": \"HKBloodTypeONegative\", \"\(Self.birth)\": \"1985-06-01\"}"
            )
            #expect(set.status == .ok, "\(set.text)")
            #expect(set.json[Self.sex] as? String == "HKBiologicalSexFemale")
            #expect(set.json[Self.birth] as? String == "1985-06-01")

            // The profile app was granted biological sex and blood type: it reads those two, nothing else is listed.
            let limited = try await client.call(.get, "/characteristics", token: profileToken.text)
            #expect(limited.status == .ok)
            #expect(limited.json.count == 2)
            #expect(limited.json[Self.sex] as? String == "HKBiologicalSexFemale")
            #expect(limited.json[Self.blood] as? String == "HKBloodTypeONegative")
            // An app granted none sees none; neither may set.
            #expect(try await client.call(.get, "/characteristics", token: stepsApp).json.isEmpty)
            let refused = try await client.call(
                .put, "/characteristics", token: profileToken.text, body: "{\"\(Self.sex)\": \"HKBiologicalSexMale\"}")
            #expect(refused.status == .forbidden)

            // Revoking the grant: the answer is exactly that of a person who set nothing (bob's, same app, same grants).
            _ = try registry.revokeClient(
                person: "alice", bundleIdentifier: "com.example.profile", now: ServerFixture.fixedNow)
            let (_, regranted) = try registry.addClient(
                person: "alice", bundleIdentifier: "com.example.profile", name: nil, share: [], read: ["biologicalSex"],
                fullAccess: false, now: ServerFixture.fixedNow)
            let denied = try await client.call(.get, "/characteristics", token: regranted.text)
            let nothingSet = try await client.call(.get, "/characteristics", token: bobProfile.text)
            #expect(denied.json[Self.sex] as? String == "HKBiologicalSexFemale")
            #expect(denied.json[Self.blood] is NSNull)
            #expect(nothingSet.json[Self.blood] is NSNull)
            #expect(denied.json[Self.blood] is NSNull && Set(denied.json.keys) == Set(nothingSet.json.keys))

            for (body, field) in [
                ("{\"\(Self.sex)\": \"female\"}", Self.sex),
                ("{\"\(Self.birth)\": \"1985-02-30\"}", Self.birth),
                ("{\"HKCharacteristicTypeIdentifierEyeColour\": \"blue\"}", "HKCharacteristicTypeIdentifierEyeColour"),
                ("{}", "body"),
            ] {
                let bad = try await client.call(.put, "/characteristics", token: health, body: body)
                #expect(bad.status == .badRequest, "\(body): \(bad.text)")
                #expect(bad.errorField == field, "\(body): \(bad.text)")
            }
            let cleared = try await client.call(
                .put, "/characteristics", token: health,
                body: "{\"\(Self.sex)\": null, \"\(Self.blood)\": \"HKBloodTypeNotSet\"}")
            #expect(cleared.json[Self.sex] is NSNull)
            #expect(cleared.json[Self.blood] is NSNull)
            #expect(cleared.json[Self.birth] as? String == "1985-06-01")
        }
    }
}

import Foundation
import HealthModel
import HealthStore
import HealthWire
import Hummingbird

extension HealthAPI {
    /// `GET /preferred-zones?type=…` (repeatable; absent: heart rate and cycling power, those the client was granted
    /// for a client without full access): the person's workout zones of each type, set by them (`user`) or derived
    /// from their data (`system`), as `HKHealthStore.preferredWorkoutZoneConfiguration(for:)` answers. A type the
    /// client was never granted is refused (403), as for preferred units; a type without zones is a 400.
    func preferredZones(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let (store, types) = try settingTypes(request, context, among: Self.zoneTypes)
        return JSONResponse.make(try zonesJSON(store, types: types))
    }

    /// `PUT /preferred-zones` `{"zones": {"heartRate": [120, 140, 160, 180], "cyclingPower": null}}`: the person's
    /// zones, as Health Settings sets them, so only a client with full access may (403 otherwise). Each boundary is the
    /// upper bound of one zone in the type's canonical unit, so n boundaries make n + 1 zones (3 to 9); invalid ones
    /// are a 400 naming `zones.TYPE`, and nothing is kept then. Answers as `GET` does for the types named.
    func setPreferredZones(_ request: Request, _ context: ServerRequestContext, body data: Data) throws -> Response {
        let store = try fullAccessStore(context, toSet: "workout zones (the person's choice)")
        let body = try Self.decoded(PreferredZonesBody.self, from: data)
        var changes: [(SampleType, WorkoutZoneConfiguration?)] = []
        for (name, boundaries) in body.zones {
            let type = try Self.named("zones.\(name)", { try SampleType.named(name) })
            let zones = try Self.named("zones.\(name)") {
                try boundaries.map {
                    try WorkoutZoneConfiguration(type: type, canonicalBoundaries: $0, source: .user)
                }
            }
            if zones == nil {
                // Clearing a type without zones is refused as setting one is.
                _ = try Self.named("zones.\(name)") {
                    try WorkoutZoneConfiguration(type: type, canonicalBoundaries: [1, 2], source: .user)
                }
            }
            changes.append((type, zones))
        }
        try perform {
            for (type, zones) in changes { try store.setPreferredWorkoutZones(zones, for: type) }
        }
        let named = changes.map(\.0)
        return JSONResponse.make(try zonesJSON(store, types: named.isEmpty ? Self.zoneTypes : named))
    }

    /// The types with workout zones: heart rate and cycling power.
    static let zoneTypes: [SampleType] = WorkoutZoneConfiguration.typeIdentifiers.compactMap {
        try? SampleType.quantity($0)
    }

    /// The answer of both endpoints, the person's age for system zones taken at the server's clock, in its time zone.
    private func zonesJSON(
        _ store: HealthDataStore, types: [SampleType]
    ) throws(HealthServerError) -> PreferredZonesAnswer {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = configuration.timeZone
        let now = configuration.now()
        let zones = try perform {
            try Set(types).sorted().map { type in
                do {
                    let configuration = try store.preferredWorkoutZones(for: type, at: now, calendar: calendar)
                    return PreferredZonesAnswer.Zones(
                        type: type.identifier, unit: type.canonicalUnit?.unitString ?? "",
                        source: configuration?.source.rawValue, boundaries: configuration?.boundaries ?? [])
                } catch HealthStoreError.authorizationNotDetermined(let name) {
                    throw HealthServerError.forbidden(
                        field: "type", reason: "this client was granted neither reading nor sharing \(name)")
                }
            }
        }
        return PreferredZonesAnswer(zones: zones)
    }
}

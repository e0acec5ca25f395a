import Foundation
import HealthModel
import HealthReports
import HealthStore
import HealthWire
import Hummingbird

extension HealthAPI {
    /// `GET /characteristics`: the person's characteristics by HealthKit identifier, in the export's spelling
    /// (`HKBiologicalSexFemale`, a date of birth as `1985-06-01`), under HealthKit's rule: null when not set and
    /// equally when the client may not read it; a characteristic the client was never granted is left out (HealthKit
    /// answers an app that never asked with an error, not a value).
    func characteristics(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let client = try context.requireClient()
        let store = try stores.store(for: client)
        _ = try QueryParameters(request, known: [])
        return JSONResponse.make(try characteristicsJSON(store))
    }

    /// `PUT /characteristics` `{"HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale", …}` (null or
    /// a `…NotSet` value clears one; those not named keep their values): the person's profile, which apps never write,
    /// so only a client with full access may (403 otherwise). Answers as `GET` does.
    func setCharacteristics(_ request: Request, _ context: ServerRequestContext, body data: Data) throws -> Response {
        let store = try fullAccessStore(context, toSet: "characteristics (the person's profile)")
        var values: [String: String?] = [:]
        for (identifier, value) in try Self.decoded(CharacteristicsBody.self, from: data).values {
            try Self.named(identifier, { try CharacteristicValues.check(value, for: identifier) })
            let stored: String? = value.flatMap { $0.hasSuffix("NotSet") ? nil : $0 }
            values.updateValue(stored, forKey: identifier)
        }
        guard !values.isEmpty else {
            throw HealthServerError.invalidField(field: "body", reason: "names no characteristic")
        }
        try perform { try store.setCharacteristics(values) }
        return JSONResponse.make(try characteristicsJSON(store))
    }

    private func characteristicsJSON(_ store: HealthDataStore) throws(HealthServerError) -> CharacteristicsAnswer {
        var members: [(identifier: String, value: String?)] = []
        for identifier in CharacteristicValues.identifiers {
            let value: String?
            do {
                value = try store.characteristic(identifier)
            } catch HealthStoreError.authorizationNotDetermined {
                continue
            } catch let error as HealthStoreError {
                throw .from(error)
            } catch {
                throw .storeFailure("\(error)")
            }
            members.append((identifier, value))
        }
        return CharacteristicsAnswer(values: members)
    }
}

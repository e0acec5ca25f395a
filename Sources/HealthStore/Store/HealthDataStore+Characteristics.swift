import Foundation
import HealthEngine
import HealthModel

/// The person's characteristics (date of birth, biological sex, blood type, skin type, wheelchair use, move mode):
/// values that do not change over time, kept by HealthKit identifier in the export's spelling
/// (`HKBiologicalSexFemale`, `1985-06-01`). An import stores the export's `Me` element; a full-access client sets them.
extension HealthDataStore {
    /// A characteristic's value as this store's client may see it: nil when the person has not set it and equally
    /// when the client may not read it (a denial looks like no value, as in HealthKit). A client that never asked to
    /// read the characteristic gets `authorizationNotDetermined`, as HealthKit answers an app that did not ask.
    public func characteristic(_ identifier: String) throws -> String? {
        try wrapped {
            try view?.checkAskedToRead(typeIdentifier: identifier)
            // The client's view leaves out what it may not read; an empty value (`DateOfBirth=""`) is not set.
            guard let value = try storage.characteristics()[identifier], !value.isEmpty else { return nil }
            return value
        }
    }

    /// Sets characteristics by identifier (nil clears one); others keep their values. Only the store itself or a
    /// full-access client may: HealthKit's apps read characteristics but never write them.
    public func setCharacteristics(_ values: [String: String?]) throws {
        var data = ImportedData()
        data.characteristics = values.mapValues { $0 ?? "" }
        try saveImportedData(data)
    }
}

import Foundation
import HealthEngine
import HealthModel

/// The person's preferred units: for each quantity type the unit they chose, else the default of the store's locale
/// (`PreferredUnitDefaults`). The locale is the one set on the store, else the `locale` of the latest imported export,
/// else `UnitLocale.fallback`. Any client reads the units of the types it asked to share or read (HealthKit's rule);
/// only the store itself or a full-access client changes them. Both are records (`PreferredUnitRecord`,
/// `UnitLocaleRecord`) written through the commit, so every change reaches the observers, apps included.
extension HealthDataStore {
    /// The locale the default units follow.
    public func unitLocale() throws -> UnitLocale {
        try wrapped {
            if let identifier = try storage.record(UnitLocaleRecord.self, key: UnitLocaleRecord.key) {
                return try UnitLocale(identifier: identifier)
            }
            // The export's locale is the device's, not one app's data: read past the client's view.
            if let identifier = try base.exportInformation()?.locale,
                let locale = try? UnitLocale(identifier: identifier)
            {
                return locale
            }
            return UnitLocale.fallback
        }
    }

    /// Sets the locale the default units follow (nil: the latest imported export's again, else the fallback).
    public func setUnitLocale(_ locale: UnitLocale?) throws {
        try write(
            records: [try wrapped { try .set(UnitLocaleRecord.self, key: UnitLocaleRecord.key, locale?.identifier) }])
    }

    /// The preferred unit of each type. Throws `invalidField(field: "type")` for a type that is not a quantity type
    /// and, for a client, `authorizationNotDetermined` for a type it never asked to share or read.
    public func preferredUnits(for types: Set<SampleType>) throws -> [SampleType: HealthUnit] {
        try wrapped {
            for type in types.sorted() {
                _ = try PreferredUnitDefaults.unit(for: type, locale: .fallback)
                try view?.checkAskedToShareOrRead(typeIdentifier: type.identifier)
            }
            let chosen = try chosenUnits()
            let locale = try unitLocale()
            var units: [SampleType: HealthUnit] = [:]
            for type in types {
                units[type] = try chosen[type] ?? PreferredUnitDefaults.unit(for: type, locale: locale)
            }
            return units
        }
    }

    /// The unit to show a type's values in when the caller named none (the command line, the web page): its
    /// preferred unit, or nil (the type's own unit) for a type that is not a quantity type, or whose preferred unit
    /// this store object may not read.
    public func displayUnit(for type: SampleType) -> HealthUnit? {
        guard type.kind == .quantity else { return nil }
        return try? preferredUnits(for: [type])[type]
    }

    /// The units the person chose, by type (types without a choice follow the locale).
    public func chosenPreferredUnits() throws -> [SampleType: HealthUnit] {
        try wrapped { try chosenUnits() }
    }

    /// Sets the preferred unit of a quantity type (nil: back to the locale's default). Throws `invalidField(field:
    /// "type")` for a type that is not a quantity type and `unitNotCompatibleWithType` for a unit that does not
    /// measure what the type measures (`kg` for step count).
    public func setPreferredUnit(_ unit: HealthUnit?, for type: SampleType) throws {
        try wrapped {
            _ = try PreferredUnitDefaults.unit(for: type, locale: .fallback)
            if let unit { try Validation.check(Quantity(1, unit), for: type, field: "unit") }
        }
        try write(
            records: [try wrapped { try .set(PreferredUnitRecord.self, key: type.identifier, unit?.unitString) }])
    }

    /// The units the person chose, as stored (a record that does not read back is a corrupt store).
    private func chosenUnits() throws -> [SampleType: HealthUnit] {
        var units: [SampleType: HealthUnit] = [:]
        for record in try storage.records(PreferredUnitRecord.self, keys: .all) {
            guard let type = try? SampleType.named(record.key), let unit = try? HealthUnit(parsing: record.value) else {
                throw HealthStoreError.corruptStore(
                    "preferred unit \(record.value) of \(record.key) does not read back")
            }
            units[type] = unit
        }
        return units
    }
}

import Foundation
import HealthModel
import HealthReports
import HealthStore
import HealthWire
import Hummingbird

extension HealthAPI {
    /// `GET /preferred-units?type=…` (repeatable; absent: every quantity type the client was granted, all of them for
    /// full access): each type's preferred unit, whether the person chose it, and the locale of the defaults. A type
    /// the client was never granted is refused (403), as HealthKit refuses an app that never asked.
    func preferredUnits(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let (store, types) = try settingTypes(request, context, among: Self.quantityTypes)
        return JSONResponse.make(try unitsJSON(store, types: types))
    }

    /// The store and the types a reading of one of the person's settings (`GET /preferred-units`,
    /// `GET /preferred-zones`) is about: those named by `?type=` (repeatable), else those of `candidates` the client
    /// was granted to share or read (all of them for full access).
    func settingTypes(
        _ request: Request, _ context: ServerRequestContext, among candidates: [SampleType]
    ) throws -> (HealthDataStore, [SampleType]) {
        let client = try context.requireClient()
        let store = try stores.store(for: client)
        let parameters = try QueryParameters(request, known: ["type"])
        guard parameters.all("type").isEmpty else {
            let named = try parameters.all("type").map { name throws(HealthServerError) in
                try Self.named("type", { try SampleType.named(name) })
            }
            return (store, named)
        }
        let granted: Set<String>? = client.fullAccess ? nil : client.share.union(client.read)
        return (store, candidates.filter { granted?.contains($0.identifier) ?? true })
    }

    /// `PUT /preferred-units` `{"locale": "de_DE", "units": {"HKQuantityTypeIdentifierBodyMass": "kg", …}}` (a null
    /// unit or locale restores the default): the person's choices, as the Health app sets them, so only a client with
    /// full access may (403 otherwise). Answers as `GET` does for the types named (all of them without `units`).
    func setPreferredUnits(_ request: Request, _ context: ServerRequestContext, body data: Data) throws -> Response {
        let store = try fullAccessStore(context, toSet: "preferred units (the person's choice)")
        let body = try Self.decoded(PreferredUnitsBody.self, from: data)
        var locale: UnitLocale??
        if let text = body.locale {
            locale = .some(try Self.named("locale", { try text.map { try UnitLocale(identifier: $0) } }))
        }
        var changes: [(SampleType, HealthUnit?)] = []
        for (name, text) in body.units ?? [] {
            let type = try Self.named("units.\(name)", { try SampleType.named(name) })
            guard type.kind == .quantity else {
                throw HealthServerError.invalidField(
                    field: "units.\(name)", reason: "is not a quantity type: only quantity types have units")
            }
            let unit = try Self.named("units.\(name)", { try text.map { try HealthUnit(parsing: $0) } })
            if let unit {
                try Self.named("units.\(name)", { try Validation.check(Quantity(1, unit), for: type, field: "unit") })
            }
            changes.append((type, unit))
        }
        try perform {
            if let locale { try store.setUnitLocale(locale) }
            for (type, unit) in changes { try store.setPreferredUnit(unit, for: type) }
        }
        let named = changes.map(\.0)
        let types = named.isEmpty ? Self.quantityTypes : named
        return JSONResponse.make(try unitsJSON(store, types: types))
    }

    /// The store of the request's person, for a client with full access (the person's own Health app); 403 naming
    /// `what` for any other: the person's settings are not an app's to change.
    func fullAccessStore(_ context: ServerRequestContext, toSet what: String) throws -> HealthDataStore {
        let client = try context.requireClient()
        guard client.fullAccess else {
            throw HealthServerError.forbidden(field: nil, reason: "only a client with full access sets \(what)")
        }
        return try stores.store(for: client)
    }

    /// Every quantity type, in the type table's order.
    static let quantityTypes: [SampleType] = TypeTable.quantityTypes.compactMap {
        try? SampleType.quantity($0.identifier)
    }

    /// Runs a parse or check of one input, naming `field` in its error (all of the input's fault is that field).
    static func named<T>(_ field: String, _ body: () throws -> T) throws(HealthServerError) -> T {
        do {
            return try body()
        } catch let error as HealthModelError {
            if case .invalidField(_, let reason) = error { throw .invalidField(field: field, reason: reason) }
            throw .invalidField(field: field, reason: error.description)
        } catch {
            throw .invalidField(field: field, reason: "\(error)")
        }
    }

    /// The answer of both endpoints: `{"locale": …, "units": [{"type", "unit", "chosen"}]}` by type identifier.
    private func unitsJSON(
        _ store: HealthDataStore, types: [SampleType]
    ) throws(HealthServerError) -> PreferredUnitsAnswer {
        let (locale, units, chosen) = try perform {
            do {
                return (
                    try store.unitLocale(), try store.preferredUnits(for: Set(types)), try store.chosenPreferredUnits()
                )
            } catch HealthStoreError.authorizationNotDetermined(let type) {
                throw HealthServerError.forbidden(
                    field: "type", reason: "this client was granted neither reading nor sharing \(type)")
            }
        }
        return PreferredUnitsAnswer(
            locale: locale.identifier,
            units: Set(types).sorted().map { type in
                PreferredUnitsAnswer.Unit(
                    type: type.identifier, unit: units[type]?.unitString ?? "", chosen: chosen[type] != nil)
            })
    }
}

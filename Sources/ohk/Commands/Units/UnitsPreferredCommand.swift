import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

/// `ohk units preferred`: the store's preferred units (what `HKHealthStore.preferredUnits(for:)` answers, and what
/// `ohk stats` and `ohk samples` show values in), and setting them as the Health app does.
struct UnitsPreferredCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preferred",
        abstract: "Show or choose the store's preferred units and the locale their defaults follow.",
        discussion: """
            Each quantity type's unit is the one chosen with --set, else HealthKit's default for the store's locale \
            (--locale, else the locale of the last imported export, else en_US). `ohk stats` and `ohk samples` show \
            values in these units unless --unit says otherwise.

            Examples:
              ohk units preferred
              ohk units preferred bodyMass bloodGlucose
              ohk units preferred --locale de_DE
              ohk units preferred --set bodyMass=kg --set 'bloodGlucose=mmol<180.15588000005408>/L'
              ohk units preferred --clear bodyMass --clear-locale
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Quantity types to show (default: every quantity type).")
    var types: [String] = []

    @Option(name: .customLong("set"), help: ArgumentHelp("Choose a type's unit (repeatable).", valueName: "type=unit"))
    var choices: [String] = []

    @Option(help: ArgumentHelp("Go back to the locale's default unit of a type (repeatable).", valueName: "type"))
    var clear: [String] = []

    @Option(help: "The locale the default units follow, e.g. en_US, en_GB, de_DE.")
    var locale: String?

    @Flag(help: "Forget the locale set with --locale (the imported export's applies again).")
    var clearLocale = false

    func validate() throws {
        if locale != nil, clearLocale { throw ValidationError("give --locale or --clear-locale, not both") }
    }

    func run() throws {
        var changes: [(SampleType, HealthUnit?)] = []
        for entry in choices {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw ValidationError("--set \"\(entry)\": write TYPE=UNIT, e.g. bodyMass=kg")
            }
            changes.append((try quantityType(parts[0], option: "--set"), try unit(parts[1], option: "--set")))
        }
        for name in clear { changes.append((try quantityType(name, option: "--clear"), nil)) }
        let newLocale: UnitLocale? = try locale.map { identifier in
            do { return try UnitLocale(identifier: identifier) } catch { throw ValidationError("--locale: \(error)") }
        }
        let shown = try types.map { try quantityType($0, option: "TYPE") }
        // Setting units may make the store; only showing them needs one already.
        let sets = newLocale != nil || clearLocale || !changes.isEmpty
        let store = try storeOptions.openStore(as: clientOptions, creating: sets)
        do {
            if let newLocale { try store.setUnitLocale(newLocale) } else if clearLocale { try store.setUnitLocale(nil) }
            for (type, unit) in changes { try store.setPreferredUnit(unit, for: type) }
        } catch let error as HealthStoreError {
            throw ValidationError(error.description)
        }
        let listed =
            !shown.isEmpty
            ? shown
            : !changes.isEmpty
                ? changes.map(\.0)
                : TypeTable.quantityTypes.compactMap {
                    try? SampleType.quantity($0.identifier)
                }
        var units: [SampleType: HealthUnit] = [:]
        var chosen: [SampleType: HealthUnit] = [:]
        var storeLocale = UnitLocale.fallback
        do {
            units = try store.preferredUnits(for: Set(listed))
            chosen = try store.chosenPreferredUnits()
            storeLocale = try store.unitLocale()
        } catch let error as HealthStoreError {
            throw ValidationError(error.description)
        }
        var table = TextTable(columns: ["type", "unit", "from"])
        for type in listed {
            table.append([
                type.quantityDescription?.name ?? type.identifier, units[type]?.unitString,
                chosen[type] != nil ? "chosen" : "locale \(storeLocale.identifier)",
            ])
        }
        output.write(table.rendered(as: output.resolvedFormat))
    }

    private func quantityType(_ text: String, option: String) throws -> SampleType {
        let type = try TypeArgument.parse(text)
        guard type.kind == .quantity else {
            throw ValidationError("\(option) \(text): \(type.identifier) is not a quantity type, so it has no unit")
        }
        return type
    }

    private func unit(_ text: String, option: String) throws -> HealthUnit {
        do { return try HealthUnit(parsing: text) } catch { throw ValidationError("\(option) \"\(text)\": \(error)") }
    }
}

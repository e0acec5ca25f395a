import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

/// `ohk zones`: the person's workout zones for heart rate and cycling power.
struct ZonesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zones",
        abstract: "Show or set the person's workout zones for heart rate and cycling power.",
        subcommands: [ZonesShowCommand.self, ZonesSetCommand.self, ZonesClearCommand.self],
        defaultSubcommand: ZonesShowCommand.self
    )

    /// A zone type named on the command line: `heart-rate`, `power`, or any HealthKit name of the two types.
    static func zoneType(_ text: String) throws -> SampleType {
        let aliases = [
            "heart-rate": "heartRate", "hr": "heartRate", "power": "cyclingPower", "cycling-power": "cyclingPower",
        ]
        let type = try TypeArgument.parse(aliases[text.lowercased()] ?? text)
        guard WorkoutZoneConfiguration.typeIdentifiers.contains(type.identifier) else {
            throw ValidationError("\(text): \(type.identifier) has no zones (heart-rate and power do)")
        }
        return type
    }

    /// The zone types, in the order shown.
    static var zoneTypes: [SampleType] {
        WorkoutZoneConfiguration.typeIdentifiers.compactMap { try? SampleType.quantity($0) }
    }

    /// Each zone of a configuration as text: `Z1 <120`, `Z2 120–140`, …, `Z5 ≥180`.
    static func zonesText(_ configuration: WorkoutZoneConfiguration) -> String {
        func number(_ value: Double) -> String {
            value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
        }
        return (0..<configuration.zoneCount).map { index in
            let range: String
            switch (configuration.minimum(ofZone: index), configuration.maximum(ofZone: index)) {
            case (nil, let maximum?): range = "<" + number(maximum)
            case (let minimum?, let maximum?): range = number(minimum) + "–" + number(maximum)
            case (let minimum?, nil): range = "≥" + number(minimum)
            case (nil, nil): range = "all"
            }
            return "Z\(index + 1) \(range)"
        }.joined(separator: "  ")
    }

    /// The person's zones of `types` as a table (`type`, `source`, `unit`, `zones`).
    static func table(_ store: HealthDataStore, types: [SampleType], calendar: Calendar) throws -> TextTable {
        var table = TextTable(columns: ["type", "source", "unit", "zones"])
        for type in types {
            let zones = try store.preferredWorkoutZones(for: type, at: Date(), calendar: calendar)
            table.append([
                type.quantityDescription?.name ?? type.identifier, zones?.source.rawValue ?? "none",
                type.canonicalUnit?.unitString, zones.map(zonesText),
            ])
        }
        return table
    }
}

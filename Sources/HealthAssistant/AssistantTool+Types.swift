import Foundation
import HealthModel
import HealthReports
import HealthStore
import HealthWire

extension AssistantTool {
    /// `list_types`: what the store holds, as `ohk types` lists it.
    static let listTypes = AssistantTool(
        name: "list_types", title: "What the store holds",
        description: """
            The sample types the person's store holds (as far as this client may read them): each type's short \
            name and identifier, kind, sample count, first and last day, and the unit its figures are given in. \
            Call it first to learn which types the other tools can answer about.
            """,
        parameters: [.timeZone],
        run: { assistant, arguments in try assistant.listTypes(arguments) })
}

extension HealthAssistant {
    /// Answers `list_types`.
    func listTypes(_ arguments: ToolArguments) throws -> ToolAnswer {
        let (calendar, zoneName) = try zone(arguments)
        let summaries = try store.samples.typeSummaries().sorted { $0.count > $1.count }
        let rows: [JSONValue] = summaries.map { summary in
            let unit = store.displayUnit(for: summary.type) ?? summary.type.canonicalUnit
            return .object([
                ("name", .string(Self.shortName(summary.type))), ("identifier", .string(summary.type.identifier)),
                ("kind", .string("\(summary.type.kind)")), ("count", .number(Double(summary.count))),
                ("first", .string(DayPeriod.day(summary.firstStart, calendar))),
                ("last", .string(DayPeriod.day(summary.lastEnd, calendar))),
                ("unit", unit.map { .string($0.unitString) } ?? .null),
            ])
        }
        let summary =
            summaries.isEmpty
            ? "The store holds no samples this client may read."
            : "\(summaries.count) types, most samples first; days in \(zoneName)."
        return ToolAnswer(
            summary: summary, structured: .object([("timeZone", .string(zoneName)), ("types", .array(rows))]))
    }

    /// A type's short name: its identifier without HealthKit's prefix, first letter lowercased (`stepCount`).
    static func shortName(_ type: SampleType) -> String {
        for prefix in [
            "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier",
            "HKDataTypeIdentifier", "HKWorkoutTypeIdentifier",
        ] where type.identifier.hasPrefix(prefix) {
            let rest = type.identifier.dropFirst(prefix.count)
            guard let first = rest.first else { break }
            return first.lowercased() + rest.dropFirst()
        }
        return type.identifier
    }
}

import Foundation
import MCP

/// One tool: its name, the description an assistant chooses by, its parameters (a JSON schema) and what it runs.
struct AssistantTool: Sendable {
    /// The tool's name.
    let name: String
    /// A short title.
    let title: String
    /// What it answers, for an assistant choosing a tool.
    let description: String
    /// Its parameters.
    let parameters: [ToolParameter]
    /// Reads the arguments and answers.
    let run: @Sendable (HealthAssistant, ToolArguments) throws -> ToolAnswer

    /// The argument names it takes.
    var arguments: [String] { parameters.map(\.name) }

    /// The MCP tool: read-only, idempotent, closed-world (it reads only the person's store).
    var tool: Tool {
        var properties: [String: Value] = [:]
        for parameter in parameters { properties[parameter.name] = parameter.schema }
        let required = parameters.filter(\.required).map { Value.string($0.name) }
        return Tool(
            name: name, title: title, description: description,
            inputSchema: [
                "type": "object", "properties": .object(properties), "required": .array(required),
                "additionalProperties": false,
            ],
            annotations: .init(
                title: title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
            outputSchema: ["type": "object"])
    }

    /// Every tool, in the order they are listed.
    static let all: [AssistantTool] = [
        listTypes, statistics, comparePeriods, samples, sleep, workouts, route, vitals, trends,
    ]
}

/// A tool's parameter: its name, JSON schema and whether it is required.
struct ToolParameter: Sendable {
    /// The argument's name.
    let name: String
    /// Its JSON schema (type, description, choices).
    let schema: Value
    /// Whether a call must give it.
    let required: Bool

    /// A text parameter.
    static func string(
        _ name: String, _ description: String, required: Bool = false, choices: [String]? = nil
    ) -> ToolParameter {
        var schema: [String: Value] = ["type": "string", "description": .string(description)]
        if let choices { schema["enum"] = .array(choices.map { .string($0) }) }
        return ToolParameter(name: name, schema: .object(schema), required: required)
    }

    /// A whole-number parameter in a range.
    static func integer(_ name: String, _ description: String, range: ClosedRange<Int>) -> ToolParameter {
        ToolParameter(
            name: name,
            schema: [
                "type": "integer", "description": .string(description), "minimum": .int(range.lowerBound),
                "maximum": .int(range.upperBound),
            ], required: false)
    }

    /// A true/false parameter.
    static func flag(_ name: String, _ description: String) -> ToolParameter {
        ToolParameter(name: name, schema: ["type": "boolean", "description": .string(description)], required: false)
    }

    /// A sample type (required unless the tool has a default).
    static func type(_ description: String, required: Bool = true) -> ToolParameter {
        string(
            "type",
            description
                + " A short name (stepCount, heartRate, activeEnergyBurned, sleepAnalysis) or a HealthKit identifier"
                + " (HKQuantityTypeIdentifierStepCount); list_types names what the store holds.",
            required: required)
    }

    /// A day, `YYYY-MM-DD`.
    static func day(_ name: String, _ description: String, required: Bool = false) -> ToolParameter {
        string(name, description + " As YYYY-MM-DD.", required: required)
    }

    /// The time zone of days and buckets.
    static let timeZone = string(
        "timeZone",
        "IANA time zone name of days and buckets (Europe/Berlin); default: the server's (the machine's zone for a"
            + " local store, UTC over HTTP). Every answer names the zone it used.")
}

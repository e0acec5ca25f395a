import Foundation
import HealthModel
import HealthStore
import HealthWire
import MCP

/// The resources: the person's characteristics and preferred units, as JSON, read through the caller's view.
enum AssistantResources {
    /// The characteristics' address.
    static let characteristics = "health://characteristics"
    /// The preferred units' address.
    static let preferredUnits = "health://preferred-units"

    /// The resources listed.
    static let all: [Resource] = [
        Resource(
            name: "characteristics", uri: characteristics, title: "The person's characteristics",
            description:
                "Date of birth, biological sex, blood type, skin type, wheelchair use and activity move mode, by"
                + " HealthKit identifier (null when not set or not readable; left out when never asked for).",
            mimeType: "application/json"),
        Resource(
            name: "preferred-units", uri: preferredUnits, title: "The person's preferred units",
            description:
                "The unit the person reads each quantity type the store holds in (km or mi, kg or lb…); the tools"
                + " answer in these units unless asked otherwise.",
            mimeType: "application/json"),
    ]
}

extension HealthAssistant {
    /// A resource's JSON, or a refusal naming `uri` for an address that is not one of them.
    public func readResource(_ uri: String) throws -> ReadResource.Result {
        let value: JSONValue
        switch uri {
        case AssistantResources.characteristics:
            var members: [(String, JSONValue)] = []
            for identifier in CharacteristicValues.identifiers {
                do {
                    members.append((identifier, try store.characteristic(identifier).map(JSONValue.string) ?? .null))
                } catch HealthStoreError.authorizationNotDetermined {
                    continue
                }
            }
            value = .object(members)
        case AssistantResources.preferredUnits:
            let types = try store.samples.typeSummaries().map(\.type).filter { $0.kind == .quantity }
            value = .object(
                types.sorted { $0.identifier < $1.identifier }.compactMap { type in
                    store.displayUnit(for: type).map { (type.identifier, .string($0.unitString)) }
                })
        default:
            throw HealthAssistantError.unknownName(
                field: "uri", value: uri, accepted: AssistantResources.all.map(\.uri))
        }
        return ReadResource.Result(contents: [.text(value.text, uri: uri, mimeType: "application/json")])
    }
}

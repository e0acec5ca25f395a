import Foundation
import HealthModel
import HealthStore
import Logging
import MCP

/// The MCP server of an assistant: the SDK's `Server` with the tools, resources and prompts of `HealthAssistant`,
/// their calls run on the store's executor. `ohk mcp` starts one on `StdioTransport`; `ohk serve` makes one per
/// request to `/mcp` (`AssistantHTTPEndpoint`), so each call answers as that request's client.
public enum AssistantServer {
    /// The server's name in the initialize answer.
    public static let name = "openhealthkit"

    /// What the server tells a client about itself when it connects.
    public static let instructions = """
        The person's Apple Health data, read-only. Figures are merged across sources by priority as the Health app \
        merges them (a Watch and a phone counting the same steps count once), in the person's preferred units and \
        the time zone each answer names. Days are YYYY-MM-DD and both ends of a period are included. Start with \
        list_types; prefer statistics, sleep, workouts and vitals to raw samples.
        """

    /// A server for `assistant`, its handlers registered (not started).
    public static func make(_ assistant: HealthAssistant, version: String) async -> Server {
        let server = Server(
            name: name, version: version, title: "OpenHealthKit", instructions: instructions,
            capabilities: .init(
                prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false),
                tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: assistant.tools) }
        await server.withMethodHandler(CallTool.self) { parameters in
            do {
                return try await assistant.store.run { _ in
                    assistant.call(parameters.name, arguments: parameters.arguments)
                }
            } catch {
                return ToolAnswer.failure(error)
            }
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(resources: AssistantResources.all)
        }
        await server.withMethodHandler(ReadResource.self) { parameters in
            do {
                return try await assistant.store.run { _ in try assistant.readResource(parameters.uri) }
            } catch let error as any FieldError {
                throw MCPError.invalidParams(error.message())
            }
        }
        await server.withMethodHandler(ListPrompts.self) { _ in ListPrompts.Result(prompts: AssistantPrompts.all) }
        await server.withMethodHandler(GetPrompt.self) { parameters in
            do {
                return try assistant.prompt(parameters.name, arguments: parameters.arguments)
            } catch let error as any FieldError {
                throw MCPError.invalidParams(error.message())
            }
        }
        return server
    }

    /// Serves `assistant` over standard input and output until the client closes them (`ohk mcp`).
    public static func runOverStandardIO(_ assistant: HealthAssistant, version: String) async throws {
        let server = await make(assistant, version: version)
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }
}

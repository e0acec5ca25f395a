import Foundation
import HealthAssistant
import HealthTestSupport
import MCP
import Testing

@Suite("The MCP server: tools, resources and prompts through the SDK's client")
struct AssistantServerTests {
    @Test("A client lists the read-only tools, calls one, reads a resource and gets a prompt")
    func throughTheProtocol() async throws {
        let assistant = AssistantWorld.assistant(try AssistantWorld.store(.inMemory))
        let server = await AssistantServer.make(assistant, version: "test")
        let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
        try await server.start(transport: serverSide)
        let client = Client(name: "test", version: "1")
        _ = try await client.connect(transport: clientSide)
        let tools = try await client.listTools().tools
        #expect(
            tools.map(\.name) == [
                "list_types", "statistics", "compare_periods", "samples", "sleep", "workouts", "route", "vitals",
                "trends",
            ])
        #expect(tools.allSatisfy { $0.annotations.readOnlyHint == true && $0.annotations.destructiveHint == false })
        let statistics = try await client.callTool(
            name: "statistics", arguments: ["type": "stepCount", "from": "2024-03-01", "to": "2024-03-01"])
        #expect(statistics.isError == false)
        let text = statistics.content.compactMap { if case let .text(text, _, _) = $0 { text } else { nil } }.joined()
        #expect(text.contains("sum 1,700 steps"), "\(text)")
        let refused = try await client.callTool(name: "statistics", arguments: ["type": "stepz"])
        #expect(refused.isError == true)
        let resource = try await client.readResource(uri: "health://preferred-units")
        #expect(resource.first?.text?.contains("HKQuantityTypeIdentifierStepCount") == true)
        let prompt = try await client.getPrompt(name: "weekly_summary", arguments: ["end": "2024-06-30"])
        #expect(
            prompt.messages.contains {
                if case let .text(text) = $0.content { text.contains("2024-06-24 to 2024-06-30") } else { false }
            })
        await client.disconnect()
        await server.stop()
    }
}

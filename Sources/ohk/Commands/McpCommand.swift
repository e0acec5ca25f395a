import ArgumentParser
import Foundation
import HealthAssistant
import HealthStore

/// `ohk mcp`: the store's numbers for an AI assistant, as an MCP server over standard input and output.
struct McpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the store to an AI assistant: an MCP server over standard input and output (read-only).",
        discussion: """
            An MCP client (Claude Desktop, Claude Code, any client) starts it as a subprocess and calls its tools: \
            list_types, statistics, compare_periods, samples, sleep, workouts, route, vitals and trends, with \
            resources for the person's characteristics and preferred units and prompts for a weekly and a monthly \
            summary. Every tool only reads; import stays a command. Days and buckets are in --tz (default: this \
            machine's zone) unless a call names a timeZone. With --client the tools see only what that app may read.

            Claude Code:   claude mcp add health -- ohk mcp --store ~/health.sqlite
            Claude Desktop (claude_desktop_config.json):
              {"mcpServers": {"health": {"command": "ohk", "args": ["mcp", "--store", "/path/to/health.sqlite"]}}}
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var zone: TimeZoneOptions

    func run() async throws {
        let store = try storeOptions.openStore(as: clientOptions)
        let assistant = HealthAssistant(
            store: store, timeZone: zone.resolvedTimeZone, timeZoneName: zone.timeZoneName, clock: { Date() })
        try await AssistantServer.runOverStandardIO(assistant, version: Version.string)
    }
}

import Foundation
import PackagePlugin

/// A build-tool plugin: the `.yaml` files of a target (`Sources/HealthServer/OpenAPI/openapi.yaml`) become
/// `EmbeddedText`, an enum with each file's text, in a Swift source written to the plugin's work directory at build time
/// (under `.build/plugins/outputs/`, never committed) and compiled into the target. The text is then part of the binary:
/// an installed `ohk` copied without any resource folder still has it, which a SwiftPM resource (`Bundle.module`) would
/// not give. `EmbedTextTool` writes the source; it runs again whenever a file changes.
@main
struct EmbedText: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url).filter { $0.pathExtension == "yaml" }
            .sorted { $0.path < $1.path }
        guard !files.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedText.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.map(\.lastPathComponent).joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "EmbedTextTool").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}

import Foundation
import PackagePlugin

/// Compiles the package's `Templates/*.mustache` into the target, so the defaults need no files at run time.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: templates.path)
            .filter { $0.hasSuffix(".mustache") }
            .sorted()
            .map { templates.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTemplates+Sources.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) report templates",
                executable: try context.tool(named: "embed-templates").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs + [templates],
                outputFiles: [output]
            )
        ]
    }
}

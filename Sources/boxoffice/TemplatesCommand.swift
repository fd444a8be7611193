import ArgumentParser
import BoxOfficePipeline
import Foundation

struct TemplatesCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List or export the templates, to customize reports.",
        subcommands: [List.self, Export.self]
    )

    static let helpDetails = HelpDetails(
        notes: [
            "Export the defaults, edit the copies, and pass the folder to 'boxoffice report --templates DIR'. A template missing from DIR falls back to the bundled default; a file whose name is not a template's is an error. Each template's content type ({{% CONTENT_TYPE: HTML}}, MARKDOWN or CSV on its first line) escapes for you: write {{title}}, never escape by hand."
        ])

    struct List: AsyncParsableCommand, DocumentedCommand {
        static let configuration = CommandConfiguration(abstract: "Name every template and where it comes from.")

        static let helpDetails = HelpDetails(
            examples: [("boxoffice templates list", "the bundled ones"), ("boxoffice templates list --templates DIR", "which ones DIR replaces")],
            exitCodes: [.success, .usage, .internalError, .configuration], meanings: [.success: "the list printed", .outputClosed: "stdout closed"])

        @Option(help: ArgumentHelp("Show which templates this folder overrides.", valueName: "dir"))
        var templates: String?

        func run() async throws {
            let context = RunContext(environment: ProcessInfo.processInfo.environment, console: Terminal.console())
            try await Terminal.run(TemplatesListRequest(folder: templates), context)
        }
    }

    struct Export: AsyncParsableCommand, DocumentedCommand {
        static let configuration = CommandConfiguration(abstract: "Write the default templates into a folder for editing.")

        static let helpDetails = HelpDetails(
            examples: [("boxoffice templates export my-templates", "then edit the copies")],
            exitCodes: [.success, .usage, .internalError, .cannotWrite], meanings: [.success: "the templates written"])

        @Argument(help: ArgumentHelp("The folder to write NAME.mustache files into (created if missing).", valueName: "dir"))
        var directory: String

        @Flag(help: "Replace files that exist already.")
        var force = false

        func run() async throws {
            let context = RunContext(environment: ProcessInfo.processInfo.environment, console: Terminal.console())
            try await Terminal.run(TemplatesExportRequest(folder: directory, force: force), context, listingUnder: directory)
        }
    }
}

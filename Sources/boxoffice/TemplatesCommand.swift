import ArgumentParser
import BoxOfficeOutput
import Foundation

struct TemplatesCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List or export the report templates, to customize the reports.",
        subcommands: [List.self, Export.self]
    )

    static let helpDetails = HelpDetails(
        notes: [
            "Export the defaults, edit the copies, and pass the folder to 'boxoffice report --templates DIR'. A template missing from DIR falls back to the bundled default; a file whose name is not a template's is an error. Each template's content type ({{% CONTENT_TYPE: HTML}}, MARKDOWN or CSV on its first line) escapes for you: write {{title}}, never escape by hand."
        ])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Name every template and where it comes from.")

        @Option(help: ArgumentHelp("Show which templates this folder overrides.", valueName: "dir"))
        var templates: String?

        func run() async throws {
            try await Terminal.reportingErrors(redacting: []) {
                let loaded = try ReportTemplates.load(overrides: templates.map { URL(fileURLWithPath: $0, isDirectory: true) })
                // The folder's own language variants (report.ko.html) are listed with the defaults.
                let names = (DefaultTemplates.names + loaded.origins.keys.filter(DefaultTemplates.languageVariants.contains)).sorted()
                let width = names.map(\.count).max() ?? 0
                for name in names {
                    let padded = name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    Terminal.printLine("\(padded)\(DefaultTemplates.purpose(of: name)) [\(loaded.origins[name] ?? "")]")
                }
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write the default templates into a folder for editing.")

        @Argument(help: ArgumentHelp("The folder to write NAME.mustache files into (created if missing).", valueName: "dir"))
        var directory: String

        @Flag(help: "Replace files that exist already.")
        var force = false

        func run() async throws {
            try await Terminal.reportingErrors(redacting: []) {
                for url in try DefaultTemplates.export(to: URL(fileURLWithPath: directory, isDirectory: true), overwrite: force) {
                    Terminal.printLine(Terminal.displayPath(url, relativeTo: directory))
                }
            }
        }
    }
}

import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct RevisionsCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "revisions",
        abstract: "The figures KOBIS revised after the fact.",
        usage: "boxoffice revisions [<options>] [<range>]"
    )

    static let helpDetails = HelpDetails(
        notes: [
            "A provisional day (yesterday's chart, revised by KOBIS until late morning) fetched again and found different leaves a line per film and figure in revisions.jsonl beside the cache; reports list the ones their run saw. Sends nothing."
        ],
        examples: [
            ("boxoffice revisions", "every revision logged"),
            ("boxoffice revisions 2025-03", "those of March 2025's days"),
            ("boxoffice revisions -f csv > r.csv", "for a spreadsheet"),
        ],
        exitCodes: [.success, .usage, .internalError, .cannotWrite, .configuration], meanings: [.success: "the revisions printed"])

    @Argument(help: ArgumentHelp(DateRange.helpText + " (default: every day)", valueName: "range"))
    var range: String?

    @Option(help: ArgumentHelp("Language of the lines (default: from LANG).", valueName: "lang"))
    var lang: ReportLanguage?

    @Option(name: [.short, .long], help: ArgumentHelp("txt (lines, the default), csv or json, on standard output.", valueName: "format"))
    var format: RevisionsRequest.Format = .txt

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Cache folder (default: ~/.cache/boxoffice).", valueName: "dir"))
    var cacheDirectory: String?

    func run() async throws {
        let request = RevisionsRequest(range: range, language: lang, format: format, cacheDirectory: cacheDirectory)
        try await Terminal.run(request, RunContext(environment: ProcessInfo.processInfo.environment, console: Terminal.console()))
    }
}

extension RevisionsRequest.Format: ExpressibleByArgument {}

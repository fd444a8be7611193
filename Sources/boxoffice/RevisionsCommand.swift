import ArgumentParser
import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

struct RevisionsCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "revisions",
        abstract: "List the figures KOBIS revised after the fact, as runs that fetched a day again saw them.",
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
        exitCodes: [.success, .usage, .internalError, .cannotWrite, .configuration])

    @Argument(help: ArgumentHelp(DateRange.helpText + " (default: every day)", valueName: "range"))
    var range: String?

    @Option(help: ArgumentHelp("Language of the lines (default: from LANG).", valueName: "lang"))
    var lang: ReportLanguage?

    @Option(name: [.short, .long], help: ArgumentHelp("txt (lines, the default), csv or json, on standard output.", valueName: "format"))
    var format: RevisionsFormat = .txt

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Cache folder (default: ~/.cache/boxoffice).", valueName: "dir"))
    var cacheDirectory: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.reportingErrors(redacting: []) {
            let calendar = try SeoulCalendar.fromEnvironment(environment)
            let days = try range.map { try DateRange.parse($0, calendar: calendar) }
            let directory = cacheDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ResponseCache.defaultDirectory(environment)
            // The log is read and written out a piece at a time: it grows for as long as the cache is kept.
            let log = RevisionLog(cacheDirectory: directory)
            func wanted(_ revision: Revision) -> Bool { days?.contains(revision.date) ?? true }
            var damaged = 0
            defer {
                if damaged > 0 {
                    Terminal.printWarning(
                        "\(damaged) damaged line\(damaged == 1 ? "" : "s") of \(log.url.path) passed over (cut short by a full disk, or edited)")
                }
            }
            switch format {
            case .csv, .json:
                var writer = RevisionView.Writer(format == .csv ? .csv : .json, sink: Terminal.write)
                damaged = try log.forEach { if wanted($0) { try writer.add($0) } }
                try writer.finish()
            case .txt:
                let words = Words(language: lang ?? ReportLanguage.fromEnvironment(environment))
                var shown = 0
                var lines = ""
                damaged = try log.forEach { revision in
                    guard wanted(revision) else { return }
                    shown += 1
                    lines += RevisionView.line(revision, words: words) + "\n"
                    if lines.utf8.count >= RevisionView.Writer.pieceSize {
                        Terminal.write(Data(lines.utf8))
                        lines = ""
                    }
                }
                Terminal.write(Data(lines.utf8))
                if shown == 0 { Terminal.printLine(days == nil ? "No revisions logged." : "No revisions logged for \(days!.displayText).") }
            }
        }
    }
}

/// What `boxoffice revisions --format` takes.
enum RevisionsFormat: String, ExpressibleByArgument, CaseIterable {
    case txt, csv, json
}

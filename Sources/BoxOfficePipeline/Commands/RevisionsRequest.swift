import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice revisions`: the figures KOBIS revised after the fact, from the cache's log; sends nothing.
package struct RevisionsRequest: PipelineRequest {
    /// What `--format` takes.
    package enum Format: String, CaseIterable, Sendable {
        case txt, csv, json
    }

    /// The days whose revisions to list, as typed; every day when nil.
    package var range: String?
    package var language: ReportLanguage?
    package var format: Format
    package var cacheDirectory: String?

    package init(range: String?, language: ReportLanguage?, format: Format, cacheDirectory: String?) {
        (self.range, self.language, self.format, self.cacheDirectory) = (range, language, format, cacheDirectory)
    }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let console = run.console
        let calendar = try SeoulCalendar.fromEnvironment(run.environment)
        let days = try range.map { try DateRange.parse($0, calendar: calendar) }
        let directory = cacheDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ResponseCache.defaultDirectory(run.environment)
        // The log is read and written out a piece at a time: it grows for as long as the cache is kept.
        let log = RevisionLog(cacheDirectory: directory)
        func wanted(_ revision: Revision) -> Bool { days?.contains(revision.date) ?? true }
        var damaged = 0
        defer {
            if damaged > 0 {
                console.warn("\(damaged) damaged line\(damaged == 1 ? "" : "s") of \(log.url.path) passed over (cut short by a full disk, or edited)")
            }
        }
        switch format {
        case .csv, .json:
            var writer = RevisionView.Writer(format == .csv ? .csv : .json, sink: console.write)
            damaged = try log.forEach { if wanted($0) { try writer.add($0) } }
            try writer.finish()
        case .txt:
            let words = Words(language: language ?? ReportLanguage.fromEnvironment(run.environment))
            var shown = 0
            var lines = ""
            damaged = try log.forEach { revision in
                guard wanted(revision) else { return }
                shown += 1
                lines += RevisionView.line(revision, words: words) + "\n"
                if lines.utf8.count >= RevisionView.Writer.pieceSize {
                    console.write(Data(lines.utf8))
                    lines = ""
                }
            }
            console.write(Data(lines.utf8))
            if shown == 0 { console.line(days.map { "No revisions logged for \($0.displayText)." } ?? "No revisions logged.") }
        }
        return []
    }
}

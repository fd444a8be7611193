import Foundation
import Mustache

/// The default templates, compiled into the library from `Templates/` by the EmbedTemplates plugin.
package enum DefaultTemplates {
    /// Template names (file names without `.mustache`), sorted.
    package static var names: [String] { sources.keys.sorted() }

    /// What each template renders, for `boxoffice templates list`.
    package static let purposes: [String: String] = [
        "films.csv": "films CSV, one row per film",
        "daily.csv": "daily CSV, one row per chart entry",
        "days.csv": "days CSV, one row per date: the day's totals and estimated market",
        "weeks.csv": "weeks CSV (weekly, weekend and weekdays reports), one row per film per period",
        "report.md": "Markdown report",
        "report.html": "HTML report",
        "report.txt": "plain-text report for chat and mail: highlights and the top 10 in fixed-width lines",
        "report.ko.md": "Markdown report in Korean (--lang ko)",
        "report.ko.html": "HTML report in Korean (--lang ko)",
        "report.ko.txt": "plain-text report in Korean (--lang ko)",
        "film.md": "boxoffice film: one film's run, Markdown",
        "film.html": "boxoffice film: one film's run, HTML with its trajectory",
        "film.csv": "boxoffice film: one row per charted day",
        "index.html": "the output folder's index.html: every report in it, newest first",
        "index.md": "the output folder's index.md: every report in it, newest first",
        "html-style": "partial: the HTML report's stylesheet",
        "html-chart": "partial: the HTML report's SVG chart",
    ]

    /// Writes every default template into `directory` as `NAME.mustache`, for editing.
    ///
    /// Refuses, writing nothing, when any of the files exists already, unless `overwrite` is set.
    package static func export(to directory: URL, overwrite: Bool) throws(TemplateExportError) -> [URL] {
        let targets = names.map { directory.appendingPathComponent($0 + ".mustache") }
        let existing = targets.filter { FileManager.default.fileExists(atPath: $0.path) }
        if !overwrite, !existing.isEmpty {
            throw .wouldOverwrite(paths: existing.map(\.path))
        }
        let files = names.map { RenderedFile(name: $0 + ".mustache", contents: Data(sources[$0]!.utf8)) }
        do {
            return try ReportWriter(directory: directory).write(files)
        } catch {
            throw .cannotWrite(error)
        }
    }
}

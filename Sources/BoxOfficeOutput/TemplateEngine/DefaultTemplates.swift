import BoxOfficeModel
import Foundation
import Mustache

/// The default templates, compiled into the library from `Templates/` by the EmbedTemplates plugin.
package enum DefaultTemplates {
    /// Every default template, keyed by name (file name without `.mustache`): the documents' from
    /// `Templates/`, compiled in, and the CSVs' made from their tables' definitions
    /// (``CSVTable/defaultTemplate(_:)``).
    package static let sources: [String: String] = embedded.merging(
        ReportTable.allCases.filter(\.hasTemplate).map { ($0.template, CSVTable.defaultTemplate($0)) }, uniquingKeysWith: { file, _ in file })

    /// Template names (file names without `.mustache`), sorted.
    package static var names: [String] { sources.keys.sorted() }

    /// What each template renders, for `boxoffice templates list`.
    package static let purposes: [String: String] = documentPurposes.merging(
        ReportTable.allCases.compactMap { table in table.facts.template.map { (table.template, $0) } }, uniquingKeysWith: { own, _ in own })

    /// The documents' and partials' purposes; a table's CSV template says its own (``TableFacts/template``).
    private static let documentPurposes: [String: String] = [
        "report.md": "Markdown report, in the run's language (--lang)",
        "report.html": "HTML report, in the run's language (--lang)",
        "report.txt": "plain-text report for chat and mail: highlights and the top 10 in fixed-width lines",
        "film.md": "boxoffice film: one film's run, Markdown",
        "film.html": "boxoffice film: one film's run, HTML with its trajectory",
        "comparison.md": "boxoffice film A B: films compared by day of release, Markdown",
        "comparison.html": "boxoffice film A B: films compared by day of release, HTML with their cumulatives drawn",
        "rank.md": "boxoffice rank: a period's films ranked, with its summary and records, Markdown",
        "rank.html": "boxoffice rank: a period's films ranked, with its summary and records, HTML",
        "rank.txt": "boxoffice rank: the ranking in fixed-width lines, for chat and mail",
        "filmography.md": "boxoffice company and boxoffice person: a company's or person's films with their admissions, Markdown",
        "filmography.html": "boxoffice company and boxoffice person: a company's or person's films with their admissions, HTML",
        "calendar.md": "boxoffice calendar: releases and watched films' projected dates, Markdown (the .ics is made in code)",
        "index.html": "the output folder's index.html: every report in it, newest first",
        "index.md": "the output folder's index.md: every report in it, newest first",
        "html-style": "partial: the HTML report's stylesheet",
        "html-chart": "partial: the HTML report's SVG chart",
    ]

    /// Names a user's template folder may add beside the defaults' own: a document template for
    /// one language only (`report.ko.html`), used instead of `report.html` for `--lang ko`. The
    /// bundled documents have one template per format, fed with the words of the run's language.
    package static let languageVariants: Set<String> = Set(
        ReportLanguage.allCases.filter { $0 != .en }.flatMap { language in
            ["md", "html", "txt"].map { "report\(language.infix).\($0)" }
        })

    /// What a template renders: its entry in ``purposes``, or for a language variant what it replaces.
    package static func purpose(of name: String) -> String {
        if let purpose = purposes[name] { return purpose }
        guard languageVariants.contains(name) else { return "" }
        let parts = name.split(separator: ".")
        return "replaces report.\(parts[2]) for --lang \(parts[1]) (yours)"
    }

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

import BoxOfficeModel
import BoxOfficeOutput
import Foundation

/// Where a command's files go and how they read: the formats, the templates, the CSV dialect,
/// the language and the writer (a folder, or standard output). `film` and `rank` take it and
/// write through their pipelines, as `report` does through ``ReportPipeline``'s renderer and writer.
package struct Publishing: Sendable {
    package var formats: [ReportFormat]
    package var templates: ReportTemplates
    package var csv: CSVDialect
    package var language: ReportLanguage
    package var writer: ReportWriter

    package init(formats: [ReportFormat], templates: ReportTemplates, csv: CSVDialect, language: ReportLanguage, writer: ReportWriter) {
        self.formats = formats
        self.templates = templates
        self.csv = csv
        self.language = language
        self.writer = writer
    }
}

extension FilmPipeline {
    /// `boxoffice film`: the run of the film `film` names (a code or a title), its charts read
    /// through `yesterday`, rendered and written; the paths written.
    package func write(_ film: String, yesterday: Day, to output: Publishing) async throws -> [URL] {
        let run = try await run(code: try await code(for: film), yesterday: yesterday)
        let files = try FilmView.render(run, formats: output.formats, templates: output.templates, csv: output.csv, language: output.language)
        return try output.writer.write(files)
    }
}

extension RankPipeline {
    /// `boxoffice rank`: the ranking of `request`'s period, rendered and written; the paths written.
    package func write(_ request: Request, to output: Publishing) async throws -> [URL] {
        // Without libsqlite3, `-f sqlite` stops before anything is fetched.
        if output.formats.contains(.sqlite) { _ = try SQLiteLibrary.load() }
        let ranking = try await ranking(request)
        let files = try RankView.render(ranking, formats: output.formats, templates: output.templates, csv: output.csv, language: output.language)
        return try output.writer.write(files)
    }
}

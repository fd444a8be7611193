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

/// What the command line's output options ask for (`--format`, `--output`, `--templates`, the CSV
/// dialect, `--lang`, `--no-posters`), as values: the request's part that says where files go.
package struct OutputSettings: Sendable {
    /// The formats asked for, in order; those a format needs beside it are added when published.
    package var formats: [ReportFormat]
    /// The folder as typed, or `-` for standard output.
    package var folder: String
    /// A folder of the user's templates.
    package var templates: String?
    package var csv: CSVDialect
    package var language: ReportLanguage
    package var posters: Bool

    package init(
        formats: [ReportFormat], folder: String = "Reports", templates: String? = nil, csv: CSVDialect = CSVDialect(),
        language: ReportLanguage = .en, posters: Bool = true
    ) {
        (self.formats, self.folder, self.templates, self.csv, self.language, self.posters) = (formats, folder, templates, csv, language, posters)
    }

    /// `--output -`.
    package var toStandardOutput: Bool { folder == "-" }

    /// The writer: into the folder, or to standard output.
    var writer: ReportWriter {
        toStandardOutput ? ReportWriter.standardOutput : ReportWriter(directory: URL(fileURLWithPath: folder, isDirectory: true))
    }

    /// The templates: the bundled ones, with the user's folder over them.
    func loadTemplates() throws -> ReportTemplates {
        try ReportTemplates.load(overrides: templates.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }
}

extension Publishing {
    /// What `settings` asks for, with the templates read now, so that a broken one stops the run
    /// before anything is fetched.
    init(_ settings: OutputSettings) throws {
        self.init(
            formats: ReportFormat.withTheirFiles(settings.formats), templates: try settings.loadTemplates(), csv: settings.csv,
            language: settings.language, writer: settings.writer)
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

    /// `boxoffice film A B …`: the films' runs, each read as `film` reads it, compared by day of
    /// release (``FilmComparison``), rendered and written; the paths written.
    package func write(comparing films: [String], yesterday: Day, to output: Publishing) async throws -> [URL] {
        var runs: [FilmRun] = []
        for film in films {
            let code = try await code(for: film)
            if runs.contains(where: { $0.movieCode == code }) { throw FilmError.sameFilmTwice(code: code) }
            runs.append(try await run(code: code, yesterday: yesterday))
        }
        let comparison = FilmComparison(runs)
        let files = try ComparisonView.render(
            comparison, formats: output.formats, templates: output.templates, csv: output.csv, language: output.language)
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

import BoxOfficeModel
import Foundation

/// Renders the report model into files: JSON by encoding, everything else through the templates.
package struct ReportRenderer: Sendable {
    package struct Options: Sendable {
        /// How CSV files are written: separator and byte-order mark.
        package var csv: CSVDialect
        /// The language of the Markdown, HTML and text reports, and whether the HTML shows posters.
        package var style: ReportView.Style

        package init(csv: CSVDialect = .init(), style: ReportView.Style = .init()) {
            self.csv = csv
            self.style = style
        }
    }

    package let templates: ReportTemplates
    package let options: Options

    package init(templates: ReportTemplates, options: Options = .init()) {
        self.templates = templates
        self.options = options
    }

    /// The base name of the report's files (``ReportFileName``): `boxoffice-2022-01-01_2022-01-31`,
    /// with the sample, the period kind, the depth and the filters in it when they apply.
    package static func baseName(for report: BoxOfficeReport) -> String {
        ReportFileName(report).stem
    }

    /// The stable name `--latest` gives the newest report of a shape: `boxoffice-latest`,
    /// `boxoffice-weekend-latest`, `boxoffice-sample-latest` …, so a daily and a weekend cron job
    /// writing one folder keep one latest each.
    package static func latestBaseName(for report: BoxOfficeReport) -> String {
        ReportFileName(report, latest: true).stem
    }

    /// Every file of `formats`, in the order asked for.
    package func render(_ report: BoxOfficeReport, formats: [ReportFormat]) async throws -> [RenderedFile] {
        var files: [String: RenderedFile] = [:]
        let names = try await render(report, formats: formats) { files[$0.name] = $0 }
        return names.compactMap { files[$0] }
    }

    /// Renders every file of `formats`, handing each to `deliver` as soon as it is ready (in any
    /// order), and returns their names in the order asked for.
    ///
    /// Two lanes run side by side, each rendering its formats one after another and delivering
    /// each as soon as it is done, which frees it: the data files (JSON, whose long lists use every
    /// core, then the CSVs) and the documents (Markdown and HTML from one view model, then text).
    /// The JSON and the CSVs are the two that hold most memory (about 75 MB each beside a
    /// twenty-year report's 76 MB model) and are never held at once.
    package func render(_ report: BoxOfficeReport, formats: [ReportFormat], deliver: (RenderedFile) throws -> Void) async throws -> [String] {
        let base = Self.baseName(for: report)
        let renderer = self
        let style = options.style
        var lanes: [[ReportFormat]] = [[], []]
        for format in ReportFormat.allCases where formats.contains(format) { lanes[format.isDocument ? 1 : 0].append(format) }
        let view = SharedView { ReportView.make(report, style: style) }
        var names: [ReportFormat: [String]] = [:]
        try await BoundedTaskGroup.lanes(lanes, { format in try await renderer.files(report, format: format, view: view, base: base) }) {
            format, files in
            names[format] = files.map(\.name)
            for file in files { try deliver(file) }
        }
        return formats.flatMap { names[$0] ?? [] }
    }

    /// The files of one format.
    private func files(_ report: BoxOfficeReport, format: ReportFormat, view: SharedView, base: String) async throws -> [RenderedFile] {
        switch format {
        case .json: [try await json(report, base: base)]
        case .csv: try await csv(report, base: base)
        case .xlsx: [try await xlsx(report, base: base)]
        case .txt: [try document(report, format: format, view: [:], base: base)]
        case .md, .html: [try document(report, format: format, view: view.context, base: base)]
        }
    }

    /// Parses the templates a report in `formats` renders, ahead of rendering.
    package func prepare(formats: [ReportFormat]) {
        var names: [String] = []
        for format in formats {
            switch format {
            case .json: break
            case .csv, .xlsx: names += ["films.csv", "daily.csv", "days.csv", "weeks.csv"]
            case .md, .html, .txt: names.append(templates.documentTemplate(format, language: options.style.words.language))
            }
        }
        templates.prepare(names)
    }

    func json(_ report: BoxOfficeReport, base: String) async throws -> RenderedFile {
        RenderedFile(name: base + ".json", contents: try await ReportJSON.encode(report))
    }

    /// The CSVs' tables as one Excel workbook, a sheet each (``XLSXWorkbook``), read back from what
    /// their templates render, so the workbook's cells are the CSVs' cells.
    func xlsx(_ report: BoxOfficeReport, base: String) async throws -> RenderedFile {
        let sheets = report.periodKind != nil ? ["films", "weeks"] : ["films", "daily", "days"]
        let templates = templates
        let workbook = try await XLSXWorkbook.data(sheets: sheets) { sheet in
            switch sheet {
            case "films": try await templates.renderList("films.csv", CSVView.films(report), listKey: "films")
            case "weeks": try await templates.renderList("weeks.csv", CSVView.weeks(report), listKey: "rows")
            case "daily": try await templates.renderList("daily.csv", CSVView.daily(report), listKey: "rows")
            default: try await templates.renderList("days.csv", CSVView.days(report), listKey: "days")
            }
        }
        return RenderedFile(name: base + ".xlsx", contents: workbook)
    }

    func csv(_ report: BoxOfficeReport, base: String) async throws -> [RenderedFile] {
        let films = try await templates.renderList("films.csv", CSVView.films(report), listKey: "films")
        let filmsFile = RenderedFile(name: base + "-films.csv", contents: CSVContentType.file(from: films, dialect: options.csv))
        if report.periodKind != nil {
            // A period report has no daily rows: its charts go to the weeks CSV.
            let weeks = try await templates.renderList("weeks.csv", CSVView.weeks(report), listKey: "rows")
            return [
                filmsFile,
                RenderedFile(name: base + "-weeks.csv", contents: CSVContentType.file(from: weeks, dialect: options.csv)),
            ]
        }
        let daily = try await templates.renderList("daily.csv", CSVView.daily(report), listKey: "rows")
        let days = try await templates.renderList("days.csv", CSVView.days(report), listKey: "days")
        return [
            filmsFile,
            RenderedFile(name: base + "-daily.csv", contents: CSVContentType.file(from: daily, dialect: options.csv)),
            RenderedFile(name: base + "-days.csv", contents: CSVContentType.file(from: days, dialect: options.csv)),
        ]
    }

    /// The Markdown, HTML or plain-text report; Markdown and HTML from `view` (``ReportView``).
    func document(_ report: BoxOfficeReport, format: ReportFormat, view: [String: Any], base: String) throws -> RenderedFile {
        let words = options.style.words
        let rendered = try templates.render(
            templates.documentTemplate(format, language: words.language), format == .txt ? TextView.make(report, words: words) : view)
        let text = format == .txt ? TextView.asciiSigns(rendered) : rendered
        // A Korean report's documents are `….ko.html`, beside the English ones; the data files
        // (JSON, CSV) are the same in both languages.
        return RenderedFile(name: "\(base)\(words.language.infix).\(format.rawValue)", contents: Data(text.utf8))
    }
}

/// The Markdown and HTML view model: built by the first task that asks for it (in the documents'
/// lane, beside the data files, not before them), then only read.
private final class SharedView: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [String: Any]?
    private let make: () -> [String: Any]

    init(_ make: @escaping () -> [String: Any]) { self.make = make }

    var context: [String: Any] {
        lock.withLock {
            if let built { return built }
            let context = make()
            built = context
            return context
        }
    }
}

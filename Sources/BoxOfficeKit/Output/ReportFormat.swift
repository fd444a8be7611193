import Foundation

/// An output format the user can ask for with `--format`.
public enum ReportFormat: String, CaseIterable, Sendable, Codable {
    case json, csv, md, html

    /// Parses `json,csv`: a comma-separated list, each format once, in the order given.
    public static func parseList(_ text: String) throws(FormatListError) -> [ReportFormat] {
        var formats: [ReportFormat] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = ReportFormat(rawValue: name) else { throw FormatListError(given: String(part)) }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}

public struct FormatListError: UserFacingError, Equatable {
    public let given: String
    public var errorDescription: String? {
        "unknown format \(DateRangeError.quoted(given)): expected a comma-separated list of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
    }
    public var exitStatus: ExitStatus { .usage }
}

/// A report file rendered in memory, ready to be written.
public struct RenderedFile: Sendable, Equatable {
    public var name: String
    public var contents: Data

    public init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }
}

/// Renders the report model into files: JSON by encoding, everything else through the templates.
public struct ReportRenderer: Sendable {
    public struct Options: Sendable {
        /// Start CSV files with a UTF-8 byte-order mark, so Excel reads Korean titles right.
        public var csvByteOrderMark: Bool

        public init(csvByteOrderMark: Bool = true) {
            self.csvByteOrderMark = csvByteOrderMark
        }
    }

    public let templates: ReportTemplates
    public let options: Options

    public init(templates: ReportTemplates, options: Options = .init()) {
        self.templates = templates
        self.options = options
    }

    /// `boxoffice-2022-01-01_2022-01-31` (`boxoffice-sample-…` for the simulated sample).
    public static func baseName(for report: BoxOfficeReport) -> String {
        (report.simulated ? "boxoffice-sample-" : "boxoffice-") + report.range.dateRange.fileStem
    }

    /// Every file of `formats`, in the order asked for.
    ///
    /// The JSON is rendered first, on its own (it uses every core for its long lists), and the other
    /// formats after it, concurrently: for a twenty-year report the JSON holds about a hundred
    /// megabytes while it is built and the CSVs about sixty, and keeping them apart keeps the peak
    /// to the larger of the two, at little cost in time.
    public func render(_ report: BoxOfficeReport, formats: [ReportFormat]) async throws -> [RenderedFile] {
        let base = Self.baseName(for: report)
        let renderer = self
        var files: [ReportFormat: [RenderedFile]] = [:]
        if formats.contains(.json) { files[.json] = try await render(report, format: .json, base: base) }
        let others = formats.filter { $0 != .json }
        for (format, rendered) in zip(others, try await BoundedTaskGroup.map(others, width: 2) { format in
            try await renderer.render(report, format: format, base: base)
        }) {
            files[format] = rendered
        }
        return formats.flatMap { files[$0] ?? [] }
    }

    func render(_ report: BoxOfficeReport, format: ReportFormat, base: String) async throws -> [RenderedFile] {
        switch format {
        case .json:
            return [RenderedFile(name: base + ".json", contents: try Self.json(report))]
        case .csv:
            let films = try await templates.renderList("films.csv", CSVView.films(report), listKey: "films")
            let daily = try await templates.renderList("daily.csv", CSVView.daily(report), listKey: "rows")
            return [RenderedFile(name: base + "-films.csv", contents: CSVContentType.file(from: films, byteOrderMark: options.csvByteOrderMark)),
                    RenderedFile(name: base + "-daily.csv", contents: CSVContentType.file(from: daily, byteOrderMark: options.csvByteOrderMark))]
        case .md:
            return [RenderedFile(name: base + ".md", contents: Data(try templates.render("report.md", ReportView.make(report)).utf8))]
        case .html:
            return [RenderedFile(name: base + ".html", contents: Data(try templates.render("report.html", ReportView.make(report)).utf8))]
        }
    }

    /// The report model as JSON: snake_case keys (the models' coding keys), sorted, pretty-printed,
    /// ending in a newline.
    public static func json(_ report: BoxOfficeReport) throws -> Data {
        try StreamingJSONEncoder.encode(report, terminator: "\n")
    }
}

import BoxOfficeModel
import Foundation

/// Renders a report into files: each format as its ``Publication`` makes it (the one function that
/// `film`, `rank`, `company`, `person` and `calendar` use too), run on two lanes side by side, and the
/// JSON streamed to its file as it is encoded.
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
        let collected = CollectedFiles()
        let names = try await render(report, formats: formats, into: collected)
        return names.compactMap { collected.file($0) }
    }

    /// Renders every file of `formats` into `sink`, each as soon as it is ready (in any order; the
    /// JSON piece by piece as it is encoded), and returns their names in the order asked for.
    ///
    /// Two lanes run side by side, each rendering its jobs one after another and handing each
    /// file to `sink` as soon as it is done, on its own lane, which frees it: the data files (the
    /// longest CSV, on one core, then the JSON, whose long lists are encoded on every core, which
    /// the documents no longer need by then) and the documents (Markdown and HTML from one view
    /// model, then text, then the other CSVs). A lane that is done takes the HTML if it still
    /// waits, to render it beside the Markdown from the same view model (each rendering with a
    /// budget of its own, ``RenderBudget/Account``), else the other lane's last waiting job. The
    /// JSON is written to the sink as it is encoded: a twenty-year report's 77 MB are never held
    /// whole.
    package func render(_ report: BoxOfficeReport, formats asked: [ReportFormat], into sink: some ReportFileSink) async throws -> [String] {
        let formats = ReportFormat.withTheirFiles(asked)
        let base = Self.baseName(for: report)
        let renderer = self
        let style = options.style
        var lanes: [[Job]] = [[], []]
        for format in ReportFormat.allCases where formats.contains(format) { lanes[format.isDocument ? 1 : 0].append(.format(format)) }
        lanes[0].sort { ($0 == .format(.json) ? 1 : 0) < ($1 == .format(.json) ? 1 : 0) }
        // The small CSVs after the documents, whose lane is done first; the long one beside them.
        if formats.contains(.csv) { lanes[1].append(.smallCSVs) }
        let view = SharedView { ReportView.make(report, style: style) }
        var names: [Job: [String]] = [:]
        // The HTML, the longest document, first: a month's data lane is done while the Markdown
        // renders; a long report's documents' lane has begun it by the time the data lane is done.
        try await BoundedTaskGroup.lanes(
            lanes, movable: { _ in true }, preferring: { $0 == .format(.html) ? 1 : 0 },
            { job in
                let output = try await renderer.files(report, job: job, view: view, base: base, sink: sink)
                // Written on the job's lane, beside the other lane's rendering: written by the task
                // that gathers the lanes, a file held up the next job of both (a twenty-year --weekly
                // report's weeks CSV, 2.7 MB, its JSON by 4.4 ms, `boxoffice-bench` and trace marks).
                for file in output.files { try sink.add(file) }
                return output.files.map(\.name) + output.streamed
            }
        ) { job, made in
            names[job] = made
        }
        view.dropElsewhere()
        return formats.flatMap { format in
            guard format == .csv else { return names[.format(format)] ?? [] }
            // Both CSV jobs' files, in the tables' order.
            let made = Set((names[.format(.csv)] ?? []) + (names[.smallCSVs] ?? []))
            return Self.tables(report).map { "\(base)-\($0.rawValue).csv" }.filter(made.contains)
        }
    }

    /// A job of a rendering's lanes: a format's files, or the CSVs other than the longest (the
    /// daily CSV of a daily report, the weeks CSV of a period report), rendered in the documents'
    /// lane so that the data lane, last to finish, has less to do.
    private enum Job: Hashable, Sendable {
        case format(ReportFormat)
        case smallCSVs
    }

    /// A report's tables (its CSV files, its workbook's sheets, its database's tables), in the
    /// order they are listed.
    static func tables(_ report: BoxOfficeReport) -> [ReportTable] {
        ReportTables.tables(periods: report.periodKind != nil) + (report.periods.contains { $0.regions != nil } ? [.regions] : [])
    }

    /// What one format's job made: files to hand to the sink, and the names of those it streamed there itself.
    private struct FormatOutput: Sendable {
        var files: [RenderedFile] = []
        var streamed: [String] = []
    }

    /// The report as a ``Publication``: its tables filled as a format asks for them, its Markdown
    /// and HTML from `view` (``ReportView``), its text from ``TextView``, and its chat payloads.
    private func publication(_ report: BoxOfficeReport, view: SharedView, base: String) -> Publication<BoxOfficeReport> {
        let (templates, words) = (templates, options.style.words)
        var publication = Publication(
            model: report, base: base, tables: Self.tables(report), fill: { ReportTables.table($0, of: report) },
            documents: .rendered { format in
                let name = templates.documentTemplate(format, language: words.language)
                return try format == .txt
                    ? templates.render(name, TextView.make(report, words: words)) : templates.render(name, wrapped: view.wrapped)
            })
        publication.everyTableNamed = true
        publication.facts = { (ReportFacts(report), report.source, report.simulated, (report.range.start, report.range.end)) }
        publication.chat = { format in try format == .slack ? ChatPayload.slack(report, words: words) : ChatPayload.discord(report, words: words) }
        return publication
    }

    /// The files of one job.
    private func files(
        _ report: BoxOfficeReport, job: Job, view: SharedView, base: String, sink: some ReportFileSink
    ) async throws -> FormatOutput {
        let publication = publication(report, view: view, base: base)
        let long = ReportTables.longest(periods: report.periodKind != nil)
        var none: [String: Any]?
        func files(_ format: ReportFormat, only: [ReportTable]? = nil) throws -> FormatOutput {
            FormatOutput(
                files: try publication.files(format, only: only, templates: templates, csv: options.csv, words: options.style.words, view: &none))
        }
        switch job {
        case .smallCSVs: return try files(.csv, only: publication.tables.filter { $0 != long })
        case .format(.csv): return try files(.csv, only: [long])
        case .format(.json):
            // Written to the sink as it is encoded, never held whole.
            let name = base + ".json"
            try await sink.add(streaming: name) { write in try await ReportJSON.write(report, to: write) }
            return FormatOutput(streamed: [name])
        case .format(let format): return try files(format)
        }
    }

    /// Parses the templates a report in `formats` renders, ahead of rendering: a period report's
    /// tables or a daily report's (``csvTables(periods:)``).
    package func prepare(formats: [ReportFormat], periods: Bool) {
        var names: [String] = []
        // Only the CSVs and the documents come from templates; the other formats parse none.
        for format in formats {
            if format == .csv { names += ReportTables.tables(periods: periods).map(\.template) }
            if [.md, .html, .txt].contains(format) { names.append(templates.documentTemplate(format, language: options.style.words.language)) }
        }
        templates.prepare(names)
    }
}

/// The Markdown and HTML view model: built and wrapped for Mustache by the first task that asks
/// for it (in the documents' lane, beside the data files, not before them), then only read, by one
/// rendering at a time (the lane renders Markdown, then HTML).
private final class SharedView: Sendable {
    private let built = Locked<ReportTemplates.WrappedView?>(nil)
    private let make: @Sendable () -> [String: Any]

    init(_ make: @escaping @Sendable () -> [String: Any]) { self.make = make }

    var wrapped: ReportTemplates.WrappedView {
        built.withLock { built in
            if let built { return built }
            let view = ReportTemplates.WrappedView(make())
            built = view
            return view
        }
    }

    /// Once every document is rendered: the view model is freed on another thread, not on the way
    /// to the files' commit (``ReleaseElsewhere``).
    func dropElsewhere() {
        let taken = built.withLock { built -> ReportTemplates.WrappedView? in
            defer { built = nil }
            return built
        }
        if let taken { ReleaseElsewhere.drop(consume taken) }
    }
}

/// Where a report's files go as each is rendered: ``StagedFiles`` for a run's output folder.
package protocol ReportFileSink: AnyObject, Sendable {
    /// A file rendered whole.
    func add(_ file: RenderedFile) throws
    /// A file written as it is rendered: `produce` hands each piece, in order, to the closure it is
    /// given, which writes it on.
    func add(streaming name: String, _ produce: ((UnsafeRawBufferPointer) throws -> Void) async throws -> Void) async throws
}

/// The files of a rendering, held in memory.
private final class CollectedFiles: ReportFileSink {
    private let files = Locked<[String: RenderedFile]>([:])

    func add(_ file: RenderedFile) { files.withLock { $0[file.name] = file } }

    func add(streaming name: String, _ produce: ((UnsafeRawBufferPointer) throws -> Void) async throws -> Void) async throws {
        var data = Data()
        try await produce { data.append(contentsOf: $0) }
        add(RenderedFile(name: name, contents: data))
    }

    func file(_ name: String) -> RenderedFile? { files.withLock { $0[name] } }
}

import ArgumentParser
import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Fetch a date range from KOBIS (and TMDB), rank its films and write the reports.",
        discussion: """
            RANGE is one of: \(DateRange.acceptedForms). \
            Dates run from \(DateRange.earliest.iso) to yesterday in Seoul. \
            With --weekly, --weekend or --weekdays the report holds KOBIS's period charts for the \
            completed periods the range overlaps (a range not made of whole periods is snapped to them, \
            with a note); without a range, the last completed one. \
            stdout lists the files written, nothing else (with --output -, the one file itself); \
            errors go to stderr as one line. Each run also rebuilds index.html and index.md in the \
            output folder: every report there, newest first.

            Examples:
              boxoffice report --sample              the bundled week: no key, no network
              boxoffice report -q                    yesterday, silent on success (cron)
              boxoffice report 2024-07 -f html,csv   a month, HTML and CSV only
              boxoffice report --weekend             the last completed weekend chart
              boxoffice report -f csv -o - | less    yesterday's films CSV to stdout
              boxoffice report --latest -q           also boxoffice-latest.* (web folder)

            \(HelpText.environment)

            \(ExitStatus.reportHelpTable)
            """
    )

    @Argument(help: ArgumentHelp("The dates to report on (default: yesterday in Seoul).", valueName: "range"))
    var range: String?

    @Flag(help: "Use the bundled simulated week instead of KOBIS and TMDB: no key, no network.")
    var sample = false

    @OptionGroup var out: OutputOptions

    @Option(name: .customLong("rank-by"), help: "Rank films by audience or by sales.")
    var rankBy: RankKey = .audience

    @Flag(
        help:
            "Also write the report under stable names (boxoffice-latest.html, …), replaced with the rest, for a page or script that always reads the newest."
    )
    var latest = false

    @Flag(name: .customLong("no-index"), help: "Do not rebuild index.html and index.md, the output folder's list of every report in it.")
    var noIndex = false

    @Flag(help: "Add TMDB's coming-soon list for Korea (automatic when the range ends yesterday).")
    var upcoming = false

    @Flag(help: "Serve everything from the cache, sending nothing; a date not cached is an error.")
    var offline = false

    @Flag(help: "A report of KOBIS's period charts instead of daily ones (a range is snapped to the whole periods it overlaps).")
    var period: PeriodKind?

    @Option(
        help: ArgumentHelp(
            "Films per day: 10 (KOBIS's top 10, 1 call a day), 20 (Korean + foreign top 10s merged, 2 calls) or 40 (also split by diversity/commercial, 4 calls).",
            valueName: "n"))
    var depth: ChartDepth = .top10

    @Flag(
        name: .customLong("allow-gaps"),
        help: "Leave out a date whose chart KOBIS answers with a malformed body, say so in the report and on stderr, and go on.")
    var allowGaps = false

    @Flag(
        name: .customLong("no-look-back"),
        help: "Compare within the range only: no chart outside it is fetched (no %± LW for the first week, streaks start at the range).")
    var noLookBack = false

    @OptionGroup var chart: ChartOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var tmdb: TMDBOptions
    @OptionGroup var cacheOptions: CacheOptions

    func validate() throws {
        try cacheOptions.validate(offline: offline)
        try out.validate(all: ReportFormat.allCases)
        if out.toStandardOutput, latest { throw ValidationError("--latest names files in a folder; it cannot go with --output -") }
        try Self.validate(depth: depth, periods: period.map { [$0] } ?? [], chart: chart)
    }

    /// The checks `report` and `fetch` share about depth.
    static func validate(depth: ChartDepth, periods: [PeriodKind], chart: ChartOptions) throws {
        guard depth != .top10 else { return }
        if let kind = periods.first {
            throw ValidationError("--depth applies to daily charts; KOBIS's \(kind.optionName) charts are a top 10")
        }
        if chart.nation != nil || chart.films != nil {
            throw ValidationError(
                "--depth \(depth.rawValue) merges the \(depth == .top20 ? "Korean and foreign" : "Korean, foreign, diversity and commercial") charts itself; drop --nation and --films"
            )
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
            let wiring = try Wiring(environment: environment, network: network)
            let asked: DateRange? =
                try sample && self.range == nil
                ? SampleData.week
                : self.range.map { try DateRange.parse($0, calendar: wiring.calendar) }
            var range = try asked ?? DateRange.parse("yesterday", calendar: wiring.calendar)
            if sample { try SampleRangeError.check(range) }
            var periods: PeriodRange?
            if let period {
                periods = try PeriodRange(period, range: asked, today: wiring.calendar.today)
                range = periods!.range
            }
            var request = ReportPipeline.Request(
                range: range, filters: chart.filters, rankBy: rankBy,
                formats: try out.formats(all: ReportFormat.allCases, byDefault: ReportFormat.byDefault),
                today: wiring.calendar.today, offline: offline)
            request.depth = depth
            request.lookBack = !noLookBack
            request.allowGaps = allowGaps
            request.periods = periods.map { (period!, $0.periods) }
            request.latest = latest
            // The snapping is said with the run's other warnings, once it has succeeded: a run that
            // fails says one line, its error.
            let snapNote = periods?.snapNote.flatMap { sample && self.range == nil ? nil : $0 }
            if let snapNote { request.notes.append(snapNote) }
            let templates = try ReportTemplates.load(overrides: out.templates.map { URL(fileURLWithPath: $0, isDirectory: true) })
            let progress = ProgressLine(enabled: !cacheOptions.quiet, label: "report")
            if request.lookBack, request.periods == nil { progress.lookBackCharts = ChartHistory.comparisonDays(for: range).count }
            defer { progress.finish() }  // on failure too; on success it is cleared before stdout, below
            let render = ReportRenderer(templates: templates, options: .init(csv: out.csv, style: out.style))
            let write = out.toStandardOutput ? ReportWriter.standardOutput : ReportWriter(directory: out.directory)

            func run(_ fetch: FetchStage, simulated: Bool) async throws -> ReportPipeline.Result {
                try await ReportPipeline(fetch: fetch, renderer: render, writer: write, simulated: simulated)
                    .run(request, requireEnrichment: tmdb.requireTMDB)
            }

            let result: ReportPipeline.Result
            if sample {
                // The sample never touches the cache, the ledger or the network.
                result = try await run(
                    FetchStage(
                        client: KOBISClient(transport: SampleData.transport(), key: "sample"), width: network.jobs,
                        enrichment: tmdb.noTMDB ? .disabled(reason: TMDBOptions.noTMDBReason) : SampleData.enrichment(),
                        progress: progress.update),
                    simulated: true)
            } else {
                result = try await wiring.withCache(cacheOptions, offline: offline, writePolicy: .warn) { cache in
                    try await run(
                        FetchStage(
                            client: try await wiring.kobisClient(network, cacheOptions: cacheOptions, cache: cache, recordEveryCall: false),
                            width: network.jobs,
                            enrichment: try wiring.enrichment(
                                tmdb, network: network, cache: cache,
                                upcoming: upcoming || range.end == wiring.calendar.yesterday),
                            progress: progress.update),
                        simulated: false)
                }
            }
            progress.finish()
            if !cacheOptions.quiet { ([snapNote?.english].compactMap { $0 } + result.warnings).forEach(Terminal.printWarning) }
            if !cacheOptions.quiet, result.enrichment.state != .complete, let reason = result.enrichment.reason,
                result.enrichment.state != .off || Wiring.shouldSayTMDBOff(reason: reason, environment: environment)
            {
                Terminal.printWarning(
                    Redactor(secrets: wiring.secrets).redact(
                        result.enrichment.state == .off ? "TMDB enrichment off: \(reason)" : "TMDB enrichment incomplete: \(reason)"))
            }
            guard !out.toStandardOutput else { return }
            var index: [URL] = []
            if !noIndex {
                do {
                    index = try ArchiveIndex(directory: out.directory, templates: templates, language: out.language)
                        .rebuild(headlines: result.headlines)
                } catch let OutputError.cannotWrite(path, reason) {
                    // The reports are written; a stale index is worth a warning, not a failed run.
                    if !cacheOptions.quiet { Terminal.printWarning("the reports were written, but \(path) could not be rebuilt: \(reason)") }
                }
            }
            for url in result.paths + index {
                Terminal.printLine(Terminal.displayPath(url, relativeTo: out.output))
            }
        }
    }
}

/// `--sample` with a range outside the simulated week.
struct SampleRangeError: UserFacingError {
    let range: DateRange

    /// Refuses a range not inside the bundled sample's week (`report --sample`, `tmdb review --sample`).
    static func check(_ range: DateRange) throws(SampleRangeError) {
        guard SampleData.week.contains(range.start), SampleData.week.contains(range.end) else { throw SampleRangeError(range: range) }
    }

    var errorDescription: String? {
        "the bundled sample covers \(SampleData.week.start.iso)..\(SampleData.week.end.iso) only; \(range.displayText) is outside it"
    }
    var exitStatus: ExitStatus { .usage }
}

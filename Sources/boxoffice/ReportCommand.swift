import ArgumentParser
import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

struct ReportCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Fetch a date range from KOBIS (and TMDB), rank its films and write the reports."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "stdout lists the files written; errors are one line on stderr."
        ],
        examples: [
            ("boxoffice report --sample", "the bundled week: no key, no network"),
            ("boxoffice report -q", "yesterday, silent on success (cron)"),
            ("boxoffice report 2024-07 -f html,csv", "a month, HTML and CSV only"),
            ("boxoffice report -f csv -o - | less", "yesterday's films CSV to stdout"),
        ],
        exitCodes: ExitStatus.allCases.filter { $0 != .noSuchFilm }, formats: (ReportFormat.allCases, ReportFormat.byDefault))

    @Argument(help: ArgumentHelp(DateRange.helpText + " (the default)", valueName: "range"))
    var range: String?

    @Flag(help: "The bundled week: no key, no network.")
    var sample = false

    /// --weekly, --weekend or --weekdays; each says its own help (`PeriodKind.help(for:)`).
    @Flag var period: PeriodKind?

    @Option(help: ArgumentHelp("Films a day", valueName: "n"))
    var depth: ChartDepth = .top10

    @Flag(help: "Every region's chart of each period too (17 calls).")
    var regions = false

    @Option(name: .customLong("rank-by"), help: "Rank by")
    var rankBy: RankKey = .audience

    @Flag(help: "Only the cache: send nothing.")
    var offline = false

    @Flag(help: "TMDB's coming soon in Korea (auto for yesterday).")
    var upcoming = false

    @Flag(help: "Also write boxoffice-latest.* (stable names).")
    var latest = false

    @Flag(name: .customLong("no-index"), help: ArgumentHelp("Leave index.html, index.md and feed.xml as they are.", visibility: .hidden))
    var noIndex = false

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp("Where the folder is served: feed.xml links under it.", valueName: "url", visibility: .hidden))
    var baseURL: String?

    @Flag(name: .customLong("allow-gaps"), help: ArgumentHelp("Skip a date KOBIS answers malformed; say so.", visibility: .hidden))
    var allowGaps = false

    @Flag(name: .customLong("no-look-back"), help: "Fetch nothing outside the range (no %± LW at start).")
    var noLookBack = false

    @OptionGroup(title: "Output") var out: OutputOptions
    @OptionGroup(title: "Filters") var chart: ChartOptions
    @OptionGroup(title: "Fetching") var network: NetworkOptions
    @OptionGroup(title: "Fetching") var tmdb: TMDBOptions
    @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

    func validate() throws {
        try cacheOptions.validate(offline: offline)
        try out.validate(all: ReportFormat.allCases)
        if out.toStandardOutput, latest { throw ValidationError("--latest names files in a folder; it cannot go with --output -") }
        if let baseURL {
            guard Self.servedURL(baseURL) != nil else {
                throw ValidationError("--base-url \(baseURL): give the folder's address, http:// or https:// with a host")
            }
            if out.toStandardOutput || noIndex {
                throw ValidationError("--base-url is for the folder's feed; it cannot go with --output - or --no-index")
            }
        }
        try Self.validate(depth: depth, periods: period.map { [$0] } ?? [], chart: chart)
        if regions {
            guard period != nil else { throw ValidationError("--regions adds every region's period chart: give --weekend, --weekly or --weekdays") }
            if chart.area != nil { throw ValidationError("--regions shows every region; drop --area") }
        }
    }

    /// `--base-url`'s address: http or https, with a host.
    static func servedURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else { return nil }
        return url
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
            let wiring = try Wiring(environment: environment, network: network.settings)
            if !sample { wiring.preloadNetwork(offline: offline) }
            let scope = try ReportScope(range: self.range, period: period, sample: sample, calendar: wiring.calendar)
            let range = scope.range
            var request = ReportPipeline.Request(
                range: range, filters: chart.filters, rankBy: rankBy,
                formats: try out.formats(all: ReportFormat.allCases, byDefault: ReportFormat.byDefault),
                today: wiring.calendar.today, offline: offline)
            request.depth = depth
            request.lookBack = !noLookBack
            request.allowGaps = allowGaps
            request.periods = scope.periods.map { (period!, $0.periods) }
            request.latest = latest
            request.regions = regions
            request.index = noIndex || out.toStandardOutput ? nil : out.language
            request.baseURL = baseURL.flatMap(Self.servedURL)
            // Your films: the watchlist, for a live report (the bundled sample has none of them).
            var watchlistWarning: String?
            if !sample {
                do {
                    request.watchlist = try WatchlistFile.standard(environment).load()
                } catch {
                    watchlistWarning = ((error as? LocalizedError)?.errorDescription ?? "\(error)") + "; this report leaves Your films out"
                }
            }
            // The snapping is said with the run's other warnings, once it has succeeded: a run that
            // fails says one line, its error.
            let snapNote = scope.snapNote
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
                result = try await run(SampleData.fetchStage(width: network.jobs, tmdb: !tmdb.noTMDB, progress: progress.update), simulated: true)
            } else {
                result = try await wiring.withCache(cacheOptions.settings, offline: offline, writePolicy: .warn) { cache in
                    try await run(
                        FetchStage(
                            client: try await wiring.kobisClient(
                                network.settings, cacheOptions: cacheOptions.settings, cache: cache, recordEveryCall: false),
                            width: network.jobs,
                            enrichment: try wiring.enrichment(
                                tmdb.settings, network: network.settings, cache: cache,
                                upcoming: upcoming || range.end == wiring.calendar.yesterday),
                            progress: progress.update),
                        simulated: false)
                }
            }
            progress.finish()
            if !cacheOptions.quiet { ([snapNote?.english, watchlistWarning].compactMap { $0 } + result.warnings).forEach(Terminal.printWarning) }
            if !cacheOptions.quiet, result.enrichment.state != .complete, let reason = result.enrichment.reason,
                result.enrichment.state != .off || Wiring.shouldSayTMDBOff(reason: reason, environment: environment)
            {
                Terminal.printWarning(
                    Redactor(secrets: wiring.secrets).redact(
                        result.enrichment.state == .off ? "TMDB enrichment off: \(reason)" : "TMDB enrichment incomplete: \(reason)"))
            }
            if !cacheOptions.quiet, let warning = result.indexWarning { Terminal.printWarning(warning) }
            for url in result.paths {
                Terminal.printLine(Terminal.displayPath(url, relativeTo: out.output))
            }
        }
    }
}

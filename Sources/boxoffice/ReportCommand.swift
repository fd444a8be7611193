import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct ReportCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Fetch a range's charts and write its reports."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "stdout lists the files written; errors are one line on stderr."
        ],
        examples: [
            ("boxoffice report --sample", "the bundled week: no key, no network"),
            ("boxoffice report -q", "yesterday, silent on success (cron)"),
            ("boxoffice report 2024-07 -f csv -o -", "a month's films CSV to stdout"),
        ],
        exitCodes: ExitStatus.allCases.filter { $0 != .noSuchFilm }, formats: (ReportFormat.allCases, ReportFormat.byDefault))

    @Argument(help: ArgumentHelp(DateRange.helpText + " (the default)", valueName: "range"))
    var range: String?

    @Flag(help: "The bundled week: no key, no network.")
    var sample = false

    /// --weekly, --weekend or --weekdays; each says its own help (`PeriodKind.help(for:)`).
    @Flag var period: PeriodKind?

    /// In --help-hidden only: the report's --help is at its 60 lines.
    @OptionGroup(visibility: .hidden) var holidayOrSeason: NamedPeriodOptions

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
        if holidayOrSeason.named != nil, range != nil || sample || period != nil {
            throw ValidationError("--holiday and --season name the days: give no range, --sample, --weekly, --weekend or --weekdays")
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
        let named = holidayOrSeason.named
        let days = named?.range.map { "\($0.start.iso)..\($0.end.iso)" } ?? range
        var request = ReportRequest(range: days, output: try out.settings(all: ReportFormat.allCases, byDefault: ReportFormat.byDefault))
        request.named = named
        request.period = period
        request.depth = depth
        request.filters = chart.filters
        request.rankBy = rankBy
        request.regions = regions
        request.upcoming = upcoming
        request.latest = latest
        request.noIndex = noIndex
        request.baseURL = baseURL.flatMap(Self.servedURL)
        request.allowGaps = allowGaps
        request.lookBack = !noLookBack
        let context = cacheOptions.context(sample: sample, offline: offline, network: network, tmdb: tmdb.settings, progress: "report")
        try await Terminal.run(request, context, listingUnder: out.output)
    }
}

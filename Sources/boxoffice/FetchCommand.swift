import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct FetchCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Warm the cache within today's budget; no report."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "What is cached is never fetched again: the same command resumes tomorrow. A run leaves --reserve calls (100) of the day's 3,000 for scheduled reports."
        ],
        examples: [
            ("boxoffice fetch 2015-01..2024-12", "ten years; run daily to resume"),
            ("boxoffice fetch 2024-07 --weekend", "also July 2024's weekend charts"),
            ("boxoffice fetch 2024-07 --budget 9", "at most 9 KOBIS calls this run"),
        ],
        exitCodes: [
            .success, .usage, .internalError, .cannotWrite, .tryAgainLater, .malformedResponse, .configuration, .outputClosed, .hungUp,
            .interrupted, .terminated,
        ],
        meanings: [
            .success: "the whole range is cached",
            .cannotWrite: "the cache cannot be written",
            .tryAgainLater: "some left: run it again later",
            .outputClosed: "stdout closed, data cached",
            .hungUp: "stopped by a signal: fetched data cached",
        ])

    @Argument(help: ArgumentHelp(DateRange.helpText, valueName: "range"))
    var range: String

    @Flag(help: "Also weekly charts (Mon–Sun): 1 call a week.")
    var weekly = false

    @Flag(help: "Also weekend charts (Fri–Sun): 1 call a weekend.")
    var weekend = false

    @Flag(help: "Also weekday charts (Mon–Thu): 1 call a week.")
    var weekdays = false

    @Flag(
        name: .customLong("allow-gaps"),
        help: "Skip a date KOBIS answers malformed; say so.")
    var allowGaps = false

    @Flag(name: .customLong("no-daily"), help: "Only the period charts, no daily ones.")
    var noDaily = false

    @Option(help: ArgumentHelp("Films a day, as report --depth", valueName: "n"))
    var depth: ChartDepth = .top10

    var kinds: [PeriodKind] {
        [(PeriodKind.week, weekly), (.weekend, weekend), (.weekdays, weekdays)].filter(\.1).map(\.0)
    }

    @OptionGroup(title: "Filters") var chart: ChartOptions
    @OptionGroup(title: "Fetching") var network: NetworkOptions
    @OptionGroup(title: "Fetching") var tmdb: TMDBOptions
    @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

    func validate() throws {
        if cacheOptions.noCache { throw ValidationError("fetch fills the cache; --no-cache makes no sense here") }
        if noDaily && kinds.isEmpty { throw ValidationError("--no-daily leaves nothing to fetch; add --weekly, --weekend or --weekdays") }
        if noDaily && depth != .top10 { throw ValidationError("--depth applies to the daily charts, which --no-daily skips") }
        try ReportCommand.validate(depth: depth, periods: [], chart: chart)
    }

    func run() async throws {
        var request = FetchRequest(range: range)
        request.kinds = kinds
        request.noDaily = noDaily
        request.depth = depth
        request.filters = chart.filters
        request.allowGaps = allowGaps
        try await Terminal.run(request, cacheOptions.context(offline: false, network: network, tmdb: tmdb.settings, progress: "fetch"))
    }
}

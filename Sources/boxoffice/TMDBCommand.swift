import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct TMDBCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tmdb",
        abstract: "Check TMDB's matches, or list what is showing.",
        subcommands: [TMDBReviewCommand.self, TMDBNowPlayingCommand.self]
    )
}

struct TMDBReviewCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "List every film of a range matched only 'likely' or not at all, with its candidates and lines for the overrides file."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "Data comes from the cache like a report's (what is missing is fetched within the budget). The lines at the end go into tmdb-overrides.csv: movie_cd,tmdb_id pins a match, movie_cd,0 forbids one."
        ],
        examples: [
            ("boxoffice tmdb review --sample", "the bundled week"),
            ("boxoffice tmdb review 2024-07 --offline", "July 2024 from the cache"),
        ],
        exitCodes: [.success, .usage, .internalError, .cannotWrite, .tryAgainLater, .malformedResponse, .configuration, .outputClosed],
        meanings: [.success: "the review printed"])

    @Argument(help: ArgumentHelp(DateRange.helpText + " (the default)", valueName: "range"))
    var range: String?

    @Flag(help: "The bundled week: no key, no network.")
    var sample = false

    @Flag(help: "Only the cache: send nothing.")
    var offline = false

    @Flag(help: "List every film, exact matches too.")
    var all = false

    @OptionGroup(title: "Filters") var chart: ChartOptions
    @OptionGroup(title: "Fetching") var network: NetworkOptions
    @OptionGroup(title: "Fetching") var tmdb: TMDBOptions
    @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

    func validate() throws {
        try cacheOptions.validate(offline: offline)
        if tmdb.noTMDB { throw ValidationError("--no-tmdb leaves nothing to review") }
    }

    func run() async throws {
        let context = cacheOptions.context(sample: sample, offline: offline, network: network, tmdb: tmdb.settings)
        try await Terminal.run(TMDBReviewRequest(range: range, filters: chart.filters, all: all), context)
    }
}

struct TMDBNowPlayingCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "now-playing",
        abstract: "List the films TMDB says are in Korean cinemas, those on a day's KOBIS chart first, with a watch add line for the others.",
        usage: "boxoffice tmdb now-playing [<options>] [<day>]"
    )

    static let helpDetails = HelpDetails(
        notes: [
            "TMDB's now_playing list for Korea (its first three pages, each film once) is TMDB's view, not KOBIS's: a film counts as on the chart only when the charted film was matched to it on TMDB. Films on your watchlist are marked ◆. The day's chart is read from the cache (one KOBIS call when it is not there)."
        ],
        examples: [
            ("boxoffice tmdb now-playing", "against yesterday's chart"),
            ("boxoffice tmdb now-playing --sample", "the bundled week's last day"),
        ],
        exitCodes: [.success, .usage, .internalError, .cannotWrite, .tryAgainLater, .malformedResponse, .configuration, .outputClosed],
        meanings: [.success: "the list printed"])

    @Argument(help: ArgumentHelp("The chart to compare with: yyyy-MM-dd or yesterday (the default).", valueName: "day"))
    var day: String?

    @Flag(help: "The bundled week: no key, no network.")
    var sample = false

    @Flag(help: "Only the cache: send nothing.")
    var offline = false

    @Option(help: ArgumentHelp("Language of the lines (default: from LANG).", valueName: "lang"))
    var lang: ReportLanguage?

    @OptionGroup(title: "Fetching") var network: NetworkOptions
    @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

    func validate() throws {
        try cacheOptions.validate(offline: offline)
    }

    func run() async throws {
        let context = cacheOptions.context(sample: sample, offline: offline, network: network)
        try await Terminal.run(NowPlayingRequest(day: day, language: lang), context)
    }
}

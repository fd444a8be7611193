import ArgumentParser
import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

struct TMDBCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tmdb",
        abstract: "Check how the films of a range were matched to TMDB, or list what TMDB says is in Korean cinemas.",
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
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
            let wiring = try Wiring(environment: environment, network: network.settings)
            let range = try ReportScope.range(asked: self.range, sample: sample, calendar: wiring.calendar)
            let plan = FetchStage.Plan(days: range.days, filters: chart.filters)
            let fetched: FetchStage.Output
            if sample {
                fetched = try await SampleData.fetchStage(width: network.jobs, tmdb: true).fetch(plan)
            } else {
                fetched = try await wiring.withCache(cacheOptions.settings, offline: offline, writePolicy: .warn) { cache in
                    let client = try await wiring.kobisClient(
                        network.settings, cacheOptions: cacheOptions.settings, cache: cache, recordEveryCall: false)
                    var enrichment = try wiring.enrichment(tmdb.settings, network: network.settings, cache: cache, upcoming: false)
                    if offline, enrichment.matcher == nil { enrichment = try wiring.cachedTMDB(tmdb.settings, cache: cache) }
                    guard enrichment.matcher != nil else {
                        throw ConfigurationError.missingKey(variable: "TMDB_API_TOKEN (or TMDB_API_KEY)", service: "TMDB")
                    }
                    return try await FetchStage(client: client, width: network.jobs, enrichment: enrichment).fetch(plan)
                }
            }
            try ReportPipeline.requireComplete(fetched, offline: offline, resume: plan.fetchCommand(range))
            if let error = fetched.enrichmentError { throw error }
            for line in TMDBReview(fetched: fetched, range: range).lines(all: all) { Terminal.printLine(line) }
        }
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
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
            let wiring = try Wiring(environment: environment, network: network.settings)
            let range = try ReportScope.range(asked: day ?? (sample ? SampleData.week.end.iso : nil), sample: sample, calendar: wiring.calendar)
            guard range.start == range.end else { throw NowPlayingError.notOneDay(range.displayText) }
            let playing: NowPlaying
            if sample {
                let matcher = SampleData.enrichment().matcher!
                let stage = FetchStage(
                    client: KOBISClient(transport: SampleData.transport(), key: "sample"), width: network.jobs,
                    enrichment: .enabled(matcher: matcher, upcoming: false))
                playing = try await NowPlayingPipeline(stage: stage, matcher: matcher, width: network.jobs).run(
                    day: range.end, watched: Watchlist(), offline: false)
            } else {
                let watched = try WatchlistFile.standard(environment).load()
                let settings = TMDBSettings(off: false, required: true, rate: 20, overrides: nil)
                playing = try await wiring.withCache(cacheOptions.settings, offline: offline, writePolicy: .warn) { cache in
                    let client = try await wiring.kobisClient(
                        network.settings, cacheOptions: cacheOptions.settings, cache: cache, recordEveryCall: false)
                    var enrichment = try wiring.enrichment(settings, network: network.settings, cache: cache, upcoming: false)
                    if offline, enrichment.matcher == nil { enrichment = try wiring.cachedTMDB(settings, cache: cache) }
                    guard let matcher = enrichment.matcher else {
                        if case .disabled(let reason) = enrichment, reason != Wiring.noCredentialsReason { throw NowPlayingError.tmdbOff(reason) }
                        throw ConfigurationError.missingKey(variable: "TMDB_API_TOKEN (or TMDB_API_KEY)", service: "TMDB")
                    }
                    let stage = FetchStage(client: client, width: network.jobs, enrichment: .enabled(matcher: matcher, upcoming: false))
                    return try await NowPlayingPipeline(stage: stage, matcher: matcher, width: network.jobs).run(
                        day: range.end, watched: watched, offline: offline)
                }
            }
            let words = Words(language: lang ?? ReportLanguage.fromEnvironment(environment))
            for line in NowPlayingText.lines(playing, words: words) { Terminal.printLine(line) }
        }
    }
}

/// What stops `tmdb now-playing` before it asks anything.
enum NowPlayingError: UserFacingError {
    case notOneDay(String)
    case tmdbOff(String)

    var errorDescription: String? {
        switch self {
        case .notOneDay(let range): "now-playing compares one day's chart, not \(range): give a day (yyyy-MM-dd) or yesterday"
        case .tmdbOff(let reason): "TMDB is off: \(reason)"
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .notOneDay: .usage
        case .tmdbOff: .configuration
        }
    }
}

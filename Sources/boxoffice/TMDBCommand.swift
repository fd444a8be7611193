import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

struct TMDBCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tmdb",
        abstract: "Check how the films of a range were matched to TMDB.",
        subcommands: [TMDBReviewCommand.self]
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
            let range = try SampleData.range(asked: self.range, sample: sample, calendar: wiring.calendar)
            let plan = FetchStage.Plan(days: range.days, filters: chart.filters)
            let fetched: FetchStage.Output
            if sample {
                fetched = try await SampleData.fetchStage(width: network.jobs, tmdb: true).fetch(plan)
            } else {
                fetched = try await wiring.withCache(cacheOptions.settings, offline: offline, writePolicy: .warn) { cache in
                    let client = try await wiring.kobisClient(network.settings, cacheOptions: cacheOptions.settings, cache: cache, recordEveryCall: false)
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

import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Warm the cache for a range within today's KOBIS budget, writing no report.",
        discussion: """
            Charts first, then movie info, then TMDB. What is cached is never fetched again, so \
            running the same command again (tomorrow, once the quota resets) resumes where it stopped. \
            By default a run leaves --reserve calls (100) of the key's 3,000 a day for scheduled reports. \
            stdout says how much of the range is cached and what is left; exit 75 when something is left.

            \(ExitStatus.helpTable)
            """
    )

    @Argument(help: ArgumentHelp("The dates to cache.", valueName: "range"))
    var range: String

    @OptionGroup var chart: ChartOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var tmdb: TMDBOptions
    @OptionGroup var cacheOptions: CacheOptions

    func validate() throws {
        if cacheOptions.noCache { throw ValidationError("fetch fills the cache; --no-cache makes no sense here") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
            let wiring = try Wiring(environment: environment, network: network)
            let range = try DateRange.parse(self.range, calendar: wiring.calendar)
            let progress = ProgressLine(enabled: !cacheOptions.quiet, label: "fetch")
            defer { progress.finish() }  // on failure too; on success it is cleared before stdout, below
            let (fetched, spent, tmdbUsed) = try await wiring.withCache(cacheOptions, offline: false, writePolicy: .fail) { cache in
                let client = try await wiring.kobisClient(network, cacheOptions: cacheOptions, cache: cache, recordEveryCall: true)
                let plan = try wiring.enrichment(tmdb, network: network, cache: cache, upcoming: false)
                let fetched = try await FetchStage(client: client, width: network.jobs, enrichment: plan, progress: progress.update)
                    .fetch(range, filters: chart.filters)
                return (fetched, await client.budget?.spent ?? 0, plan.matcher != nil)
            }
            progress.finish()
            let cachedDates = range.dayCount - fetched.missingDates.count
            let films = fetched.movies.count + fetched.missingFilms.count
            var line =
                "\(range.start.iso)..\(range.end.iso): \(PeopleFormat.grouped(Int64(cachedDates))) of \(PeopleFormat.grouped(Int64(range.dayCount))) dates cached"
            line +=
                ", movie info for \(PeopleFormat.grouped(Int64(fetched.movies.count))) of \(PeopleFormat.grouped(Int64(films))) films known so far"
            if tmdbUsed { line += ", \(fetched.matches.count) TMDB lookups" }
            line += "; \(spent) KOBIS call\(spent == 1 ? "" : "s") spent"
            Terminal.printLine(line)
            if !fetched.missingDates.isEmpty || !fetched.missingFilms.isEmpty {
                Terminal.printLine(
                    "left: \(fetched.missingDates.isEmpty ? "no dates" : "\(fetched.missingDates.count) dates (\(DateRange.compactList(fetched.missingDates, limit: 4)))")"
                        + (fetched.missingFilms.isEmpty ? "" : ", movie info for \(fetched.missingFilms.count) films"))
                try ReportPipeline.requireComplete(fetched, range: range, offline: false)
            }
            if !cacheOptions.quiet { fetched.warnings.forEach(Terminal.printWarning) }
            if !cacheOptions.quiet, fetched.enrichment.state == .incomplete, let reason = fetched.enrichment.reason {
                Terminal.printWarning(Redactor(secrets: wiring.secrets).redact("TMDB lookups incomplete: \(reason)"))
            }
        }
    }
}

import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct FetchCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Warm the cache for a range within today's KOBIS budget, writing no report."
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
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
            var wiring = try Wiring(environment: environment, network: network.settings)
            wiring.offersSample = false
            wiring.preloadNetwork(offline: false)
            let range = try DateRange.parse(self.range, calendar: wiring.calendar)
            let today = wiring.calendar.today
            var periods: [ChartPeriod] = []
            var notes: [String] = []
            for kind in kinds {
                let covered = try PeriodRange(kind, range: range, today: today)
                periods += covered.periods
                if let note = covered.snapNote { notes.append(note.english) }
            }
            var plan = FetchStage.Plan(days: noDaily ? [] : range.days, depth: depth, periods: periods, filters: chart.filters)
            plan.allowGaps = allowGaps
            let progress = ProgressLine(enabled: !cacheOptions.quiet, label: "fetch")
            defer { progress.finish() }  // on failure too; on success it is cleared before stdout, below
            let (fetched, spent, tmdbUsed) = try await wiring.withCache(cacheOptions.settings, offline: false, writePolicy: .fail) { cache in
                let client = try await wiring.kobisClient(network.settings, cacheOptions: cacheOptions.settings, cache: cache, recordEveryCall: true)
                let enrichment = try wiring.enrichment(tmdb.settings, network: network.settings, cache: cache, upcoming: false)
                let fetched = try await FetchStage(client: client, width: network.jobs, enrichment: enrichment, progress: progress.update)
                    .fetch(plan)
                return (fetched, await client.budget?.spent ?? 0, enrichment.matcher != nil)
            }
            progress.finish()
            let films = fetched.movies.count + fetched.missingFilms.count
            var parts: [String] = []
            if !noDaily {
                let gapDates = fetched.gaps.filter { if case .chart = $0.subject { true } else { false } }.count
                let cachedDates = range.dayCount - fetched.missingDates.count - gapDates
                parts.append(
                    "\(PeopleFormat.grouped(Int64(cachedDates))) of \(PeopleFormat.grouped(Int64(range.dayCount))) dates cached\(depth == .top10 ? "" : " (up to \(depth.rawValue) films a day)")"
                )
            }
            for kind in kinds {
                let all = periods.filter { $0.kind == kind }.count
                let missing =
                    fetched.missingPeriods.filter { $0.kind == kind }.count
                    + fetched.gaps.filter { if case .period(let period) = $0.subject { period.kind == kind } else { false } }.count
                parts.append("\(all - missing) of \(all) \(kind.unitName(plural: true)) cached")
            }
            var line = "\(range.start.iso)..\(range.end.iso): " + parts.joined(separator: ", ")
            line +=
                ", movie info for \(PeopleFormat.grouped(Int64(fetched.movies.count))) of \(PeopleFormat.grouped(Int64(films))) films known so far"
            if tmdbUsed { line += ", \(fetched.matches.count) TMDB lookups" }
            line += "; \(spent) KOBIS call\(spent == 1 ? "" : "s") spent"
            Terminal.printLine(line)
            if !fetched.missing.isEmpty {
                var left: [String] = []
                if !fetched.missingDates.isEmpty {
                    left.append("\(fetched.missingDates.count) dates (\(DateRange.compactList(fetched.missingDates, limit: 4)))")
                }
                if !fetched.missingPeriods.isEmpty { left.append("\(fetched.missingPeriods.count) period charts") }
                if !fetched.missingFilms.isEmpty { left.append("movie info for \(fetched.missingFilms.count) films") }
                Terminal.printLine("left: " + left.joined(separator: ", "))
                try ReportPipeline.requireComplete(fetched, offline: false, resume: plan.fetchCommand(range))
            }
            if !cacheOptions.quiet { notes.forEach(Terminal.printWarning) }
            if !cacheOptions.quiet { (fetched.warnings + [fetched.gapNote].compactMap { $0 }).forEach(Terminal.printWarning) }
            if !cacheOptions.quiet, fetched.enrichment.state == .incomplete, let reason = fetched.enrichment.reason {
                Terminal.printWarning(Redactor(secrets: wiring.secrets).redact("TMDB lookups incomplete: \(reason)"))
            }
        }
    }
}

import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// Fetches every chart of a range, the movie info of every film they name, and (when planned) each
/// film's TMDB match, all through one ``BoundedTaskGroup``.
///
/// Each request is a ``FetchJob``; a job may queue follow-ups (a chart queues its films), so the
/// group stays full, and no job runs twice. TMDB failures never fail the fetch: they end up in
/// ``Output/enrichment``. What could not be had (not cached offline, no budget left) is listed in
/// ``Output/missing`` with the reason.
package struct FetchStage: Sendable {
    /// Everything the join stage needs.
    package struct Output: Sendable {
        /// One chart per date, in date order.
        package var charts: [DailyChart] = []
        /// One chart per period asked for, oldest first.
        package var periodCharts: [WeeklyChart] = []
        /// Movie info by movie code; codes KOBIS knows nothing about are absent.
        package var movies: [String: MovieInfo] = [:]
        /// TMDB matches by movie code, for the films looked up.
        package var matches: [String: TMDBMatch] = [:]
        /// TMDB's upcoming films for Korea, deduplicated, in release order; nil when not asked for or failed.
        package var upcoming: [TMDBMovie]?
        package var enrichment: EnrichmentStatus = .notRequested
        /// The first TMDB error, when there was one.
        package var enrichmentError: TMDBError?
        /// What could not be had, and why.
        package var missing: [Missing] = []
        /// Charts KOBIS answered with a malformed body, left out with `--allow-gaps`, in order.
        package var gaps: [Missing] = []
        /// Why KOBIS calls stopped, when they did.
        package var budgetStop: KOBISBudget.Stop?
        /// Problems that did not stop the run (calls the quota ledger could not record, responses
        /// that could not be cached), one line each.
        package var warnings: [String] = []
        /// The comparison charts the plan asked for, or the KOBIS error that kept each.
        package var comparisons = Comparisons()

        /// Periods whose chart could not be had, in order.
        package var missingPeriods: [ChartPeriod] {
            missing.compactMap { if case .period(let period) = $0.subject { period } else { nil } }.sorted()
        }

        /// Dates whose chart could not be had, in order.
        package var missingDates: [Day] {
            missing.compactMap { if case .chart(let day) = $0.subject { day } else { nil } }.sorted()
        }

        /// Films whose movie info could not be had, in code order.
        package var missingFilms: [String] {
            missing.compactMap { if case .movieInfo(let code) = $0.subject { code } else { nil } }.sorted()
        }
    }

    /// Charts beyond a report's range that it compares with (``Plan/comparisonDays``,
    /// ``Plan/comparisonPeriods``): each chart, or why it was not had.
    package struct Comparisons: Sendable {
        package var days: [Day: Result<DailyChart, KOBISError>] = [:]
        package var periods: [ChartPeriod: Result<WeeklyChart, KOBISError>] = [:]
        /// The side charts (``Plan/sideDays``, ``Plan/sidePeriods``).
        package var sideDays: [SideChart<Day>: Result<DailyChart, KOBISError>] = [:]
        package var sidePeriods: [SideChart<ChartPeriod>: Result<WeeklyChart, KOBISError>] = [:]
    }

    /// A chart with filters of its own beside a plan's: a region's week (`rank --regions`), a week's
    /// or a day's diversity films (`rank`).
    package struct SideChart<Subject: Hashable & Sendable>: Hashable, Sendable {
        package var subject: Subject
        package var filters: KOBISFilters

        package init(_ subject: Subject, filters: KOBISFilters) {
            self.subject = subject
            self.filters = filters
        }
    }

    /// An item the fetch could not have.
    package struct Missing: Sendable, Equatable {
        package enum Subject: Sendable, Equatable {
            case chart(Day)
            case period(ChartPeriod)
            case movieInfo(String)

            /// Its first day, for ordering gaps.
            var order: Day {
                switch self {
                case .chart(let day): day
                case .period(let period): period.start
                case .movieInfo: DateRange.earliest
                }
            }

            /// The date or period, as notes name it.
            package var text: String {
                switch self {
                case .chart(let day): day.iso
                case .period(let period): "\(period.start.iso)..\(period.end.iso)"
                case .movieInfo(let code): "film \(code)"
                }
            }
        }

        package var subject: Subject
        /// `notCached` (offline), `budgetSpent` or `quotaExceeded`; `malformed` for a gap.
        package var reason: KOBISError

        /// A chart left out because KOBIS's answer was malformed (`--allow-gaps`).
        package var isGap: Bool { if case .malformed = reason { true } else { false } }
    }

    /// How far a fetch has come, for a progress line.
    package struct Progress: Sendable {
        package var chartsDone: Int
        package var chartsTotal: Int
        package var filmsDone: Int
        package var filmsKnown: Int
        /// KOBIS calls sent so far.
        package var calls: Int
    }

    package let client: KOBISClient
    /// Jobs in progress at most. Requests on the wire are bounded beneath, by the transport's
    /// ``RequestSlots``, so a job waiting a second or more to retry does not keep another from running.
    package let width: Int
    package let enrichment: EnrichmentPlan

    /// Called as jobs finish, from any task; keep it quick.
    package let progress: (@Sendable (Progress) -> Void)?

    package init(
        client: KOBISClient, width: Int, enrichment: EnrichmentPlan = .notRequested,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) {
        self.client = client
        self.width = width
        self.enrichment = enrichment
        self.progress = progress
    }

    /// What one fetch asks for: daily charts at a depth, period charts, both with the same filters.
    package struct Plan: Sendable {
        package var days: [Day]
        package var depth: ChartDepth
        package var periods: [ChartPeriod]
        package var filters: KOBISFilters
        /// `--allow-gaps`: leave out a chart KOBIS answers with a malformed body, and go on.
        package var allowGaps = false
        /// Daily charts (at `depth`) and period charts beyond the range that a report compares
        /// with: fetched in the same trip, after the range's jobs, and never a reason to fail.
        package var comparisonDays: [Day] = []
        package var comparisonPeriods: [ChartPeriod] = []
        /// Charts with filters of their own (``SideChart``), fetched after the comparisons, in this
        /// order, like them never a reason to fail. When the budget cannot cover the plan they go one
        /// at a time, so a budget's last call goes to the first of them: `rank --regions` lists them
        /// region by region, and a short budget leaves whole regions out, not a week of each.
        package var sideDays: [SideChart<Day>] = []
        package var sidePeriods: [SideChart<ChartPeriod>] = []

        package init(days: [Day], depth: ChartDepth = .top10, periods: [ChartPeriod] = [], filters: KOBISFilters = .init()) {
            self.days = days
            self.depth = depth
            self.periods = periods
            self.filters = filters
        }

        /// The most KOBIS calls the plan could cost before retries: every chart (a deeper one a call
        /// per partition) and a movie info for every row they could hold.
        var mostCalls: Int {
            let charts =
                (days.count + comparisonDays.count) * depth.callsPerDay + periods.count + comparisonPeriods.count + sideDays.count + sidePeriods.count
            return charts + days.count * depth.rawValue + periods.count * ChartDepth.top10.rawValue
        }

        /// The `boxoffice fetch` command that caches this plan over `range`, for messages that say how
        /// to resume or what to fetch first.
        package func fetchCommand(_ range: DateRange) -> String {
            var command = "boxoffice fetch \(range.start.iso)..\(range.end.iso)"
            if days.isEmpty { command += " --no-daily" }
            var kinds: [PeriodKind] = []
            for period in periods where !kinds.contains(period.kind) { kinds.append(period.kind) }
            for kind in kinds { command += " --\(kind.optionName)" }
            if depth != .top10 { command += " --depth \(depth.rawValue)" }
            return command
        }
    }

    package func fetch(_ range: DateRange, filters: KOBISFilters) async throws -> Output {
        try await fetch(Plan(days: range.days, filters: filters))
    }

    /// Every chart of `plan`, then the movie info (and TMDB match) of every film they name; a region
    /// `--area` names is looked up first (``KOBISClient/resolvingArea(_:)``).
    package func fetch(_ plan: Plan) async throws -> Output {
        let client = client
        let filters = try await client.resolvingArea(plan.filters)
        let movieInfos = SharedResults<String, MovieInfo?>()
        let context = FetchContext(
            kobis: client, filters: filters, enrichment: enrichment,
            movieInfo: { code in try await movieInfos.value(for: code) { try await client.movieInfo(code: code) } },
            failure: EnrichmentFailure(),
            tally: ProgressTally(chartsTotal: plan.days.count + plan.periods.count, budget: client.budget, report: progress),
            allowGaps: plan.allowGaps)

        let initial =
            plan.days.map { QueuedJob(job: DailyChartJob(day: $0, depth: plan.depth)) }
            + plan.periods.map { QueuedJob(job: PeriodChartJob(period: $0)) }
        let perform: @Sendable (QueuedJob) async throws -> (output: @Sendable (inout Output) -> Void, followUps: [QueuedJob]) = { queued in
            let result = try await queued.job.run(context)
            return (result.record, result.followUps.map(QueuedJob.init))
        }
        // The comparisons ride with the range (one trip for a cold report) when the budget covers
        // the most the range could cost; otherwise they wait for the range, which the budget serves first.
        let together = await client.budget?.covers(plan.mostCalls) ?? true
        // Nearest first (the period before the first, the days just before the range; a year back
        // last). Waiting, they go one at a time in that order: a budget's last calls go to the
        // nearer comparisons whatever the scheduler does (two racing for the last call made a run's
        // figures depend on which won).
        let comparisons =
            plan.comparisonPeriods.map { QueuedJob(job: ComparisonChartJob(.period($0))) }
            + plan.comparisonDays.sorted(by: >).map { QueuedJob(job: ComparisonChartJob(.day($0, plan.depth))) }
            + plan.sidePeriods.map { QueuedJob(job: ComparisonChartJob(.sidePeriod($0))) }
            + plan.sideDays.map { QueuedJob(job: ComparisonChartJob(.sideDay($0))) }
        var results = try await BoundedTaskGroup.run(initial, later: together ? comparisons : [], width: width, perform)
        if !together { results += try await BoundedTaskGroup.run(comparisons, width: 1, perform) }
        var output = Output()
        for (_, record) in results { record(&output) }
        // Its closures and jobs, one allocation each, took 15–20 ms to free over twenty years,
        // with the other core idle.
        ReleaseElsewhere.drop(consume results)
        // Malformed charts (only ever recorded with --allow-gaps) are gaps, not missing data.
        output.gaps = output.missing.filter(\.isGap).sorted { $0.subject.order < $1.subject.order }
        output.missing.removeAll(where: \.isGap)
        output.charts.sort { $0.date < $1.date }
        output.periodCharts.sort { $0.period < $1.period }

        if case .enabled(let matcher, true) = enrichment, await !context.failure.stopped {
            do {
                output.upcoming = try await Self.upcoming(
                    matcher.client, width: width,
                    excluding: Set(output.matches.values.compactMap { $0.details?.movie.id }))
            } catch let error as TMDBError {
                await context.failure.record(error)
            }
        }

        output.matches = TMDBMatch.resolvingSharedIDs(output.matches)
        let error = await context.failure.error
        output.enrichmentError = error
        switch (enrichment, error) {
        case (.disabled(let reason), _): output.enrichment = EnrichmentStatus(state: .off, reason: reason)
        case (.enabled, let error?): output.enrichment = EnrichmentStatus(state: .incomplete, reason: error.errorDescription)
        case (.enabled, nil): output.enrichment = .complete
        }
        output.budgetStop = await client.budget?.stop
        if let warning = await client.budget?.ledgerWarning { output.warnings.append(warning) }
        if let warning = client.cache?.writeFailures.warning { output.warnings.append(warning) }
        if let warning = client.cache?.revisions.warning { output.warnings.append(warning) }
        return output
    }

    /// TMDB's upcoming films for Korea (``TMDBListPages``), films already on the chart left out,
    /// sorted by release date.
    static func upcoming(_ client: TMDBClient, width: Int, excluding onChart: Set<Int>) async throws -> [TMDBMovie] {
        let films = try await TMDBListPages.read(.upcoming, client: client, width: width).films.filter { !onChart.contains($0.id) }
        return films.sorted { a, b in
            switch (a.releaseDate, b.releaseDate) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return (a.title, a.id) < (b.title, b.id)
            }
        }
    }
}

/// A TMDB list for Korea as read: its first ``EnrichmentPlan/listPageLimit`` pages, each film
/// once (TMDB repeats items across pages, `now_playing` notoriously), in TMDB's order.
package struct TMDBListPages: Sendable, Equatable {
    package var films: [TMDBMovie]
    package var pagesRead: Int
    package var totalPages: Int
    package var window: ClosedRange<Day>?

    /// Page 1, then the others it says there are (up to the limit) concurrently.
    package static func read(_ list: TMDBList, client: TMDBClient, width: Int) async throws -> TMDBListPages {
        let first = try await client.list(list, page: 1)
        let lastPage = min(max(first.totalPages, 1), EnrichmentPlan.listPageLimit)
        let rest = lastPage > 1 ? try await BoundedTaskGroup.map(Array(2...lastPage), width: width) { try await client.list(list, page: $0) } : []
        var seen = Set<Int>()
        let films = ([first] + rest).flatMap(\.results).filter { seen.insert($0.id).inserted }
        return TMDBListPages(films: films, pagesRead: lastPage, totalPages: max(first.totalPages, 1), window: first.window)
    }
}

import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices

/// Fetches every chart of a range, the movie info of every film they name, and (when planned) each
/// film's TMDB match, all through one ``BoundedTaskGroup``.
///
/// A film's movie info and its TMDB lookup are queued as soon as the first chart naming it arrives,
/// so the group stays full; the lookup shares the movie-info request rather than repeating it. No
/// request is sent twice. TMDB failures never fail the fetch: they end up in ``Output/enrichment``.
public struct FetchStage: Sendable {
    /// Everything the join stage needs.
    public struct Output: Sendable {
        /// One chart per date, in date order.
        public var charts: [DailyChart]
        /// Movie info by movie code; codes KOBIS knows nothing about are absent.
        public var movies: [String: MovieInfo]
        /// TMDB matches by movie code, for the films looked up.
        public var matches: [String: TMDBMatch]
        /// TMDB's upcoming films for Korea, deduplicated, in release order; nil when not asked for or failed.
        public var upcoming: [TMDBMovie]?
        public var enrichment: EnrichmentStatus
        /// The first TMDB error, when there was one.
        public var enrichmentError: TMDBError?
        /// Dates whose chart could not be had: not cached (`--offline`) or the budget ran out.
        public var missingDates: [Day] = []
        /// Films whose movie info could not be had, for the same reasons.
        public var missingFilms: [String] = []
        /// Why KOBIS calls stopped, when they did.
        public var budgetStop: KOBISBudget.Stop?
    }

    /// How far a fetch has come, for a progress line.
    public struct Progress: Sendable {
        public var chartsDone: Int
        public var chartsTotal: Int
        public var filmsDone: Int
        public var filmsKnown: Int
        /// KOBIS calls sent so far.
        public var calls: Int
    }

    /// A film named by a chart; equal by movie code, so each film is queued once.
    struct Film: Hashable, Sendable {
        let code: String
        let title: String
        let openDate: Day?

        static func == (lhs: Film, rhs: Film) -> Bool { lhs.code == rhs.code }
        func hash(into hasher: inout Hasher) { hasher.combine(code) }
    }

    enum Job: Hashable, Sendable {
        case chart(Day)
        case movie(Film)
        case tmdb(Film)
    }

    enum Result: Sendable {
        case chart(DailyChart)
        case movie(MovieInfo?)
        case tmdb(TMDBMatch?)
        /// Not fetched: not cached offline, or no budget left.
        case missing
    }

    public let client: KOBISClient
    /// Requests in flight at most.
    public let width: Int
    /// TMDB enrichment, or nil for none.
    public let enrichment: EnrichmentPlan?
    /// Why there is no enrichment plan, for the report ("no TMDB credentials").
    public let enrichmentOffReason: String

    /// Called as jobs finish, from any task; keep it quick.
    public let progress: (@Sendable (Progress) -> Void)?

    public init(client: KOBISClient, width: Int, enrichment: EnrichmentPlan? = nil,
                enrichmentOffReason: String = EnrichmentStatus.notRequested.reason ?? "", progress: (@Sendable (Progress) -> Void)? = nil) {
        self.client = client
        self.width = width
        self.enrichment = enrichment
        self.enrichmentOffReason = enrichmentOffReason
        self.progress = progress
    }

    /// True for the KOBIS errors that mean "not had this run" rather than "failed": the date or film
    /// is reported as missing and the run goes on with what it has.
    static func isMissing(_ error: Error) -> Bool {
        switch error as? KOBISError {
        case .notCached?, .budgetSpent?, .quotaExceeded?: true
        default: false
        }
    }

    public func fetch(_ range: DateRange, filters: KOBISFilters) async throws -> Output {
        let client = client
        let plan = enrichment
        let movieInfos = SharedResults<String, MovieInfo?>()
        /// A film's movie info, requested once however many jobs ask for it.
        let movieInfo: @Sendable (String) async throws -> MovieInfo? = { code in
            try await movieInfos.value(for: code) { try await client.movieInfo(code: code) }
        }
        let failure = EnrichmentFailure()

        let tally = ProgressTally(chartsTotal: range.dayCount, budget: client.budget, report: progress)

        let results = try await BoundedTaskGroup.run(range.days.map(Job.chart), width: width) { job -> (output: Result, followUps: [Job]) in
            switch job {
            case .chart(let day):
                let chart: DailyChart
                do {
                    chart = try await client.dailyChart(on: day, filters: filters)
                } catch where Self.isMissing(error) {
                    await tally.chartDone(films: [])
                    return (.missing, [])
                }
                let films = chart.entries.map { Film(code: $0.movieCode, title: $0.title, openDate: $0.openDate) }
                await tally.chartDone(films: films.map(\.code))
                return (.chart(chart), films.flatMap { plan == nil ? [Job.movie($0)] : [.movie($0), .tmdb($0)] })
            case .movie(let film):
                let result: Result
                do {
                    result = .movie(try await movieInfo(film.code))
                } catch where Self.isMissing(error) {
                    result = .missing
                }
                await tally.filmDone()
                return (result, [])
            case .tmdb(let film):
                guard let plan, await !failure.stopped else { return (.tmdb(nil), []) }
                let info: MovieInfo?
                do {
                    info = try await movieInfo(film.code)
                } catch where Self.isMissing(error) {
                    return (.tmdb(nil), [])
                }
                let query = FilmQuery(movieCode: film.code, title: film.title.isEmpty ? info?.title ?? "" : film.title,
                                      titleEnglish: info?.titleEnglish ?? "", openDate: film.openDate ?? info?.openDate,
                                      isKorean: info.map(\.isKorean))
                do {
                    return (.tmdb(try await plan.matcher.match(query)), [])
                } catch let error as TMDBError {
                    await failure.record(error)
                    return (.tmdb(nil), [])
                }
            }
        }

        var charts: [DailyChart] = []
        var movies: [String: MovieInfo] = [:]
        var matches: [String: TMDBMatch] = [:]
        var missingDates: [Day] = []
        var missingFilms: [String] = []
        for (job, result) in results {
            switch (job, result) {
            case (.chart, .chart(let chart)): charts.append(chart)
            case (.chart(let day), .missing): missingDates.append(day)
            case (.movie(let film), .movie(let info?)): movies[film.code] = info
            case (.movie(let film), .missing): missingFilms.append(film.code)
            case (.tmdb(let film), .tmdb(let match?)): matches[film.code] = match
            default: break
            }
        }

        var upcoming: [TMDBMovie]?
        if let plan, plan.upcoming, await !failure.stopped {
            do {
                upcoming = try await Self.upcoming(plan.matcher.client, width: width,
                                                   excluding: Set(matches.values.compactMap { $0.details?.movie.id }))
            } catch let error as TMDBError {
                await failure.record(error)
            }
        }

        let error = await failure.error
        let status: EnrichmentStatus
        if plan == nil {
            status = EnrichmentStatus(state: .off, reason: enrichmentOffReason)
        } else if let error {
            status = EnrichmentStatus(state: .incomplete, reason: error.errorDescription)
        } else {
            status = .complete
        }
        return Output(charts: charts.sorted { $0.date < $1.date }, movies: movies, matches: matches,
                      upcoming: upcoming, enrichment: status, enrichmentError: error,
                      missingDates: missingDates.sorted(), missingFilms: missingFilms.sorted(),
                      budgetStop: await client.budget?.stop)
    }

    /// TMDB's upcoming films for Korea: up to three pages, deduplicated by id (TMDB repeats items
    /// across pages), films already on the chart left out, sorted by release date.
    static func upcoming(_ client: TMDBClient, width: Int, excluding onChart: Set<Int>) async throws -> [TMDBMovie] {
        let first = try await client.list(.upcoming, page: 1)
        let lastPage = min(max(first.totalPages, 1), EnrichmentPlan.upcomingPageLimit)
        let rest = lastPage > 1 ? try await BoundedTaskGroup.map(Array(2...lastPage), width: width) { try await client.list(.upcoming, page: $0) } : []
        var seen = Set<Int>()
        let films = ([first] + rest).flatMap(\.results).filter { !onChart.contains($0.id) && seen.insert($0.id).inserted }
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

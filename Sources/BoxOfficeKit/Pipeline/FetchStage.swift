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
    }

    public let client: KOBISClient
    /// Requests in flight at most.
    public let width: Int
    /// TMDB enrichment, or nil for none.
    public let enrichment: EnrichmentPlan?
    /// Why there is no enrichment plan, for the report ("no TMDB credentials").
    public let enrichmentOffReason: String

    public init(client: KOBISClient, width: Int, enrichment: EnrichmentPlan? = nil, enrichmentOffReason: String = "TMDB enrichment was not requested") {
        self.client = client
        self.width = width
        self.enrichment = enrichment
        self.enrichmentOffReason = enrichmentOffReason
    }

    public func fetch(_ range: DateRange, filters: KOBISFilters) async throws -> Output {
        let client = client
        let plan = enrichment
        let movieInfos = SharedResults<String, MovieInfo?>()
        let failure = EnrichmentFailure()

        let results = try await BoundedTaskGroup.run(range.days.map(Job.chart), width: width) { job -> (output: Result, followUps: [Job]) in
            switch job {
            case .chart(let day):
                let chart = try await client.dailyChart(on: day, filters: filters)
                let films = chart.entries.map { Film(code: $0.movieCode, title: $0.title, openDate: $0.openDate) }
                return (.chart(chart), films.flatMap { plan == nil ? [Job.movie($0)] : [.movie($0), .tmdb($0)] })
            case .movie(let film):
                return (.movie(try await movieInfos.value(for: film.code) { try await client.movieInfo(code: film.code) }), [])
            case .tmdb(let film):
                guard let plan, await !failure.stopped else { return (.tmdb(nil), []) }
                let info = try await movieInfos.value(for: film.code) { try await client.movieInfo(code: film.code) }
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
        for (job, result) in results {
            switch (job, result) {
            case (.chart, .chart(let chart)): charts.append(chart)
            case (.movie(let film), .movie(let info?)): movies[film.code] = info
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
                      upcoming: upcoming, enrichment: status, enrichmentError: error)
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

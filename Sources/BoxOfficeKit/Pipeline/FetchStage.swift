/// Fetches every chart of a range and the movie info of every film they name, concurrently.
///
/// Movie info for a film is requested as soon as the first chart naming it arrives, through the
/// same ``BoundedTaskGroup`` as the charts, so the group stays full; no request is sent twice.
public struct FetchStage: Sendable {
    /// Everything the join stage needs.
    public struct Output: Sendable {
        /// One chart per date, in date order.
        public var charts: [DailyChart]
        /// Movie info by movie code; codes KOBIS knows nothing about are absent.
        public var movies: [String: MovieInfo]
        /// Requests sent: charts plus movie infos.
        public var requestCount: Int
    }

    enum Job: Hashable, Sendable {
        case chart(Day)
        case movie(String)
    }

    enum Result: Sendable {
        case chart(DailyChart)
        case movie(MovieInfo?)
    }

    public let client: KOBISClient
    /// Requests in flight at most.
    public let width: Int

    public init(client: KOBISClient, width: Int) {
        self.client = client
        self.width = width
    }

    public func fetch(_ range: DateRange, filters: KOBISFilters) async throws -> Output {
        let client = client
        let results = try await BoundedTaskGroup.run(range.days.map(Job.chart), width: width) { job -> (output: Result, followUps: [Job]) in
            switch job {
            case .chart(let day):
                let chart = try await client.dailyChart(on: day, filters: filters)
                return (.chart(chart), chart.entries.map { .movie($0.movieCode) })
            case .movie(let code):
                return (.movie(try await client.movieInfo(code: code)), [])
            }
        }
        var charts: [DailyChart] = []
        var movies: [String: MovieInfo] = [:]
        for (job, result) in results {
            switch (job, result) {
            case (.chart, .chart(let chart)): charts.append(chart)
            case (.movie(let code), .movie(let info?)): movies[code] = info
            default: break
            }
        }
        return Output(charts: charts.sorted { $0.date < $1.date }, movies: movies, requestCount: results.count)
    }
}

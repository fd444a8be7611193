import BoxOfficeModel

/// A date's daily chart; every film it names is queued for movie info (and TMDB) at once.
struct DailyChartJob: FetchJob {
    let day: Day
    let identity: String

    init(day: Day) {
        self.day = day
        identity = "daily-chart:\(day.iso)"
    }

    func run(_ context: FetchContext) async throws -> FetchJobResult {
        let chart: DailyChart
        do {
            chart = try await context.kobis.dailyChart(on: day, filters: context.filters)
        } catch {
            let reason = try FetchContext.missingReason(error)
            await context.tally.chartDone(films: [])
            return .missing(.chart(day), reason)
        }
        let films = chart.entries.map { ChartedFilm(code: $0.movieCode, title: $0.title, openDate: $0.openDate) }
        await context.tally.chartDone(films: films.map(\.code))
        let lookUp = context.enrichment.matcher != nil
        let followUps: [any FetchJob] = films.flatMap { film -> [any FetchJob] in
            lookUp ? [MovieInfoJob(film: film), TMDBMatchJob(film: film)] : [MovieInfoJob(film: film)]
        }
        return FetchJobResult(record: { $0.charts.append(chart) }, followUps: followUps)
    }
}

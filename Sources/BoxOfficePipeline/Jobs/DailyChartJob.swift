import BoxOfficeModel
import BoxOfficeServices

/// A date's daily chart; every film it names is queued for movie info (and TMDB) at once.
struct DailyChartJob: FetchJob {
    let day: Day
    let depth: ChartDepth
    let identity: String

    init(day: Day, depth: ChartDepth = .top10) {
        self.day = day
        self.depth = depth
        identity = "daily-chart:\(depth.rawValue):\(day.iso)"
    }

    func run(_ context: FetchContext) async throws -> FetchJobResult {
        let chart: DailyChart
        do {
            chart = try await context.kobis.dailyChart(on: day, depth: depth, filters: context.filters)
        } catch {
            let reason = try context.chartMissingReason(error)
            await context.tally.chartDone(newFilms: 0)
            return .missing(.chart(day), reason)
        }
        let films = context.filmJobs(chart.entries, on: day)
        await context.tally.chartDone(newFilms: films.newFilms)
        return FetchJobResult(record: { $0.charts.append(chart) }, followUps: films.jobs)
    }
}

/// A week's, weekend's or weekdays' chart from KOBIS's weekly service; its films are queued like a
/// daily chart's.
struct PeriodChartJob: FetchJob {
    let period: ChartPeriod
    var identity: String { "period-chart:\(period.kind.rawValue):\(period.start.iso)" }

    func run(_ context: FetchContext) async throws -> FetchJobResult {
        let chart: WeeklyChart
        do {
            chart = try await context.kobis.weeklyChart(period, filters: context.filters)
        } catch {
            let reason = try context.chartMissingReason(error)
            await context.tally.chartDone(newFilms: 0)
            return .missing(.period(period), reason)
        }
        let films = context.filmJobs(chart.entries, on: period.start)
        await context.tally.chartDone(newFilms: films.newFilms)
        return FetchJobResult(record: { $0.periodCharts.append(chart) }, followUps: films.jobs)
    }
}

/// A chart a report compares with beyond its range (the day before it, the same days a week and a
/// year earlier; a period report's previous period and the same periods a year earlier), fetched
/// in the same bounded group as the range so that a cold report makes one trip, but only when no
/// job of the range is waiting (``BoundedTaskGroup/run(_:later:width:_:)``). Its films are not
/// looked up, and one that cannot be had leaves a blank with the reason (``LookBackStage``), never
/// a failed fetch; a rejected key still ends the run.
struct ComparisonChartJob: FetchJob {
    enum Subject: Sendable {
        case day(Day, ChartDepth)
        case period(ChartPeriod)
        case sideDay(FetchStage.SideChart<Day>)
        case sidePeriod(FetchStage.SideChart<ChartPeriod>)
    }

    let subject: Subject
    let identity: String

    init(_ subject: Subject) {
        self.subject = subject
        identity =
            switch subject {
            case .day(let day, let depth): "comparison:\(depth.rawValue):\(day.iso)"
            case .period(let period): "comparison:\(period.kind.rawValue):\(period.start.iso)"
            case .sideDay(let side): "side:\(KOBISCacheKeys.filterFolder(side.filters)):\(side.subject.iso)"
            case .sidePeriod(let side): "side:\(KOBISCacheKeys.filterFolder(side.filters)):\(side.subject.kind.rawValue):\(side.subject.start.iso)"
            }
    }

    func run(_ context: FetchContext) async throws -> FetchJobResult {
        switch subject {
        case .day(let day, let depth):
            let outcome = try await LookBackStage.outcome { try await context.kobis.dailyChart(on: day, depth: depth, filters: context.filters) }
            return FetchJobResult { $0.comparisons.days[day] = outcome }
        case .period(let period):
            let outcome = try await LookBackStage.outcome { try await context.kobis.weeklyChart(period, filters: context.filters) }
            return FetchJobResult { $0.comparisons.periods[period] = outcome }
        case .sideDay(let side):
            let outcome = try await LookBackStage.outcome { try await context.kobis.dailyChart(on: side.subject, filters: side.filters) }
            return FetchJobResult { $0.comparisons.sideDays[side] = outcome }
        case .sidePeriod(let side):
            let outcome = try await LookBackStage.outcome { try await context.kobis.weeklyChart(side.subject, filters: side.filters) }
            return FetchJobResult { $0.comparisons.sidePeriods[side] = outcome }
        }
    }
}

import Foundation

/// Builds the report model from fetched data: join, rank, summarize. Pure and synchronous.
package enum ReportBuilder {
    package struct Options: Sendable {
        package var rankBy: RankKey
        package var filters: KOBISFilters
        package var simulated: Bool
        /// Today in Seoul, when known: charts from yesterday on are provisional.
        package var today: Day?

        package init(rankBy: RankKey = .audience, filters: KOBISFilters = .init(), simulated: Bool = false, today: Day? = nil) {
            self.rankBy = rankBy
            self.filters = filters
            self.simulated = simulated
            self.today = today
        }
    }

    /// What TMDB added to a run.
    package struct Enrichment: Sendable {
        package var matches: [String: TMDBMatch]
        package var upcoming: [TMDBMovie]?
        package var status: EnrichmentStatus

        package init(
            matches: [String: TMDBMatch] = [:], upcoming: [TMDBMovie]? = nil,
            status: EnrichmentStatus = .notRequested
        ) {
            self.matches = matches
            self.upcoming = upcoming
            self.status = status
        }
    }

    package static func build(
        range: DateRange, charts: [DailyChart], movies: [String: MovieInfo], options: Options,
        enrichment: Enrichment = .init(), history: ChartHistory = .init()
    ) -> BoxOfficeReport {
        // The films (join, rank, their runs) and the days (rows, comparisons, weeks) are built side by side.
        let (films, (days, weeks)) = BoundedTaskGroup.both {
            let joined = RankStage.rank(JoinStage.films(charts: charts, movies: movies, matches: enrichment.matches), by: options.rankBy)
            return StoryStage.films(joined, range: range, charts: charts, history: history)
        } _: {
            var days = JoinStage.days(charts: charts, history: history.charts)
            // Provisional while KOBIS may still revise the day, or while its chart is one fetched
            // before the day's figures were final (fetched again by the next online run).
            let early = Set(charts.filter(\.provisional).map(\.date))
            let stillRevised = options.today.map { $0 - 1 }
            for index in days.indices where early.contains(days[index].date) || stillRevised.map({ days[index].date >= $0 }) == true {
                days[index].provisional = true
            }
            return (days, WeekSummary.weeks(of: days, in: range))
        }
        let depth = charts.map(\.depth).max() ?? .top10
        var notes: [ReportNote] = [depth == .top10 ? .chartCoverage : .deepChart(depth)]
        notes += provisionalNote(days.filter(\.provisional).map(\.date))
        if depth != .top10, let first = days.first, first.entries.contains(where: { $0.rankChange == nil }) {
            notes.append(.rankChangesUnknown(first.date))
        }
        notes += history.unavailableNote().map { [$0] } ?? []
        var report = finish(
            range: range, films: films, notes: notes, options: options, enrichment: enrichment,
            summary: summary(
                films: films,
                charts: days.map { .init(date: $0.date, sales: $0.sales, estimatedMarketSales: $0.estimatedMarketSales, entries: $0.entries) },
                weeks: weeks))
        report.days = days
        let byDate = Dictionary(charts.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        report.summary.lastYear = YearEarlier.range(days, over: range, charts: { byDate[$0] ?? history.charts[$0] })
        if YearEarlier.sameDate(range.end) >= range.start { report.notes.append(.yearEarlierOverlaps) }
        report.depth = depth
        report.highlights = StoryStage.highlights(
            days: days, films: films, range: range, charts: charts, history: history, lastYear: report.summary.lastYear)
        return report
    }

    /// A weekly, weekend or weekdays report from KOBIS's period charts: the films table ranks the
    /// films by their period totals summed over the periods. `earlier`, the period just before the
    /// first, gives the first period what the others have from the one before them; `yearEarlier`,
    /// the same periods 52 weeks back (those the report does not hold itself), their year-earlier figures.
    package static func build(
        range: DateRange, periods charts: [WeeklyChart], kind: PeriodKind, movies: [String: MovieInfo], options: Options,
        enrichment: Enrichment = .init(), cached: [ChartPeriod: WeeklyChart] = [:], earlier: WeeklyChart? = nil,
        yearEarlier: [ChartPeriod: WeeklyChart] = [:]
    ) -> BoxOfficeReport {
        // The films (join, rank) beside the periods (rows, comparisons) and the rows the films'
        // stories read, then the stories (in halves): the periods alone took a fifth of the films'
        // time, and a twenty-year --weekly report's second core idled 12 ms (trace marks).
        let (joined, (periods, periodRows)) = BoundedTaskGroup.both {
            let slots = charts.sorted { $0.period < $1.period }.map {
                JoinStage.Slot(start: $0.period.start, end: $0.period.end, entries: $0.entries)
            }
            return RankStage.rank(JoinStage.films(slots: slots, movies: movies, matches: enrichment.matches), by: options.rankBy)
        } _: {
            var periods = PeriodReport.periods(charts, earlier: earlier, today: options.today)
            let byPeriod = yearEarlier.merging(charts.map { ($0.period, $0) }) { _, own in own }
            for index in periods.indices {
                periods[index].lastYear = YearEarlier.period(periods[index], earlier: byPeriod[periods[index].period.yearEarlier])
            }
            return (periods, StoryStage.PeriodRows(periods: charts, cached: cached, earlier: earlier))
        }
        let films = StoryStage.films(joined, periodRows)
        var notes: [ReportNote] = [.periodChart(kind)]
        let provisional = periods.filter(\.provisional)
        if !provisional.isEmpty {
            notes.append(.provisionalPeriods(provisional.map { DateRange(start: $0.start, end: $0.end) }))
        }
        // The summary beside the highlights: each reads the films and the periods only.
        let (summary, highlights) = BoundedTaskGroup.both { () -> ReportSummary in
            // A period counts where a day would: its new entries are dated by its first day.
            Self.summary(
                films: films,
                charts: periods.map {
                    SummaryChart(date: $0.start, sales: $0.sales, estimatedMarketSales: $0.estimatedMarketSales, entries: $0.entries)
                },
                weeks: [])
        } _: {
            StoryStage.highlights(periods: periods, films: films, cached: cached)
        }
        var report = finish(range: range, films: films, notes: notes, options: options, enrichment: enrichment, summary: summary)
        report.periodKind = kind
        report.periods = periods
        report.summary.lastYear = YearEarlier.range(periods)
        if let first = periods.first, periods.contains(where: { $0.period.yearEarlier.start >= first.start }) {
            report.notes.append(.yearEarlierOverlaps)
        }
        report.highlights = highlights
        report.source = options.simulated ? report.source : "KOBIS \(kind.displayName) box office (Korean Film Council)"
        return report
    }

    static func provisionalNote(_ provisional: [Day]) -> [ReportNote] {
        provisional.isEmpty ? [] : [.provisionalDays(provisional)]
    }

    /// The notes and fields every report shares.
    static func finish(
        range: DateRange, films: [FilmRanking], notes: [ReportNote], options: Options, enrichment: Enrichment, summary: ReportSummary
    ) -> BoxOfficeReport {
        var notes = notes
        if options.simulated { notes.insert(.simulated, at: 0) }
        if range.start.year < 2011 {
            notes.append(.earlyCoverage)
        }
        let missingInfo = films.filter { !$0.hasMovieInfo }.count
        if missingInfo > 0 {
            notes.append(.missingMovieInfo(films: missingInfo))
        }
        if enrichment.status.state == .incomplete {
            notes.append(.tmdbIncomplete(reason: enrichment.status.reason))
        }
        return BoxOfficeReport(
            source: options.simulated ? "Simulated KOBIS data (boxoffice's bundled sample)" : "KOBIS daily box office (Korean Film Council)",
            simulated: options.simulated,
            range: ReportRange(range),
            filters: options.filters,
            rankedBy: options.rankBy,
            notes: notes,
            summary: summary,
            films: films,
            days: [],
            enrichment: enrichment.status,
            upcoming: enrichment.upcoming.map { $0.map(UpcomingFilm.init) }
        )
    }

    /// What the summary reads of one chart of the report: a day, or a period.
    struct SummaryChart {
        var date: Day
        var sales: Int64
        var estimatedMarketSales: Int64?
        var entries: [DayEntry]
    }

    static func summary(films: [FilmRanking], charts: [SummaryChart], weeks: [WeekSummary]) -> ReportSummary {
        let audience = films.reduce(Int64(0)) { $0 + $1.audience }
        let sales = films.reduce(Int64(0)) { $0 + $1.sales }
        let korean = films.filter { $0.hasMovieInfo && MovieInfo.isKorean(nations: $0.nations) }.reduce(Int64(0)) { $0 + $1.audience }
        let unknown = films.filter { !$0.hasMovieInfo || $0.nations.isEmpty }.reduce(Int64(0)) { $0 + $1.audience }
        let foreign = audience - korean - unknown

        let firstCharted = Dictionary(films.map { ($0.movieCode, $0.firstChartDate) }, uniquingKeysWith: min)
        let entries = ReportSummary.entries(charts.map { ($0.date, $0.entries) }, firstCharted: firstCharted)
        // Each week's new entries are the summary's that fall in it (the rows NEW films are on).
        var weeks = weeks
        var next = entries.new.startIndex
        for index in weeks.indices {
            while next < entries.new.endIndex, entries.new[next].date < weeks[index].start { next += 1 }
            var count = 0
            while next < entries.new.endIndex, entries.new[next].date <= weeks[index].end {
                count += 1
                next += 1
            }
            weeks[index].newEntries = count
        }
        let estimated = charts.filter { $0.estimatedMarketSales != nil }
        // Checked: each estimate is bounded, but the sum is the last place a service's number is added up.
        let market = estimated.reduce(Int64?.some(0)) { total, chart in
            total.flatMap { total in
                let (sum, overflow) = total.addingReportingOverflow(chart.estimatedMarketSales ?? 0)
                return overflow ? nil : sum
            }
        }
        let chartedOnEstimatedDays = estimated.reduce(Int64(0)) { $0 + $1.sales }
        let price = JoinStage.wholeRatio(sales, audience)
        let marketSales = estimated.isEmpty ? nil : market
        return ReportSummary(
            chartedAudience: audience,
            chartedSales: sales,
            films: films.count,
            emptyDays: charts.filter { $0.entries.isEmpty }.count,
            audienceShareByNation: .init(
                korean: JoinStage.percent(korean, of: audience),
                foreign: JoinStage.percent(foreign, of: audience),
                unknown: JoinStage.percent(unknown, of: audience)),
            topDistributors: MarketStructure.distributors(films, total: audience).filter { !$0.key.isEmpty }.prefix(5).map(
                ReportSummary.DistributorTotal.init),
            newEntries: entries.new,
            reEntries: entries.re,
            weeks: weeks,
            estimatedMarketSales: estimated.isEmpty ? nil : market,
            estimatedMarketDays: estimated.count,
            chartedShareOfEstimatedMarketPercent: estimated.isEmpty ? nil : market.flatMap { JoinStage.percent(chartedOnEstimatedDays, of: $0) },
            averageTicketPrice: price,
            estimatedMarketAudience: marketSales.flatMap { sales in price.flatMap { JoinStage.wholeRatio(sales, $0) } }
        )
    }
}

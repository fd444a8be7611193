import BoxOfficeModel
import Foundation

/// The definition of every machine table (``ReportTable``), and the tables of a report, a film's
/// run and a ranking filled from the model.
///
/// Cells are raw and spreadsheet-friendly: no thousands separators, ISO dates, `.` decimals,
/// `true`/`false`, multi-valued cells joined with ``listSeparator``, blank where there is no value.
package enum ReportTables {
    /// Multi-valued cells (nations, genres, directors) join their values with this.
    package static let listSeparator = "; "

    /// A report's tables, in the order its CSV files and workbook sheets are listed: a daily
    /// report's films, daily rows and days; a period report's films and weeks.
    package static func tables(periods: Bool) -> [ReportTable] {
        periods ? [.films, .weeks] : [.films, .daily, .days]
    }

    /// The longest of a report's tables: a period report's charts, a daily report's rows.
    package static func longest(periods: Bool) -> ReportTable { periods ? .weeks : .daily }

    /// A report's table filled from the report.
    package static func table(_ name: ReportTable, of report: BoxOfficeReport) -> Table {
        let source = dataSource(simulated: report.simulated)
        switch name {
        case .films: return films(source: source).filled(report.films)
        case .days: return days(source: source).filled(report.days)
        case .daily: return daily(source: source).filled(dailyRows(report))
        case .weeks:
            return weeks(source: source).filled(report.periods.flatMap { period in period.entries.map { PeriodRow(period: period, entry: $0) } })
        case .regions:
            return regions(source: source).filled(
                report.periods.flatMap { period in
                    (period.regions ?? []).flatMap { region in region.entries.map { RegionRow(period: period, region: region, row: $0) } }
                })
        case .film, .weekends, .comparison, .filmography, .companyYears, .rank, .quota, .watchlist, .revisions, .distributors, .nations, .grades,
            .genres,
            .months, .years, .distributorYears, .calendar, .weekendTotals, .sameSpan, .quarters, .monthNations,
            .releases, .diversityFilms, .regionTotals:
            preconditionFailure("\(name) is not a report's table")
        }
    }

    /// `boxoffice film`'s table: the run's charted days.
    package static func table(of run: FilmRun) -> Table {
        film(movieCode: run.movieCode, title: run.title, source: dataSource(simulated: run.simulated)).filled(run.days)
    }

    /// `boxoffice film`'s weekends (``RunShape``); nil for a run without a shape.
    package static func weekendsTable(of run: FilmRun) -> Table? {
        run.shape.map { weekends(movieCode: run.movieCode, source: dataSource(simulated: run.simulated)).filled($0.weekends) }
    }

    /// `boxoffice company`'s and `boxoffice person`'s table: the films.
    package static func table(of page: Filmography) -> Table {
        filmography(source: dataSource(simulated: page.simulated)).filled(page.films)
    }

    /// `boxoffice company`'s years.
    package static func companyYearsTable(of page: Filmography) -> Table {
        companyYears(source: dataSource(simulated: page.simulated)).filled(page.years)
    }

    /// `boxoffice rank`'s table: the ranked films.
    package static func table(of ranking: PeriodRanking) -> Table {
        rank(source: dataSource(simulated: ranking.simulated)).filled(ranking.films)
    }

    /// `boxoffice rank`'s market tables, in the order its files list them.
    package static func marketTables(of ranking: PeriodRanking) -> [Table] {
        let source = dataSource(simulated: ranking.simulated)
        let market = ranking.market
        func ranked(_ shares: [MarketStructure.Share]) -> [ShareRow] { shares.enumerated().map { ShareRow(rank: $0 + 1, share: $1) } }
        return [
            share(.distributors, source: source).filled(ranked(market.distributors)),
            share(.nations, source: source).filled(ranked(market.nations)),
            share(.grades, source: source).filled(ranked(market.grades)),
            share(.genres, source: source).filled(ranked(market.genres)),
            months(.months, source: source).filled(market.months),
        ]
            + (market.quarters.isEmpty ? [] : [months(.quarters, source: source).filled(market.quarters)])
            + [monthNations(source: source).filled(market.monthNations)]
            + (ranking.releases.map { [releases(source: source).filled($0.films)] } ?? [])
            + (ranking.diversity.map { [diversityFilms(source: source).filled($0.films)] } ?? [])
            + (ranking.regions.map { [regionTotals(source: source).filled($0.regions)] } ?? [])
            + (market.years.isEmpty
                ? [] : [years(source: source).filled(market.years), distributorYears(source: source).filled(market.distributorYears)])
            + (ranking.weekends.map { [weekendTotals(source: source).filled($0)] } ?? [])
            + (ranking.sameSpan.map { [sameSpan(source: source).filled($0.years)] } ?? [])
    }

    /// Every table's columns, for the docs, the default CSV templates and the data package.
    package static func columns(_ name: ReportTable) -> [ColumnInfo] { definition(name).columns }

    /// Every table's definition as every format sees it: its columns and its facts. The one switch
    /// over the tables that a new one adds a line to, besides the list of a report's tables.
    static func definition(_ name: ReportTable) -> (columns: [ColumnInfo], facts: TableFacts) {
        func info<Row>(_ definition: TableDefinition<Row>) -> (columns: [ColumnInfo], facts: TableFacts) {
            (definition.columns.map(\.info), definition.facts)
        }
        return switch name {
        case .films: info(films(source: ""))
        case .daily: info(daily(source: ""))
        case .days: info(days(source: ""))
        case .weeks: info(weeks(source: ""))
        case .film: info(film(movieCode: "", title: "", source: ""))
        case .weekends: info(weekends(movieCode: "", source: ""))
        case .comparison: info(comparison(films: [], source: ""))
        case .regions: info(regions(source: ""))
        case .filmography: info(filmography(source: ""))
        case .companyYears: info(companyYears(source: ""))
        case .rank: info(rank(source: ""))
        case .quota: info(quota)
        case .watchlist: info(watchlist)
        case .revisions: info(revisions)
        case .distributors, .nations, .grades, .genres: info(share(name, source: ""))
        case .months, .quarters: info(months(name, source: ""))
        case .years: info(years(source: ""))
        case .distributorYears: info(distributorYears(source: ""))
        case .calendar: info(calendar(source: ""))
        case .weekendTotals: info(weekendTotals(source: ""))
        case .sameSpan: info(sameSpan(source: ""))
        case .monthNations: info(monthNations(source: ""))
        case .releases: info(releases(source: ""))
        case .diversityFilms: info(diversityFilms(source: ""))
        case .regionTotals: info(regionTotals(source: ""))
        }
    }

    /// `boxoffice calendar`'s table.
    package static func table(of calendar: ReleaseCalendar) -> Table {
        self.calendar(source: dataSource(simulated: calendar.simulated)).filled(calendar.events)
    }

    /// `boxoffice quota`'s table.
    package static func table(of keys: [QuotaRow]) -> Table { quota.filled(keys) }

    /// `boxoffice revisions`' table (a batch of the log's lines at a time).
    package static func table(of revised: [Revision]) -> Table { revisions.filled(revised) }

    /// `boxoffice watch list`'s table.
    package static func table(of films: [WatchlistRow]) -> Table { watchlist.filled(films) }

    /// `KOBIS`, or `SIMULATED` for the bundled sample: the `data_source` column.
    static func dataSource(simulated: Bool) -> String { simulated ? "SIMULATED" : "KOBIS" }

    /// A decimal with a fixed number of places and a `.` point, whatever the locale.
    static func decimal(_ value: Double, places: Int) -> String { PeopleFormat.fixed(value, places: places) }

    static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    /// `true` or `false` for a row of a report with a watchlist; blank without one.
    static func watched(_ flag: Bool?) -> String { flag.map(bool) ?? "" }

    static func list(_ values: [String]) -> String { values.joined(separator: listSeparator) }

    static let sourceAbout = "KOBIS, or SIMULATED for the bundled sample"

    // MARK: - films

    static func films(source: String) -> TableDefinition<FilmRanking> {
        TableDefinition(
            .films, TableFacts(key: ["movie_cd"], label: ("films", "영화"), listKey: "films", template: "films CSV, one row per film"),
            [
                Column("rank", .integer, "Rank over the range by the ranking key (audience unless --rank-by)") { String($0.rank) },
                Column("movie_cd", .code, "KOBIS movie code") { $0.movieCode },
                Column("title", .text, "Korean title") { $0.title },
                Column("title_en", .text, "English title, as KOBIS has it") { $0.titleEnglish },
                Column("open_date", .date, "Release date in Korea") { $0.openDate?.iso ?? "" },
                Column("days_on_chart", .integer, "Days on the chart in the range") { String($0.daysOnChart) },
                Column("best_rank", .integer, "Best daily rank in the range") { String($0.bestRank) },
                Column("audience", .integer, "Admissions summed over its chart days in the range") { String($0.audience) },
                Column("sales", .integer, "Sales in won summed over its chart days in the range") { String($0.sales) },
                Column("audience_share_pct", .decimal(places: 2), "Its share of the range's charted audience, %") {
                    decimal($0.audienceSharePercent, places: 2)
                },
                Column("audience_cumulative", .integer, "KOBIS's cumulative admissions on its last chart day") { String($0.audienceCumulative) },
                Column("sales_cumulative", .integer, "KOBIS's cumulative sales on its last chart day, won") { String($0.salesCumulative) },
                Column("audience_per_screen", .decimal(places: 1), "Charted admissions per screen") {
                    $0.audiencePerScreen.map { decimal($0, places: 1) } ?? ""
                },
                Column("nations", .text, "Production nations (KOBIS movie info)") { list($0.nations) },
                Column("genres", .text, "Genres (KOBIS movie info)") { list($0.genres) },
                Column("directors", .text, "Directors (KOBIS movie info)") { list($0.directors) },
                Column("distributor", .text, "Distributors, 배급사 (KOBIS movie info)") { list($0.distributors) },
                Column("watch_grade", .text, "Korean rating (KOBIS movie info)") { $0.watchGrade ?? "" },
                Column("runtime_min", .integer, "Running time in minutes") { $0.runtimeMinutes.map(String.init) ?? "" },
                Column("data_source", .code, sourceAbout) { _ in source },
            ] + filmsLaterColumns)
    }

    /// The films table's columns after `data_source`: TMDB's, the run's story, and more of TMDB's.
    static let filmsLaterColumns: [Column<FilmRanking>] = [
        Column("tmdb_id", .integer, "TMDB movie id") { $0.tmdb.map { String($0.id) } ?? "" },
        Column("tmdb_title", .text, "TMDB title") { $0.tmdb?.title ?? "" },
        Column("tmdb_original_title", .text, "TMDB original title") { $0.tmdb?.originalTitle ?? "" },
        // No votes, no average: TMDB writes 0 for a film nobody rated, which is not a rating of 0.
        Column("tmdb_rating", .decimal(places: 3), "TMDB vote average, 0–10; blank without votes") {
            $0.tmdb.flatMap { $0.votes > 0 ? PeopleFormat.trimmed($0.rating, places: 3) : nil } ?? ""
        },
        Column("tmdb_votes", .integer, "TMDB vote count") { $0.tmdb.map { String($0.votes) } ?? "" },
        Column("tmdb_match", .code, "How the TMDB film was matched") { $0.tmdbMatch?.rawValue ?? "" },
        Column("poster_url", .text, "TMDB poster, 185 px wide") { $0.tmdb.flatMap { TMDBImage.poster($0.posterPath, size: "w185") } ?? "" },
        Column("keywords", .text, "TMDB keywords") { list($0.tmdb?.keywords ?? []) },
        Column("audience_first_to_last", .integer, "Admissions from its first to its last chart day, off-chart days included") {
            String($0.audienceFirstToLast)
        },
        Column("sales_first_to_last", .integer, "Sales from its first to its last chart day, off-chart days included, won") {
            String($0.salesFirstToLast)
        },
        Column("first_to_last_method", .code, "cumulative, or charted_sum when the cumulatives do not add up") {
            $0.firstToLastMethod.rawValue
        },
        Column("audience_last_week", .integer, "Its admissions over the same days a week earlier, when charted on every one of both") {
            $0.audienceLastWeek.map(String.init) ?? ""
        },
        Column("audience_change_lw_pct", .decimal(places: 1), "The range's admissions against a week earlier, %") {
            $0.audienceChangeLastWeekPercent.map { decimal($0, places: 1) } ?? ""
        },
        Column("days_at_number_one", .integer, "Days at #1 in the range") { String($0.daysAtNumberOne) },
        Column("number_one_streak", .integer, "Longest run of days at #1") { $0.numberOneStreak.map { String($0.length) } ?? "" },
        Column("number_one_streak_start", .date, "First day of that run") { $0.numberOneStreak?.start.iso ?? "" },
        Column("number_one_streak_at_least", .boolean, "true when the run may be longer: it began before the charts that could be had") {
            $0.numberOneStreak.map { bool($0.atLeast) } ?? ""
        },
        Column("milestones", .text, "Cumulative admissions milestones crossed, threshold@date") {
            $0.milestones.map { "\($0.threshold)@\($0.date.iso)" }.joined(separator: listSeparator)
        },
        Column("opening_day_audience", .integer, "Admissions on its opening day, when in the range") {
            $0.openingDay.map { String($0.audience) } ?? ""
        },
        Column("opening_weekend_audience", .integer, "Admissions over its opening weekend, when in the range") {
            $0.openingWeekend.map { String($0.audience) } ?? ""
        },
        Column("best_day", .date, "Its best day by admissions") { $0.bestDay?.start.iso ?? "" },
        Column("best_day_audience", .integer, "Admissions on its best day") { $0.bestDay.map { String($0.audience) } ?? "" },
        Column("days_in_release", .integer, "Days in release on its last chart day in the range, opening day being 1") {
            $0.daysInRelease.map(String.init) ?? ""
        },
        Column("tmdb_reason", .text, "Why the TMDB match is not certain") { $0.tmdbReason ?? "" },
        Column("imdb_id", .code, "IMDb id (TMDB)") { $0.tmdb?.imdbID ?? "" },
        Column("tmdb_collection", .text, "TMDB collection (series)") { $0.tmdb?.collection ?? "" },
        Column("origin_countries", .text, "TMDB origin countries") { list($0.tmdb?.originCountries ?? []) },
        Column("budget_usd", .integer, "Budget, US dollars (TMDB)") { $0.tmdb?.budget.map(String.init) ?? "" },
        Column("revenue_usd", .integer, "Worldwide revenue, US dollars (TMDB)") { $0.tmdb?.revenue.map(String.init) ?? "" },
        Column("kr_certification", .text, "Korean certification (TMDB)") { $0.tmdb?.koreanCertification ?? "" },
        Column("watched", .boolean, "On your watchlist; blank without one") { watched($0.watched) },
        Column("opening_weekend_chart", .integer, "Its opening weekend in KOBIS's weekend chart, when cached (boxoffice fetch --weekend)") {
            $0.openingWeekendChart.map(String.init) ?? ""
        },
        Column("multiplier", .decimal(places: 2), "audience_cumulative ÷ opening_weekend_chart: the run's multiplier so far") {
            $0.multiplier.map { decimal($0, places: 2) } ?? ""
        },
    ]

    // MARK: - days

    static func days(source: String) -> TableDefinition<DayReport> {
        TableDefinition(
            .days,
            TableFacts(
                key: ["date"], label: ("days", "날짜"), listKey: "days", template: "days CSV, one row per date: the day's totals and estimated market"),
            [
                Column("date", .date, "The day") { $0.date.iso },
                Column("weekday", .code, "Mon … Sun") { PeopleFormat.weekday($0.date) },
                Column("provisional", .boolean, "true while KOBIS may still revise the day's figures") { bool($0.provisional) },
                Column("films_charted", .integer, "Rows on the day's chart") { String($0.filmsCharted) },
                Column("charted_audience", .integer, "Admissions of the charted films") { String($0.audience) },
                Column("charted_sales", .integer, "Sales of the charted films, won") { String($0.sales) },
                Column("estimated_market_sales", .integer, "The whole market's sales, estimated from the charted films' shares, won") {
                    $0.estimatedMarketSales.map(String.init) ?? ""
                },
                Column("charted_sales_share_pct", .decimal(places: 1), "The charted films' share of the estimated market, %") {
                    $0.chartedSalesSharePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("top_movie_cd", .code, "The day's #1, its KOBIS code") { $0.topFilm?.movieCode ?? "" },
                Column("top_title", .text, "The day's #1, its title") { $0.topFilm?.title ?? "" },
                Column("top_audience", .integer, "The day's #1, its admissions") { $0.topFilm.map { String($0.audience) } ?? "" },
                Column("new_entries", .integer, "Films new on the chart that day") { String($0.newEntries) },
                Column("data_source", .code, sourceAbout) { _ in source },
                Column("depth", .integer, "Rows the day's chart may have: 10, 20 or 40") { String($0.depth.rawValue) },
                Column("exact_through_rank", .integer, "The chart is certainly the market's down to this rank") { String($0.exactThroughRank) },
                Column("holiday", .text, "Korean public holiday, English name") { $0.holiday?.en ?? "" },
                Column("holiday_ko", .text, "Korean public holiday, Korean name") { $0.holiday?.ko ?? "" },
                Column("date_last_year", .date, "The same date a year earlier (28 February for a 29th)") { $0.lastYear?.start.iso ?? "" },
                Column("charted_audience_last_year", .integer, "Charted admissions on that day") {
                    $0.lastYear.map { String($0.chartedAudience) } ?? ""
                },
                Column("charted_audience_change_ly_pct", .decimal(places: 1), "Charted admissions against that day, %") {
                    $0.lastYear?.audienceChangePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("charted_sales_last_year", .integer, "Charted sales on that day, won") { $0.lastYear.map { String($0.chartedSales) } ?? "" },
                Column("charted_sales_change_ly_pct", .decimal(places: 1), "Charted sales against that day, %") {
                    $0.lastYear?.salesChangePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("charted_audience_ytd", .integer, "Charted admissions from 1 January to the day") {
                    $0.yearToDate.map { String($0.chartedAudience) } ?? ""
                },
                Column("charted_audience_ytd_last_year", .integer, "The same span's charted admissions a year earlier") {
                    $0.yearToDate.map { String($0.lastYear.chartedAudience) } ?? ""
                },
                Column("charted_audience_ytd_change_pct", .decimal(places: 1), "Year to date against last year's, admissions, %") {
                    $0.yearToDate?.lastYear.audienceChangePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("charted_sales_ytd", .integer, "Charted sales from 1 January to the day, won") {
                    $0.yearToDate.map { String($0.chartedSales) } ?? ""
                },
                Column("charted_sales_ytd_last_year", .integer, "The same span's charted sales a year earlier, won") {
                    $0.yearToDate.map { String($0.lastYear.chartedSales) } ?? ""
                },
                Column("charted_sales_ytd_change_pct", .decimal(places: 1), "Year to date against last year's, sales, %") {
                    $0.yearToDate?.lastYear.salesChangePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("holiday_date_last_year", .date, "On a holiday: the same holiday a year earlier") { $0.holidayLastYear?.start.iso ?? "" },
                Column("charted_audience_holiday_last_year", .integer, "Charted admissions on that holiday") {
                    $0.holidayLastYear.map { String($0.chartedAudience) } ?? ""
                },
                Column("charted_audience_change_holiday_ly_pct", .decimal(places: 1), "Charted admissions against that holiday, %") {
                    $0.holidayLastYear?.audienceChangePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("top_showing_share_pct", .decimal(places: 1), "The #1 film's share of the charted films' showings, % (an upper bound)") {
                    MarketStructure.topShare(of: $0.entries, \.showings).map { decimal($0, places: 1) } ?? ""
                },
                Column("top_screen_share_pct", .decimal(places: 1), "The #1 film's share of the charted films' screens, % (an upper bound)") {
                    MarketStructure.topShare(of: $0.entries, \.screens).map { decimal($0, places: 1) } ?? ""
                },
            ])
    }
}

/// One key's calls today, as `boxoffice quota` lists them.
package struct QuotaRow: Sendable {
    package var date: Day
    package var key: String
    package var spent: Int
    package var left: Int
    package var current: Bool

    package init(date: Day, key: String, spent: Int, left: Int, current: Bool) {
        (self.date, self.key, self.spent, self.left, self.current) = (date, key, spent, left, current)
    }
}

/// A watched film with its latest charted day in the cache, as `boxoffice watch list` lists it.
package struct WatchlistRow: Sendable {
    package var film: Watchlist.Film
    package var latest: (day: Day, rank: Int, cumulative: Int64, multiplier: Double?)?
    /// Its break-even, projected (``Projection/Milestone``), when not passed and the run projects.
    package var breakEven: Projection.Milestone?

    package init(film: Watchlist.Film, latest: (day: Day, rank: Int, cumulative: Int64, multiplier: Double?)?, breakEven: Projection.Milestone? = nil)
    {
        self.film = film
        self.latest = latest
        self.breakEven = breakEven
    }
}

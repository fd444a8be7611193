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
        case .film, .weekends, .filmography, .companyYears, .rank, .quota, .watchlist, .revisions, .distributors, .nations, .grades, .genres,
            .months, .years, .distributorYears, .calendar:
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
            months(source: source).filled(market.months),
        ]
            + (market.years.isEmpty
                ? [] : [years(source: source).filled(market.years), distributorYears(source: source).filled(market.distributorYears)])
    }

    /// Every table's columns, for the docs, the default CSV templates and the data package.
    package static func columns(_ name: ReportTable) -> [ColumnInfo] {
        switch name {
        case .films: films(source: "").columns.map(\.info)
        case .daily: daily(source: "").columns.map(\.info)
        case .days: days(source: "").columns.map(\.info)
        case .weeks: weeks(source: "").columns.map(\.info)
        case .film: film(movieCode: "", title: "", source: "").columns.map(\.info)
        case .weekends: weekends(movieCode: "", source: "").columns.map(\.info)
        case .regions: regions(source: "").columns.map(\.info)
        case .filmography: filmography(source: "").columns.map(\.info)
        case .companyYears: companyYears(source: "").columns.map(\.info)
        case .rank: rank(source: "").columns.map(\.info)
        case .quota: quota.columns.map(\.info)
        case .watchlist: watchlist.columns.map(\.info)
        case .revisions: revisions.columns.map(\.info)
        case .distributors, .nations, .grades, .genres: share(name, source: "").columns.map(\.info)
        case .months: months(source: "").columns.map(\.info)
        case .years: years(source: "").columns.map(\.info)
        case .distributorYears: distributorYears(source: "").columns.map(\.info)
        case .calendar: calendar(source: "").columns.map(\.info)
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
            .films,
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

    // MARK: - daily and weeks: chart rows

    /// What a chart row's cells are read from.
    ///
    /// Rows are small classes, so each cell's closure reads one field through a reference rather
    /// than being handed a copy of the whole row (a daily table over years has 84,000 rows of 30 cells).
    protocol EntryRow: AnyObject, Sendable {
        var entry: DayEntry { get }
    }

    /// A daily row's date cells, formatted once per date.
    struct DailyRowDate {
        let iso: String
        let weekday: String
        let isoWeek: String
        let provisional: String
    }

    /// A film's cells on the daily table, formatted once per film.
    struct FilmCells {
        let nations: String
        let distributor: String
    }

    /// One row of the daily table.
    final class DailyRow: EntryRow, Sendable {
        let date: DailyRowDate
        let entry: DayEntry
        let film: FilmCells?

        init(date: DailyRowDate, entry: DayEntry, film: FilmCells?) {
            self.date = date
            self.entry = entry
            self.film = film
        }
    }

    /// One row of the weeks table.
    final class PeriodRow: EntryRow, Sendable {
        let period: PeriodReport
        let entry: DayEntry

        init(period: PeriodReport, entry: DayEntry) {
            self.period = period
            self.entry = entry
        }
    }

    /// The daily table's rows: every chart row of every day, with its day's and film's cells.
    static func dailyRows(_ report: BoxOfficeReport) -> [DailyRow] {
        // The film's cells are the same on each of its rows: joined once per film.
        let films = Dictionary(
            report.films.map { ($0.movieCode, FilmCells(nations: list($0.nations), distributor: list($0.distributors))) },
            uniquingKeysWith: { first, _ in first })
        var rows: [DailyRow] = []
        rows.reserveCapacity(report.days.reduce(0) { $0 + $1.entries.count })
        for day in report.days {
            let date = DailyRowDate(
                iso: day.date.iso, weekday: PeopleFormat.weekday(day.date), isoWeek: ChartPeriod(.week, inWeekOf: day.date).isoWeekText,
                provisional: bool(day.provisional))
            for entry in day.entries { rows.append(DailyRow(date: date, entry: entry, film: films[entry.movieCode])) }
        }
        return rows
    }

    static func daily(source: String) -> TableDefinition<DailyRow> {
        let entry = entryColumns(DailyRow.self)
        return TableDefinition(
            .daily,
            [
                Column("date", .date, "The chart's day") { $0.date.iso },
                entry["rank"]!,
                Column("rank_change", .integer, "Places up (+) or down (−) against the day before; blank when new or not known") {
                    $0.entry.rankChange.map(String.init) ?? ""
                },
                entry["is_new"]!, entry["movie_cd"]!, entry["title"]!, entry["open_date"]!,
                Column("day_of_release", .integer, "Day of release: 1 on opening day (개봉 1일째), 0 and below for previews") {
                    $0.entry.dayOfRelease.map(String.init) ?? ""
                },
                entry["audience"]!, entry["audience_change"]!, entry["audience_change_pct"]!, entry["audience_cumulative"]!,
                entry["sales"]!, entry["sales_share_pct"]!, entry["sales_change"]!, entry["sales_cumulative"]!,
                entry["screens"]!, entry["showings"]!, entry["audience_per_screen"]!,
                Column("data_source", .code, sourceAbout) { _ in source },
                Column("partition", .code, "At depth 20 or 40, the KOBIS chart the row came from; blank at depth 10") {
                    $0.entry.partition?.rawValue ?? ""
                },
                Column("audience_last_week", .integer, "Its admissions on the same weekday a week earlier") {
                    $0.entry.audienceLastWeek.map(String.init) ?? ""
                },
                Column("audience_change_lw_pct", .decimal(places: 1), "Admissions against a week earlier, %") {
                    $0.entry.audienceChangeLastWeekPercent.map { decimal($0, places: 1) } ?? ""
                },
                entry["screens_change"]!,
                Column("provisional", .boolean, "true while KOBIS may still revise the day's figures") { $0.date.provisional },
                Column("weekday", .code, "Mon … Sun") { $0.date.weekday },
                Column("iso_week", .code, "ISO week, 2025-W10") { $0.date.isoWeek },
                entry["prev_rank"]!,
                Column("nations", .text, "The film's production nations (KOBIS)") { $0.film?.nations ?? "" },
                Column("distributor", .text, "The film's distributors (KOBIS)") { $0.film?.distributor ?? "" },
                Column("rank_exact", .boolean, "At depth 20 or 40: false past the day's exact_through_rank; blank at depth 10") {
                    $0.entry.rankExact.map(bool) ?? ""
                },
                entry["audience_per_showing"]!, entry["average_ticket_price"]!,
                Column("watched", .boolean, "On your watchlist; blank without one") { watched($0.entry.watched) },
            ])
    }

    /// The cells a chart row has in both the daily and the weeks table, named alike in both; each
    /// table places them among its own columns.
    static func entryColumns<Row: EntryRow>(_: Row.Type) -> [String: Column<Row>] {
        let columns: [Column<Row>] = [
            Column("rank", .integer, "Rank on the chart") { String($0.entry.rank) },
            Column("is_new", .boolean, "true when new on the chart") { bool($0.entry.isNew) },
            Column("movie_cd", .code, "KOBIS movie code") { $0.entry.movieCode },
            Column("title", .text, "Korean title") { $0.entry.title },
            Column("open_date", .date, "Release date in Korea") { $0.entry.openDate?.iso ?? "" },
            Column("audience", .integer, "Admissions") { String($0.entry.audience) },
            Column("audience_change", .integer, "Admissions against the chart before; blank when new") {
                change($0.entry) { String($0.audienceChange) }
            },
            Column("audience_change_pct", .decimal(places: 1), "Admissions against the chart before, %; blank when new") {
                change($0.entry) { decimal($0.audienceChangePercent, places: 1) }
            },
            Column("audience_cumulative", .integer, "KOBIS's cumulative admissions") { String($0.entry.audienceCumulative) },
            Column("sales", .integer, "Sales, won") { String($0.entry.sales) },
            Column("sales_share_pct", .decimal(places: 1), "Share of all films' sales, % (KOBIS)") { decimal($0.entry.salesSharePercent, places: 1) },
            Column("sales_change", .integer, "Sales against the chart before, won; blank when new") { change($0.entry) { String($0.salesChange) } },
            Column("sales_cumulative", .integer, "KOBIS's cumulative sales, won") { String($0.entry.salesCumulative) },
            Column("screens", .integer, "Screens") { String($0.entry.screens) },
            Column("showings", .integer, "Showings") { String($0.entry.showings) },
            Column("audience_per_screen", .decimal(places: 1), "Admissions per screen") {
                $0.entry.audiencePerScreen.map { decimal($0, places: 1) } ?? ""
            },
            Column("screens_change", .integer, "Screens against the chart before") { $0.entry.screensChange.map(String.init) ?? "" },
            Column("prev_rank", .integer, "Its rank on the chart before; blank when new or not known") { previousRank($0.entry) },
            Column("audience_per_showing", .decimal(places: 1), "Admissions per showing") {
                $0.entry.audiencePerShowing.map { decimal($0, places: 1) } ?? ""
            },
            Column("average_ticket_price", .integer, "Sales per admission, won") { $0.entry.averageTicketPrice.map(String.init) ?? "" },
        ]
        return Dictionary(uniqueKeysWithValues: columns.map { ($0.name, $0) })
    }

    /// The rank the film held on the chart before (the day or period before), blank when it is new
    /// there or the change is not known.
    static func previousRank(_ entry: DayEntry) -> String {
        guard !entry.isNew, let change = entry.rankChange else { return "" }
        return String(entry.rank + change)
    }

    /// A change against the day or period before, blank on a NEW row: KOBIS counts it from 0 (and
    /// writes "100" %), which is not a change anybody could use. The JSON keeps KOBIS's values.
    static func change(_ entry: DayEntry, _ value: (DayEntry) -> String) -> String {
        entry.isNew ? "" : value(entry)
    }

    static func weeks(source: String) -> TableDefinition<PeriodRow> {
        let entry = entryColumns(PeriodRow.self)
        return TableDefinition(
            .weeks,
            [
                Column("period", .code, "week, weekend or weekdays") { $0.period.kind.rawValue },
                Column("iso_week", .code, "ISO week, 2025-W10 (KOBIS's yearWeekTime)") { $0.period.isoWeek },
                Column("start", .date, "The period's first day") { $0.period.start.iso },
                Column("end", .date, "The period's last day") { $0.period.end.iso },
                Column("provisional", .boolean, "true while KOBIS may still revise the period's figures") { bool($0.period.provisional) },
                entry["rank"]!,
                Column("rank_change", .integer, "Places up (+) or down (−) against the period before; blank when new") {
                    $0.entry.isNew ? "" : $0.entry.rankChange.map(String.init) ?? ""
                },
                entry["is_new"]!, entry["movie_cd"]!, entry["title"]!, entry["open_date"]!,
                entry["audience"]!, entry["audience_change"]!, entry["audience_change_pct"]!, entry["audience_cumulative"]!,
                entry["sales"]!, entry["sales_share_pct"]!, entry["sales_change"]!,
                Column("sales_change_pct", .decimal(places: 1), "Sales against the period before, %; blank when new") {
                    change($0.entry) { decimal($0.salesChangePercent, places: 1) }
                },
                entry["sales_cumulative"]!, entry["screens"]!, entry["showings"]!, entry["audience_per_screen"]!,
                Column("data_source", .code, sourceAbout) { _ in source },
                entry["screens_change"]!, entry["prev_rank"]!, entry["audience_per_showing"]!, entry["average_ticket_price"]!,
                // The period's charted totals against the same period 52 weeks earlier, on each of its rows.
                Column("start_last_year", .date, "The same period 52 weeks earlier, its first day") { $0.period.lastYear?.start.iso ?? "" },
                Column("charted_audience", .integer, "The period's charted admissions") { String($0.period.audience) },
                Column("charted_audience_last_year", .integer, "That period's charted admissions") {
                    $0.period.lastYear.map { String($0.chartedAudience) } ?? ""
                },
                Column("charted_audience_change_ly_pct", .decimal(places: 1), "Charted admissions against that period, %") {
                    $0.period.lastYear?.audienceChangePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("charted_sales", .integer, "The period's charted sales, won") { String($0.period.sales) },
                Column("charted_sales_last_year", .integer, "That period's charted sales, won") {
                    $0.period.lastYear.map { String($0.chartedSales) } ?? ""
                },
                Column("charted_sales_change_ly_pct", .decimal(places: 1), "Charted sales against that period, %") {
                    $0.period.lastYear?.salesChangePercent.map { decimal($0, places: 1) } ?? ""
                },
            ])
    }

    // MARK: - film and rank

    static func film(movieCode: String, title: String, source: String) -> TableDefinition<FilmRun.Day_> {
        TableDefinition(
            .film,
            [
                Column("date", .date, "A day the film charted") { $0.date.iso },
                Column("day_of_release", .integer, "Day of release: 1 on opening day (개봉 1일째), 0 and below for previews") {
                    $0.dayOfRelease.map(String.init) ?? ""
                },
                Column("rank", .integer, "Rank that day") { String($0.rank) },
                Column("is_new", .boolean, "true when new on the chart") { bool($0.isNew) },
                Column("movie_cd", .code, "KOBIS movie code") { _ in movieCode },
                Column("title", .text, "Korean title") { _ in title },
                Column("audience", .integer, "Admissions") { String($0.audience) },
                Column("sales", .integer, "Sales, won") { String($0.sales) },
                Column("screens", .integer, "Screens") { String($0.screens) },
                Column("showings", .integer, "Showings") { String($0.showings) },
                Column("audience_cumulative", .integer, "KOBIS's cumulative admissions") { String($0.audienceCumulative) },
                Column("sales_cumulative", .integer, "KOBIS's cumulative sales, won") { String($0.salesCumulative) },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    static func weekends(movieCode: String, source: String) -> TableDefinition<RunShape.Weekend> {
        TableDefinition(
            .weekends,
            [
                Column("weekend", .integer, "The weekend of the run: 1 is the opening weekend") { String($0.number) },
                Column("start", .date, "Its Friday") { $0.start.iso },
                Column("end", .date, "Its Sunday") { $0.end.iso },
                Column("movie_cd", .code, "KOBIS movie code") { _ in movieCode },
                Column("rank", .integer, "Rank in KOBIS's weekend chart; blank below its top 10") { $0.rank.map(String.init) ?? "" },
                Column("audience", .integer, "Weekend admissions, KOBIS's (days off the daily chart included); blank below its top 10") {
                    $0.audience.map(String.init) ?? ""
                },
                Column("change_pct", .decimal(places: 1), "Against the weekend before, %, when both are known") {
                    $0.changePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    static func filmography(source: String) -> TableDefinition<Filmography.Film> {
        TableDefinition(
            .filmography,
            [
                Column("movie_cd", .code, "KOBIS movie code") { $0.movieCode },
                Column("title", .text, "Korean title") { $0.title },
                Column("role", .text, "The company's or person's part in it, as KOBIS names it (배급사, 감독 …)") { $0.role },
                Column("open_date", .date, "Open date, when the cache's movie info gives it") { $0.openDate?.iso ?? "" },
                Column("highest_cumulative", .integer, "Its highest cumulative in the cached daily charts; blank when they never show it") {
                    $0.lifetime.map(String.init) ?? ""
                },
                Column("ten_million", .boolean, "true when seen at 1,000만 or more in them") { bool($0.tenMillion) },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    static func calendar(source: String) -> TableDefinition<ReleaseCalendar.Event> {
        TableDefinition(
            .calendar,
            [
                Column("date", .date, "The day: a release, or a projected crossing") { $0.date.iso },
                Column("kind", .code, "release, break_even (projected) or milestone (projected, the next 100만 step)") { $0.kind.rawValue },
                Column("title", .text, "Korean title (TMDB's when only TMDB lists it)") { $0.title },
                Column("movie_cd", .code, "KOBIS movie code; blank for a film only TMDB lists") { $0.movieCode ?? "" },
                Column("tmdb_id", .code, "TMDB id, when TMDB's upcoming list has the release") { $0.tmdbID.map(String.init) ?? "" },
                Column("status", .text, "KOBIS's status of a release: 개봉 (released) or 개봉예정 (coming)") { $0.status ?? "" },
                Column("audience", .integer, "The audience a projection passes; blank for a release") { $0.audience.map(String.init) ?? "" },
                Column("pace_per_day", .integer, "A projection's pace: admissions a day over the last seven days") {
                    $0.pacePerDay.map(String.init) ?? ""
                },
                Column("tentative", .boolean, "true for a projection, a date no one has set") { bool($0.tentative) },
                Column("source", .code, "KOBIS, TMDB, KOBIS+TMDB, or projection") { $0.source },
                Column("uid", .code, "The event's stable id, its UID in the ICS file") { $0.uid },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    static func companyYears(source: String) -> TableDefinition<Filmography.Year> {
        TableDefinition(
            .companyYears,
            [
                Column("year", .integer, "A calendar year of the cached charts") { String($0.year) },
                Column("films", .integer, "Its distributed films with admissions that year") { String($0.films) },
                Column("audience", .integer, "Their admissions that year: each one's highest cumulative that year less its highest before") {
                    String($0.audience)
                },
                Column("share_pct", .decimal(places: 1), "Of every charted film's admissions that year, counted the same way, %") {
                    $0.sharePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    /// A row of a period's chart in one region.
    struct RegionRow {
        let period: PeriodReport
        let region: RegionalChart
        let row: RegionalChart.Row
    }

    static func regions(source: String) -> TableDefinition<RegionRow> {
        TableDefinition(
            .regions,
            [
                Column("period", .code, "week, weekend or weekdays") { $0.period.kind.rawValue },
                Column("start", .date, "The period's first day") { $0.period.start.iso },
                Column("end", .date, "The period's last day") { $0.period.end.iso },
                Column("region_cd", .code, "KOBIS region code (wideAreaCd)") { $0.region.regionCode },
                Column("region", .text, "The region's Korean name, as KOBIS's code list gives it") { $0.region.region },
                Column("region_en", .text, "The region's English name") { $0.region.regionEnglish },
                Column("region_audience", .integer, "Admissions of the region's top 10 over the period") { String($0.region.audience) },
                Column("region_share_of_nation_pct", .decimal(places: 1), "The region's top 10's admissions against the national top 10's, %") {
                    $0.region.nationSharePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("rank", .integer, "Rank in the region's chart") { String($0.row.rank) },
                Column("movie_cd", .code, "KOBIS movie code") { $0.row.movieCode },
                Column("title", .text, "Korean title") { $0.row.title },
                Column("audience", .integer, "Admissions in the region over the period") { String($0.row.audience) },
                Column("sales", .integer, "Sales in the region over the period, won") { String($0.row.sales) },
                Column(
                    "film_share_pct", .decimal(places: 1),
                    "The film's admissions here against its national ones, %; blank when it is not in the national top 10"
                ) {
                    $0.row.filmSharePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    static func rank(source: String) -> TableDefinition<PeriodRanking.Entry> {
        TableDefinition(
            .rank,
            [
                Column("rank", .integer, "Rank over the period") { String($0.rank) },
                Column("movie_cd", .code, "KOBIS movie code") { $0.movieCode },
                Column("title", .text, "Korean title") { $0.title },
                Column("title_en", .text, "English title") { $0.titleEnglish },
                Column("open_date", .date, "Release date in Korea") { $0.openDate?.iso ?? "" },
                Column("days_on_chart", .integer, "Days on the chart in the period") { String($0.daysOnChart) },
                Column("best_rank", .integer, "Best daily rank in the period") { String($0.bestRank) },
                Column("distributor", .text, "The first listed distributor") { $0.distributor ?? "" },
                Column("nations", .text, "Production nations") { list($0.nations) },
                Column("audience", .integer, "Charted admissions in the period") { String($0.audience) },
                Column("sales", .integer, "Charted sales in the period, won") { String($0.sales) },
                Column("audience_share_pct", .decimal(places: 2), "Share of the period's charted audience, %") {
                    decimal($0.audienceSharePercent, places: 2)
                },
                Column("audience_cumulative", .integer, "KOBIS's cumulative admissions on its last chart day") { String($0.audienceCumulative) },
                Column("sales_cumulative", .integer, "KOBIS's cumulative sales on its last chart day, won") { String($0.salesCumulative) },
                Column("last_chart_date", .date, "Its last chart day in the period") { $0.lastChartDate.iso },
                Column("to_date", .boolean, "true for a film charted on the last day of a period not over yet") { bool($0.toDate) },
                Column("data_source", .code, sourceAbout) { _ in source },
                Column("opening_weekend_chart", .integer, "Its opening weekend in KOBIS's weekend chart, when cached") {
                    $0.openingWeekendChart.map(String.init) ?? ""
                },
                Column("multiplier", .decimal(places: 2), "audience_cumulative ÷ opening_weekend_chart: the run's multiplier so far") {
                    $0.multiplier.map { decimal($0, places: 2) } ?? ""
                },
            ])
    }

    // MARK: - quota and watchlist

    /// A row of a market share table: its place by admissions, and its figures.
    struct ShareRow: Sendable {
        let rank: Int
        let share: MarketStructure.Share
    }

    /// The distributor league, or the shares by nation, watch grade or genre.
    static func share(_ table: ReportTable, source: String) -> TableDefinition<ShareRow> {
        let name: [Column<ShareRow>] =
            switch table {
            case .distributors:
                [
                    Column("company_cd", .code, "KOBIS company code of the distributor (배급사); blank for films with none known") { $0.share.key },
                    Column("distributor", .text, "Its name, the latest the period's movie infos give for the code") { $0.share.name },
                ]
            case .nations: [Column("nation", .text, "First listed production nation; blank without KOBIS movie info") { $0.share.key }]
            case .grades: [Column("watch_grade", .text, "Latest Korean rating; blank without KOBIS movie info") { $0.share.key }]
            default: [Column("genre", .text, "First listed genre; blank without KOBIS movie info") { $0.share.key }]
            }
        let shared: [Column<ShareRow>] =
            table == .distributors
            ? [
                Column("shared_films", .integer, "Of those, films co-distributed with another company (counted in full for each)") {
                    String($0.share.sharedFilms)
                }
            ] : []
        return TableDefinition(
            table,
            [Column("rank", .integer, "Place by charted admissions") { String($0.rank) }] + name
                + [Column("films", .integer, "Films charted in the period") { String($0.share.films) }] + shared + [
                    Column("audience", .integer, "Charted admissions in the period") { String($0.share.audience) },
                    Column("sales", .integer, "Charted sales in the period, won") { String($0.share.sales) },
                    Column("audience_share_pct", .decimal(places: 2), "Share of the period's charted admissions, %") {
                        decimal($0.share.audienceSharePercent, places: 2)
                    },
                    Column("korean_audience", .integer, "Of its admissions, those of Korean films") { String($0.share.koreanAudience) },
                    Column("foreign_audience", .integer, "Of its admissions, those of foreign films") { String($0.share.foreignAudience) },
                    Column("korean_share_pct", .decimal(places: 2), "Its share of the period's Korean films' admissions, %") {
                        decimal($0.share.koreanSharePercent, places: 2)
                    },
                    Column("foreign_share_pct", .decimal(places: 2), "Its share of the period's foreign films' admissions, %") {
                        decimal($0.share.foreignSharePercent, places: 2)
                    },
                    Column("data_source", .code, sourceAbout) { _ in source },
                ])
    }

    /// The period's calendar months.
    static func months(source: String) -> TableDefinition<MarketStructure.Month> {
        TableDefinition(
            .months,
            [
                Column("month", .text, "The month, 2024-07") { $0.month },
                Column("days", .integer, "Its days in the period") { String($0.days) },
                Column("films", .integer, "Films charted in it") { String($0.films) },
                Column("audience", .integer, "Charted admissions in it") { String($0.audience) },
                Column("sales", .integer, "Charted sales in it, won") { String($0.sales) },
                Column("audience_share_pct", .decimal(places: 2), "Share of the period's charted admissions, %") {
                    decimal($0.audienceSharePercent, places: 2)
                },
                Column("korean_audience", .integer, "Of its admissions, those of Korean films") { String($0.koreanAudience) },
                Column("foreign_audience", .integer, "Of its admissions, those of foreign films") { String($0.foreignAudience) },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    /// The period's calendar years, when it reaches over more than one.
    static func years(source: String) -> TableDefinition<MarketStructure.Year> {
        TableDefinition(
            .years,
            [
                Column("year", .integer, "The calendar year") { String($0.year) },
                Column("days", .integer, "Its days in the period (365 or 366 when whole)") { String($0.days) },
                Column("films", .integer, "Films charted in it") { String($0.films) },
                Column("audience", .integer, "Charted admissions in it") { String($0.audience) },
                Column("sales", .integer, "Charted sales in it, won") { String($0.sales) },
                Column("estimated_market_sales", .integer, "Estimate: KOBIS's market sales, from each day's salesShare, won") {
                    $0.estimatedMarketSales.map(String.init) ?? ""
                },
                Column("estimated_market_audience", .integer, "Estimate: the market sales over its charted average ticket price") {
                    $0.estimatedMarketAudience.map(String.init) ?? ""
                },
                Column("average_ticket_price", .integer, "Charted sales over charted admissions, won") {
                    $0.averageTicketPrice.map(String.init) ?? ""
                },
                Column("korean_share_pct", .decimal(places: 2), "Korean films' share of its charted admissions, %") {
                    decimal($0.koreanSharePercent, places: 2)
                },
                Column(
                    "audience_vs_2017_2019_pct", .decimal(places: 2),
                    "Charted admissions against the 2017–2019 average, %; blank unless the period holds those years whole"
                ) {
                    $0.audienceVsBaselinePercent.map { decimal($0, places: 2) } ?? ""
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    /// Each year's distributor league.
    static func distributorYears(source: String) -> TableDefinition<MarketStructure.DistributorYear> {
        TableDefinition(
            .distributorYears,
            [
                Column("year", .integer, "The calendar year") { String($0.year) },
                Column("rank", .integer, "Place in the year by charted admissions") { String($0.rank) },
                Column("company_cd", .code, "KOBIS company code of the distributor; blank for films with none known") { $0.share.key },
                Column("distributor", .text, "Its name, the latest the period's movie infos give for the code") { $0.share.name },
                Column("films", .integer, "Films charted in the year") { String($0.share.films) },
                Column("shared_films", .integer, "Of those, films co-distributed with another company") { String($0.share.sharedFilms) },
                Column("audience", .integer, "Charted admissions in the year") { String($0.share.audience) },
                Column("sales", .integer, "Charted sales in the year, won") { String($0.share.sales) },
                Column("audience_share_pct", .decimal(places: 2), "Share of the year's charted admissions, %") {
                    decimal($0.share.audienceSharePercent, places: 2)
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    static let quota = TableDefinition<QuotaRow>(
        .quota,
        [
            Column("date", .date, "The Seoul date the calls count against") { $0.date.iso },
            Column("key", .code, "The key's fingerprint (never the key)") { $0.key },
            Column("spent", .integer, "KOBIS calls recorded today") { String($0.spent) },
            Column("left", .integer, "Calls left of the key's daily quota") { String($0.left) },
            Column("current", .boolean, "true for the key in KOBIS_API_KEY") { bool($0.current) },
        ])

    static let watchlist = TableDefinition<WatchlistRow>(
        .watchlist,
        [
            Column("movie_cd", .code, "KOBIS movie code") { $0.film.movieCode },
            Column("title", .text, "Title as added") { $0.film.title },
            Column("added", .date, "The day it was added") { $0.film.added.iso },
            Column("break_even", .integer, "Break-even admissions, when given") { $0.film.breakEven.map(String.init) ?? "" },
            Column("note", .text, "Your note") { $0.film.note ?? "" },
            Column("latest_date", .date, "Its latest charted day in the cache (the last 60 days)") { $0.latest?.day.iso ?? "" },
            Column("latest_rank", .integer, "Its rank that day") { $0.latest.map { String($0.rank) } ?? "" },
            Column("audience_cumulative", .integer, "KOBIS's cumulative admissions that day") { $0.latest.map { String($0.cumulative) } ?? "" },
            Column("multiplier", .decimal(places: 2), "audience_cumulative ÷ its opening weekend in KOBIS's weekend chart, when cached") {
                $0.latest?.multiplier.map { decimal($0, places: 2) } ?? ""
            },
        ])

    static let revisions = TableDefinition<Revision>(
        .revisions,
        [
            Column("date", .date, "The chart's day") { $0.date.iso },
            Column("movie_cd", .code, "KOBIS movie code") { $0.movieCode },
            Column("title", .text, "Title") { $0.title },
            Column("field", .code, "audience, sales, rank, screens, showings, or charted (joined or left the chart)") { $0.field.rawValue },
            Column("before", .integer, "The figure as first fetched (0: not on the chart)") { String($0.before) },
            Column("after", .integer, "The figure fetched again (0: no longer on the chart)") { String($0.after) },
            Column("seen_at", .text, "When a run saw the change, UTC ISO 8601") {
                Date(timeIntervalSince1970: TimeInterval($0.seenAt)).ISO8601Format()
            },
        ])
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

    package init(film: Watchlist.Film, latest: (day: Day, rank: Int, cumulative: Int64, multiplier: Double?)?) {
        self.film = film
        self.latest = latest
    }
}

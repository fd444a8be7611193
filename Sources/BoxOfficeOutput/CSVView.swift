import BoxOfficeModel
import Foundation

/// View models for the CSV templates: every cell pre-formatted as raw, spreadsheet-friendly text
/// (no thousands separators, ISO dates, `.` decimals), keyed by its column name.
///
/// Templates see rows of named values, not the report model: Mustache renders a missing key as
/// nothing, so the keys here are the contract the golden files check.
package enum CSVView {
    /// Multi-valued cells (nations, genres, directors) join their values with this.
    package static let listSeparator = "; "

    /// Context of `films.csv`: `films` rows keyed by the films CSV header names.
    package static func films(_ report: BoxOfficeReport) -> [String: Any] {
        ["films": filmsTable(source: dataSource(report)).rows(report.films)]
    }

    /// `true` or `false` for a row of a report with a watchlist; blank without one.
    static func watched(_ flag: Bool?) -> String {
        flag.map { $0 ? "true" : "false" } ?? ""
    }

    static func filmsTable(source: String) -> TemplateTable<FilmRanking> {
        TemplateTable([
            "rank": { String($0.rank) },
            "movie_cd": { $0.movieCode },
            "title": { $0.title },
            "title_en": { $0.titleEnglish },
            "open_date": { $0.openDate?.iso ?? "" },
            "days_on_chart": { String($0.daysOnChart) },
            "best_rank": { String($0.bestRank) },
            "audience": { String($0.audience) },
            "sales": { String($0.sales) },
            "audience_share_pct": { decimal($0.audienceSharePercent, places: 2) },
            "audience_cumulative": { String($0.audienceCumulative) },
            "sales_cumulative": { String($0.salesCumulative) },
            "audience_per_screen": { $0.audiencePerScreen.map { decimal($0, places: 1) } ?? "" },
            "nations": { $0.nations.joined(separator: listSeparator) },
            "genres": { $0.genres.joined(separator: listSeparator) },
            "directors": { $0.directors.joined(separator: listSeparator) },
            "distributor": { $0.distributors.joined(separator: listSeparator) },
            "watch_grade": { $0.watchGrade ?? "" },
            "runtime_min": { $0.runtimeMinutes.map(String.init) ?? "" },
            "data_source": { _ in source },
            "tmdb_id": { $0.tmdb.map { String($0.id) } ?? "" },
            "tmdb_title": { $0.tmdb?.title ?? "" },
            "tmdb_original_title": { $0.tmdb?.originalTitle ?? "" },
            "tmdb_rating": { $0.tmdb.map { PeopleFormat.trimmed($0.rating, places: 3) } ?? "" },
            "tmdb_votes": { $0.tmdb.map { String($0.votes) } ?? "" },
            "tmdb_match": { $0.tmdbMatch?.rawValue ?? "" },
            "poster_url": { $0.tmdb.flatMap { TMDBImage.poster($0.posterPath, size: "w185") } ?? "" },
            "keywords": { $0.tmdb?.keywords.joined(separator: listSeparator) ?? "" },
            "audience_first_to_last": { String($0.audienceFirstToLast) },
            "sales_first_to_last": { String($0.salesFirstToLast) },
            "first_to_last_method": { $0.firstToLastMethod.rawValue },
            "audience_last_week": { $0.audienceLastWeek.map(String.init) ?? "" },
            "audience_change_lw_pct": { $0.audienceChangeLastWeekPercent.map { decimal($0, places: 1) } ?? "" },
            "days_at_number_one": { String($0.daysAtNumberOne) },
            "number_one_streak": { $0.numberOneStreak.map { String($0.length) } ?? "" },
            "number_one_streak_start": { $0.numberOneStreak?.start.iso ?? "" },
            "number_one_streak_at_least": { $0.numberOneStreak.map { $0.atLeast ? "true" : "false" } ?? "" },
            "milestones": { $0.milestones.map { "\($0.threshold)@\($0.date.iso)" }.joined(separator: listSeparator) },
            "opening_day_audience": { $0.openingDay.map { String($0.audience) } ?? "" },
            "opening_weekend_audience": { $0.openingWeekend.map { String($0.audience) } ?? "" },
            "best_day": { $0.bestDay?.start.iso ?? "" },
            "best_day_audience": { $0.bestDay.map { String($0.audience) } ?? "" },
            "days_in_release": { $0.daysInRelease.map(String.init) ?? "" },
            "tmdb_reason": { $0.tmdbReason ?? "" },
            "imdb_id": { $0.tmdb?.imdbID ?? "" },
            "tmdb_collection": { $0.tmdb?.collection ?? "" },
            "origin_countries": { $0.tmdb?.originCountries.joined(separator: listSeparator) ?? "" },
            "budget_usd": { $0.tmdb?.budget.map(String.init) ?? "" },
            "revenue_usd": { $0.tmdb?.revenue.map(String.init) ?? "" },
            "kr_certification": { $0.tmdb?.koreanCertification ?? "" },
            "watched": { watched($0.watched) },
        ])
    }

    /// Context of `days.csv`: `days`, one row per date of the range, with the day's market.
    package static func days(_ report: BoxOfficeReport) -> [String: Any] {
        ["days": daysTable(source: dataSource(report)).rows(report.days)]
    }

    static func daysTable(source: String) -> TemplateTable<DayReport> {
        TemplateTable([
            "date": { $0.date.iso },
            "weekday": { PeopleFormat.weekday($0.date) },
            "provisional": { $0.provisional ? "true" : "false" },
            "films_charted": { String($0.filmsCharted) },
            "charted_audience": { String($0.audience) },
            "charted_sales": { String($0.sales) },
            "estimated_market_sales": { $0.estimatedMarketSales.map(String.init) ?? "" },
            "charted_sales_share_pct": { $0.chartedSalesSharePercent.map { decimal($0, places: 1) } ?? "" },
            "top_movie_cd": { $0.topFilm?.movieCode ?? "" },
            "top_title": { $0.topFilm?.title ?? "" },
            "top_audience": { $0.topFilm.map { String($0.audience) } ?? "" },
            "new_entries": { String($0.newEntries) },
            "data_source": { _ in source },
            "depth": { String($0.depth.rawValue) },
            "exact_through_rank": { String($0.exactThroughRank) },
            "holiday": { $0.holiday?.en ?? "" },
            "holiday_ko": { $0.holiday?.ko ?? "" },
            "date_last_year": { $0.lastYear?.start.iso ?? "" },
            "charted_audience_last_year": { $0.lastYear.map { String($0.chartedAudience) } ?? "" },
            "charted_audience_change_ly_pct": { $0.lastYear?.audienceChangePercent.map { decimal($0, places: 1) } ?? "" },
            "charted_sales_last_year": { $0.lastYear.map { String($0.chartedSales) } ?? "" },
            "charted_sales_change_ly_pct": { $0.lastYear?.salesChangePercent.map { decimal($0, places: 1) } ?? "" },
            "charted_audience_ytd": { $0.yearToDate.map { String($0.chartedAudience) } ?? "" },
            "charted_audience_ytd_last_year": { $0.yearToDate.map { String($0.lastYear.chartedAudience) } ?? "" },
            "charted_audience_ytd_change_pct": { $0.yearToDate?.lastYear.audienceChangePercent.map { decimal($0, places: 1) } ?? "" },
            "charted_sales_ytd": { $0.yearToDate.map { String($0.chartedSales) } ?? "" },
            "charted_sales_ytd_last_year": { $0.yearToDate.map { String($0.lastYear.chartedSales) } ?? "" },
            "charted_sales_ytd_change_pct": { $0.yearToDate?.lastYear.salesChangePercent.map { decimal($0, places: 1) } ?? "" },
            "holiday_date_last_year": { $0.holidayLastYear?.start.iso ?? "" },
            "charted_audience_holiday_last_year": { $0.holidayLastYear.map { String($0.chartedAudience) } ?? "" },
            "charted_audience_change_holiday_ly_pct": { $0.holidayLastYear?.audienceChangePercent.map { decimal($0, places: 1) } ?? "" },
        ])
    }

    /// Context of `daily.csv`: `rows`, one per chart entry, keyed by the daily CSV header names.
    package static func daily(_ report: BoxOfficeReport) -> [String: Any] {
        let table = dailyTable(source: dataSource(report))
        // The film's cells are the same on each of its rows: joined once per film.
        let films = Dictionary(
            report.films.map { ($0.movieCode, FilmCells(nations: $0.nations.joined(separator: listSeparator), distributor: $0.distributors.joined(separator: listSeparator))) },
            uniquingKeysWith: { first, _ in first })
        var rows: [TemplateRow] = []
        rows.reserveCapacity(report.days.reduce(0) { $0 + $1.entries.count })
        for day in report.days {
            let date = DailyRowDate(
                iso: day.date.iso, weekday: PeopleFormat.weekday(day.date), isoWeek: ChartPeriod(.week, inWeekOf: day.date).isoWeekText,
                provisional: day.provisional ? "true" : "false")
            for entry in day.entries { rows.append(table.row(DailyRow(date: date, entry: entry, film: films[entry.movieCode]))) }
        }
        return ["rows": rows]
    }

    /// A daily row's date cells, formatted once per date.
    struct DailyRowDate {
        let iso: String
        let weekday: String
        let isoWeek: String
        let provisional: String
    }

    /// A film's cells on the daily CSV, formatted once per film.
    struct FilmCells {
        let nations: String
        let distributor: String
    }

    /// What a CSV row's chart cells are read from.
    ///
    /// Rows are small classes, so each cell's closure reads one field through a reference rather
    /// than being handed a copy of the whole row (a daily CSV over years has 84,000 rows of 30 cells).
    protocol EntryRow: AnyObject, Sendable {
        var entry: DayEntry { get }
    }

    /// One row of the daily CSV.
    final class DailyRow: EntryRow, @unchecked Sendable {
        let date: DailyRowDate
        let entry: DayEntry
        let film: FilmCells?

        init(date: DailyRowDate, entry: DayEntry, film: FilmCells?) {
            self.date = date
            self.entry = entry
            self.film = film
        }
    }

    /// One row of the weeks CSV.
    final class PeriodRow: EntryRow, @unchecked Sendable {
        let period: PeriodReport
        let entry: DayEntry

        init(period: PeriodReport, entry: DayEntry) {
            self.period = period
            self.entry = entry
        }
    }

    /// A column of a CSV table: its name and how a row fills it.
    typealias Column<Row> = (String, @Sendable (Row) -> String)

    static func dailyTable(source: String) -> TemplateTable<DailyRow> {
        let entry = entryCells(DailyRow.self)
        func shared(_ name: String) -> Column<DailyRow> { (name, entry[name]!) }
        return TemplateTable(columns: [
            ("date", { $0.date.iso }),
            shared("rank"),
            ("rank_change", { $0.entry.rankChange.map(String.init) ?? "" }),
            shared("is_new"), shared("movie_cd"), shared("title"), shared("open_date"),
            ("days_since_open", { $0.entry.daysSinceOpen.map(String.init) ?? "" }),
            shared("audience"), shared("audience_change"), shared("audience_change_pct"), shared("audience_cumulative"),
            shared("sales"), shared("sales_share_pct"), shared("sales_change"), shared("sales_cumulative"),
            shared("screens"), shared("showings"), shared("audience_per_screen"),
            ("data_source", { _ in source }),
            ("partition", { $0.entry.partition?.rawValue ?? "" }),
            ("audience_last_week", { $0.entry.audienceLastWeek.map(String.init) ?? "" }),
            ("audience_change_lw_pct", { $0.entry.audienceChangeLastWeekPercent.map { decimal($0, places: 1) } ?? "" }),
            shared("screens_change"),
            ("provisional", { $0.date.provisional }),
            ("weekday", { $0.date.weekday }),
            ("iso_week", { $0.date.isoWeek }),
            shared("prev_rank"),
            ("nations", { $0.film?.nations ?? "" }),
            ("distributor", { $0.film?.distributor ?? "" }),
            ("rank_exact", { $0.entry.rankExact.map { $0 ? "true" : "false" } ?? "" }),
            shared("audience_per_showing"), shared("average_ticket_price"),
            ("watched", { watched($0.entry.watched) }),
        ])
    }

    /// The cells a chart row has in both the daily and the weeks CSV, named alike in both; each
    /// table places them among its own columns.
    static func entryCells<Row: EntryRow>(_: Row.Type) -> [String: @Sendable (Row) -> String] {
        [
            "rank": { String($0.entry.rank) },
            "is_new": { $0.entry.isNew ? "true" : "false" },
            "movie_cd": { $0.entry.movieCode },
            "title": { $0.entry.title },
            "open_date": { $0.entry.openDate?.iso ?? "" },
            "audience": { String($0.entry.audience) },
            "audience_change": { change($0.entry) { String($0.audienceChange) } },
            "audience_change_pct": { change($0.entry) { decimal($0.audienceChangePercent, places: 1) } },
            "audience_cumulative": { String($0.entry.audienceCumulative) },
            "sales": { String($0.entry.sales) },
            "sales_share_pct": { decimal($0.entry.salesSharePercent, places: 1) },
            "sales_change": { change($0.entry) { String($0.salesChange) } },
            "sales_cumulative": { String($0.entry.salesCumulative) },
            "screens": { String($0.entry.screens) },
            "showings": { String($0.entry.showings) },
            "audience_per_screen": { $0.entry.audiencePerScreen.map { decimal($0, places: 1) } ?? "" },
            "screens_change": { $0.entry.screensChange.map(String.init) ?? "" },
            "prev_rank": { previousRank($0.entry) },
            "audience_per_showing": { $0.entry.audiencePerShowing.map { decimal($0, places: 1) } ?? "" },
            "average_ticket_price": { $0.entry.averageTicketPrice.map(String.init) ?? "" },
        ]
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

    /// Context of `weeks.csv`: `rows`, one per film per period of a weekly, weekend or weekdays report.
    package static func weeks(_ report: BoxOfficeReport) -> [String: Any] {
        let table = weeksTable(source: dataSource(report))
        return ["rows": report.periods.flatMap { period in period.entries.map { table.row(PeriodRow(period: period, entry: $0)) } }]
    }

    static func weeksTable(source: String) -> TemplateTable<PeriodRow> {
        let entry = entryCells(PeriodRow.self)
        func shared(_ name: String) -> Column<PeriodRow> { (name, entry[name]!) }
        return TemplateTable(columns: [
            ("period", { $0.period.kind.rawValue }),
            ("iso_week", { $0.period.isoWeek }),
            ("start", { $0.period.start.iso }),
            ("end", { $0.period.end.iso }),
            ("provisional", { $0.period.provisional ? "true" : "false" }),
            shared("rank"),
            ("rank_change", { $0.entry.isNew ? "" : $0.entry.rankChange.map(String.init) ?? "" }),
            shared("is_new"), shared("movie_cd"), shared("title"), shared("open_date"),
            shared("audience"), shared("audience_change"), shared("audience_change_pct"), shared("audience_cumulative"),
            shared("sales"), shared("sales_share_pct"), shared("sales_change"),
            ("sales_change_pct", { change($0.entry) { decimal($0.salesChangePercent, places: 1) } }),
            shared("sales_cumulative"), shared("screens"), shared("showings"), shared("audience_per_screen"),
            ("data_source", { _ in source }),
            shared("screens_change"), shared("prev_rank"), shared("audience_per_showing"), shared("average_ticket_price"),
            // The period's charted totals against the same period 52 weeks earlier, on each of its rows.
            ("start_last_year", { $0.period.lastYear?.start.iso ?? "" }),
            ("charted_audience", { String($0.period.audience) }),
            ("charted_audience_last_year", { $0.period.lastYear.map { String($0.chartedAudience) } ?? "" }),
            ("charted_audience_change_ly_pct", { $0.period.lastYear?.audienceChangePercent.map { decimal($0, places: 1) } ?? "" }),
            ("charted_sales", { String($0.period.sales) }),
            ("charted_sales_last_year", { $0.period.lastYear.map { String($0.chartedSales) } ?? "" }),
            ("charted_sales_change_ly_pct", { $0.period.lastYear?.salesChangePercent.map { decimal($0, places: 1) } ?? "" }),
        ])
    }

    /// Context of `film.csv`: `days`, one row per charted day of a film's run.
    package static func filmDays(_ run: FilmRun) -> [String: Any] {
        ["days": filmTable(movieCode: run.movieCode, title: run.title, source: run.simulated ? "SIMULATED" : "KOBIS").rows(run.days)]
    }

    static func filmTable(movieCode: String, title: String, source: String) -> TemplateTable<FilmRun.Day_> {
        TemplateTable([
            "date": { $0.date.iso },
            "day_of_release": { $0.dayOfRelease.map(String.init) ?? "" },
            "rank": { String($0.rank) },
            "is_new": { $0.isNew ? "true" : "false" },
            "movie_cd": { _ in movieCode },
            "title": { _ in title },
            "audience": { String($0.audience) },
            "sales": { String($0.sales) },
            "screens": { String($0.screens) },
            "showings": { String($0.showings) },
            "audience_cumulative": { String($0.audienceCumulative) },
            "sales_cumulative": { String($0.salesCumulative) },
            "data_source": { _ in source },
        ])
    }

    /// Context of `rank.csv`: `films`, one row per ranked film.
    package static func ranking(_ ranking: PeriodRanking) -> [String: Any] {
        ["films": rankTable(source: ranking.simulated ? "SIMULATED" : "KOBIS").rows(ranking.films)]
    }

    static func rankTable(source: String) -> TemplateTable<PeriodRanking.Entry> {
        TemplateTable([
            "rank": { String($0.rank) },
            "movie_cd": { $0.movieCode },
            "title": { $0.title },
            "title_en": { $0.titleEnglish },
            "open_date": { $0.openDate?.iso ?? "" },
            "days_on_chart": { String($0.daysOnChart) },
            "best_rank": { String($0.bestRank) },
            "distributor": { $0.distributor ?? "" },
            "nations": { $0.nations.joined(separator: listSeparator) },
            "audience": { String($0.audience) },
            "sales": { String($0.sales) },
            "audience_share_pct": { decimal($0.audienceSharePercent, places: 2) },
            "audience_cumulative": { String($0.audienceCumulative) },
            "sales_cumulative": { String($0.salesCumulative) },
            "last_chart_date": { $0.lastChartDate.iso },
            "to_date": { $0.toDate ? "true" : "false" },
            "data_source": { _ in source },
        ])
    }

    /// Every CSV table, defined once: the default template of each (its header and row line) is
    /// made from its columns here, so a column is named in one place.
    package static let tables: [(template: String, listKey: String, columns: [String])] = [
        ("films.csv", "films", filmsTable(source: "").columns.names),
        ("daily.csv", "rows", dailyTable(source: "").columns.names),
        ("days.csv", "days", daysTable(source: "").columns.names),
        ("weeks.csv", "rows", weeksTable(source: "").columns.names),
        ("film.csv", "days", filmTable(movieCode: "", title: "", source: "").columns.names),
        ("rank.csv", "films", rankTable(source: "").columns.names),
    ]

    /// A report's CSV tables, each its own file (`…-films.csv`), as the index labels them.
    static let reportTables: [(name: String, label: (en: String, ko: String))] = [
        ("films", ("films", "영화")), ("daily", ("daily", "일별")), ("days", ("days", "날짜")), ("weeks", ("weeks", "주별")),
    ]

    /// The default CSV templates: the header, then a `{{column}}` per column between a standalone
    /// list section's tags (the plain row ``FlatListSection`` renders without Mustache).
    package static let defaultTemplates: [String: String] = Dictionary(
        uniqueKeysWithValues: tables.map { table in
            let header = table.columns.joined(separator: ",")
            let row = table.columns.map { "{{\($0)}}" }.joined(separator: ",")
            return (table.template, "{{% CONTENT_TYPE: CSV}}\n\(header)\n{{#\(table.listKey)}}\n\(row)\n{{/\(table.listKey)}}\n")
        })

    /// `KOBIS`, or `SIMULATED` for the bundled sample: the last column of both CSVs.
    static func dataSource(_ report: BoxOfficeReport) -> String { report.simulated ? "SIMULATED" : "KOBIS" }

    /// A decimal with a fixed number of places and a `.` point, whatever the locale.
    static func decimal(_ value: Double, places: Int) -> String {
        PeopleFormat.fixed(value, places: places)
    }
}

import BoxOfficeModel
import Foundation

/// The chart rows' tables: a daily report's `daily`, a period report's `weeks`.
extension ReportTables {
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
            TableFacts(
                key: ["date", "movie_cd"], label: ("daily", "일별"), template: "daily CSV, one row per chart entry",
                foreignKeys: [("movie_cd", .films, "movie_cd"), ("date", .days, "date")]),
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
            TableFacts(
                key: ["start", "movie_cd"], label: ("weeks", "주별"),
                template: "weeks CSV (weekly, weekend and weekdays reports), one row per film per period",
                foreignKeys: [("movie_cd", .films, "movie_cd")]),
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

}

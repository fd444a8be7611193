import BoxOfficeModel
import Foundation

/// The tables of `film`, `company`, `person`, `calendar`, `--regions`, `rank`, `quota`, `watch list` and `revisions`.
extension ReportTables {
    // MARK: - film and rank

    static func film(movieCode: String, title: String, source: String) -> TableDefinition<FilmRun.Day_> {
        TableDefinition(
            .film, TableFacts(key: ["date"], label: ("film", "영화 일별"), listKey: "days", template: "boxoffice film: one row per charted day"),
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
            .weekends, TableFacts(key: ["weekend"], label: ("weekends", "주말별")),
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

    /// `film A B …`: a row per day of release, a column per film (``FilmComparison``).
    static func comparison(films: [FilmComparison.Film], source: String) -> TableDefinition<FilmComparison.Row> {
        let perFilm = films.enumerated().map { index, film in
            Column<FilmComparison.Row>(
                "audience_cumulative_\(CacheKeys.safe(film.movieCode))", .integer,
                "KOBIS's cumulative of \(film.movieCode) on that day of release; blank when it was off the chart"
            ) { $0.cumulative[index].map(String.init) ?? "" }
        }
        return TableDefinition(
            .comparison, TableFacts(key: ["day_of_release"], label: ("films compared", "영화 비교")),
            [Column("day_of_release", .integer, "Day of release: 1 is each film's opening day, 0 and before its previews") { String($0.day) }]
                + perFilm + [Column("data_source", .code, sourceAbout) { _ in source }])
    }

    static func filmography(source: String) -> TableDefinition<Filmography.Film> {
        TableDefinition(
            .filmography, TableFacts(key: ["movie_cd"], label: ("films", "영화")),
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
            .calendar, TableFacts(key: ["uid"], label: ("calendar", "개봉 달력")),
            [
                Column("date", .date, "The day: a release, or a projected crossing") { $0.date.iso },
                Column("kind", .code, "release, break_even (projected) or milestone (projected, the next 100만 step)") { $0.kind.rawValue },
                Column("title", .text, "Korean title (TMDB's when only TMDB lists it)") { $0.title },
                Column("movie_cd", .code, "KOBIS movie code; blank for a film only TMDB lists") { $0.movieCode ?? "" },
                Column("tmdb_id", .code, "TMDB id, when TMDB's upcoming list has the release") { $0.tmdbID.map(String.init) ?? "" },
                Column("status", .text, "KOBIS's status of a release: 개봉 (released) or 개봉예정 (coming)") { $0.status ?? "" },
                Column("audience", .integer, "The audience a projection passes; blank for a release") { $0.audience.map(String.init) ?? "" },
                Column("earliest", .date, "A projection's earliest day (its 80 % interval's high end); blank for a release") {
                    $0.earliest?.iso ?? ""
                },
                Column(
                    "latest", .date, "A projection's latest day (the interval's low end); blank for a release, or when the low end never gets there"
                ) {
                    $0.latest?.iso ?? ""
                },
                Column("tentative", .boolean, "true for a projection, a date no one has set") { bool($0.tentative) },
                Column("source", .code, "KOBIS, TMDB, KOBIS+TMDB, or projection") { $0.source },
                Column("uid", .code, "The event's stable id, its UID in the ICS file") { $0.uid },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    static func companyYears(source: String) -> TableDefinition<Filmography.Year> {
        TableDefinition(
            .companyYears, TableFacts(key: ["year"], label: ("years", "연도별")),
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
            .regions, TableFacts(key: ["start", "region_cd", "rank"], label: ("regions", "지역별")),
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
            .rank, TableFacts(key: ["movie_cd"], label: ("rank", "순위"), listKey: "films", template: "boxoffice rank: one row per ranked film"),
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

    static let quota = TableDefinition<QuotaRow>(
        .quota, TableFacts(key: ["date", "key"], label: ("quota", "호출 한도"), listKey: "keys"),
        [
            Column("date", .date, "The Seoul date the calls count against") { $0.date.iso },
            Column("key", .code, "The key's fingerprint (never the key)") { $0.key },
            Column("spent", .integer, "KOBIS calls recorded today") { String($0.spent) },
            Column("left", .integer, "Calls left of the key's daily quota") { String($0.left) },
            Column("current", .boolean, "true for the key in KOBIS_API_KEY") { bool($0.current) },
        ])

    static let watchlist = TableDefinition<WatchlistRow>(
        .watchlist, TableFacts(key: ["movie_cd"], label: ("watchlist", "관심 영화"), listKey: "films"),
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
            Column("break_even_expected", .boolean, "Projection: true when the mid reaches the break-even; blank when none is projected") {
                $0.breakEven.map { bool($0.expected) } ?? ""
            },
            Column("break_even_earliest", .date, "Projection: the earliest day it passes the break-even (its 80 % interval's high end)") {
                $0.breakEven?.earliest?.iso ?? ""
            },
            Column("break_even_mid", .date, "Projection: the likeliest day it passes the break-even") { $0.breakEven?.mid?.iso ?? "" },
            Column("break_even_latest", .date, "Projection: the latest day (the interval's low end); blank when the low end never gets there") {
                $0.breakEven?.latest?.iso ?? ""
            },
        ])

    static let revisions = TableDefinition<Revision>(
        .revisions, TableFacts(key: ["date", "movie_cd", "field", "seen_at"], label: ("revisions", "수정"), listKey: "revisions"),
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

import BoxOfficeModel
import Foundation

/// `rank`'s market tables: the distributor league and the shares, months, years and each year's league.
extension ReportTables {
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
        let facts =
            switch table {
            case .distributors: TableFacts(key: ["company_cd"], label: ("distributors", "배급사별"))
            case .nations: TableFacts(key: ["nation"], label: ("nations", "국적별"))
            case .grades: TableFacts(key: ["watch_grade"], label: ("watch grades", "관람 등급별"))
            default: TableFacts(key: ["genre"], label: ("genres", "장르별"))
            }
        return TableDefinition(
            table, facts,
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
                    Column("korean_films", .integer, "Of its films, the Korean ones") { String($0.share.koreanFilms) },
                    Column("foreign_films", .integer, "Of its films, the foreign ones") { String($0.share.foreignFilms) },
                    Column("korean_sales", .integer, "Of its sales, those of Korean films, won") { String($0.share.koreanSales) },
                    Column("foreign_sales", .integer, "Of its sales, those of foreign films, won") { String($0.share.foreignSales) },
                    Column("sales_share_pct", .decimal(places: 2), "Share of the period's charted sales, %") {
                        decimal($0.share.salesSharePercent, places: 2)
                    },
                    Column("korean_sales_share_pct", .decimal(places: 2), "Its share of the period's Korean films' sales, %") {
                        decimal($0.share.koreanSalesSharePercent, places: 2)
                    },
                    Column("foreign_sales_share_pct", .decimal(places: 2), "Its share of the period's foreign films' sales, %") {
                        decimal($0.share.foreignSalesSharePercent, places: 2)
                    },
                    Column("korean_rank", .integer, "Its place by Korean films' admissions; blank with none") {
                        $0.share.koreanRank.map(String.init) ?? ""
                    },
                    Column("foreign_rank", .integer, "Its place by foreign films' admissions; blank with none") {
                        $0.share.foreignRank.map(String.init) ?? ""
                    },
                    Column("data_source", .code, sourceAbout) { _ in source },
                ])
    }

    /// The period's calendar months (`.months`), or its quarters and halves (`.quarters`, KOFIC's
    /// table 5): the same sums of its days, named by the span they cover.
    static func months(_ table: ReportTable, source: String) -> TableDefinition<MarketStructure.Month> {
        let name: Column<MarketStructure.Month> =
            table == .quarters
            ? Column("period", .text, "The quarter, 2024-Q3, or the half, 2024-H2") { $0.month }
            : Column("month", .text, "The month, 2024-07") { $0.month }
        let facts =
            table == .quarters
            ? TableFacts(key: ["period"], label: ("quarters and halves", "분기·반기별")) : TableFacts(key: ["month"], label: ("months", "월별"))
        return TableDefinition(
            table, facts,
            [
                name,
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
            .years, TableFacts(key: ["year"], label: ("years", "연도별")),
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
            TableFacts(key: ["year", "company_cd"], label: ("distributors by year", "연도별 배급사"), foreignKeys: [("year", .years, "year")]),
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

    /// The period's weekends (``WeekendTable``).
    static func weekendTotals(source: String) -> TableDefinition<WeekendTable.Weekend> {
        TableDefinition(
            .weekendTotals, TableFacts(key: ["start"], label: ("weekends", "주말별")),
            [
                Column("start", .date, "The weekend's Friday") { $0.start.iso },
                Column("end", .date, "Its Sunday") { $0.end.iso },
                Column("audience", .integer, "Admissions of its KOBIS weekend chart's top 10") { String($0.audience) },
                Column("sales", .integer, "Sales of its weekend chart's top 10, won") { String($0.sales) },
                Column("change_pct", .decimal(places: 1), "Against the weekend before, %; blank when that chart was not had") {
                    $0.changePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column(
                    "year_earlier_change_pct", .decimal(places: 1),
                    "Against the weekend 52 weeks earlier (the same weekdays), %; blank when that chart was not had"
                ) { $0.yearEarlierPercent.map { decimal($0, places: 1) } ?? "" },
                Column("top_movie_cd", .code, "KOBIS movie code of its #1") { $0.top?.movieCode ?? "" },
                Column("top_title", .text, "Its #1's title") { $0.top?.title ?? "" },
                Column("top_audience", .integer, "Its #1's weekend admissions") { $0.top.map { String($0.audience) } ?? "" },
                Column("top_share_pct", .decimal(places: 1), "Its #1's share of the weekend's admissions, %") {
                    $0.top.map { decimal($0.sharePercent, places: 1) } ?? ""
                },
                Column("openers", .integer, "Films in its chart that opened that week (Monday to Sunday)") { String($0.openers.count) },
                Column("top_opener_movie_cd", .code, "KOBIS movie code of the opener with the most admissions") {
                    $0.openers.first?.movieCode ?? ""
                },
                Column("top_opener_title", .text, "Its title") { $0.openers.first?.title ?? "" },
                Column("top_opener_audience", .integer, "Its weekend admissions") { $0.openers.first.map { String($0.audience) } ?? "" },
                Column("best", .boolean, "true for the period's largest weekend total") { bool($0.best) },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    /// The period's dates in every year the cache holds (``SameSpan``).
    static func sameSpan(source: String) -> TableDefinition<SameSpan.Year> {
        TableDefinition(
            .sameSpan, TableFacts(key: ["year"], label: ("the same dates in other years", "다른 해의 같은 기간")),
            [
                Column("year", .integer, "The year of the dates' first day (a holiday's or season's year)") { String($0.year) },
                Column("start", .date, "The period's first day in that year (for a holiday or season, that year's own)") { $0.start.iso },
                Column("end", .date, "Its last day in that year") { $0.end.iso },
                Column("audience", .integer, "Charted admissions over those dates") { String($0.audience) },
                Column("sales", .integer, "Charted sales over those dates, won") { String($0.sales) },
                Column("days", .integer, "Its days (a holiday's change with the weekdays it falls on)") { String($0.days) },
                Column("audience_per_day", .integer, "Its admissions a day, by which the years are ranked") { String($0.audiencePerDay) },
                Column("korean_share_pct", .decimal(places: 2), "Korean films' share of those admissions, %") {
                    decimal($0.koreanSharePercent, places: 2)
                },
                Column("audience_rank", .integer, "Its place among the years listed by admissions a day, 1 the highest") { String($0.audienceRank) },
                Column("sales_rank", .integer, "Its place by sales a day") { String($0.salesRank) },
                Column("korean_share_rank", .integer, "Its place by the Korean share") { String($0.koreanRank) },
                Column("is_period", .boolean, "true for the period ranked") { bool($0.isPeriod) },
                Column(
                    "change_pct", .decimal(places: 1),
                    "Admissions against the year before's same dates, %; blank without them, and for a holiday or season, whose years' days differ"
                ) {
                    $0.changePercent.map { decimal($0, places: 1) } ?? ""
                },
                Column("average_ticket_price", .integer, "Charted sales over charted admissions, won") {
                    $0.averageTicketPrice.map(String.init) ?? ""
                },
                Column("audience_per_person", .decimal(places: 4), "Admissions a person, over the population of population_year") {
                    $0.perPerson.map { decimal($0, places: 4) } ?? ""
                },
                Column("population_year", .integer, "The year of the bundled population used (KOSIS resident registration); blank without one") {
                    $0.populationYear.map(String.init) ?? ""
                },
                Column("releases", .integer, "Films KOBIS's movie list says opened on these dates; blank when that year's list is not cached") {
                    $0.releases.map(String.init) ?? ""
                },
                Column("peak_screens", .integer, "The most screens a charted film had on one of these days: a floor of the screens in use") {
                    String($0.peakScreens)
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }
}

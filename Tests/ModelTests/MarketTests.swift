import Foundation
import TestSupport
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// Issue 13, items 4 and 5: totals that do not lose off-chart days, and the day's whole market.
@Suite("Off-chart days and the day's market")
struct MarketTests {
    static func row(
        _ rank: Int, _ code: String, audience: Int64, sales: Int64, share: Double, acc: Int64, salesAcc: Int64, new: Bool = false
    )
        -> ChartEntry
    {
        ChartEntry(
            rank: rank, isNew: new, movieCode: code, title: "Film \(code.suffix(1))", sales: sales, salesShare: share,
            salesCumulative: salesAcc, audience: audience, audienceCumulative: acc, screens: 10, showings: 30)
    }

    /// Film B is charted on the 1st and the 3rd; on the 2nd, outside the top 10, it sold 200 tickets
    /// (₩2,000), which only the cumulative figures show.
    static let charts = [
        DailyChart(
            date: Day("2024-05-01"),
            entries: [
                row(1, "2024000A", audience: 4_000, sales: 41_300, share: 41.3, acc: 4_000, salesAcc: 41_300, new: true),
                row(2, "2024000B", audience: 500, sales: 22_000, share: 22.0, acc: 5_500, salesAcc: 60_000),
                row(3, "2024000C", audience: 100, sales: 10_200, share: 10.2, acc: 100, salesAcc: 10_200),
            ]),
        DailyChart(
            date: Day("2024-05-02"),
            entries: [
                row(1, "2024000A", audience: 3_000, sales: 30_000, share: 60.0, acc: 7_000, salesAcc: 71_300),
                row(2, "2024000C", audience: 90, sales: 9_000, share: 18.0, acc: 190, salesAcc: 19_200),
            ]),
        DailyChart(
            date: Day("2024-05-03"),
            entries: [
                row(1, "2024000A", audience: 2_000, sales: 20_000, share: 50.0, acc: 9_000, salesAcc: 91_300),
                row(2, "2024000B", audience: 300, sales: 3_000, share: 7.5, acc: 6_000, salesAcc: 65_000),
                // C's cumulative went backwards (a KOBIS correction): its span cannot be trusted.
                row(3, "2024000C", audience: 80, sales: 8_000, share: 20.0, acc: 150, salesAcc: 15_000),
            ]),
    ]

    @Test("a film that leaves and re-enters the chart: first-to-last totals count the day between, from the cumulatives")
    func offChartDays() throws {
        let films = JoinStage.films(charts: Self.charts, movies: [:])
        let b = try #require(films.first { $0.movieCode == "2024000B" })
        #expect(b.audience == 800 && b.sales == 25_000, "charted days only")
        #expect(b.audienceFirstToLast == 1_000 && b.salesFirstToLast == 27_000, "6,000 − 5,500 + 500 and 65,000 − 60,000 + 22,000")
        #expect(b.firstToLastMethod == .cumulative)

        let a = try #require(films.first { $0.movieCode == "2024000A" })
        #expect(a.audienceFirstToLast == a.audience && a.salesFirstToLast == a.sales && a.firstToLastMethod == .cumulative, "never off the chart")

        let c = try #require(films.first { $0.movieCode == "2024000C" })
        #expect(c.firstToLastMethod == .chartedSum && c.audienceFirstToLast == 270 && c.salesFirstToLast == 27_200, "falls back to the charted sums")
        let table = ReportTables.films(source: "KOBIS").filled([c, b])
        let method = try #require(table.columns.firstIndex { $0.name == "first_to_last_method" })
        let firstToLast = try #require(table.columns.firstIndex { $0.name == "audience_first_to_last" })
        #expect(table.cell(0, method) == "charted_sum")
        #expect(table.cell(1, method) == "cumulative" && table.cell(1, firstToLast) == "1000")
    }

    @Test("the day's market: Σ sales ÷ Σ share × 100, against a hand computation")
    func marketEstimate() throws {
        let days = JoinStage.days(charts: Self.charts)
        // 2024-05-01: (41,300 + 22,000 + 10,200) ÷ (41.3 + 22.0 + 10.2) × 100 = 73,500 ÷ 73.5 × 100 = 100,000.
        #expect(days[0].estimatedMarketSales == 100_000 && days[0].chartedSalesSharePercent == 73.5)
        // 2024-05-02: 39,000 ÷ 78.0 × 100 = 50,000.
        #expect(days[1].estimatedMarketSales == 50_000 && days[1].chartedSalesSharePercent == 78.0)
        // 2024-05-03: 31,000 ÷ 77.5 × 100 = 40,000.
        #expect(days[2].estimatedMarketSales == 40_000)
        #expect(days[0].filmsCharted == 3 && days[0].newEntries == 1 && days[0].topFilm?.movieCode == "2024000A")

        let summary = ReportBuilder.build(
            range: DateRange(start: Day("2024-05-01"), end: Day("2024-05-03")), charts: Self.charts, movies: [:], options: .init()
        ).summary
        #expect(summary.estimatedMarketSales == 190_000 && summary.estimatedMarketDays == 3)
        #expect(summary.chartedShareOfEstimatedMarketPercent == 75.53, "143,500 of 190,000")
    }

    @Test("no estimate without shares, and none from shares that add up past 100 %")
    func noEstimate() {
        #expect(DayReport.marketEstimate([]) == nil)
        let day = JoinStage.days(charts: [
            DailyChart(date: Day("2024-05-01"), entries: [Self.row(1, "2024000A", audience: 1, sales: 10, share: 0, acc: 1, salesAcc: 10)])
        ])
        #expect(day[0].estimatedMarketSales == nil && day[0].chartedSalesSharePercent == nil)
        let broken = JoinStage.days(charts: [
            DailyChart(
                date: Day("2024-05-01"),
                entries: [
                    Self.row(1, "2024000A", audience: 1, sales: 10, share: 80, acc: 1, salesAcc: 10),
                    Self.row(2, "2024000B", audience: 1, sales: 10, share: 80, acc: 1, salesAcc: 10),
                ])
        ])
        #expect(broken[0].estimatedMarketSales == nil)
    }

    @Test("the days CSV: one row per date with the market, labelled by its header as an estimate")
    func daysCSV() async throws {
        let report = ReportBuilder.build(
            range: DateRange(start: Day("2024-05-01"), end: Day("2024-05-03")), charts: Self.charts, movies: [:], options: .init())
        let file = CSVTable.data(ReportTables.table(.days, of: report), dialect: .init())
        #expect(file.starts(with: [0xEF, 0xBB, 0xBF]), "a BOM, like the other CSVs")
        let records = try CSVReader.parse(String(decoding: file.dropFirst(3), as: UTF8.self))
        #expect(
            records[0] == [
                "date", "weekday", "provisional", "films_charted", "charted_audience", "charted_sales", "estimated_market_sales",
                "charted_sales_share_pct", "top_movie_cd", "top_title", "top_audience", "new_entries", "data_source",
                "depth", "exact_through_rank", "holiday", "holiday_ko", "date_last_year", "charted_audience_last_year",
                "charted_audience_change_ly_pct", "charted_sales_last_year", "charted_sales_change_ly_pct",
                "charted_audience_ytd", "charted_audience_ytd_last_year", "charted_audience_ytd_change_pct",
                "charted_sales_ytd", "charted_sales_ytd_last_year", "charted_sales_ytd_change_pct",
                "holiday_date_last_year", "charted_audience_holiday_last_year", "charted_audience_change_holiday_ly_pct",
                "top_showing_share_pct", "top_screen_share_pct",
            ])
        #expect(
            records[1] == [
                "2024-05-01", "Wed", "false", "3", "4600", "73500", "100000", "73.5", "2024000A", "Film A", "4000", "1", "KOBIS", "10", "3", "", "",
                "", "", "", "", "", "", "", "", "", "", "", "", "", "",
                // Three films with 30 showings and 10 screens each: the #1 holds a third of each.
                "33.3", "33.3",
            ])
        #expect(records.count == 4)
    }
}

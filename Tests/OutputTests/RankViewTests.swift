import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

@Suite("rank's document views")
struct RankViewTests {
    static func row(_ month: String, _ nation: String, _ audience: Int64) -> MarketStructure.MonthNation {
        MarketStructure.MonthNation(month: month, nation: nation, films: 1, audience: audience, sales: audience * 10_000, audienceSharePercent: 0)
    }

    static func columns(_ rows: [MarketStructure.MonthNation], _ language: ReportLanguage = .en) async throws -> (names: [String], cells: [[String]])
    {
        var ranking = PeriodRanking(try await FixedReports.fortyDays(), span: "range", top: 10)
        ranking.market.monthNations = rows
        let view = RankView.kofic(ranking, words: Words(language: language))
        let names = try #require(view["month_nation_columns"] as? [[String: String]]).map { $0["name"]! }
        let months = try #require(view["month_nations"] as? [[String: Any]])
        return (names, months.map { ($0["cells"] as! [[String: String]]).map { $0["audience"]! } })
    }

    @Test("months by nation: the three biggest nations, then the rest only when there is a rest (films without a nation count there)")
    func monthNationColumns() async throws {
        let two = try await Self.columns([Self.row("2024-01", "한국", 300), Self.row("2024-01", "미국", 200), Self.row("2024-02", "미국", 500)])
        #expect(two.names == ["미국", "한국"] && two.cells == [["200", "300"], ["500", "0"]], "no Other column of zeros")

        let five = try await Self.columns(
            [
                Self.row("2024-01", "한국", 300), Self.row("2024-01", "미국", 200), Self.row("2024-01", "일본", 100),
                Self.row("2024-01", "영국", 40), Self.row("2024-02", "프랑스", 5), Self.row("2024-02", "한국", 10),
            ], .ko)
        #expect(five.names == ["한국", "미국", "일본", "기타"] && five.cells == [["300", "200", "100", "40"], ["10", "0", "0", "5"]])

        let unknown = try await Self.columns([Self.row("2024-01", "한국", 300), Self.row("2024-01", "", 7), Self.row("2024-02", "한국", 1)])
        #expect(unknown.names == ["한국", "Other"] && unknown.cells == [["300", "7"], ["1", "0"]])
    }
}

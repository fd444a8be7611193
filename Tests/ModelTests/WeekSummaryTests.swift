import Testing
import UnitTestSupport

@testable import BoxOfficeModel

@Suite("Weekly summary")
struct WeekSummaryTests {
    /// 2023-03-03 is a Friday: Friday–Sunday, a whole Monday–Sunday week, then Monday–Tuesday.
    static func day(_ iso: String, _ rows: [(code: String, audience: Int64, new: Bool)]) -> DailyChart {
        DailyChart(
            date: Day(iso),
            entries: rows.enumerated().map { index, row in
                ThreeDays.row(index + 1, row.code, row.audience, row.audience * 10, screens: 1, acc: row.audience, open: nil, new: row.new)
            })
    }

    @Test("weeks run Monday to Sunday, clipped to the range, with totals, new entries and the top film (ties by code)")
    func weeks() {
        let range = DateRange(start: Day("2023-03-03"), end: Day("2023-03-14"))
        let charts = [
            Self.day("2023-03-03", [("A", 100, true), ("B", 50, false)]),
            Self.day("2023-03-05", [("B", 60, false)]),
            Self.day("2023-03-06", [("A", 30, false), ("C", 30, true)]),
            Self.day("2023-03-12", [("C", 20, false), ("A", 20, false)]),
            Self.day("2023-03-14", [("B", 5, false)]),
        ]
        let weeks = WeekSummary.weeks(of: JoinStage.days(charts: charts), in: range)
        #expect(weeks.map(\.start.iso) == ["2023-03-03", "2023-03-06", "2023-03-13"])
        #expect(weeks.map(\.end.iso) == ["2023-03-05", "2023-03-12", "2023-03-14"])
        #expect(weeks.map(\.chartedAudience) == [210, 100, 5])
        #expect(weeks.map(\.chartedSales) == [2_100, 1_000, 50])
        #expect(weeks.map(\.films) == [2, 2, 1])
        #expect(weeks.map(\.newEntries) == [1, 1, 0])
        #expect(weeks.map { $0.topFilm?.movieCode } == ["B", "A", "B"], "B 110 over A 100; A and C tie at 50, A's code is lower")
        #expect(weeks[1].topFilm?.audience == 50)
    }
}

import Foundation
import Testing

@testable import BoxOfficeModel

@Suite struct WeekendTableTests {
    func chart(_ friday: String, _ rows: [(code: String, audience: Int64, opened: String?)]) -> WeeklyChart {
        let period = ChartPeriod(.weekend, inWeekOf: Day(iso: friday)!)
        return WeeklyChart(
            period: period,
            entries: rows.enumerated().map { index, row in
                var entry = ChartEntry(
                    rank: index + 1, movieCode: row.code, title: row.code, sales: row.audience * 10, audience: row.audience, screens: 1, showings: 1)
                entry.openDate = row.opened.flatMap { Day(iso: $0) }
                return entry
            })
    }

    @Test("a period's weekends are its whole Fridays to Sundays: none cut by its ends, none past a year and a week")
    func wholeWeekends() {
        // 2022-01-01 is a Saturday: the weekend it belongs to began in 2021, so the year's first is 01-07.
        let year = WeekendTable.weekends(in: DateRange(start: Day(iso: "2022-01-01")!, end: Day(iso: "2022-12-31")!))
        #expect(year.first?.start.iso == "2022-01-07" && year.last?.end.iso == "2022-12-25" && year.count == 51)
        #expect(year.allSatisfy { $0.start.isoWeekday == 5 && $0.start.distance(to: $0.end) == 2 })
        let march = WeekendTable.weekends(in: DateRange(start: Day(iso: "2024-03-01")!, end: Day(iso: "2024-03-31")!))
        #expect(march.map(\.start.iso) == ["2024-03-01", "2024-03-08", "2024-03-15", "2024-03-22", "2024-03-29"])
        #expect(WeekendTable.weekends(in: DateRange(start: Day(iso: "2024-03-02")!, end: Day(iso: "2024-03-07")!)).isEmpty)
        #expect(WeekendTable.weekends(in: DateRange(start: Day(iso: "2023-01-01")!, end: Day(iso: "2024-01-08")!)).count == 53)
        #expect(WeekendTable.weekends(in: DateRange(start: Day(iso: "2023-01-01")!, end: Day(iso: "2024-01-09")!)).isEmpty)
        let comparisons = WeekendTable.comparisons(in: DateRange(start: Day(iso: "2024-03-01")!, end: Day(iso: "2024-03-17")!))
        #expect(comparisons.map(\.start.iso) == ["2024-02-23", "2023-03-03", "2023-03-10", "2023-03-17"])
        let first = WeekendTable.comparisons(in: DateRange(start: Day(iso: "2004-11-01")!, end: Day(iso: "2004-11-30")!))
        #expect(first.map(\.start.iso) == ["2004-10-29", "2003-11-14", "2003-11-21", "2003-11-28"], "none before 2003-11-11")
    }

    @Test(
        "each weekend: its top 10's total, changes on the weekend before and 52 weeks earlier, its #1 and openers; the best of two or more; a missing chart named"
    )
    func table() {
        let periods = WeekendTable.weekends(in: DateRange(start: Day(iso: "2024-03-01")!, end: Day(iso: "2024-03-17")!))
        let charts = [
            chart("2024-02-23", [("A", 1_000, "2024-02-21")]),
            chart("2024-03-01", [("A", 600, "2024-02-21"), ("B", 900, "2024-02-28"), ("C", 300, "2024-03-01")]),
            chart("2024-03-15", [("B", 400, "2024-02-28")]),
            chart("2023-03-17", [("X", 800, nil)]),
        ]
        let table = WeekendTable(periods, charts: Dictionary(uniqueKeysWithValues: charts.map { ($0.period, $0) }))
        #expect(table.missing.map(\.iso) == ["2024-03-08"])
        #expect(table.weekends.map(\.audience) == [1_800, 400] && table.weekends.map(\.sales) == [18_000, 4_000])
        #expect(table.weekends[0].changePercent == 80 && table.weekends[0].yearEarlierPercent == nil)
        #expect(table.weekends[1].changePercent == nil && table.weekends[1].yearEarlierPercent == -50, "the weekend before was not had")
        #expect(table.weekends[0].top?.movieCode == "B" && table.weekends[0].top?.sharePercent == 50)
        #expect(table.weekends[0].openers.map(\.movieCode) == ["B", "C"], "opened Monday to Sunday of its week, most admissions first")
        #expect(table.weekends[1].openers.isEmpty)
        #expect(table.weekends.map(\.best) == [true, false])
        let one = WeekendTable(Array(periods.prefix(1)), charts: Dictionary(uniqueKeysWithValues: charts.map { ($0.period, $0) }))
        #expect(one.weekends.map(\.best) == [false], "one weekend is not the best of anything")
    }
}

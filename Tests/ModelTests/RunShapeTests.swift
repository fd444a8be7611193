import Testing

@testable import BoxOfficeModel

@Suite struct RunShapeTests {
    static func weekend(_ friday: String, _ audience: Int64?, code: String = "A") -> (period: ChartPeriod, chart: WeeklyChart?) {
        let period = ChartPeriod(.weekend, inWeekOf: Day(iso: friday)!)
        let entries =
            audience.map { [ChartEntry(rank: 2, movieCode: code, title: "t", audience: $0)] } ?? [ChartEntry(rank: 1, movieCode: "B", title: "b")]
        return (period, WeeklyChart(period: period, entries: entries))
    }

    @Test("weekends from the open date's week to the last charted day's, only those ended by the day given")
    func weekends() {
        let periods = RunShape.weekends(openDate: Day(iso: "2025-02-26")!, lastCharted: Day(iso: "2025-03-15")!, through: Day(iso: "2025-03-15")!)
        #expect(periods.map(\.start.iso) == ["2025-02-28", "2025-03-07"], "the weekend of 03-14 ends 03-16, after the day given")
        let sunday = RunShape.weekends(openDate: Day(iso: "2025-03-02")!, lastCharted: Day(iso: "2025-03-02")!, through: Day(iso: "2025-03-10")!)
        #expect(sunday.map(\.start.iso) == ["2025-02-28"], "a Sunday opening's weekend is the one it ends")
    }

    @Test("multipliers both ways, holds, the second weekend, a weekend below the top 10, and one not read")
    func shape() {
        let shape = RunShape.of(
            "A",
            charts: [
                Self.weekend("2025-02-28", 100_000), Self.weekend("2025-03-07", 150_000), Self.weekend("2025-03-14", 75_000),
                Self.weekend("2025-03-21", nil), (ChartPeriod(.weekend, inWeekOf: Day(iso: "2025-03-28")!), nil),
            ], audienceCumulative: 612_345, firstCharted: Day(iso: "2025-02-26")!, lastCharted: Day(iso: "2025-03-30")!, toDate: false)
        #expect(shape.multiplier == 6.12 && shape.multiplierOfBiggest == 4.08 && shape.biggestWeekend == 2)
        #expect(shape.secondWeekendChangePercent == 50 && shape.weekends.map(\.changePercent) == [nil, 50, -50, nil, nil])
        #expect(shape.weekends[3].audience == nil && shape.weekends[3].rank == nil)
        #expect(shape.missingWeekends == [Day(iso: "2025-03-28")!] && shape.runDays == 33)
    }

    @Test("no multiplier without the opening weekend's figure")
    func noOpening() {
        let shape = RunShape.of(
            "A", charts: [Self.weekend("2025-02-28", nil), Self.weekend("2025-03-07", 10)], audienceCumulative: 50,
            firstCharted: Day(iso: "2025-03-01")!, lastCharted: Day(iso: "2025-03-08")!, toDate: true)
        #expect(shape.multiplier == nil && shape.multiplierOfBiggest == 5 && shape.secondWeekendChangePercent == nil)
    }
}

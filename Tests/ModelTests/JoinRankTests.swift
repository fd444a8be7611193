import Testing
import UnitTestSupport

@testable import BoxOfficeModel

@Suite("Join and rank")
struct JoinRankTests {
    @Test("a year earlier: each day meets the same date a year back; the range only when every earlier day was had; none from an empty chart")
    func yearEarlier() {
        func earlier(_ chart: DailyChart, scale: Int64) -> DailyChart {
            DailyChart(
                date: YearEarlier.sameDate(chart.date),
                entries: chart.entries.map { entry in
                    var row = entry
                    (row.audience, row.sales) = (entry.audience * scale / 4, entry.sales * scale / 4)
                    return row
                })
        }
        // Day 1 a year earlier had 5/4 of its audience (−20 %), day 2 the same, day 3 none had.
        var history = [Day: DailyChart]()
        history[Day("2022-03-01")] = earlier(ThreeDays.charts[0], scale: 5)
        history[Day("2022-03-02")] = earlier(ThreeDays.charts[1], scale: 4)
        let days = JoinStage.days(charts: ThreeDays.charts, history: history)
        let total = { YearEarlier.range(days, over: ThreeDays.range, charts: { history[$0] }) }
        #expect(days[0].lastYear?.start == Day("2022-03-01") && days[0].lastYear?.chartedAudience == 2_250)
        #expect(days[0].lastYear?.audienceChangePercent == -20 && days[1].lastYear?.audienceChangePercent == 0)
        #expect(days[2].lastYear == nil && total() == nil, "a range needs every day")
        history[Day("2022-03-03")] = DailyChart(date: Day("2022-03-03"), entries: [])
        #expect(JoinStage.days(charts: ThreeDays.charts, history: history)[2].lastYear == nil, "an empty chart is not a zero")
        history[Day("2022-03-03")] = earlier(ThreeDays.charts[2], scale: 2)
        let all = JoinStage.days(charts: ThreeDays.charts, history: history)
        let range = YearEarlier.range(all, over: ThreeDays.range, charts: { history[$0] })
        // Now 1,800 + 1,600 + 1,200 = 4,600 against 2,250 + 1,600 + 600 = 4,450: +3.4 %.
        #expect(range?.chartedAudience == 4_450 && range?.audienceChangePercent == 3.4)
        #expect(range?.start == Day("2022-03-01") && range?.end == Day("2022-03-03"))
        #expect(ChartHistory.comparisonDays(for: ThreeDays.range).contains(Day("2022-03-01")))
    }

    @Test(
        "one rule for a year earlier: a year meets the calendar year before; a range longer than a year meets nothing and spends nothing; 29 February meets the 28th"
    )
    func yearEarlierRule() {
        let year = DateRange(start: Day("2023-01-01"), end: Day("2023-12-31"))
        #expect(YearEarlier.span(for: year) == DateRange(start: Day("2022-01-01"), end: Day("2022-12-31")))
        let twoYears = DateRange(start: Day("2022-01-01"), end: Day("2023-12-31"))
        #expect(YearEarlier.span(for: twoYears) == nil, "2021-01-01 – 2022-12-31 would overlap 2022")
        #expect(
            ChartHistory.comparisonDays(for: twoYears).filter { $0 < Day("2021-12-25") }.allSatisfy { KoreanHolidays.holiday(on: $0) != nil },
            "no call spent a year back but on last year's same holidays")
        #expect(YearEarlier.sameDate(Day("2024-02-29")) == Day("2023-02-28"))
        let leap = DateRange(start: Day("2025-02-28"), end: Day("2025-03-01"))
        #expect(YearEarlier.span(for: leap)?.dayCount == 3, "2024-02-28 – 2024-03-01, 29 February included")
        #expect(YearEarlier.span(for: DateRange(start: Day("2004-01-01"), end: Day("2004-01-31"))) == nil, "before KOBIS's first chart")
        // Week-shaped periods keep 52 weeks: a weekend meets a weekend.
        let weekend = ChartPeriod(.weekend, inWeekOf: Day("2025-03-09"))
        #expect(weekend.yearEarlier.start == weekend.start - 364 && weekend.yearEarlier.start.isoWeekday == weekend.start.isoWeekday)
    }

    @Test(
        "new entries are films new to the chart in the range; a film NEW again after charting earlier in it is a re-entry, in the summary and its weeks"
    )
    func newAndReEntries() {
        func chart(_ day: String, _ rows: [(String, Bool)]) -> DailyChart {
            DailyChart(
                date: Day(day),
                entries: rows.enumerated().map { index, row in
                    var entry = ChartEntry(rank: index + 1, movieCode: row.0, title: row.0, sales: 1_000, audience: 100, screens: 1, showings: 1)
                    entry.isNew = row.1
                    return entry
                })
        }
        // A opens on the 3rd; B charted before the range; C opens on the 4th; A leaves on the 4th
        // and comes back NEW on the 10th (the next week), as does B.
        let charts = [
            chart("2025-03-03", [("A", true), ("B", false)]), chart("2025-03-04", [("B", false), ("C", true)]),
            chart("2025-03-10", [("A", true), ("B", true), ("C", false)]),
        ]
        let range = DateRange(start: Day("2025-03-03"), end: Day("2025-03-10"))
        let report = ReportBuilder.build(range: range, charts: charts, movies: [:], options: .init())
        #expect(report.summary.newEntries.map(\.movieCode) == ["A", "C"])
        #expect(report.summary.reEntries.map(\.movieCode) == ["A", "B"])
        #expect(report.summary.newEntries.count <= report.summary.films)
        #expect(report.summary.weeks.map(\.newEntries) == [2, 0], "the second week's NEW rows are re-entries")
    }

    @Test("per-film totals over the range, with a film leaving and re-entering the chart")
    func filmTotals() throws {
        let films = RankStage.rank(JoinStage.films(charts: ThreeDays.charts, movies: ThreeDays.movies), by: .audience)
        #expect(films.map(\.movieCode) == ["2023000A", "2023000B", "2023000C", "2023000D"])
        #expect(films.map(\.rank) == [1, 2, 3, 4])

        let a = films[0]
        #expect(a.audience == 2400 && a.sales == 24_000 && a.daysOnChart == 3 && a.bestRank == 1)
        #expect(a.audienceSharePercent == 52.17)
        #expect(a.audienceCumulative == 2400 && a.salesCumulative == 24_000)
        #expect(a.audiencePerScreen == 100.0)
        #expect(a.titleEnglish == "Alpha" && a.distributors == ["X"] && a.watchGrade == "12세이상관람가" && a.directors == ["감독 A"])

        let b = films[1]
        #expect(b.audience == 800 && b.daysOnChart == 2 && b.bestRank == 2)
        #expect(b.firstChartDate == Day("2023-03-01") && b.lastChartDate == Day("2023-03-03"))
        #expect(b.audienceCumulative == 5_800, "the cumulative figure comes from the last chart day")
        #expect(b.openDate == nil)

        let d = films[3]
        #expect(!d.hasMovieInfo && d.nations.isEmpty && d.openDate == Day("2023-03-05"))
    }

    @Test("admissions per showing and the average ticket price, as KOBIS's statistics define them; blank without showings or admissions")
    func perShowingAndTicketPrice() {
        let entries = [
            ChartEntry(rank: 1, movieCode: "A", title: "A", sales: 961_103_980, audience: 83_635, screens: 1_211, showings: 4_036),
            ChartEntry(rank: 2, movieCode: "B", title: "B", sales: 0, audience: 0, screens: 0, showings: 0),
        ]
        let rows = JoinStage.days(charts: [DailyChart(date: Day("2025-03-03"), entries: entries)])[0].entries
        #expect(rows[0].audiencePerShowing == 20.7 && rows[0].averageTicketPrice == 11_492, "83,635 / 4,036; ₩961,103,980 / 83,635")
        #expect(rows[1].audiencePerShowing == nil && rows[1].averageTicketPrice == nil)
    }

    @Test("an exact tie on audience and sales is broken by movie code")
    func tie() {
        let films = RankStage.rank(JoinStage.films(charts: ThreeDays.charts, movies: ThreeDays.movies), by: .audience)
        #expect(films[2].audience == films[3].audience && films[2].sales == films[3].sales)
        #expect(films[2].movieCode < films[3].movieCode)
    }

    @Test("ranking by sales reorders the films")
    func bySales() {
        let films = RankStage.rank(JoinStage.films(charts: ThreeDays.charts, movies: ThreeDays.movies), by: .sales)
        // B sold 6,500 over the range, less than C's and D's 7,000.
        #expect(films.map(\.movieCode) == ["2023000A", "2023000C", "2023000D", "2023000B"])
    }

    @Test("ranking ignores the order charts arrive in")
    func orderIndependent() {
        let forward = JoinStage.films(charts: ThreeDays.charts, movies: ThreeDays.movies)
        let backward = JoinStage.films(charts: ThreeDays.charts.reversed(), movies: ThreeDays.movies)
        #expect(RankStage.rank(forward, by: .audience) == RankStage.rank(backward, by: .audience))
    }

    @Test("per-day rows: days since opening is 0 on opening day, negative for previews, nil when unknown")
    func dayRows() {
        let days = JoinStage.days(charts: ThreeDays.charts)
        #expect(days.map(\.audience) == [1800, 1600, 1200])
        #expect(days[0].entries[0].dayOfRelease == 1, "opening day is day 1")
        #expect(days[2].entries[0].dayOfRelease == 3)
        #expect(days[1].entries[2].dayOfRelease == -2, "a preview three days before opening")
        #expect(days[0].entries[1].dayOfRelease == nil)
        #expect(days[0].entries[0].audiencePerScreen == 100.0)
    }

    @Test("summary: totals, nation shares, top distributors, new entries, and the top-10 note")
    func summary() {
        let report = ReportBuilder.build(range: ThreeDays.range, charts: ThreeDays.charts, movies: ThreeDays.movies, options: .init())
        let summary = report.summary
        #expect(summary.chartedAudience == 4600 && summary.chartedSales == 44_500 && summary.films == 4)
        #expect(summary.audienceShareByNation.korean == 67.39)  // A and C
        #expect(summary.audienceShareByNation.foreign == 17.39)  // B: listed first as American
        #expect(summary.audienceShareByNation.unknown == 15.22)  // D: no movie info
        #expect(summary.topDistributors.map(\.name) == ["X", "Y"])
        #expect(summary.topDistributors[0].audience == 3100 && summary.topDistributors[0].films == 2)
        #expect(summary.newEntries.map(\.movieCode) == ["2023000A", "2023000D"])
        #expect(report.notes.contains(.chartCoverage))
        #expect(report.notes.contains(.missingMovieInfo(films: 1)))
        #expect(!report.simulated && !report.notes.contains(.simulated))
    }

    @Test("an empty range of charts gives an empty but valid report")
    func emptyCharts() {
        let charts = [DailyChart(date: Day("2023-03-01"), entries: [])]
        let report = ReportBuilder.build(
            range: DateRange(start: Day("2023-03-01"), end: Day("2023-03-01")), charts: charts, movies: [:], options: .init())
        #expect(report.films.isEmpty && report.summary.chartedAudience == 0 && report.summary.emptyDays == 1)
        #expect(report.summary.audienceShareByNation.korean == 0)
    }
}

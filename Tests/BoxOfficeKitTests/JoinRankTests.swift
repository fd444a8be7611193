import Testing

@testable import BoxOfficeModel

/// Three days, four films: A leads throughout; B leaves the chart on day 2 and re-enters on day 3;
/// C and D tie exactly on audience and sales; D has paid previews and no movie info.
enum ThreeDays {
    static func row(
        _ rank: Int, _ code: String, _ audience: Int64, _ sales: Int64, screens: Int64, acc: Int64,
        open: String?, new: Bool = false
    ) -> ChartEntry {
        ChartEntry(
            rank: rank, isNew: new, movieCode: code, title: "Film \(code.suffix(1))", openDate: open.map { Day($0) },
            sales: sales, salesCumulative: acc * 10, audience: audience, audienceCumulative: acc, screens: screens, showings: screens * 3)
    }

    static let charts = [
        DailyChart(
            date: Day("2023-03-01"),
            entries: [
                row(1, "2023000A", 1000, 10_000, screens: 10, acc: 1000, open: "2023-03-01", new: true),
                row(2, "2023000B", 500, 3_000, screens: 5, acc: 5_500, open: nil),
                row(3, "2023000C", 300, 3_000, screens: 3, acc: 300, open: "2023-02-22"),
            ]),
        DailyChart(
            date: Day("2023-03-02"),
            entries: [
                row(1, "2023000A", 800, 8_000, screens: 8, acc: 1800, open: "2023-03-01"),
                row(2, "2023000C", 400, 4_000, screens: 4, acc: 700, open: "2023-02-22"),
                row(3, "2023000D", 400, 4_000, screens: 4, acc: 400, open: "2023-03-05", new: true),
            ]),
        DailyChart(
            date: Day("2023-03-03"),
            entries: [
                row(1, "2023000A", 600, 6_000, screens: 6, acc: 2400, open: "2023-03-01"),
                row(2, "2023000B", 300, 3_500, screens: 3, acc: 5_800, open: nil),
                row(3, "2023000D", 300, 3_000, screens: 3, acc: 700, open: "2023-03-05"),
            ]),
    ]

    static let movies: [String: MovieInfo] = [
        "2023000A": MovieInfo(
            code: "2023000A", title: "Film A", titleEnglish: "Alpha", nations: ["한국"], genres: ["드라마"],
            directors: [.init(name: "감독 A")], companies: [.init(name: "X", role: "제작사"), .init(name: "X", role: "배급사")],
            watchGrades: ["12세이상관람가"]),
        "2023000B": MovieInfo(code: "2023000B", title: "Film B", nations: ["미국", "한국"], companies: [.init(name: "Y", role: "배급사")]),
        "2023000C": MovieInfo(code: "2023000C", title: "Film C", nations: ["한국"], companies: [.init(name: "X", role: "배급사")]),
    ]

    static let range = DateRange(start: Day("2023-03-01"), end: Day("2023-03-03"))
}

@Suite("Join and rank")
struct JoinRankTests {
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
        #expect(days[0].entries[0].daysSinceOpen == 0)
        #expect(days[2].entries[0].daysSinceOpen == 2)
        #expect(days[1].entries[2].daysSinceOpen == -3)
        #expect(days[0].entries[1].daysSinceOpen == nil)
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

import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel

@Suite("Projections: a range from a fading run, back-tested on real charts")
struct ProjectionTests {
    static let series = TestData.sharedFixtures.appendingPathComponent("kobis-series/daily-2024-h1.csv")
    static let seriesAvailable = FileManager.default.fileExists(atPath: series.path)

    /// Four weeks of a market: ten films a day, the first `movie` and the others steady fillers
    /// with a weekend lift; `movie` opens on a Wednesday and keeps `hold` of its admissions a week.
    static func charts(
        days: Int, hold: Double, opening: Double = 100_000, showingsPerAudience: Double = 1 / 40.0, open: Day = Day(iso: "2025-03-05")!
    ) -> [DailyChart] {
        var cumulative: Int64 = 0
        var charts: [DailyChart] = []
        for offset in -28..<days {
            let day = open + offset
            let weekend = day.isoWeekday >= 6 ? 1.8 : 1.0
            var entries: [ChartEntry] = (2...10).map { rank in
                let audience = Int64(Double(60_000 / rank) * weekend)
                return ChartEntry(
                    rank: rank, movieCode: "filler\(rank)", title: "F\(rank)", openDate: open - 60, audience: audience, showings: audience / 40)
            }
            if offset >= 0 {
                let audience = Int64(opening * pow(hold, Double(offset) / 7) * weekend)
                cumulative += audience
                entries.insert(
                    ChartEntry(
                        rank: 1, movieCode: "film", title: "Film", openDate: open, audience: audience, audienceCumulative: cumulative,
                        showings: Int64(Double(audience) * showingsPerAudience)), at: 0)
            }
            charts.append(DailyChart(date: day, entries: entries))
        }
        return charts
    }

    @Test("a run that keeps half its admissions a week: from day 14 its own hold, a mid near the run's true total, the interval around it")
    func steadyFade() throws {
        let charts = Self.charts(days: 21, hold: 0.5)
        let projection = try #require(Projection.project("film", charts: charts, asOf: Day(iso: "2025-03-25")!))
        #expect(projection.dayOfRelease == 21 && projection.holdIsObserved && abs(projection.hold - 0.5) < 0.02)
        // The truth: the same run, continued until it falls below the chart's tenth place.
        let longer = Self.charts(days: 120, hold: 0.5)
        let floor = Double(Int64(Double(60_000 / 10)))  // a weekday's tenth place
        let truth = longer.compactMap { $0.entries.first { $0.movieCode == "film" } }.filter { Double($0.audience) >= floor * 0.9 }.last!
        let error = abs(Double(projection.finalMid - truth.audienceCumulative)) / Double(truth.audienceCumulative)
        // Within 5 %: the model fades the hold 5 % a week, as real runs do and this one does not.
        #expect(error < 0.05 && projection.finalMid < truth.audienceCumulative, "mid \(projection.finalMid), run \(truth.audienceCumulative)")
        #expect(projection.finalLow < projection.finalMid && projection.finalMid < projection.finalHigh)
        #expect(projection.finalLow >= projection.audienceCumulative && projection.interval == 80)
        #expect(projection.lastDay > projection.asOf && projection.midPath.count == projection.asOf.distance(to: projection.lastDay))
    }

    @Test("nothing is projected before the second charted day, nor for a film off the chart a week")
    func whenNot() {
        let charts = Self.charts(days: 10, hold: 0.5)
        #expect(Projection.project("film", charts: charts, asOf: Day(iso: "2025-03-05")!) == nil, "its opening day alone")
        #expect(Projection.project("film", charts: charts, asOf: Day(iso: "2025-03-06")!) != nil, "its second day")
        #expect(Projection.project("film", charts: charts, asOf: Day(iso: "2025-03-21")!) == nil, "last charted 03-14, a week before")
        #expect(Projection.project("nosuch", charts: charts, asOf: Day(iso: "2025-03-10")!) == nil)
    }

    @Test("milestones: a date range where the mid gets there, 'not expected' where it does not, none for a total already passed")
    func milestones() throws {
        let projection = try #require(Projection.project("film", charts: Self.charts(days: 21, hold: 0.5), asOf: Day(iso: "2025-03-25")!))
        let reachable = try #require(projection.milestone(projection.audienceCumulative + (projection.finalMid - projection.audienceCumulative) / 2))
        #expect(reachable.expected)
        let (earliest, mid) = (try #require(reachable.earliest), try #require(reachable.mid))
        #expect(earliest <= mid && mid <= (reachable.latest ?? mid) && mid > projection.asOf)
        let beyond = try #require(projection.milestone(projection.finalMid + 1))
        #expect(!beyond.expected && beyond.mid == nil)
        #expect(projection.milestone(projection.audienceCumulative) == nil)
    }

    @Test("a run that holds better is projected further: the prior reads the first week's per-showing strength and its fall")
    func prior() throws {
        let weak = try #require(
            Projection.project("film", charts: Self.charts(days: 7, hold: 0.3, showingsPerAudience: 1 / 25.0), asOf: Day(iso: "2025-03-11")!))
        let strong = try #require(
            Projection.project("film", charts: Self.charts(days: 7, hold: 0.8, showingsPerAudience: 1 / 60.0), asOf: Day(iso: "2025-03-11")!))
        #expect(!weak.holdIsObserved && !strong.holdIsObserved)
        #expect(weak.hold < strong.hold && weak.finalMid < strong.finalMid)
    }

    @Test("a holiday ahead is lifted as much as last year's same holiday was, and the day after it as that day was, when their charts are at hand")
    func holidayLift() throws {
        // 광복절 2025 is a Friday; a film opened on Wednesday 30 July is projected from 10 August.
        let charts = Self.charts(days: 12, hold: 0.6, open: Day(iso: "2025-07-30")!)
        let asOf = Day(iso: "2025-08-10")!
        let holiday = Day(iso: "2025-08-15")!
        let lastYear = Day(iso: "2024-08-15")!  // a Thursday
        let days = Projection.chartDays(through: asOf)
        #expect(days.contains(lastYear) && days.contains(lastYear + 1) && days.contains(lastYear - 14) && days.contains(asOf - 27))
        // Last year: weekend days of 200,000, weekdays of 100,000, the holiday 400,000 (twice a weekend day) and the day after 50,000.
        let before = (-14...1).map { offset -> DailyChart in
            let day = lastYear + offset
            let total = offset == 0 ? 400_000 : offset == 1 ? 50_000 : day.isoWeekday >= 6 ? 200_000 : 100_000
            return DailyChart(date: day, entries: [ChartEntry(rank: 1, movieCode: "old", title: "Old", audience: Int64(total), showings: 1)])
        }
        let plain = try #require(Projection.project("film", charts: charts, asOf: asOf))
        let lifted = try #require(Projection.project("film", charts: charts + before, asOf: asOf))
        func admissions(_ projection: Projection, on day: Day) -> Double {
            let index = projection.asOf.distance(to: day) - 1
            return Double(projection.midPath[index] - (index == 0 ? projection.audienceCumulative : projection.midPath[index - 1]))
        }
        // Without last year, the holiday is the stronger weekend day; with it, twice the mean weekend day (a little less
        // than twice the stronger: the fading film makes Saturday a shade stronger than Sunday).
        #expect((1.95...2).contains(admissions(lifted, on: holiday) / admissions(plain, on: holiday)))
        // The day after (a Saturday this year) as last year's day after was against its weekday: half.
        #expect(abs(admissions(lifted, on: holiday + 1) / admissions(plain, on: holiday + 1) - 0.5) < 0.01)
        #expect(admissions(lifted, on: holiday - 1) == admissions(plain, on: holiday - 1))
    }

    @Test(
        "the back-test on the real charts of January–June 2024 gives the figures the model and docs/projections.md print",
        .enabled(if: seriesAvailable, "../shared/fixtures/kobis-series is absent beside the repository"))
    func backtest() throws {
        let charts = try ChartSeries.charts(csv: String(contentsOf: Self.series, encoding: .utf8))
        #expect(charts.count == 182 && charts.allSatisfy { $0.entries.count >= 10 })
        let result = ProjectionBacktest.run(charts)
        let byDay = Dictionary(uniqueKeysWithValues: result.rows.map { ($0.dayOfRelease, $0) })
        let (day7, day14) = (try #require(byDay[7]), try #require(byDay[14]))
        #expect(day7.films == 17 && day14.films == 17)
        #expect(day7.medianErrorPercent <= 16 && day14.medianErrorPercent <= 8, "\(result.rows)")
        #expect(day7.heldPercent >= 75 && day14.heldPercent >= 75, "\(result.rows)")
        // The method line's figures are the back-test's, each stage's at the days measured.
        for row in result.rows {
            #expect(Projection.Calibration.stage(row.dayOfRelease).medianErrorPercent == Int(row.medianErrorPercent.rounded()), "\(row)")
        }
    }

    @Test("the series reader: quoted titles with commas, a BOM, CRLF; a missing column or a bad row is named")
    func seriesReader() throws {
        let text =
            "\u{FEFF}date,rank,movie_cd,title,open_date,audience,audience_cumulative,showings\r\n2024-01-01,1,1,\"A, \"\"B\"\"\",2023-12-20,5,10,2\r\n"
        let charts = try ChartSeries.charts(csv: text)
        #expect(charts.count == 1 && charts[0].entries[0].title == "A, \"B\"" && charts[0].entries[0].openDate == Day(iso: "2023-12-20"))
        #expect(throws: ChartSeries.Problem.self) { try ChartSeries.charts(csv: "date,rank\n2024-01-01,1\n") }
        #expect(throws: ChartSeries.Problem.self) {
            try ChartSeries.charts(csv: "date,rank,movie_cd,title,open_date,audience,audience_cumulative,showings\nx,1,1,t,,5,10,2\n")
        }
    }
}

import BoxOfficePipeline
import BoxOfficeServices
import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// Issue 13, items 2 and 6: weekly and weekend reports, and a simulation whose period charts agree
/// with its daily ones.
@Suite("Period reports")
struct PeriodReportTests {
    @Test("report's scope: the sample's week by default (its snapping unsaid), a range asked for snapped and said, outside the sample refused")
    func reportScope() throws {
        let calendar = SeoulCalendar(pinnedToday: Day("2025-03-20"))
        let sample = try ReportScope(range: nil, period: .weekend, sample: true, calendar: calendar)
        #expect(sample.range == DateRange(start: Day("2025-03-07"), end: Day("2025-03-09")) && sample.snapNote == nil)
        let asked = try ReportScope(range: "2025-03-05..2025-03-09", period: .weekend, sample: true, calendar: calendar)
        #expect(asked.range == sample.range && asked.snapNote != nil)
        let live = try ReportScope(range: nil, period: .week, sample: false, calendar: calendar)
        #expect(live.range == DateRange(start: Day("2025-03-10"), end: Day("2025-03-16")) && live.snapNote == nil)
        let daily = try ReportScope(range: nil, period: nil, sample: false, calendar: calendar)
        #expect(daily.range == DateRange(start: Day("2025-03-19"), end: Day("2025-03-19")) && daily.periods == nil)
        #expect(throws: SampleRangeError.self) { try ReportScope(range: "2025-03-12", period: nil, sample: true, calendar: calendar) }
    }

    @Test("a range becomes whole completed periods: exact ones say nothing, others are snapped with a note, none is refused")
    func periodRange() throws {
        let today = Day("2025-03-20")
        let exact = try PeriodRange(.weekend, range: DateRange(start: Day("2025-03-07"), end: Day("2025-03-16")), today: today)
        #expect(exact.periods.map(\.start) == [Day("2025-03-07"), Day("2025-03-14")] && exact.snapNote == nil)
        let asked = DateRange(start: Day("2025-03-05"), end: Day("2025-03-12"))
        let snapped = try PeriodRange(.weekend, range: asked, today: today)
        #expect(snapped.range == DateRange(start: Day("2025-03-07"), end: Day("2025-03-09")))
        #expect(snapped.snapNote == .snapped(asked: asked, kind: .weekend, periods: 1, covered: snapped.range))
        let latest = try PeriodRange(.week, range: nil, today: today)
        #expect(latest.range == DateRange(start: Day("2025-03-10"), end: Day("2025-03-16")) && latest.snapNote == nil)
        #expect(throws: PeriodRangeError.self) {
            try PeriodRange(.weekend, range: DateRange(start: Day("2025-03-10"), end: Day("2025-03-12")), today: today)
        }
        let error = try #require(throws: PeriodRangeError.self) {
            try PeriodRange(.weekend, range: DateRange(start: Day("2025-03-17"), end: Day("2025-03-19")), today: today)
        }
        #expect(
            error.message == "no completed weekend lies within 2025-03-17 – 2025-03-19; the latest is 2025-03-14..2025-03-16"
                && error.exitStatus == .usage)
    }

    static func row(_ rank: Int, _ code: String, _ audience: Int64, new: Bool = false, acc: Int64 = 0) -> ChartEntry {
        ChartEntry(
            rank: rank, isNew: new, movieCode: code, title: "Film \(code)", sales: audience * 10, salesShare: 20,
            salesChangePercent: new ? 100 : -10, audience: audience, audienceChangePercent: new ? 100 : -10,
            audienceCumulative: acc, screens: 100, showings: 400)
    }

    static let first = ChartPeriod(.weekend, inWeekOf: Day("2024-07-12"))  // Fri 12 – Sun 14 July 2024
    static let charts = [
        WeeklyChart(period: first, entries: [row(1, "A", 60_000, new: true, acc: 60_000), row(2, "B", 40_000, acc: 90_000)]),
        WeeklyChart(period: first.previous.previous, entries: []),  // not adjacent: no change computed from it
        WeeklyChart(period: first + 1, entries: [row(1, "B", 50_000, acc: 150_000), row(2, "A", 35_000, acc: 95_000)]),
    ]

    @Test("periods: KOBIS's totals, change against the previous period only when it is in the report, provisional")
    func periods() {
        let periods = PeriodReport.periods(Self.charts, today: Day("2024-07-22"))
        #expect(periods.map(\.start) == [Day("2024-06-28"), Day("2024-07-12"), Day("2024-07-19")])
        #expect(periods[1].audience == 100_000 && periods[1].audienceChangePercent == nil, "06-28 is two weeks before")
        #expect(periods[2].audience == 85_000 && periods[2].audienceChangePercent == -15)
        #expect(periods[2].salesChangePercent == -15)
        #expect(periods[2].isoWeek == "2024-W29")
        #expect(periods.map(\.provisional) == [false, false, true], "the 21st is yesterday on the 22nd")
        #expect(periods[1].entries[0].dayOfRelease == nil)
        #expect(periods[1].estimatedMarketSales == 2_500_000, "₩1,000,000 over 40 % of the market")
    }

    @Test("the films table ranks films by their period totals summed over the periods")
    func films() {
        let report = ReportBuilder.build(
            range: DateRange(start: Day("2024-06-28"), end: Day("2024-07-21")), periods: Self.charts, kind: .weekend, movies: [:],
            options: .init(today: Day("2024-08-01")))
        #expect(report.periodKind == .weekend && report.days.isEmpty)
        #expect(report.films.map(\.movieCode) == ["A", "B"])
        #expect(report.films.map(\.audience) == [95_000, 90_000])
        #expect(report.films.first { $0.movieCode == "B" }?.daysOnChart == 2)
        #expect(report.films.first { $0.movieCode == "B" }?.lastChartDate == Day("2024-07-21"))
        #expect(report.summary.chartedAudience == 185_000)
        #expect(report.summary.newEntries.map(\.movieCode) == ["A"])
        #expect(report.summary.newEntries.first?.date == Day("2024-07-12"))
        #expect(report.notes.first == .periodChart(.weekend))
        #expect(report.summary.emptyDays == 1, "one period had an empty chart")
    }

    @Test("renders: weeks CSV rows per film per period with NEW changes blank; no daily CSVs; names say weekend")
    func rendering() async throws {
        let report = ReportBuilder.build(
            range: DateRange(start: Day("2024-07-12"), end: Day("2024-07-21")), periods: [Self.charts[0], Self.charts[2]], kind: .weekend,
            movies: [:], options: .init(today: Day("2024-08-01")))
        let files = try await ReportRenderer(templates: try ReportTemplates.load(overrides: nil)).render(report, formats: ReportFormat.byDefault)
        #expect(
            files.map(\.name) == [
                "boxoffice-weekend-2024-07-12_2024-07-21.json", "boxoffice-weekend-2024-07-12_2024-07-21-films.csv",
                "boxoffice-weekend-2024-07-12_2024-07-21-weeks.csv", "boxoffice-weekend-2024-07-12_2024-07-21.md",
                "boxoffice-weekend-2024-07-12_2024-07-21.html", "boxoffice-weekend-2024-07-12_2024-07-21.txt",
            ])
        let weeks = String(decoding: files[2].contents.dropFirst(3), as: UTF8.self).split(separator: "\r\n").map(String.init)
        #expect(weeks.count == 5)
        #expect(weeks[0].hasPrefix("period,iso_week,start,end,provisional,rank,rank_change,is_new,movie_cd,title"))
        #expect(weeks[1].hasPrefix("weekend,2024-W28,2024-07-12,2024-07-14,false,1,,true,A,Film A,,60000,,,60000,"))
        #expect(weeks[3].hasPrefix("weekend,2024-W29,2024-07-19,2024-07-21,false,1,0,false,B,Film B,,50000,0,-10.0,150000,"))
        let markdown = String(decoding: files[3].contents, as: UTF8.self)
        #expect(markdown.contains("### 2024-W29 weekend, 2024-07-19 (Fri) – 2024-07-21 (Sun)"))
        #expect(markdown.contains("against the period before: audience −15.0%, sales −15.0%"))
        #expect(markdown.contains("| Audience (period totals) | 185,000 |"))
        #expect(!markdown.contains("With off-chart days"))
        // Two periods: a line per film. One period: ranked bars, not dots stacked above one date.
        let html = String(decoding: files[4].contents, as: UTF8.self)
        #expect(html.contains("<polyline") && !html.contains("class=\"bars\""))
        let single = ReportBuilder.build(
            range: DateRange(start: Day("2024-07-19"), end: Day("2024-07-21")), periods: [Self.charts[2]], kind: .weekend, movies: [:],
            options: .init(today: Day("2024-08-01")))
        let singleHTML = try await ReportRenderer(templates: try ReportTemplates.load(overrides: nil)).render(single, formats: [.html])
        let page = String(decoding: singleHTML[0].contents, as: UTF8.self)
        #expect(!page.contains("<polyline") && !page.contains("<circle"))
        #expect(
            page.contains(
                "<li><span class=\"bar-label\">1. Film B</span> <span class=\"bar-value\">50,000</span><span class=\"bar\" style=\"width: 100%;"))
        #expect(
            page.contains("<span class=\"bar-value\">35,000</span><span class=\"bar\" style=\"width: 70%;"), "35,000 of 50,000 is 70 % of the #1 bar")
        let json = try JSONSerialization.jsonObject(with: files[0].contents) as! [String: Any]
        #expect(json["period_kind"] as? String == "weekend")
        #expect((json["periods"] as? [[String: Any]])?.count == 2)
        #expect((json["days"] as? [Any])?.isEmpty == true)
    }

    @Test("the simulation's period charts agree with its daily charts over the whole market")
    func simulationConsistency() async throws {
        let client = KOBISClient(transport: SampleData.transport(), key: "k")
        let week = ChartPeriod(.week, inWeekOf: SampleData.week.start)
        let weekend = ChartPeriod(.weekend, inWeekOf: SampleData.week.start)
        // Depth 40 holds every film of the sample on every day (no partition has ten films).
        var daily: [String: Int64] = [:]
        var weekendDaily: [String: Int64] = [:]
        for day in SampleData.week.days {
            let fetched = try await FetchStage(client: client, width: 4).fetch(FetchStage.Plan(days: [day], depth: .top40))
            let chart = try #require(fetched.charts.first)
            #expect(chart.exactThroughRank == chart.entries.count)
            for entry in chart.entries {
                daily[entry.movieCode, default: 0] += entry.audience
                if weekend.days.contains(day) { weekendDaily[entry.movieCode, default: 0] += entry.audience }
            }
        }
        let weekly = try await client.weeklyChart(week)
        let weekendChart = try await client.weeklyChart(weekend)
        #expect(weekly.entries.count == 10 && weekendChart.entries.count == 10)
        for entry in weekly.entries { #expect(entry.audience == daily[entry.movieCode], "\(entry.title)") }
        for entry in weekendChart.entries { #expect(entry.audience == weekendDaily[entry.movieCode], "\(entry.title)") }
        #expect(weekly.entries.map(\.audience) == weekly.entries.map(\.audience).sorted(by: >))
        // The weekly top 10 is the top 10 of the summed audiences.
        #expect(Set(weekly.entries.map(\.movieCode)) == Set(daily.sorted { $0.value > $1.value }.prefix(10).map(\.key)))
    }
}

@Suite("Long period reports")
struct LongPeriodReportTests {
    @Test("over more than 53 periods the Markdown and HTML show the latest 53 and say so; the weeks CSV holds every period")
    func latestYearOfTables() async throws {
        let first = ChartPeriod(.week, inWeekOf: Day("2024-01-01"))
        let charts = (0..<60).map { index in
            let period = ChartPeriod(.week, inWeekOf: first.start + 7 * index)
            return WeeklyChart(
                period: period,
                entries: [ChartEntry(rank: 1, movieCode: "2024000\(index % 3)", title: "Film \(index % 3)", audience: 1_000 + Int64(index))])
        }
        let range = DateRange(start: charts.first!.period.start, end: charts.last!.period.end)
        let report = ReportBuilder.build(range: range, periods: charts, kind: .week, movies: [:], options: .init())
        let files = try await ReportRenderer(templates: try ReportTemplates.bundled()).render(report, formats: [.md, .html, .csv])
        let markdown = try #require(files.first { $0.name.hasSuffix(".md") }.map { String(decoding: $0.contents, as: UTF8.self) })
        #expect(markdown.components(separatedBy: "\n### 20").count - 1 == ReportView.periodTablesMax, "one heading per period shown")
        #expect(markdown.contains("This report covers 60 periods, so only the latest 53 are shown here; the JSON and the weeks CSV hold every one."))
        #expect(markdown.contains(charts.last!.period.start.iso) && !markdown.contains("### \(first.isoWeekText)"), "the latest, not the first")
        let html = try #require(files.first { $0.name.hasSuffix(".html") }.map { String(decoding: $0.contents, as: UTF8.self) })
        #expect(html.components(separatedBy: "<h3>20").count - 1 == ReportView.periodTablesMax)
        let weeks = try #require(files.first { $0.name.hasSuffix("-weeks.csv") })
        #expect(String(decoding: weeks.contents, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 60 + 1)
    }

    @Test("a weekend report fills the opening weekend of a film that opened that week, the same figure the daily report gives")
    func openingWeekendFromWeekendChart() async throws {
        let weekend = ChartPeriod(.weekend, inWeekOf: SampleData.week.start)
        let report = try await TestReports.sample {
            $0.range = DateRange(start: weekend.start, end: weekend.end)
            $0.periods = (.weekend, [weekend])
        }
        let daily = try await TestReports.sample()
        let opened = report.films.filter { film in film.openDate.map { $0.weekStart == weekend.start.weekStart && $0 <= weekend.start } == true }
        #expect(!opened.isEmpty, "the sample has a film opening midweek")
        for film in opened {
            let fromDaily = try #require(daily.films.first { $0.movieCode == film.movieCode }?.openingWeekend)
            #expect(film.openingWeekend == fromDaily, "\(film.title)")
        }
        // Films that opened the week before have theirs from the weekend before (the look-back),
        // the figure that weekend's own report gives; earlier ones have none.
        let before = weekend.previous
        let previous = try await TestReports.sample {
            $0.range = DateRange(start: before.start, end: before.end)
            $0.periods = (.weekend, [before])
        }
        let openedBefore = report.films.filter { film in film.openDate.map { $0.weekStart == before.start.weekStart && $0 <= before.start } == true }
        #expect(!openedBefore.isEmpty, "the sample has a film that opened the week before")
        for film in openedBefore {
            let fromItsWeekend = try #require(previous.films.first { $0.movieCode == film.movieCode }?.openingWeekend)
            #expect(film.openingWeekend == fromItsWeekend, "\(film.title)")
        }
        #expect(report.films.filter { $0.openDate.map { $0 < before.start.weekStart } == true }.allSatisfy { $0.openingWeekend == nil })
        // Without the look-back, only the week's own openings.
        let alone = try await TestReports.sample {
            $0.range = DateRange(start: weekend.start, end: weekend.end)
            $0.periods = (.weekend, [weekend])
            $0.lookBack = false
        }
        #expect(alone.films.filter { $0.openDate.map { $0 < weekend.start.weekStart } == true }.allSatisfy { $0.openingWeekend == nil })
    }

    @Test("a one-weekend report fills Screens ± and the change for its only weekend from the weekend before; blank without the look-back")
    func firstPeriodComparedWithTheOneBefore() async throws {
        let weekend = ChartPeriod(.weekend, inWeekOf: SampleData.week.start)
        let report = try await TestReports.sample {
            $0.range = DateRange(start: weekend.start, end: weekend.end)
            $0.periods = (.weekend, [weekend])
        }
        let previous = try await TestReports.sample {
            $0.range = DateRange(start: weekend.previous.start, end: weekend.previous.end)
            $0.periods = (.weekend, [weekend.previous])
            $0.lookBack = false
        }
        let period = try #require(report.periods.first)
        let before = try #require(previous.periods.first)
        #expect(period.audienceChangePercent == RunFacts.change(period.audience, from: before.audience))
        var compared = 0
        for row in period.entries {
            if let then = before.entries.first(where: { $0.movieCode == row.movieCode }) {
                #expect(row.screensChange == row.screens - then.screens, "\(row.title)")
                compared += 1
            } else {
                #expect(row.screensChange == nil, "\(row.title) was not on the chart before")
            }
        }
        #expect(compared >= 5, "most of the weekend's films were on the one before: \(compared)")
        let alone = try await TestReports.sample {
            $0.range = DateRange(start: weekend.start, end: weekend.end)
            $0.periods = (.weekend, [weekend])
            $0.lookBack = false
        }
        #expect(alone.periods.first?.entries.allSatisfy { $0.screensChange == nil } == true && alone.periods.first?.audienceChangePercent == nil)
    }
}

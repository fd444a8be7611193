import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline

/// Issue 14's facts on hand-made histories with known answers.
@Suite("Streaks, milestones, run facts and %± LW")
struct StoryTests {
    static func day(_ text: String) -> Day { Day(iso: text)! }

    /// A chart whose rows are `codes` in rank order, each with `audience` falling by rank.
    static func chart(_ date: String, _ codes: [String], audience: Int64 = 10_000) -> DailyChart {
        DailyChart(
            date: day(date),
            entries: codes.enumerated().map { index, code in
                ChartEntry(
                    rank: index + 1, rankChange: 1, movieCode: code, title: "film \(code)", audience: audience - Int64(index) * 1_000,
                    screens: 100 - Int64(index))
            })
    }

    @Test("a streak counts back across the range's start, and stops at a missing day as “at least”")
    func streaks() {
        // A leads 03-01..03-05; B led 02-28. The range is 03-04..03-05.
        var charts: [Day: DailyChart] = [:]
        charts[Self.day("2025-02-28")] = Self.chart("2025-02-28", ["B", "A"])
        for date in ["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04", "2025-03-05"] { charts[Self.day(date)] = Self.chart(date, ["A", "B"]) }
        let streak = Streak.daily("A", endingOn: Self.day("2025-03-05"), charts: charts)
        #expect(streak == Streak(movieCode: "A", start: Self.day("2025-03-01"), end: Self.day("2025-03-05"), length: 5, atLeast: false))

        // 03-02 not had: the count stops there, a lower bound.
        charts[Self.day("2025-03-02")] = nil
        let bounded = Streak.daily("A", endingOn: Self.day("2025-03-05"), charts: charts)
        #expect(bounded?.length == 3 && bounded?.atLeast == true && bounded?.start == Self.day("2025-03-03"))
        #expect(Streak.daily("B", endingOn: Self.day("2025-03-05"), charts: charts) == nil, "not #1 that day")

        // KOBIS's own rank change on the earliest row (0, not NEW, #1) adds the day before, still "at least".
        var kept = Self.chart("2025-03-03", ["A", "B"])
        kept.entries[0].rankChange = 0
        charts[Self.day("2025-03-03")] = kept
        let extended = Streak.daily("A", endingOn: Self.day("2025-03-05"), charts: charts)
        #expect(extended?.length == 4 && extended?.atLeast == true && extended?.start == Self.day("2025-03-02"))

        // An empty chart ends a streak for certain.
        charts[Self.day("2025-03-02")] = DailyChart(date: Self.day("2025-03-02"), entries: [])
        #expect(Streak.daily("A", endingOn: Self.day("2025-03-05"), charts: charts)?.atLeast == false)
    }

    @Test("milestones: every boundary, exactly on the threshold included")
    func milestones() {
        #expect(Milestone.crossed(before: 999_000, after: 1_000_000) == [1_000_000], "exactly 1,000,000 on the day")
        #expect(Milestone.crossed(before: 1_000_000, after: 1_050_000) == [], "already past it before the day")
        #expect(Milestone.crossed(before: 999_999, after: 999_999) == [])
        #expect(Milestone.crossed(before: 2_900_000, after: 5_100_000) == [3_000_000, 4_000_000, 5_000_000], "every 100만, 400만 too")
        #expect(Milestone.crossed(before: 6_999_999, after: 7_000_001) == [7_000_000])
        #expect(Milestone.crossed(before: 9_990_000, after: 10_000_000) == [10_000_000])
        #expect(Milestone.crossed(before: 10_500_000, after: 11_000_000) == [11_000_000], "every 100만 from 1,000만")
        #expect(Milestone.crossed(before: 8_100_000, after: 8_900_000) == [])
        #expect(PeopleFormat.manwon(10_000_000) == "1,000만" && PeopleFormat.manwon(1_000_000) == "100만")

        let rows = [
            (date: Self.day("2025-03-04"), entry: ChartEntry(rank: 1, movieCode: "A", title: "A", audience: 50_000, audienceCumulative: 990_000)),
            (date: Self.day("2025-03-05"), entry: ChartEntry(rank: 1, movieCode: "A", title: "A", audience: 10_000, audienceCumulative: 1_000_000)),
        ]
        #expect(
            Milestone.crossings(rows, openDate: Self.day("2025-02-26"))
                == [Milestone(threshold: 1_000_000, date: Self.day("2025-03-05"), dayOfRelease: 8)], "the open date is day 1")
    }

    @Test("a threshold is crossed once: a cumulative corrected downwards that rises again, or a repeated 10⁹, crosses nothing twice")
    func milestonesOnce() {
        func row(_ date: String, _ audience: Int64, _ cumulative: Int64) -> (date: Day, entry: ChartEntry) {
            (date: Self.day(date), entry: ChartEntry(rank: 1, movieCode: "A", title: "A", audience: audience, audienceCumulative: cumulative))
        }
        let corrected = [row("2025-03-04", 50_000, 1_010_000), row("2025-03-05", 30_000, 990_000), row("2025-03-06", 20_000, 1_010_000)]
        #expect(Milestone.crossings(corrected, openDate: nil).map(\.date) == [Self.day("2025-03-04")])
        let repeated = (4...9).map { row("2025-03-0\($0)", 100_000_000, 1_000_000_000) }
        let crossings = Milestone.crossings(repeated, openDate: nil)
        #expect(crossings.count == Set(crossings.map(\.threshold)).count && crossings.allSatisfy { $0.date == Self.day("2025-03-04") })
        #expect(crossings.count == Milestone.crossed(before: 900_000_000, after: 1_000_000_000).count)
    }

    @Test("the range's two biggest milestones: highest threshold first, then the earliest, then film order; as a stable sort of all")
    func biggestMilestones() {
        func film(_ milestones: [(Int64, String)]) -> [Milestone] {
            milestones.map { Milestone(threshold: $0.0, date: Self.day($0.1), dayOfRelease: nil) }
        }
        let a = film([(1_000_000, "2025-03-04"), (2_000_000, "2025-03-06")])
        let b = film([(2_000_000, "2025-03-05"), (3_000_000, "2025-03-09")])
        let c = film([(2_000_000, "2025-03-05")])
        let facts = StoryStage.biggest([a, b, c])
        #expect(facts.map(\.film) == [1, 1] && facts.map(\.milestone.threshold) == [3_000_000, 2_000_000])
        #expect(StoryStage.biggest([a, c]).map(\.film) == [1, 0], "2M on 03-05 before 2M on 03-06")
        #expect(StoryStage.biggest([c, c, a]).map(\.film) == [0, 1], "full ties keep film order")
        #expect(StoryStage.biggest([[], a]).map(\.film) == [1, 1] && StoryStage.biggest([]).isEmpty)
        // The same as sorting every pair, stably, on random lists.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let lists = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                film(
                    (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                        (Int64.random(in: 1...4, using: &generator) * 1_000_000, "2025-03-0\(Int.random(in: 1...3, using: &generator))")
                    })
            }
            let sorted = lists.enumerated().flatMap { index, list in list.map { (film: index, milestone: $0) } }
                .sorted { ($0.milestone.threshold, $1.milestone.date) > ($1.milestone.threshold, $0.milestone.date) }.prefix(2)
            #expect(StoryStage.biggest(lists).map(\.film) == sorted.map(\.film))
            #expect(StoryStage.biggest(lists).map(\.milestone) == sorted.map(\.milestone))
        }
    }

    @Test("the year's best opening so far: the same claims as going over every earlier day of the year, with unknown days anywhere")
    func yearBestOpeningsAgainstEveryDay() async throws {
        // What the claim means, written the slow way: each opening against every day of its year before it.
        func everyDay(_ films: [FilmRanking], range: DateRange, bestOpening: [Day: Int64]) -> [Highlight] {
            films.compactMap { film -> (FilmRanking, RunFigure)? in film.openingDay.flatMap { range.contains($0.start) ? (film, $0) : nil } }
                .sorted { $0.1.start < $1.1.start }
                .compactMap { film, opening in
                    let january = Day(year: opening.start.year, month: 1, day: 1)!
                    guard january >= DateRange.earliest, opening.start >= january + 14 else { return nil }
                    var best: Int64 = 0
                    for day in january..<opening.start {
                        guard let known = bestOpening[day] else { return nil }
                        best = max(best, known)
                    }
                    guard opening.audience > best else { return nil }
                    var fact = Highlight(kind: .yearBestOpening, start: opening.start, end: opening.start)
                    fact.film(film.movieCode, film.title)
                    fact.audience = opening.audience
                    fact.since = january
                    return fact
                }
        }
        let model = try #require(try await TestReports.sample().films.first)
        let years = DateRange(start: Self.day("2023-01-01"), end: Self.day("2024-12-31"))
        var generator = SystemRandomNumberGenerator()
        var claims = 0
        for round in 0..<60 {
            // Every day known but a few (none in some rounds), each day's best opening random.
            var bestOpening: [Day: Int64] = [:]
            for day in years { bestOpening[day] = Int64.random(in: 0...400_000, using: &generator) }
            for _ in 0..<(round % 3 == 0 ? 0 : Int.random(in: 1...6, using: &generator)) {
                bestOpening[years.start + Int.random(in: 0..<731, using: &generator)] = nil
            }
            let films = (0..<40).map { index in
                var film = model
                film.movieCode = String(20_000_000 + index)
                let start = years.start + Int.random(in: 0..<731, using: &generator)
                film.openingDay = RunFigure(start: start, end: start, audience: Int64.random(in: 300_000...420_000, using: &generator), sales: 1)
                return film
            }
            let range = DateRange(start: years.start + Int.random(in: 0..<300, using: &generator), end: years.end)
            let fast = StoryStage.yearBestOpenings(films, range: range, bestOpening: bestOpening)
            #expect(fast == everyDay(films, range: range, bestOpening: bestOpening))
            claims += fast.count
        }
        #expect(claims > 0, "some openings beat their year so far")
    }

    @Test("opening weekend: a Wednesday opening with previews counts Friday to Sunday from the cumulatives, previews left out")
    func openingWeekend() {
        // Previews on Saturday 02-22; opens Wednesday 02-26.
        let open = Self.day("2025-02-26")
        func row(_ audience: Int64, _ cumulative: Int64) -> ChartEntry {
            ChartEntry(rank: 1, movieCode: "A", title: "A", salesCumulative: cumulative * 10, audience: audience, audienceCumulative: cumulative)
        }
        var rows: [Day: ChartEntry] = [
            Self.day("2025-02-22"): row(5_000, 5_000),
            open: row(100_000, 105_000),
            Self.day("2025-02-27"): row(90_000, 195_000),
            Self.day("2025-02-28"): row(120_000, 315_000),
            Self.day("2025-03-01"): row(200_000, 515_000),
            Self.day("2025-03-02"): row(180_000, 695_000),
        ]
        #expect(RunFacts.openingWeekendDays(openDate: open) == (Self.day("2025-02-28"), Self.day("2025-03-02")))
        #expect(RunFacts.openingWeekend(openDate: open, rows: rows)?.audience == 500_000)
        #expect(RunFacts.openingDay(openDate: open, rows: rows)?.audience == 100_000)
        // Saturday off the chart: the cumulatives still give the weekend.
        rows[Self.day("2025-03-01")] = nil
        #expect(RunFacts.openingWeekend(openDate: open, rows: rows)?.audience == 500_000)
        // Sunday off the chart: not known.
        rows[Self.day("2025-03-02")] = nil
        #expect(RunFacts.openingWeekend(openDate: open, rows: rows) == nil)
        // Opening on a Saturday: Saturday and Sunday only.
        #expect(RunFacts.openingWeekendDays(openDate: Self.day("2025-03-01")) == (Self.day("2025-03-01"), Self.day("2025-03-02")))
        #expect(RunFacts.daysInRelease(openDate: open, on: Self.day("2025-03-09")) == 12)
        #expect(RunFacts.daysInRelease(openDate: open, on: Self.day("2025-02-22")) == nil, "a preview day is before the release")
    }

    @Test("%± LW: against the same weekday a week earlier; blank when that chart is missing or the film was not on it")
    func lastWeek() {
        let today = Self.chart("2025-03-09", ["A", "B", "C"], audience: 12_000)
        let weekEarlier = Self.chart("2025-03-02", ["B", "A"], audience: 10_000)
        let dayBefore = Self.chart("2025-03-08", ["A", "C"], audience: 10_000)
        let with = JoinStage.days(charts: [today], history: [weekEarlier.date: weekEarlier, dayBefore.date: dayBefore])[0]
        #expect(with.entries[0].audienceLastWeek == 9_000 && with.entries[0].audienceChangeLastWeekPercent == 33.3, "A: 12,000 against 9,000")
        #expect(with.entries[1].audienceChangeLastWeekPercent == 10, "B: 11,000 against 10,000")
        #expect(with.entries[2].audienceChangeLastWeekPercent == nil, "C was not on the chart a week earlier")
        #expect(with.entries[0].screensChange == 0 && with.entries[2].screensChange == -1 && with.entries[1].screensChange == nil)
        let without = JoinStage.days(charts: [today], history: [:])[0]
        #expect(without.entries.allSatisfy { $0.audienceChangeLastWeekPercent == nil && $0.screensChange == nil })
        #expect(
            ChartHistory.comparisonDays(for: DateRange(start: Self.day("2025-03-09"), end: Self.day("2025-03-09")))
                == [Self.day("2024-03-09"), Self.day("2025-03-02"), Self.day("2025-03-08")], "a cron day needs the same date a year back, D−7 and D−1"
        )
    }

    @Test("a NEW row's KOBIS change (100) is blank in the CSV and the tables, and kept raw in the JSON")
    func newRowChange() async throws {
        var chart = Self.chart("2025-03-09", ["A"])
        chart.entries[0].isNew = true
        chart.entries[0].audienceChangePercent = 100
        chart.entries[0].salesChangePercent = 100
        let report = ReportBuilder.build(
            range: DateRange(start: chart.date, end: chart.date), charts: [chart], movies: [:], options: .init())
        let files = try await ReportRenderer(templates: try ReportTemplates.bundled()).render(report, formats: [.json, .csv, .md])
        let daily = try #require(files.first { $0.name.hasSuffix("-daily.csv") })
        let lines = String(decoding: daily.contents.dropFirst(3), as: UTF8.self).split(separator: "\r\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let cells = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let row = Dictionary(uniqueKeysWithValues: zip(header, cells))
        #expect(row["audience_change_pct"] == "" && row["audience_change"] == "" && row["audience_change_lw_pct"] == "")
        let markdown = String(decoding: try #require(files.first { $0.name.hasSuffix(".md") }).contents, as: UTF8.self)
        #expect(!markdown.contains("+100.0%"))
        let json = String(decoding: try #require(files.first { $0.name.hasSuffix(".json") }).contents, as: UTF8.self)
        #expect(json.contains("\"audience_change_pct\" : 100"))
    }

    @Test("display width: Hangul takes two columns; the txt table puts figures first in ASCII and titles last")
    func displayWidth() async throws {
        #expect(DisplayWidth.of("검은 파도") == 9 && DisplayWidth.of("Starfall") == 8 && DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.pad("스타폴", to: 8) == "스타폴  " && DisplayWidth.pad("12", to: 4, leading: true) == "  12")
        #expect(DisplayWidth.fit("아주 아주 긴 한국어 제목", 10) == "아주 아주…" && DisplayWidth.of(DisplayWidth.fit("아주 아주 긴 한국어 제목", 10)) <= 10)

        let report = try await TestReports.sample()
        // As the renderer writes the file.
        let file = try #require(try await ReportRenderer(templates: try ReportTemplates.bundled()).render(report, formats: [.txt]).first)
        let text = String(decoding: file.contents, as: UTF8.self)
        let table = text.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("Top ") }.dropFirst().prefix { !$0.isEmpty }
        #expect(table.count == 12, "a header, ten films and the legend")
        // In a mail or chat font a Korean character is not two Latin cells: everything before the
        // title is ASCII, so the titles start in one column whatever the font.
        let rows = table.dropFirst().prefix(10)
        let titleStart = TextView.widths.rank + TextView.widths.audience + TextView.widths.lw + TextView.widths.cumulative + 5
        #expect(rows.allSatisfy { $0.unicodeScalars.prefix(titleStart).allSatisfy(\.isASCII) }, "\(rows)")
        #expect(rows.allSatisfy { $0.unicodeScalars.dropFirst(titleStart - 2).prefix(2).elementsEqual("  ".unicodeScalars) })
        #expect(rows.allSatisfy { $0.unicodeScalars.dropFirst(titleStart).first.map { $0 != " " } == true }, "each title starts in one column")
        #expect(rows.first?.hasSuffix("  검은 파도") == true)
        #expect(table.last?.hasPrefix("% LW: ") == true, "the abbreviation is explained")
        #expect(!text.contains { "\u{2212}\u{2013}\u{2014}±…≥≈·".contains($0) }, "signs a CJK font draws wide are ASCII")
    }

    @Test("highlights: data in the JSON, a sentence in Markdown, HTML and txt, each from its template")
    func highlightsEverywhere() async throws {
        let report = try await TestReports.sample()
        let kinds = report.highlights.map(\.kind)
        #expect(kinds.contains(.numberOneStreak) && kinds.contains(.milestone) && kinds.contains(.biggestFall))
        #expect((3...Highlight.limit).contains(report.highlights.count))
        let streak = try #require(report.highlights.first { $0.kind == .numberOneStreak })
        #expect(streak.title == "검은 파도" && streak.count == 12 && streak.atLeast == false && streak.since == Day(iso: "2025-02-26"))
        let milestone = try #require(report.highlights.first { $0.kind == .milestone })
        #expect(milestone.threshold == 1_000_000 && milestone.count == 8)

        let templates = try ReportTemplates.bundled()
        let view = ReportView.make(report)
        let markdown = try templates.render("report.md", view)
        #expect(markdown.contains("## Highlights") && markdown.contains("**검은 파도** is #1 on Sun 2025-03-09 with 123,155 admissions: 12 days running"))
        #expect(markdown.contains("passed 100만 (1,000,000) admissions on Wed 2025-03-05, day 8 of its release"))
        let html = try templates.render("report.html", view)
        #expect(html.contains(#"<strong>검은 파도</strong> is #1 on <span class="nobr">Sun 2025-03-09</span>"#))
        let text = try templates.render("report.txt", TextView.make(report))
        #expect(text.contains("- 검은 파도 passed 100만 admissions on Wed 2025-03-05"))

        // Reworded by a user's template: the sentence is theirs, the figures ours.
        let custom = try ReportTemplates.load(
            replacing: ["report.txt": "{{#highlights}}{{#is_streak}}{{title}} {{count}}일 연속 1위{{/is_streak}}{{/highlights}}"], origin: "/tmp")
        #expect(try custom.render("report.txt", TextView.make(report)) == "검은 파도 12일 연속 1위")
    }
}

@Suite("Korean words")
struct KoreanWordsTests {
    @Test("dates, weekdays, ranges, won and axis units in Korean; English unchanged")
    func formats() {
        let korean = Words.korean
        #expect(korean.dateWithWeekday(Day("2024-07-19")) == "2024년 7월 19일 (금)")
        #expect(korean.range(DateRange(start: Day("2024-07-15"), end: Day("2024-07-21"))) == "2024년 7월 15일 ~ 21일")
        #expect(korean.range(DateRange(start: Day("2024-07-29"), end: Day("2024-08-04"))) == "2024년 7월 29일 ~ 8월 4일")
        #expect(korean.range(DateRange(start: Day("2024-12-30"), end: Day("2025-01-05"))) == "2024년 12월 30일 ~ 2025년 1월 5일")
        #expect(korean.won(136_800_000_000) == "1,368억 원" && Words.english.won(136_800_000_000) == "₩1,368억")
        #expect(korean.won(5_850_000_000) == "58.5억 원" && korean.won(25_140_000) == "2,514만 원" && korean.won(44_500) == "44,500 원")
        #expect(korean.compact(150_000) == "15만" && korean.compact(1_500_000) == "150만" && korean.compact(250_000_000) == "2.5억")
        #expect(Words.english.compact(150_000) == "150k" && Words.english.compact(1_250_000) == "1.25M")
        #expect(korean.say.inRelease(1) == "개봉일" && korean.say.inRelease(5) == "5일째" && korean.say.inRelease(-1) == "시사 (개봉 2일 전)")
        #expect(ReportLanguage.fromEnvironment(["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(ReportLanguage.fromEnvironment(["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]) == .en)
        #expect(ReportLanguage.fromEnvironment(["LANG": "en_US.UTF-8"]) == .en && ReportLanguage.fromEnvironment([:]) == .en)
    }

    @Test("model notes are translated where fixed; a provisional note keeps its dates")
    func notes() {
        let korean = Words.korean
        #expect(korean.note(.chartCoverage).hasPrefix("KOBIS 일별 박스오피스는"))
        let provisional = ReportBuilder.provisionalNote([Day("2025-03-09")])[0]
        #expect(korean.note(provisional).hasPrefix("잠정치: KOBIS는 2025-03-09의 수치를"))
        #expect(korean.note(.tmdbIncomplete(reason: "timeout")) == "TMDB 정보를 다 받지 못했습니다: timeout.", "a service's own words stay as written")
    }

    /// One of every note. The switch makes this test stop compiling when a case is added, until
    /// the case is listed here (and so checked in both languages).
    static let everyNote: [ReportNote] = {
        let days = [Day("2025-03-08"), Day("2025-03-09")]
        let range = DateRange(start: Day("2025-03-03"), end: Day("2025-03-09"))
        let notes: [ReportNote] = [
            .simulated, .chartCoverage, .deepChart(.top20), .deepChart(.top40), .periodChart(.week), .periodChart(.weekend),
            .periodChart(.weekdays), .noLookBack, .provisionalDays(days), .provisionalPeriods([range]), .earlyCoverage,
            .missingMovieInfo(films: 1), .missingMovieInfo(films: 3), .tmdbIncomplete(reason: nil), .rankChangesUnknown(days[0]),
            .historyUnavailable(days: days, reasons: ["503"]), .gaps(count: 6, listed: ["2025-03-08 daily chart"]),
            .snapped(asked: range, kind: .weekend, periods: 1, covered: range), .snapped(asked: range, kind: .week, periods: 1, covered: range),
            .filmChartCoverage, .offlineGaps(days), .yearToDateNotCached(missing: 12, spans: [range, range]),
            .regionsMissing(charts: 3, of: 17), .regionalCharts, .yearEarlierOverlaps, .weekendsMissing(days),
            .namedPeriod(.holiday(.chuseok, year: 2023), range), .namedPeriod(.season(.summer, year: 2024), range),
            .kofic(.longSpan), .kofic(.diversityMissing(charts: days, of: 52, basis: .weekly)), .kofic(.releasesNotHad(years: [2023, 2024])),
            .kofic(.releasesCutShort(years: [2024])), .kofic(.regionListNotHad), .kofic(.noRegionWeek),
            .kofic(.regionsMissing(names: ["경기도", "강원도"], of: 17, weeks: 4)), .kofic(.regionsMade(weeks: 52, populationYear: 2020)),
            .kofic(.notCompared(years: [2015, 2016, 2020], baseline: true)), .kofic(.populationOf(used: 2020)),
        ]
        for note in notes {
            switch note {
            case .simulated, .chartCoverage, .deepChart, .periodChart, .noLookBack, .provisionalDays, .provisionalPeriods, .earlyCoverage,
                .missingMovieInfo, .tmdbIncomplete, .rankChangesUnknown, .historyUnavailable, .gaps, .snapped, .filmChartCoverage, .offlineGaps,
                .yearToDateNotCached, .regionsMissing, .regionalCharts, .yearEarlierOverlaps, .weekendsMissing, .namedPeriod, .kofic:
                break
            }
        }
        return notes
    }()

    @Test("every note has Korean words: no English word is left but names, flags and the charts' own labels")
    func everyNoteInKorean() {
        // Words Korean notes keep: service and product names, options, units the charts use, and KST.
        let kept: Set<String> = [
            "KOBIS", "TMDB", "LW", "NEW", "KST", "boxoffice", "fetch", "no", "look", "back", "allow", "gaps", "offline", "daily", "chart",
            "JSON", "regions", "missing", "weekend",
        ]
        for note in Self.everyNote {
            let korean = Words.korean.note(note)
            let english = Words.english.note(note)
            #expect(english == note.english && korean != english, "\(note)")
            let words = korean.split { !$0.isASCII || !$0.isLetter }.map(String.init)
            #expect(words.allSatisfy(kept.contains), "\(note): \(words.filter { !kept.contains($0) })")
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(note)")
        }
    }
}

@Suite("Progress estimate")
struct ProgressEstimateTests {
    typealias Progress = BoxOfficePipeline.FetchStage.Progress

    @Test("the ETA counts films and look-backs: all charts in but films left is not 'ETA 0s'")
    func honestETA() {
        // 30 dates fetched in 10 s, 40 films found, 5 of them done, 7 look-back charts to come.
        let chartsDone = Progress(chartsDone: 30, chartsTotal: 30, filmsDone: 5, filmsKnown: 40, calls: 35)
        let left = try! #require(chartsDone.remaining(lookBackCharts: 7, elapsed: 10))
        // Done 35 of 77 units in 10 s: 42 more units at the same pace.
        #expect(abs(left - 10.0 * 42 / 35) < 0.01)
        // The old estimate (charts only) would say 0 s here.
        let finished = Progress(chartsDone: 30, chartsTotal: 30, filmsDone: 40, filmsKnown: 40, calls: 70)
        #expect(finished.remaining(lookBackCharts: 0, elapsed: 20) == 0)
        // Films not seen yet are projected while charts are still coming.
        let early = Progress(chartsDone: 10, chartsTotal: 100, filmsDone: 0, filmsKnown: 20, calls: 10)
        let earlyLeft = try! #require(early.remaining(lookBackCharts: 0, elapsed: 5))
        // 10 of (100 charts + 20 films + 90 × 2 projected) = 10 of 300 units.
        #expect(abs(earlyLeft - (5.0 * 300 / 10 - 5)) < 0.01)
        #expect(Progress(chartsDone: 0, chartsTotal: 100, filmsDone: 0, filmsKnown: 0, calls: 0).remaining(lookBackCharts: 7, elapsed: 1) == nil)
    }

    @Test("a progress line is cut to fit the terminal, Hangul counted as two columns")
    func fits() {
        let line = "report: 120/365 dates · 48/60 films · 170 KOBIS calls · ETA 2m10s"
        let cut = DisplayWidth.fit(line, 39)
        #expect(DisplayWidth.of(cut) <= 39 && cut.hasSuffix("…"))
        #expect(DisplayWidth.of(DisplayWidth.fit("검은 파도 검은 파도 검은 파도", 9)) <= 9)
    }
}

@Suite("Highlights compare only comparable sides")
struct ComparableHighlightTests {
    @Test("the biggest rise leaves out a film in paid previews a week earlier; a year to date shorter than a week has no highlight")
    func comparable() throws {
        let report = FixedReports.threeDays
        let last = try #require(report.days.last)
        var entries = Array(last.entries.prefix(3))
        try #require(entries.count == 3)
        // One opened three days ago (a week earlier it was in previews), one a month ago, one with no open date.
        entries[0].openDate = last.date - 3
        entries[0].audienceChangeLastWeekPercent = 5185.3
        entries[1].openDate = last.date - 30
        entries[1].audienceChangeLastWeekPercent = 12.5
        entries[2].openDate = nil
        entries[2].audienceChangeLastWeekPercent = -40
        let facts = StoryStage.risers(entries, start: last.date, end: last.date)
        let rise = try #require(facts.first { $0.kind == .biggestRise })
        #expect(rise.movieCode == entries[1].movieCode && rise.percent == 12.5)
        #expect(facts.first { $0.kind == .biggestFall }?.movieCode == entries[2].movieCode)
        // Opened exactly a week earlier: open on both days, so compared.
        entries[0].openDate = last.date - 7
        #expect(StoryStage.risers(entries, start: last.date, end: last.date).first { $0.kind == .biggestRise }?.movieCode == entries[0].movieCode)

        let lastYear = YearEarlier(
            start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-01-01")!, audience: 100, sales: 1000, comparedWith: (527, 5000))
        var short = YearToDate(start: Day(iso: "2025-01-01")!, end: Day(iso: "2025-01-01")!, audience: 527, sales: 5000, lastYear: lastYear)
        #expect(StoryStage.yearToDate(short).isEmpty, "1 January alone: a Wednesday against a Monday")
        short.end = Day(iso: "2025-01-07")!
        #expect(StoryStage.yearToDate(short).count == 1, "a week: every weekday on both sides")
    }
}

@Suite("A report leads with at most eight highlights")
struct LeadHighlightsTests {
    @Test("eighteen highlights, six of them the year's best opening: eight lead, strongest kinds first, one best opening; the rest are records")
    func lead() async throws {
        let day = Day(iso: "2024-12-31")!
        func fact(_ kind: Highlight.Kind, _ title: String) -> Highlight {
            var fact = Highlight(kind: kind, start: day, end: day)
            fact.title = title
            return fact
        }
        let facts =
            (1...6).map { fact(.yearBestOpening, "opening \($0)") }
            + [
                fact(.newEntries, "new"), fact(.biggestRise, "rise"), fact(.biggestFall, "fall"), fact(.totalChange, "total"),
                fact(.numberOneStreak, "streak"), fact(.rangeLeader, "leader"), fact(.milestone, "100만"), fact(.milestone, "200만"),
                fact(.opening, "opening"), fact(.yearToDate, "ytd"), fact(.yearFastestMilestone, "fastest"), fact(.breakEven, "ours"),
            ]
        let (lead, records) = StoryStage.lead(facts)
        #expect(lead.count == 8 && records.count == 10)
        #expect(lead.map(\.title) == ["ours", "streak", "leader", "100만", "opening", "opening 1", "fastest", "ytd"], "\(lead.map(\.title))")
        #expect(lead.filter { $0.kind == .yearBestOpening }.count == 1 && records.filter { $0.kind == .yearBestOpening }.count == 5)
        #expect(Set((lead + records).map(\.title)) == Set(facts.map(\.title)), "nothing lost")
        let few = Array(facts.prefix(8))
        #expect(StoryStage.lead(few).lead == few && StoryStage.lead(few).records.isEmpty, "eight or fewer stay as they are")
        #expect(Set(Highlight.Kind.byStrength) == Set(Highlight.Kind.allCases) && Highlight.Kind.byStrength.count == Highlight.Kind.allCases.count)

        // Rendered: the lead under Highlights, the records after them, in every document.
        var report = FixedReports.threeDays
        (report.highlights, report.records) = (lead, records)
        let templates = try ReportTemplates.bundled()
        let markdown = try templates.render("report.md", ReportView.make(report))
        #expect(markdown.contains("### More records\n\n- ") && markdown.components(separatedBy: "\n- ").count >= 19)
        let html = try templates.render("report.html", ReportView.make(report, style: .init(language: .ko)))
        #expect(html.contains("<h3>그 밖의 기록</h3>"))
        let text = try templates.render("report.txt", TextView.make(report))
        #expect(text.contains("\nMore records:\n- "))
    }
}

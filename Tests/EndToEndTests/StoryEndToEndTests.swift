import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 14 as a user meets it: the cron run's look-back cost, and `boxoffice film` against
/// loopback KOBIS (a code, a title, an ambiguous title, `--offline` with gaps, bad input).
@Suite("Highlights' look-back and boxoffice film, end to end", .serialized)
struct StoryEndToEndTests {
    func run(
        _ arguments: [String], _ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String = "2025-03-10"
    ) async throws
        -> BoxOfficeProcess.Result
    {
        try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder, today: today)
    }

    @Test(
        "cron: yesterday's report on a cache the day before's run warmed spends its own chart, the day before's once more (final now), and at most the D−7 and a year earlier's ones"
    )
    func cronLookBack() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let before = try await run(["report", "--format", "json", "--quiet"], server, folder, today: "2025-03-09")
        #expect(before.status == 0 && before.stderr.isEmpty, "\(before.stderr)")
        server.server.resetLog()

        let cron = try await run(["report", "--format", "json,txt", "--quiet"], server, folder, today: "2025-03-10")
        #expect(cron.status == 0 && cron.stderr.isEmpty, "silent on success: \(cron.stderr)")
        let charts = server.chartRequests.compactMap { $0.query["targetDt"] }
        // D−1 was yesterday for the run before: cached while provisional, fetched once more now that it is final.
        #expect(
            charts.contains("20250309") && charts.contains("20250308") && Set(charts).isSubset(of: ["20250309", "20250308", "20250302", "20240309"])
                && charts.count == Set(charts).count, "\(charts)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09.txt"), encoding: .utf8)
        #expect(text.count < 2_000)
        #expect(text.contains("검은 파도 is #1 on Sun 2025-03-09") && text.contains("12 days running"), "\(text)")
        #expect(text.contains("Provisional"), "yesterday's figures may change")
    }

    @Test("the look-back never passes the budget: the range is had, the comparisons blank, one note says why")
    func lookBackBudget() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        // 1 chart and its 10 films; nothing left for the day a week earlier or the day before.
        let result = try await run(["report", "2025-03-09", "--format", "json", "--budget", "11", "--quiet"], server, folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.server.requests.count == 11)
        let json = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09.json"), encoding: .utf8)
        #expect(json.contains("could not be had for 2024-03-09, 2025-03-02, 2025-03-08 (this run's KOBIS budget is spent)"))
        #expect(!json.contains("audience_change_lw_pct"), "no %± LW without the week before")
        #expect(json.contains("\"at_least\" : true"), "the streak is a lower bound")
    }

    @Test("film CODE: the whole run, each chart once, every format; then --offline from the cache alone")
    func filmByCode() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await run(["film", "20259001"], server, folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdoutLines == [
                "Reports/film-20259001.json", "Reports/film-20259001.csv", "Reports/film-20259001-weekends.csv", "Reports/film-20259001.md",
                "Reports/film-20259001.html",
            ])
        let written = Set(result.stdoutLines.map { String($0.split(separator: ".").last!) })
        #expect(written == Set(ReportFormat.allCases.filter(\.hasFilmForm).map(\.rawValue)), "a file for every format with a film form")
        let charts = server.chartRequests.compactMap { $0.query["targetDt"] }
        #expect(Set(charts).count == charts.count && charts.contains("20250219") && charts.contains("20250309"), "from a week before opening")
        #expect(server.movieInfoRequests.count == 1)
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20259001.md"), encoding: .utf8)
        #expect(md.contains("| 100만 (1,000,000) | 2025-03-05 (Wed) | 8 |") && md.contains("| Opening weekend | 580,827"))
        let html = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20259001.html"), encoding: .utf8)
        #expect(html.contains("<polyline points=\""))
        let csv = try Data(contentsOf: folder.url.appendingPathComponent("Reports/film-20259001.csv"))
        #expect(csv.starts(with: [0xEF, 0xBB, 0xBF]) && String(decoding: csv, as: UTF8.self).components(separatedBy: "\r\n").count == 12 + 2)

        // The run's shape: one weekend chart (weekGb=1) per weekend from the opening one, each once;
        // the multiplier is the last cumulative over the opening weekend as KOBIS's weekend chart has it.
        let weekends = server.periodRequests
        #expect(
            weekends.compactMap { $0.query["targetDt"] }.sorted() == ["20250228", "20250307"] && weekends.allSatisfy { $0.query["weekGb"] == "1" })
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/film-20259001.json")))
                as? [String: Any])
        let shape = try #require(json["shape"] as? [String: Any])
        let simulated = SimulatedKOBIS(films: SampleData.films).weeklyChartBody(ChartPeriod(.weekend, inWeekOf: Day(iso: "2025-02-28")!))
        let rows = try #require((simulated["boxOfficeResult"] as? [String: Any])?["weeklyBoxOfficeList"] as? [[String: String]])
        let opening = try #require(rows.first { $0["movieCd"] == "20259001" }?["audiCnt"].flatMap { Int64($0) })
        let cumulative = try #require(json["audience_cumulative"] as? Int64)
        #expect(shape["multiplier"] as? Double == (Double(cumulative) / Double(opening) * 100).rounded() / 100, "\(shape)")
        let first = try #require((shape["weekends"] as? [[String: Any]])?.first)
        #expect(first["audience"] as? Int64 == opening && shape["to_date"] as? Bool == true && shape["run_days"] as? Int == 12)
        #expect(md.contains("## How it held: its weekends") && md.contains("Multiplier 2.60"), "\(md)")

        server.server.resetLog()
        let offline = try await run(["film", "20259001", "--offline", "--format", "json"], server, folder)
        #expect(offline.status == 0 && server.server.requests.isEmpty, "\(offline.stderr)")
    }

    @Test("film TITLE: found among the cached films; several matches list their codes and exit 64; none exits 66")
    func filmByTitle() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        #expect(try await run(["report", "2025-03-05", "--format", "json", "--no-look-back"], server, folder).status == 0)
        let found = try await run(["film", "한강의 밤", "--format", "json"], server, folder)
        #expect(found.status == 0 && found.stdoutLines == ["Reports/film-20259003.json"], "\(found.stderr)")

        let files = folder.files(in: "Reports")
        let ambiguous = try await run(["film", "의", "--format", "json"], server, folder)
        #expect(ambiguous.status == 64 && ambiguous.stderrLines.count == 1, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("20259003 한강의 밤 (opened 2025-03-05)") && ambiguous.stderr.contains("give one code"))
        let none = try await run(["film", "없는 영화"], server, folder)
        #expect(none.status == 66 && none.stderr.contains("no film titled \"없는 영화\""))
        #expect(folder.files(in: "Reports") == files, "nothing written")
    }

    @Test(
        "against a year earlier: each day meets the same date a year back, fetched and counted like the week-earlier look-back, equal to the truth; --no-look-back fetches none"
    )
    func againstLastYear() async throws {
        let range = DateRange(start: Day(iso: "2025-03-05")!, end: Day(iso: "2025-03-06")!)
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2024-01-01")!, end: range.end))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(["report", "2025-03-05..2025-03-06", "-f", "csv,md,json,txt"], server, folder, today: "2025-03-20")
        #expect(result.status == 0, "\(result.stderr)")
        let asked = Set(server.chartRequests.compactMap { $0.query["targetDt"] })
        #expect(asked.isSuperset(of: ["20240305", "20240306"]), "the same dates a year back")
        #expect(server.chartRequests.count == asked.count, "each chart once")

        // The truth, from the simulation's own charts: the sums of audiCnt and salesAmt.
        let kobis = SimulatedKOBIS(films: films)
        func totals(_ day: String) -> (audience: Int64, sales: Int64) {
            let result = kobis.dailyChartBody(on: Day(iso: day)!)["boxOfficeResult"] as! [String: Any]
            let rows = result["dailyBoxOfficeList"] as! [[String: String]]
            return (rows.reduce(0) { $0 + Int64($1["audiCnt"]!)! }, rows.reduce(0) { $0 + Int64($1["salesAmt"]!)! })
        }
        func change(_ now: Int64, _ then: Int64) -> String { String(format: "%.1f", (Double(now - then) / Double(then) * 1000).rounded() / 10) }
        let (now5, then5) = (totals("2025-03-05"), totals("2024-03-05"))
        let days = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-05_2025-03-06-days.csv"), encoding: .utf8)
        let lines = days.dropFirst().components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let columns = [
            "date_last_year", "charted_audience_last_year", "charted_audience_change_ly_pct", "charted_sales_last_year",
            "charted_sales_change_ly_pct",
        ]
        #expect(lines[0].contains("," + columns.joined(separator: ",") + ","))
        let row = try #require(CSVReader.table(Data(days.utf8)).first)
        #expect(
            columns.map { row[$0] ?? "" }
                == ["2024-03-05", "\(then5.audience)", change(now5.audience, then5.audience), "\(then5.sales)", change(now5.sales, then5.sales)],
            "\(lines[1])")
        let (now6, then6) = (totals("2025-03-06"), totals("2024-03-06"))
        let total = change(now5.audience + now6.audience, then5.audience + then6.audience)
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-05_2025-03-06.md"), encoding: .utf8)
        let sign = total.hasPrefix("-") ? "−" + total.dropFirst() : "+" + total
        #expect(md.contains("against the same dates a year earlier (2024-03-05 – 2024-03-06)."), "the highlight")
        #expect(md.contains("| Against the same dates a year earlier (2024-03-05 – 2024-03-06) | audience \(sign)%"), "the summary")
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-05_2025-03-06.json"))) as? [String: Any]
        let summary = (json?["summary"] as? [String: Any])?["last_year"] as? [String: Any]
        #expect(summary?["charted_audience"] as? Int == Int(then5.audience + then6.audience) && summary?["start"] as? String == "2024-03-05")

        let plain = try TemporaryFolder()
        server.server.resetLog()
        let inside = try await run(["report", "2025-03-05..2025-03-06", "-f", "csv", "--no-look-back"], server, plain, today: "2025-03-20")
        #expect(inside.status == 0 && Set(server.chartRequests.compactMap { $0.query["targetDt"] }) == ["20250305", "20250306"])
        let blank = try #require(
            CSVReader.table(Data(contentsOf: plain.url.appendingPathComponent("Reports/boxoffice-2025-03-05_2025-03-06-days.csv"))).first)
        #expect(columns.allSatisfy { blank[$0] == "" }, "no guess without the earlier charts")
    }

    @Test("year to date from the cache only: a note naming the fetches while charts are missing, then the truth once they are cached")
    func yearToDate() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2023-12-01")!, end: Day(iso: "2025-01-05")!))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let first = try await run(["report", "2025-01-05", "-f", "md,json"], server, folder, today: "2025-01-10")
        #expect(first.status == 0, "\(first.stderr)")
        let asked = Set(server.chartRequests.compactMap { $0.query["targetDt"] })
        let note =
            "The year to date is read from the cache only, which lacks 7 of its charts: "
            + "boxoffice fetch 2025-01-01..2025-01-03 and boxoffice fetch 2024-01-01..2024-01-04 fills them."
        let firstMD = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-01-05.md"), encoding: .utf8)
        #expect(firstMD.contains(note), "the day, its date a year back (2024-01-05, inside the span) … three are had")
        #expect(asked == ["20250105", "20250104", "20241229", "20240105"], "the day, D−1, D−7 and a year back: the year to date sends nothing")

        for span in ["2025-01-01..2025-01-05", "2024-01-01..2024-01-05"] {
            #expect(try await run(["fetch", span, "-q"], server, folder, today: "2025-01-10").status == 0)
        }
        let second = try await run(["report", "2025-01-05", "-f", "md,json"], server, folder, today: "2025-01-10")
        #expect(second.status == 0, "\(second.stderr)")
        let kobis = SimulatedKOBIS(films: films)
        func audience(_ span: DateRange) -> Int64 {
            span.days.reduce(0) { total, day in
                let body = kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any]
                return total + (body["dailyBoxOfficeList"] as! [[String: String]]).reduce(0) { $0 + Int64($1["audiCnt"]!)! }
            }
        }
        let now = audience(DateRange(start: Day(iso: "2025-01-01")!, end: Day(iso: "2025-01-05")!))
        let then = audience(DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-01-05")!))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-01-05.json")))
        let ytd = ((json as? [String: Any])?["summary"] as? [String: Any])?["year_to_date"] as? [String: Any]
        #expect(ytd?["charted_audience"] as? Int == Int(now) && (ytd?["last_year"] as? [String: Any])?["charted_audience"] as? Int == Int(then))
        let change = (Double(now - then) / Double(then) * 1000).rounded() / 10
        #expect((ytd?["last_year"] as? [String: Any])?["charted_audience_change_pct"] as? Double == change)
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-01-05.md"), encoding: .utf8)
        #expect(md.contains("| Charted audience this year (2025-01-01 – 2025-01-05) | \(PeopleFormat.grouped(now)), against last year's same span "))
        #expect(!md.contains("year to date is read from the cache only"))
        // Five days set different weekdays against each other: no highlight until the span holds a week.
        #expect(!md.contains("This year's charted admissions"), "no highlight for a span shorter than a week")
        for span in ["2025-01-06..2025-01-07", "2024-01-06..2024-01-07"] {
            #expect(try await run(["fetch", span, "-q"], server, folder, today: "2025-01-10").status == 0)
        }
        let week = try await run(["report", "2025-01-07", "-f", "md"], server, folder, today: "2025-01-10")
        #expect(week.status == 0, "\(week.stderr)")
        let weekMD = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-01-07.md"), encoding: .utf8)
        let seven = audience(DateRange(start: Day(iso: "2025-01-01")!, end: Day(iso: "2025-01-07")!))
        #expect(
            weekMD.contains("This year's charted admissions, 2025-01-01 – 2025-01-07: \(PeopleFormat.grouped(seven)), ")
                && weekMD.contains("against last year's same span (2024-01-01 – 2024-01-07)"), "the highlight")

        // Each day's own year to date, in the days CSV; nothing is sent for it.
        server.server.resetLog()
        let days = try await run(["report", "2025-01-02..2025-01-05", "-f", "csv", "--no-look-back", "-q"], server, folder, today: "2025-01-10")
        #expect(days.status == 0, "\(days.stderr)")
        #expect(server.server.requests.isEmpty)
        let rows = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-01-02_2025-01-05-days.csv")))
        #expect(rows.count == 4)
        for row in rows {
            let day = try #require(Day(iso: row["date"] ?? ""))
            let thisYear = audience(DateRange(start: Day(iso: "2025-01-01")!, end: day))
            let lastYear = audience(DateRange(start: Day(iso: "2024-01-01")!, end: day - 366))
            #expect(row["charted_audience_ytd"] == String(thisYear) && row["charted_audience_ytd_last_year"] == String(lastYear), "\(day.iso)")
        }
    }

    @Test("the year's best opening day so far: a highlight exactly for the films the charts since 1 January say, none while a chart is missing")
    func yearBestOpening() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-06-30")!))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        func recordHolders() throws -> [String] {
            let json = try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2024-01-15_2024-06-30.json")))
            // The lead holds eight at most; the rest are the report's records, in the same order of strength.
            let lead = (json as? [String: Any])?["highlights"] as? [[String: Any]] ?? []
            #expect(lead.count <= 8, "\(lead.count) highlights lead")
            let highlights = lead + ((json as? [String: Any])?["records"] as? [[String: Any]] ?? [])
            return highlights.filter { $0["kind"] as? String == "year_best_opening" }.compactMap { $0["movie_cd"] as? String }
        }
        let report = ["report", "2024-01-15..2024-06-30", "-f", "json,md", "--no-look-back", "-q"]
        #expect(try await run(report, server, folder, today: "2024-07-10").status == 0)
        #expect(try recordHolders().isEmpty, "1 to 14 January are not cached: no claim")

        #expect(try await run(["fetch", "2024-01-01..2024-01-14", "-q"], server, folder, today: "2024-07-10").status == 0)
        #expect(try await run(report, server, folder, today: "2024-07-10").status == 0)
        // The truth: each opening (a film charted on its own open date) against every one before it that year.
        let kobis = SimulatedKOBIS(films: films)
        var best: Int64 = 0
        var expected: [String] = []
        for day in DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-06-30")!) {
            let body = kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any]
            let openings = (body["dailyBoxOfficeList"] as! [[String: String]]).filter { $0["openDt"] == day.iso }
            for row in openings where day >= Day(iso: "2024-01-15")! && Int64(row["audiCnt"]!)! > best { expected.append(row["movieCd"]!) }
            best = max(best, openings.map { Int64($0["audiCnt"]!)! }.max() ?? 0)
        }
        #expect(!expected.isEmpty, "the simulation has a record opening from 15 January on")
        #expect(try recordHolders() == expected, "\(expected)")
        if let first = expected.first {
            let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2024-01-15_2024-06-30.md"), encoding: .utf8)
            #expect(md.contains("the year's best opening day so far (in the charts since 2024-01-01)."), "\(first)")
        }
    }

    @Test("the year's fastest to a 100만 step so far: the films and days the charts since 1 January say, three at most, none while a chart is missing")
    func yearFastestMilestone() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-06-30")!))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        func records() throws -> [[String: Any]] {
            let json = try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2024-01-15_2024-06-30.json")))
            let lead = (json as? [String: Any])?["highlights"] as? [[String: Any]] ?? []
            #expect(lead.count <= 8, "\(lead.count) highlights lead")
            let highlights = lead + ((json as? [String: Any])?["records"] as? [[String: Any]] ?? [])
            return highlights.filter { $0["kind"] as? String == "year_fastest_milestone" }
        }
        let report = ["report", "2024-01-15..2024-06-30", "-f", "json,md,txt", "--lang", "en", "--no-look-back", "-q"]
        #expect(try await run(report, server, folder, today: "2024-07-10").status == 0)
        #expect(try records().isEmpty, "1 to 14 January are not cached: no claim")

        #expect(try await run(["fetch", "2024-01-01..2024-01-14", "-q"], server, folder, today: "2024-07-10").status == 0)
        #expect(try await run(report, server, folder, today: "2024-07-10").status == 0)
        // The truth: each 100만 step a film passes (its cumulative before the day's admissions against after)
        // against the fewest days any other film took to it earlier that year.
        let kobis = SimulatedKOBIS(films: films)
        var fastest: [Int64: (days: Int, code: String)] = [:]
        var beaten: [(day: Day, code: String, threshold: Int64, days: Int, previous: Int)] = []
        for day in DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-06-30")!) {
            let body = kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any]
            var today: [(Int64, Int, String)] = []
            for row in body["dailyBoxOfficeList"] as! [[String: String]] {
                guard let open = Day(iso: row["openDt"] ?? "") else { continue }
                let after = Int64(row["audiAcc"]!)!, before = after - Int64(row["audiCnt"]!)!
                let days = open.distance(to: day) + 1
                guard days >= 1, after >= 1_000_000 else { continue }
                for step in stride(from: max(before, 0) / 1_000_000 + 1, through: after / 1_000_000, by: 1) {
                    today.append((step * 1_000_000, days, row["movieCd"]!))
                }
            }
            for (threshold, days, code) in today where day >= Day(iso: "2024-01-15")! {
                if let best = fastest[threshold], best.code != code, days < best.days {
                    beaten.append((day, code, threshold, days, best.days))
                }
            }
            for (threshold, days, code) in today where fastest[threshold].map({ days < $0.days }) ?? true { fastest[threshold] = (days, code) }
        }
        let expected = Array(beaten.sorted { ($0.threshold, $1.day) > ($1.threshold, $0.day) }.prefix(3)).sorted { $0.day < $1.day }
        #expect(!expected.isEmpty, "the simulation has a record from 15 January on")
        let found = try records()
        #expect(found.map { $0["movie_cd"] as? String } == expected.map(\.code), "\(expected)")
        #expect(found.map { ($0["threshold"] as? NSNumber)?.int64Value } == expected.map(\.threshold))
        #expect(found.map { $0["count"] as? Int } == expected.map(\.days) && found.map { $0["previous_count"] as? Int } == expected.map(\.previous))
        if let first = expected.first, let record = found.first {
            let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2024-01-15_2024-06-30.md"), encoding: .utf8)
            let step = PeopleFormat.manwon(first.threshold)
            #expect(text.contains("passed \(step) on "), "\(first)")
            #expect(
                text.contains(
                    " \(first.day.iso), day \(first.days) of its release: the year's fastest so far (\(record["previous_title"] as? String ?? "") took \(first.previous) days; in the charts since 2024-01-01)."
                ), "\(first)")
        }
    }

    @Test("설날 against last year's 설날: its chart fetched once with the look-back, the change equal to the truth")
    func holidayAgainstLastYear() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2025-01-29")!))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(["report", "2025-01-29", "-f", "md,csv", "-q"], server, folder, today: "2025-02-10")
        #expect(result.status == 0, "\(result.stderr)")
        let charts = server.chartRequests.compactMap { $0.query["targetDt"] }
        #expect(charts.filter { $0 == "20240210" }.count == 1, "last year's 설날, once: \(charts)")
        let kobis = SimulatedKOBIS(films: films)
        func audience(_ day: String) -> Int64 {
            let body = kobis.dailyChartBody(on: Day(iso: day)!)["boxOfficeResult"] as! [String: Any]
            return (body["dailyBoxOfficeList"] as! [[String: String]]).reduce(0) { $0 + Int64($1["audiCnt"]!)! }
        }
        let (now, then) = (audience("2025-01-29"), audience("2024-02-10"))
        let change = String(format: "%.1f", (Double(now - then) / Double(then) * 1000).rounded() / 10)
        let row = try #require(CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-01-29-days.csv"))).first)
        #expect(row["holiday_ko"] == "설날" && row["holiday_date_last_year"] == "2024-02-10")
        #expect(row["charted_audience_holiday_last_year"] == String(then) && row["charted_audience_change_holiday_ly_pct"] == change)
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-01-29.md"), encoding: .utf8)
        let sign = change.hasPrefix("-") ? "−" + change.dropFirst() : "+" + change
        #expect(md.contains("The same holiday a year earlier (Sat 2024-02-10): audience \(sign)%."), "the day's line")
    }

    @Test("a weekend against the same weekend 52 weeks back: one period chart more, the change equal to the truth; missing, a note")
    func weekendAgainstLastYear() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2025-03-09")!))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(["report", "--weekend", "2025-03-07..2025-03-09", "-f", "md,json,csv"], server, folder, today: "2025-03-20")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.periodRequests.compactMap { $0.query["targetDt"] }.sorted() == ["20240308", "20250228", "20250307"])
        let kobis = SimulatedKOBIS(films: films)
        func total(_ friday: String) -> Int64 {
            let body = kobis.weeklyChartBody(ChartPeriod(.weekend, inWeekOf: Day(iso: friday)!))["boxOfficeResult"] as! [String: Any]
            return (body["weeklyBoxOfficeList"] as! [[String: String]]).reduce(0) { $0 + Int64($1["audiCnt"]!)! }
        }
        let (now, then) = (total("2025-03-07"), total("2024-03-08"))
        let change = (Double(now - then) / Double(then) * 1000).rounded() / 10
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-weekend-2025-03-07_2025-03-09.json"))) as? [String: Any]
        let period = (json?["periods"] as? [[String: Any]])?.first?["last_year"] as? [String: Any]
        #expect(period?["charted_audience"] as? Int == Int(then) && period?["charted_audience_change_pct"] as? Double == change)
        #expect(period?["start"] as? String == "2024-03-08" && period?["end"] as? String == "2024-03-10")
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-weekend-2025-03-07_2025-03-09.md"), encoding: .utf8)
        #expect(md.contains("A year earlier (2024-03-08 – 2024-03-10): audience "), "the period's line")
        let weeks = try CSVReader.table(
            Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-weekend-2025-03-07_2025-03-09-weeks.csv")))
        #expect(!weeks.isEmpty)
        for row in weeks {
            #expect(
                row["start_last_year"] == "2024-03-08" && row["charted_audience"] == String(now) && row["charted_audience_last_year"] == String(then))
            #expect(row["charted_audience_change_ly_pct"] == String(format: "%.1f", change))
        }

        // A budget for the weekend, its films and the weekend before, not for a year back: blank, one note.
        let spent = try TemporaryFolder()
        let budgeted = try await run(
            ["report", "--weekend", "2025-03-07..2025-03-09", "-f", "json", "--budget", "12", "-q"], server, spent, today: "2025-03-20")
        #expect(budgeted.status == 0, "\(budgeted.stderr)")
        let thin = try String(
            contentsOf: spent.url.appendingPathComponent("Reports/boxoffice-weekend-2025-03-07_2025-03-09.json"), encoding: .utf8)
        #expect(!thin.contains("\"last_year\""), "no figure without its chart")
        #expect(thin.contains("could not be had for 2024-03-08..2024-03-10 (this run's KOBIS budget is spent)"), "\(thin.prefix(3000))")
    }

    @Test("film TITLE on an empty cache: KOBIS's movie list finds it (one call, cached, the unreleased namesake left out); --offline asks nothing")
    func filmByTitleColdCache() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let found = try await run(["film", "한강의 밤", "--format", "json"], server, folder)
        #expect(found.status == 0 && found.stdoutLines == ["Reports/film-20259003.json"], "\(found.stderr)")
        #expect(server.movieListRequests.map { $0.query["movieNm"] } == ["한강의 밤"], "one title search")
        #expect(server.movieListRequests.first?.query["itemPerPage"] == "100")
        // The list also names a film in production titled exactly so (no open date): not a candidate.
        #expect(!found.stderr.contains(SimulatedKOBIS.unreleasedListedCode))
        let ledger =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.url.appendingPathComponent("state/boxoffice/kobis-calls.json"))) as? [String: [String: Int]]
        let recorded = ledger?.values.flatMap(\.values).reduce(0, +)
        #expect(recorded == server.server.requests.count, "the title search is recorded with the run's other calls")

        server.server.resetLog()
        let again = try await run(["film", "한강의 밤", "--format", "json"], server, folder)
        #expect(again.status == 0 && server.movieListRequests.isEmpty, "the second run finds it in the cache")

        let cold = try TemporaryFolder()
        let ambiguous = try await run(["film", "의", "--format", "json"], server, cold)
        #expect(ambiguous.status == 64 && ambiguous.stderrLines.count == 1, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("20259003 한강의 밤") && ambiguous.stderr.contains("20259012 바다의 심장"))
        #expect(!ambiguous.stderr.contains(SimulatedKOBIS.unreleasedListedCode) && cold.files(in: "Reports").isEmpty)
        let unreleased = try await run(["film", "아직 없는 영화"], server, folder)
        #expect(unreleased.status == 66 && unreleased.stderr.contains("the released films in KOBIS's movie list"), "\(unreleased.stderr)")

        let empty = try TemporaryFolder()
        server.server.resetLog()
        let offline = try await run(["film", "한강의 밤", "--offline"], server, empty)
        #expect(offline.status == 66 && offline.stderr.contains("(--offline)") && server.server.requests.isEmpty, "\(offline.stderr)")
    }

    @Test("film --offline with gaps: the cached days, the gaps named; bad input: one line, 66 or 64, nothing written")
    func filmOfflineAndBadInput() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        #expect(try await run(["fetch", "2025-03-03..2025-03-09"], server, folder).status == 0)
        let offline = try await run(["film", "20259001", "--offline", "--format", "md"], server, folder)
        #expect(offline.status == 0, "\(offline.stderr)")
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20259001.md"), encoding: .utf8)
        #expect(md.contains("Not cached, so not read (--offline): 2025-02-19..2025-03-02"), "\(md)")
        #expect(md.contains("| 2025-03-03 (Mon) | 6 | 1 |") && !md.contains("| 2025-02-26 (Wed)"))

        for (arguments, status) in [(["film", "99999999"], Int32(66)), (["film", "20259001", "--offline", "--no-cache"], 64)] {
            let result = try await run(arguments, server, folder)
            #expect(result.status == status && result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(folder.files(in: "Reports") == ["film-20259001.md"])
    }

    @Test("film CODE and the daily reports agree: the film that led most days lists exactly its charted days, with the same figures")
    func filmAgreesWithReports() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let report = try await run(["report", "2025-02-12..2025-03-09", "-f", "csv", "-q", "--no-look-back"], server, folder)
        #expect(report.status == 0, "\(report.stderr)")
        let daily = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-02-12_2025-03-09-daily.csv")))
        let leaders = Dictionary(grouping: daily.filter { $0["rank"] == "1" }, by: { $0["movie_cd"] ?? "" })
        let (code, led) = try #require(leaders.max { $0.value.count < $1.value.count })
        #expect(led.count >= 5, "a film that leads several days")

        // Read the film from KOBIS (a new cache), not from the report's charts.
        let other = try TemporaryFolder()
        let film = try await run(["film", code, "-f", "csv", "-o", "-"], server, other)
        #expect(film.status == 0, "\(film.stderr)")
        let days = try CSVReader.table(Data(film.stdout.utf8))
        let charted = daily.filter { $0["movie_cd"] == code }
        #expect(days.map { $0["date"] ?? "" } == charted.map { $0["date"] ?? "" }, "the same charted days")
        #expect(days.filter { $0["rank"] == "1" }.map { $0["date"] ?? "" } == led.map { $0["date"] ?? "" })
        for (fromFilm, fromReport) in zip(days, charted) {
            for column in ["rank", "movie_cd", "title", "audience", "sales", "screens", "showings", "audience_cumulative", "sales_cumulative"] {
                #expect(fromFilm[column] == fromReport[column], "\(fromReport["date"] ?? "") \(column)")
            }
        }
    }
}

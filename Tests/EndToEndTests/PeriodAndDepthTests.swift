import BoxOfficeServices
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 13 as a user meets it: weekend and weekly reports and deeper daily charts from the built
/// binary against loopback KOBIS, with their call counts, the cache and `--offline`.
@Suite("Weekend, weekly and deeper charts, end to end", .serialized)
struct PeriodAndDepthTests {
    static let week = "2025-03-03..2025-03-09"

    func environment(_ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String = "2025-03-12") -> [String: String] {
        BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString,
            "BOXOFFICE_TODAY": today, "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ])
    }

    func run(
        _ arguments: [String], _ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String = "2025-03-12"
    ) async throws
        -> BoxOfficeProcess.Result
    {
        try await BoxOfficeProcess.run(arguments, environment: environment(server, folder, today: today), in: folder.url)
    }

    /// stderr's lines, the note that TMDB is off (no token here) left out.
    static func warnings(_ result: BoxOfficeProcess.Result) -> [Substring] {
        result.stderr.split(separator: "\n").filter { !$0.contains("TMDB enrichment off") }
    }

    func text(_ folder: TemporaryFolder, _ name: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent("Reports/" + name), encoding: .utf8)
    }

    @Test("report --weekend: the last completed weekend, one weekend call and one for the weekend before, KOBIS's totals in every format")
    func lastWeekend() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await run(["report", "--weekend"], server, folder)  // a Wednesday
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.warnings(result).isEmpty, "\(result.stderr)")
        let base = "boxoffice-weekend-2025-03-07_2025-03-09"
        #expect(
            result.stdout.split(separator: "\n").map { String($0.split(separator: "/").last!) } == [
                "\(base).json", "\(base)-films.csv", "\(base)-weeks.csv", "\(base).md", "\(base).html", "\(base).txt", "index.html", "index.md",
                "feed.xml",
            ])
        // The weekend, and in the same trip the one before it for the first weekend's screens ± and
        // change, and the same weekend 52 weeks earlier (look-back).
        let periods = server.periodRequests.map { [$0.query["targetDt"] ?? "", $0.query["weekGb"] ?? ""] }
        #expect(periods.count == 3 && Set(periods) == [["20250307", "1"], ["20250228", "1"], ["20240308", "1"]], "\(periods)")
        #expect(server.chartRequests.isEmpty, "a weekend report needs no daily chart")
        #expect(server.movieInfoRequests.count == 10)

        let weeks = try Data(contentsOf: folder.url.appendingPathComponent("Reports/\(base)-weeks.csv"))
        #expect(weeks.starts(with: [0xEF, 0xBB, 0xBF]), "a BOM for Excel")
        let lines = String(decoding: weeks.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(
            // The published header: later versions may append columns, never reorder or drop one.
            lines[0].hasPrefix(
                "period,iso_week,start,end,provisional,rank,rank_change,is_new,movie_cd,title,open_date,audience,audience_change,audience_change_pct,audience_cumulative,sales,sales_share_pct,sales_change,sales_change_pct,sales_cumulative,screens,showings,audience_per_screen,data_source,screens_change,prev_rank,audience_per_showing,average_ticket_price"
            )
        )
        #expect(lines.count == 11 && lines.dropFirst().allSatisfy { $0.hasPrefix("weekend,2025-W10,2025-03-07,2025-03-09,false,") })
        // Screens ± of the only weekend, from the weekend before: filled for films charted then.
        let header = lines[0].components(separatedBy: ",")
        let screensChange = try #require(header.firstIndex(of: "screens_change"))
        let isNew = try #require(header.firstIndex(of: "is_new"))
        let rows = try CSVReader.parse(lines.dropFirst().joined(separator: "\r\n") + "\r\n")
        #expect(
            rows.count == 10 && rows.filter { $0[isNew] == "false" }.allSatisfy { !$0[screensChange].isEmpty }, "\(rows.map { $0[screensChange] })")

        // The weekend's figures are KOBIS's (here the simulation's) whole-period totals, not the
        // daily top 10s added up: a film outside some day's top 10 still counts that day.
        let json = try JSONSerialization.jsonObject(with: Data(text(folder, base + ".json").utf8)) as! [String: Any]
        let period = try #require((json["periods"] as? [[String: Any]])?.first)
        let entries = try #require(period["entries"] as? [[String: Any]])
        #expect(entries.count == 10 && period["kind"] as? String == "weekend" && period["iso_week"] as? String == "2025-W10")
        let markdown = try text(folder, base + ".md")
        #expect(markdown.contains("# Korean box office, weekend 2025-03-07 – 2025-03-09"))
        #expect(markdown.contains("### 2025-W10 weekend, 2025-03-07 (Fri) – 2025-03-09 (Sun)"))
        #expect(markdown.contains("| Audience (period totals) |"))
        let html = try text(folder, base + ".html")
        #expect(html.contains("<h2>Charts</h2>") && html.contains("vs. week before"))

        // Run again: all cached.
        server.server.resetLog()
        let again = try await run(["report", "--weekend", "--format", "json"], server, folder)
        #expect(again.status == 0 && server.server.requests.isEmpty)
    }

    @Test("which weekend is the last: on a Monday the one that ended the day before, on a Saturday the one before")
    func whichWeekend() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        for (today, start) in [("2025-03-10", "20250307"), ("2025-03-15", "20250307"), ("2025-03-17", "20250314")] {
            server.server.resetLog()
            let result = try await run(["report", "--weekend", "--format", "json", "--no-cache", "--no-look-back"], server, folder, today: today)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(server.periodRequests.map { $0.query["targetDt"] } == [start], "today \(today)")
        }
    }

    @Test("ranges: whole weeks are taken as they are, others snapped with a note, none completed is refused")
    func ranges() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let weekly = try await run(["report", Self.week, "--weekly", "--format", "csv"], server, folder)
        #expect(weekly.status == 0 && Self.warnings(weekly).isEmpty, "\(weekly.stderr)")
        let weeks = server.periodRequests.map { [$0.query["targetDt"] ?? "", $0.query["weekGb"] ?? ""] }
        #expect(weeks.count == 3 && Set(weeks) == [["20250303", "0"], ["20250224", "0"], ["20240304", "0"]], "\(weeks)")

        let snapped = try await run(["report", "2025-03-05..2025-03-11", "--weekend", "--format", "md"], server, folder)
        #expect(snapped.status == 0)
        #expect(
            snapped.stderr.contains(
                "2025-03-05..2025-03-11 does not cover whole weekends: taking the 1 completed weekend it overlaps, 2025-03-07..2025-03-09."
            ))
        #expect(try text(folder, "boxoffice-weekend-2025-03-07_2025-03-09.md").contains("does not cover whole weekends"))

        let none = try await run(["report", "2025-03-03..2025-03-06", "--weekend"], server, folder)
        #expect(none.status == 64)
        #expect(
            none.stderr
                == "boxoffice: no completed weekend lies within 2025-03-03 – 2025-03-06; the latest is 2025-03-07..2025-03-09\n")

        for arguments in [["--weekend", "--depth", "20"], ["--depth", "20", "--nation", "korean"], ["--depth", "30"]] {
            let refused = try await run(["report", Self.week] + arguments, server, folder)
            #expect(refused.status == 64 && refused.stderr.split(separator: "\n").count == 1, "\(arguments): \(refused.stderr)")
        }
    }

    @Test("--depth 20: exactly two chart calls a date (Korean and foreign), merged, with the partition and R")
    func depth20() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await run(["report", Self.week, "--depth", "20", "--format", "csv,md", "--no-look-back"], server, folder)
        #expect(result.status == 0, "\(result.stderr)")
        let charts = server.chartRequests
        #expect(charts.count == 14)
        #expect(Set(charts.map { "\($0.query["targetDt"]!)/\($0.query["repNationCd"] ?? "-")" }).count == 14, "none twice")
        #expect(charts.allSatisfy { ["K", "F"].contains($0.query["repNationCd"]) && $0.query["multiMovieYn"] == nil })
        let daily = try text(folder, "boxoffice-top20-2025-03-03_2025-03-09-daily.csv")
        let header = daily.split(separator: "\r\n").first!.split(separator: ",")
        let column = try #require(header.firstIndex(of: "partition"))
        let rows = daily.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.count > 70, "more than ten films a day")
        #expect(rows.contains { $0[column] == "K" } && rows.contains { $0[column] == "F" })
        let days = try text(folder, "boxoffice-top20-2025-03-03_2025-03-09-days.csv")
        #expect(days.split(separator: "\r\n").dropFirst().allSatisfy { $0.contains(",20,") })
        #expect(try text(folder, "boxoffice-top20-2025-03-03_2025-03-09.md").contains("Exact through rank"))
    }

    @Test("fetch --weekly --weekend --depth 20 caches everything those reports need: --offline sends nothing")
    func fetchThenOffline() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let fetch = try await run(["fetch", Self.week, "--weekly", "--weekend", "--depth", "20"], server, folder)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(server.chartRequests.count == 14 && server.periodRequests.count == 2)
        #expect(Set(server.movieInfoRequests.map { $0.query["movieCd"] }).count == server.movieInfoRequests.count)
        #expect(fetch.stdout.contains("7 of 7 dates cached (up to 20 films a day), 1 of 1 weeks cached, 1 of 1 weekends cached"))
        #expect(fetch.stdout.contains("; \(server.server.requests.count) KOBIS calls spent"))

        server.server.resetLog()
        for arguments in [
            ["report", Self.week, "--depth", "20", "--offline"], ["report", Self.week, "--weekly", "--offline"],
            ["report", "--weekend", "--offline"],
        ] {
            let report = try await run(arguments, server, folder)
            #expect(report.status == 0, "\(arguments): \(report.stderr)")
        }
        #expect(server.server.requests.isEmpty)

        // What was not fetched is named, with the command that fetches it.
        let missing = try await run(["report", Self.week, "--weekdays", "--offline"], server, folder)
        #expect(missing.status == 75)
        #expect(
            missing.stderr.contains(
                "--offline: 1 weekdays chart (2025-03-03..2025-03-06) not cached; run 'boxoffice fetch 2025-03-03..2025-03-06 --no-daily --weekdays' first"
            ))
    }

    @Test("a budget too small for depth 20 stops, keeps what it fetched, and the rerun spends only what is left")
    func budgetAndResume() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let first = try await run(["fetch", Self.week, "--depth", "20", "--budget", "5", "--concurrency", "1"], server, folder)
        #expect(first.status == 75)
        #expect(server.server.requests.count == 5)
        #expect(first.stderr.contains("run 'boxoffice fetch 2025-03-03..2025-03-09 --depth 20' again"))
        let sent = Set(server.server.requests.map(\.target))
        server.server.resetLog()
        let second = try await run(["fetch", Self.week, "--depth", "20"], server, folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Set(server.server.requests.map(\.target)).isDisjoint(with: sent), "nothing asked twice")
        #expect(server.chartRequests.count + sent.filter { $0.contains("searchDaily") }.count == 14)
    }

    @Test("KOBIS faults on the weekly service: an unknown weekGb (320105) and an empty list for a period not yet published")
    func weeklyFaults() async throws {
        let fault = try FakeKOBISServer(script: { request in
            request.path.hasSuffix("searchWeeklyBoxOfficeList.json")
                ? .json(#"{"faultInfo":{"message":"weekGb 파라미터가 잘못되었습니다.","errorCode":"320105"}}"#) : nil
        })
        let folder = try TemporaryFolder()
        let refused = try await run(["report", "--weekend"], fault, folder)
        #expect(refused.status == 76)
        #expect(refused.stderr.hasPrefix("boxoffice: KOBIS refused the weekend chart for 2025-03-07..2025-03-09 with error 320105"))
        #expect(folder.files(in: "Reports").isEmpty)

        let empty = try FakeKOBISServer(script: { request in
            request.path.hasSuffix("searchWeeklyBoxOfficeList.json")
                ? .json(
                    #"{"boxOfficeResult":{"boxofficeType":"주말 박스오피스","showRange":"20250307~20250309","yearWeekTime":"202510","weeklyBoxOfficeList":[]}}"#
                )
                : nil
        })
        for _ in 0..<2 {
            let result = try await run(["report", "--weekend"], empty, folder, today: "2025-03-10")
            #expect(result.status == 75)
            #expect(
                result.stderr
                    == "boxoffice: KOBIS has no figures for the weekend chart for 2025-03-07..2025-03-09 yet (an empty list); try again later\n")
        }
        #expect(empty.periodRequests.filter { $0.query["targetDt"] == "20250307" }.count == 2, "an empty answer is never cached")
        #expect(folder.files(in: "Reports").isEmpty)
    }

    @Test("a 31-day --depth 20 fetch costs 62 chart calls, and the report then costs none")
    func thirtyOneDays() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let range = "2025-02-07..2025-03-09"
        let fetch = try await run(["fetch", range, "--depth", "20"], server, folder, today: "2025-03-20")
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(server.chartRequests.count == 62)
        let films = server.movieInfoRequests.count
        #expect(fetch.stdout.contains("31 of 31 dates cached (up to 20 films a day)"))
        #expect(fetch.stdout.contains("; \(62 + films) KOBIS calls spent"))
        server.server.resetLog()
        let report = try await run(["report", range, "--depth", "20", "--no-look-back"], server, folder, today: "2025-03-20")
        #expect(report.status == 0 && server.server.requests.isEmpty)
    }
}

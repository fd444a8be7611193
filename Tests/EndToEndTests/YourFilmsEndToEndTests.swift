import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 30, items 2 and 3 as a user meets them: a daily report opens with the watched films,
/// their break-even equal to what the charts say.
@Suite("Your films in every report, end to end", .serialized)
struct YourFilmsEndToEndTests {
    func run(
        _ arguments: [String], _ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String = "2025-03-10"
    ) async throws
        -> BoxOfficeProcess.Result
    {
        try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder, today: today)
    }

    @Test("two watched films, one crossing its break-even in the range: their rows first in every format, the crossing day and % the charts' own")
    func morning() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        // 검은 파도's cumulative by day, from the simulation: the break-even is crossed on 2025-03-07.
        let kobis = SimulatedKOBIS(films: SampleData.films)
        func cumulative(_ day: String) -> Int64? {
            let body = kobis.dailyChartBody(on: Day(iso: day)!)["boxOfficeResult"] as! [String: Any]
            return (body["dailyBoxOfficeList"] as! [[String: String]]).first { $0["movieCd"] == "20259001" }.map { Int64($0["audiAcc"]!)! }
        }
        let breakEven = try #require(cumulative("2025-03-07"))
        #expect(try #require(cumulative("2025-03-06")) < breakEven)
        #expect(try await run(["watch", "add", "20259001", "--break-even", String(breakEven)], server, folder).status == 0)
        #expect(try await run(["watch", "add", "20259012", "--note", "festival pick"], server, folder).status == 0)

        let result = try await run(["report", "2025-03-07..2025-03-09", "-f", "md,txt,csv,json,html", "-q"], server, folder)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let base = folder.url.appendingPathComponent("Reports/boxoffice-2025-03-07_2025-03-09")
        let text = try String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8)
        let last = try #require(cumulative("2025-03-09"))
        let percent = String(format: "%.1f", (Double(last) / Double(breakEven) * 1000).rounded() / 10)
        #expect(text.contains("Your films:\n* 검은 파도: #1, "), "\(text)")
        #expect(
            text.contains("\(PeopleFormat.grouped(last)) total, day 12, passed its break-even of \(PeopleFormat.grouped(breakEven)) on 2025-03-07"))
        #expect(text.contains("passed its break-even of \(PeopleFormat.grouped(breakEven)) admissions on Fri 2025-03-07."), "the highlight that day")
        #expect(text.range(of: "Your films:")!.lowerBound < text.range(of: "검은 파도 passed")!.lowerBound, "first in the message")

        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: base.appendingPathExtension("json"))) as? [String: Any])
        let watched = try #require(json["watched"] as? [[String: Any]])
        #expect(watched.map { $0["movie_cd"] as? String } == ["20259001", "20259012"], "in the order added")
        let first = try #require(watched[0]["break_even"] as? [String: Any])
        #expect(first["crossed"] as? String == "2025-03-07" && first["pct"] as? Double == Double(percent))
        #expect(watched[1]["rank"] == nil && watched[1]["note"] as? String == "festival pick")
        let rows = try #require(json["films"] as? [[String: Any]])
        #expect(
            rows.allSatisfy { ($0["watched"] as? Bool) == ["20259001", "20259012"].contains($0["movie_cd"] as? String) }, "every film row says it")

        let films = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-07_2025-03-09-films.csv")))
        #expect(films.first { $0["movie_cd"] == "20259001" }?["watched"] == "true")
        #expect(
            films.filter { $0["watched"] == "true" }.count == Set(films.compactMap { $0["movie_cd"] }).intersection(["20259001", "20259012"]).count)
        #expect(films.allSatisfy { $0["watched"] == "true" || $0["watched"] == "false" })
        let md = try String(contentsOf: base.appendingPathExtension("md"), encoding: .utf8)
        #expect(md.contains("## Your films") && md.contains("| **검은 파도** | \\#1 |") && md.contains("◆ 검은 파도"))
        #expect(md.components(separatedBy: "◆ 검은 파도").count - 1 == 1 + 3, "marked in the films table and each day's table")
        let html = try String(contentsOf: base.appendingPathExtension("html"), encoding: .utf8)
        #expect(html.contains("<section class=\"watched\">") && html.contains("<tr class=\"is-watched\">"))

        // In Korean too.
        let korean = try await run(["report", "2025-03-07..2025-03-09", "-f", "txt", "--lang", "ko", "-q"], server, folder)
        #expect(korean.status == 0)
        let ko = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-07_2025-03-09.ko.txt"), encoding: .utf8)
        #expect(ko.contains("관심 영화:") && ko.contains("2025년 3월 7일 손익분기점 \(PeopleFormat.grouped(breakEven))명 돌파"), "\(ko)")
    }

    @Test("a watched film that left the chart during the range: off the chart since the day after its last charted day")
    func offTheChart() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let kobis = SimulatedKOBIS(films: SampleData.films)
        func codes(_ day: String) -> [String] {
            ((kobis.dailyChartBody(on: Day(iso: day)!)["boxOfficeResult"] as! [String: Any])["dailyBoxOfficeList"] as! [[String: String]]).map {
                $0["movieCd"]!
            }
        }
        let days = ["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06", "2025-03-07", "2025-03-08", "2025-03-09"]
        // A film on the range's first chart and not on its last: its last charted day is the last day it appears.
        let left = try #require(codes(days[0]).first { !codes(days[6]).contains($0) }, "the sample has a film that leaves the chart")
        let lastCharted = try #require(days.last { codes($0).contains(left) })
        #expect(try await run(["watch", "add", left], server, folder).status == 0)
        #expect(try await run(["report", "2025-03-03..2025-03-09", "-f", "txt,json", "-q"], server, folder).status == 0)
        let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-03_2025-03-09.txt"), encoding: .utf8)
        let next = Day(iso: lastCharted)! + 1
        #expect(text.contains(": off the chart since \(next.iso), "), "\(text.prefix(600))")
        #expect(text.contains(" total (as of \(lastCharted)), day "), "its cumulative dated")
    }

    @Test("a damaged watchlist: the report is written without Your films and says why in one warning line")
    func damagedWatchlist() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("config/boxoffice/watchlist.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[1, 2".utf8).write(to: file)
        let result = try await run(["report", "2025-03-09", "-f", "md"], server, folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("is damaged") && result.stderr.contains("leaves Your films out"), "\(result.stderr)")
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09.md"), encoding: .utf8)
        #expect(!md.contains("Your films"))
        #expect(try Data(contentsOf: file) == Data("[1, 2".utf8), "the report changes nothing in it")
    }
}

import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import FakeServices
import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 47: figures that stay true (a provisional chart fetched again once final) and files beside
/// the cache that stay whole (bounded, regular files only, changes under a lock).
@Suite("Figures that stay true and files that stay whole, end to end")
struct FiguresAndFilesTests {
    static func run(
        _ arguments: [String], _ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String = "2025-03-10"
    ) async throws
        -> BoxOfficeProcess.Result
    {
        try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder, today: today)
    }

    static func json(_ folder: TemporaryFolder, _ name: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"))) as? [String: Any])
    }

    /// 검은 파도's admissions on 2025-03-09 as the report's day table gives them, and whether the day is provisional.
    static func day(_ report: [String: Any]) throws -> (audience: Int?, provisional: Bool?) {
        let days = try #require(report["days"] as? [[String: Any]])
        let day = try #require(days.first { $0["date"] as? String == "2025-03-09" })
        let rows = try #require(day["entries"] as? [[String: Any]])
        return (rows.first { $0["movie_cd"] as? String == "20259001" }?["audience"] as? Int, day["provisional"] as? Bool)
    }

    @Test("a provisional chart cached at 02:00 KST is fetched again two days later and shows KOBIS's final figure; offline it stays provisional")
    func provisionalRefetched() async throws {
        // KOBIS's early answer for 2025-03-09 has 검은 파도 at 123,155; its final one, 130,000.
        let final: Data = try {
            var body = SimulatedKOBIS(films: SampleData.films).dailyChartBody(on: Day(iso: "2025-03-09")!)
            var result = body["boxOfficeResult"] as! [String: Any]
            var rows = result["dailyBoxOfficeList"] as! [[String: String]]
            let index = rows.firstIndex { $0["movieCd"] == "20259001" }!
            rows[index]["audiCnt"] = "130000"
            result["dailyBoxOfficeList"] = rows
            body["boxOfficeResult"] = result
            return try JSONSerialization.data(withJSONObject: body)
        }()
        let finalNow = Mutex(false)
        let server = try FakeKOBISServer { request in
            guard request.path.hasSuffix("searchDailyBoxOfficeList.json"), request.query["targetDt"] == "20250309", finalNow.withLock({ $0 }) else {
                return nil
            }
            return .json(String(decoding: final, as: UTF8.self))
        }
        let folder = try TemporaryFolder()
        let first = try await Self.run(["report", "2025-03-09", "-f", "json", "-q"], server, folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.day(Self.json(folder, "boxoffice-2025-03-09.json")) == (123_155, true))

        // The cron job's entry, fetched at 02:00 in Seoul on 2025-03-10 (17:00 UTC the day before).
        let entry = folder.url.appendingPathComponent("cache/boxoffice/kobis/daily/all/2025/20250309.json")
        let stored = try Data(contentsOf: entry)
        let header = String(decoding: stored.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self).split(separator: " ")
        let atTwo = "boxoffice-cache 1 1741539600 \(header[3]) \(header[4])"
        try (Data(atTwo.utf8) + stored.drop { $0 != UInt8(ascii: "\n") }).write(to: entry)
        finalNow.withLock { $0 = true }

        // Two days later, offline: nothing sent, and the day is still marked provisional in every format.
        server.server.resetLog()
        let offline = try await Self.run(["report", "2025-03-09", "-f", "json,csv,md,txt", "--offline", "-q"], server, folder, today: "2025-03-12")
        #expect(offline.status == 0 && server.server.requests.isEmpty, "\(offline.stderr)")
        #expect(try Self.day(Self.json(folder, "boxoffice-2025-03-09.json")) == (123_155, true))
        let days = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09-days.csv")).dropFirst(3))
        #expect(days.first?["provisional"] == "true")
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09.md"), encoding: .utf8)
        #expect(markdown.contains("Provisional"))
        let rank = try await Self.run(["rank", "2025-03-09", "--offline", "-f", "json", "-o", "-"], server, folder, today: "2025-03-12")
        #expect(rank.status == 0 && rank.stdout.contains("Provisional"), "\(rank.stderr)")

        // Online: fetched once more, KOBIS's final figure, the revision logged, no longer provisional.
        let online = try await Self.run(["report", "2025-03-09", "-f", "json", "-q"], server, folder, today: "2025-03-12")
        #expect(online.status == 0, "\(online.stderr)")
        #expect(server.chartRequests.map { $0.query["targetDt"] } == ["20250309"] && server.movieInfoRequests.isEmpty)
        #expect(try Self.day(Self.json(folder, "boxoffice-2025-03-09.json")) == (130_000, false))
        let revisions = try await Self.run(["revisions"], server, folder, today: "2025-03-12")
        #expect(revisions.stdout.contains("audience 123,155 → 130,000"), "\(revisions.stdout)")
        server.server.resetLog()
        #expect(try await Self.run(["report", "2025-03-09", "-f", "json", "-q"], server, folder, today: "2025-03-13").status == 0)
        #expect(server.server.requests.isEmpty, "final now: never fetched again")
    }

    @Test("20 watch adds at once all land: each reads what the one before it wrote")
    func concurrentWatchAdds() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let codes = (1...15).map { String(format: "202590%02d", $0) }
        // The fifteen films, and five of them again with a note: twenty changes at once.
        // Each waits its turn for the cache, as a user's concurrent runs would be told to.
        let changes =
            codes.map { ["watch", "add", $0, "--wait", "120"] }
            + codes.prefix(5).map { ["watch", "add", $0, "--note", "again \($0)", "--wait", "120"] }
        let results = try await withThrowingTaskGroup(of: BoxOfficeProcess.Result.self) { group in
            for change in changes { group.addTask { try await Self.run(change, server, folder) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        HostileCase.record(3, "20 watch adds at once", results[0])
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let list = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("config/boxoffice/watchlist.json")))
                as? [String: Any])
        let films = try #require(list["films"] as? [[String: Any]])
        #expect(Set(films.compactMap { $0["movie_cd"] as? String }) == Set(codes), "\(films.count) films")
        // Each film once: the re-adds updated the film, in whichever order they came.
        #expect(films.count == 15)
    }

    @Test(
        "a FIFO or a link at a file beside the cache is refused at once, with one line naming it",
        arguments: ["revisions.jsonl", "watchlist.json"])
    func sideFilesRefused(name: String) async throws {
        let server = try FakeKOBISServer()
        for kind in ["fifo", "link"] {
            let folder = try TemporaryFolder()
            let target = folder.url.appendingPathComponent("elsewhere.txt")
            try Data("someone's file\n".utf8).write(to: target)
            let place =
                name == "watchlist.json"
                ? folder.url.appendingPathComponent("config/boxoffice/watchlist.json")
                : folder.url.appendingPathComponent("cache/boxoffice/revisions.jsonl")
            try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
            if kind == "fifo" {
                #expect(mkfifo(place.path, 0o600) == 0)
            } else {
                try FileManager.default.createSymbolicLink(at: place, withDestinationURL: target)
            }
            let result = try await Self.run(name == "watchlist.json" ? ["watch", "list"] : ["revisions"], server, folder)
            HostileCase.record(4, "\(kind) at \(name)", result)
            #expect(result.status == 73, "\(kind): \(result.stderr)")
            #expect(
                result.stderrLines.count == 1 && result.stderr.contains(place.path) && result.stderr.contains("not a regular file"),
                "\(result.stderr)")
            #expect(try String(contentsOf: target, encoding: .utf8) == "someone's file\n", "nothing written where the link points")
        }
    }

    @Test("a revisions log that cannot be appended to (a link) is said once; nothing is written where it points, the report is written")
    func revisionsLinkOnAppend() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        #expect(try await Self.run(["report", "2025-03-09", "-f", "json", "-q"], server, folder).status == 0)
        let target = folder.url.appendingPathComponent("elsewhere.txt")
        try Data().write(to: target)
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("cache/boxoffice/revisions.jsonl"), withDestinationURL: target)
        // Fetched again with other figures (the fake's answers do not change, so --refresh on a
        // day whose entry was edited): a revision to log.
        let entry = folder.url.appendingPathComponent("cache/boxoffice/kobis/daily/all/2025/20250309.json")
        let text = try String(contentsOf: entry, encoding: .utf8)
        let body = String(text.drop { $0 != "\n" }.dropFirst()).replacingOccurrences(of: "\"audiCnt\":\"123155\"", with: "\"audiCnt\":\"120000\"")
        #expect(body.contains("120000"))
        let edited = Data(body.utf8)
        try (Data("boxoffice-cache 1 1741539600 \(edited.count) \(String(CRC32.checksum(edited), radix: 16))\n".utf8) + edited).write(to: entry)
        let again = try await Self.run(["report", "2025-03-09", "-f", "json"], server, folder, today: "2025-03-12")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderrLines.filter { $0.contains("revisions were not logged") && $0.contains("not a regular file") }.count == 1, "\(again.stderr)")
        #expect(try Data(contentsOf: target).isEmpty)
    }

    @Test("a totals index line holding Int64.max is unreadable, not trusted: read again from its chart, online and offline, no crash")
    func totalsIndexOverflow() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        // Cache the year's charts, and with them the totals index.
        #expect(try await Self.run(["fetch", "2025-01-01..2025-03-09"], server, folder).status == 0)
        let first = try await Self.run(["report", "2025-03-09", "-f", "json", "-q"], server, folder)
        #expect(first.status == 0, "\(first.stderr)")
        let index = folder.url.appendingPathComponent("cache/boxoffice/kobis/totals/all/2025-v4.txt")
        func lines() throws -> [String] {
            let stored = try String(contentsOf: index, encoding: .utf8)
            return String(stored.drop { $0 != "\n" }.dropFirst()).split(separator: "\n").map(String.init)
        }
        var edited = try lines()
        let sound = edited[0]
        var fields = sound.split(separator: " ").map(String.init)
        fields[2] = String(Int64.max)
        edited[0] = fields.joined(separator: " ")
        let body = Data((edited.joined(separator: "\n") + "\n").utf8)
        for offline in [true, false] {
            try (Data("boxoffice-cache 1 1741539600 \(body.count) \(String(CRC32.checksum(body), radix: 16))\n".utf8) + body).write(to: index)
            let result = try await Self.run(["report", "2025-03-09", "-f", "json", "-q"] + (offline ? ["--offline"] : []), server, folder)
            HostileCase.record(2, "totals index holding Int64.max\(offline ? ", --offline" : "")", result)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try lines()[0] == sound, "the line is read again from its chart and written back as it was")
        }
    }

    @Test("a KOBIS that resets kept connections as requests arrive: every request that reached it is in the ledger, libcurl's own re-sends too")
    func resendsInTheLedger() async throws {
        let server = try FakeKOBISServer(connections: .keepAliveResettingReused)
        let folder = try TemporaryFolder()
        let result = try await Self.run(["fetch", "2025-03-03..2025-03-09", "--concurrency", "2"], server, folder)
        HostileCase.record(4, "KOBIS resetting every reused connection (fetch)", result)
        #expect(result.status == 0, "\(result.stderr)")
        let arrived = server.server.requests.count
        let distinct = Set(server.server.requests.map(\.target)).count
        #expect(arrived > distinct, "libcurl sent some requests again on its own: \(arrived) arrived for \(distinct)")
        #expect((result.after?.ledgerCalls ?? 0) >= arrived, "ledger \(result.after?.ledgerCalls ?? -1), arrived \(arrived)")
    }

    @Test("a #1 title with a line break stays on its highlight's line in the txt report")
    func titleLineBreakInHighlights() async throws {
        let simulated = SimulatedKOBIS(films: SampleData.films)
        let server = try FakeKOBISServer(script: { request in
            let body = simulated.response(to: HTTPRequest(url: URL(string: "http://127.0.0.1" + request.target)!)).body
            return ScriptedResponse(body: Data(String(decoding: body, as: UTF8.self).replacingOccurrences(of: "검은 파도", with: #"줄바꿈\n있는 제목"#).utf8))
        })
        let folder = try TemporaryFolder()
        let result = try await Self.run(["report", "2025-03-09", "-f", "txt", "-q"], server, folder)
        HostileCase.record(6, "#1 title with a line break, txt highlights", result)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09.txt"), encoding: .utf8)
        #expect(text.contains("줄바꿈 있는 제목 is #1"), "\(text)")
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("있는 제목") }, "no line starts inside the title: \(text)")
    }

    @Test("ESC and RLO put into the folder's index data never reach index.md or index.html")
    func controlCharactersInIndexData() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        #expect(try await Self.run(["report", "2025-03-09", "-f", "md", "-q"], server, folder).status == 0)
        let state = folder.url.appendingPathComponent("Reports/\(ArchiveIndex.stateFile)")
        let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}검은 파도 \u{202E}txt.exe\u{202C} is #1"
        let headlines = ["boxoffice-2025-03-09": ["en": hostile, "ko": hostile, "digest_en": hostile, "digest_ko": hostile]]
        try JSONSerialization.data(withJSONObject: headlines).write(to: state)
        // Another day's report rebuilds the index, reading the earlier report's headline from the data.
        let result = try await Self.run(["report", "2025-03-08", "-f", "md", "-q"], server, folder)
        HostileCase.record(6, "ESC and RLO in the folder's index data", result)
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["index.md", "index.html"] {
            let index = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"), encoding: .utf8)
            #expect(index.contains("txt.exe"), "\(name) shows the headline")
            #expect(!index.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x07 }, "\(name)")
        }
    }

    @Test("a title that looks like an option is given after --: watch add takes it as the film, not an option")
    func titleLikeAnOption() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await Self.run(["watch", "add", "--", "--note=pwned"], server, folder)
        HostileCase.record(8, "watch add -- '--note=pwned'", result)
        #expect(result.status != 64 && result.status != 0, "a title no film has, not a usage error: \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("--note=pwned"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("config/boxoffice/watchlist.json").path))
    }
}

import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 30, item 5: TMDB's now-playing list joined with a day's KOBIS chart, as a user runs
/// `boxoffice tmdb now-playing` against loopback KOBIS and TMDB.
@Suite("tmdb now-playing, end to end", .serialized)
struct NowPlayingEndToEndTests {
    /// The sample's films as TMDB knows them: the test's own table, not the matcher's answer.
    static let tmdbIDs: [String: Int] = [
        "20259001": 900_001, "20259002": 900_002, "20259003": 900_003, "20259004": 900_004, "20259008": 900_008,
        "20259009": 900_009, "20259011": 900_011,
    ]

    func run(_ arguments: [String], kobis: FakeKOBISServer, tmdb: FakeTMDBServer, folder: TemporaryFolder) async throws -> BoxOfficeProcess.Result {
        var environment = BoxOfficeProcess.environment(kobis: kobis, folder: folder, today: "2025-03-10")
        environment["TMDB_BASE_URL"] = tmdb.baseURL.absoluteString
        environment["TMDB_API_TOKEN"] = tmdb.validToken
        return try await BoxOfficeProcess.run(arguments, environment: environment, in: folder.url)
    }

    @Test("each TMDB film once across its repeating pages, the charted ones with the chart's own rank, the watched one marked, hints for the rest")
    func joined() async throws {
        let kobis = try FakeKOBISServer()
        let tmdb = try FakeTMDBServer()
        let folder = try TemporaryFolder()
        // Watched: a film off the 2025-03-09 chart that TMDB still lists, and one on the chart.
        #expect(try await run(["watch", "add", "20259004"], kobis: kobis, tmdb: tmdb, folder: folder).status == 0)
        #expect(try await run(["watch", "add", "20259003"], kobis: kobis, tmdb: tmdb, folder: folder).status == 0)

        let result = try await run(["tmdb", "now-playing"], kobis: kobis, tmdb: tmdb, folder: folder)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdoutLines
        #expect(lines.first?.contains("against KOBIS's chart of Sun 2025-03-09") == true, "yesterday's chart by default: \(lines.first ?? "")")

        // The truth: the simulation's chart of the day, and TMDB's list as served (repeats included).
        let body = SimulatedKOBIS(films: SampleData.films).dailyChartBody(on: Day(iso: "2025-03-09")!)["boxOfficeResult"] as! [String: Any]
        let chart = (body["dailyBoxOfficeList"] as! [[String: String]]).map { (code: $0["movieCd"]!, rank: Int($0["rank"]!)!, title: $0["movieNm"]!) }
        let rankByID = Dictionary(uniqueKeysWithValues: chart.compactMap { entry in Self.tmdbIDs[entry.code].map { ($0, entry.rank) } })
        let listed = SampleData.nowPlaying
        #expect(listed.count > 4, "the list spans pages")

        let rows = lines.filter { $0.hasPrefix("  #") || $0.hasPrefix("  -") }
        #expect(rows.count == Set(listed.map(\.id)).count, "each film once: \(rows)")
        for movie in listed {
            let matching = rows.filter { $0.contains(movie.title) }
            #expect(matching.count == 1, "\(movie.title) once")
            let expected = rankByID[movie.id].map { "#\($0)" } ?? "-"
            #expect(matching.first?.dropFirst(2).hasPrefix(expected) == true, "\(movie.title): \(matching.first ?? "") should start \(expected)")
        }
        let ranks = rows.compactMap { row in row.dropFirst(3).split(separator: " ").first.flatMap { Int($0) } }
        #expect(
            ranks == ranks.sorted() && ranks.count == rankByID.keys.filter { id in listed.contains { $0.id == id } }.count, "charted first, by rank")
        #expect(rows.first { $0.contains("작은 용의 모험") }?.contains("◆ 작은 용의 모험") == true, "the watched film off the chart is marked")
        #expect(rows.first { $0.contains("한강의 밤") }?.contains("◆ 한강의 밤") == true, "and the watched one on it")
        #expect(rows.filter { $0.contains("◆") }.count == 2 && lines.contains("◆ on your watchlist."))

        let notListed = chart.filter { entry in Self.tmdbIDs[entry.code].map { id in !listed.contains { $0.id == id } } ?? true }
        let unlistedLine = try #require(lines.first { $0.hasPrefix("On the chart but not in TMDB's list:") })
        for entry in notListed { #expect(unlistedLine.contains("#\(entry.rank) \(entry.title)")) }
        let hints = lines.filter { $0.hasPrefix("  boxoffice watch add ") }
        #expect(hints == ["  boxoffice watch add -- '조용한 항구'", "  boxoffice watch add -- 'Paper Moons'"], "off the chart and not watched: \(hints)")

        // Three pages read (the limit), the chart once; then offline, the same list from the cache.
        #expect(tmdb.server.requests.filter { $0.path.hasSuffix("/movie/now_playing") }.count == 3)
        #expect(kobis.chartRequests.count == 1)
        let sent = kobis.server.requests.count + tmdb.server.requests.count
        let offline = try await run(["tmdb", "now-playing", "2025-03-09", "--offline", "--lang", "ko"], kobis: kobis, tmdb: tmdb, folder: folder)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(kobis.server.requests.count + tmdb.server.requests.count == sent, "--offline sends nothing")
        #expect(offline.stdoutLines.first?.contains("KOBIS 2025년 3월 9일 (일) 순위") == true)
        #expect(offline.stdoutLines.filter { $0.hasPrefix("  ") && $0.contains("◆") }.count == 2)
        #expect(offline.stdoutLines.contains("◆ 관심 영화."))
        #expect(offline.stdout.contains("순위 밖의 영화를 관심 영화로 두려면:"))
    }

    @Test("a range instead of a day, and no TMDB credentials: one line each, and a usage or configuration exit")
    func refusals() async throws {
        let kobis = try FakeKOBISServer()
        let tmdb = try FakeTMDBServer()
        let folder = try TemporaryFolder()
        let range = try await run(["tmdb", "now-playing", "2025-03-03..2025-03-09"], kobis: kobis, tmdb: tmdb, folder: folder)
        #expect(range.status == 64 && range.stderrLines.count == 1 && range.stderr.contains("give a day"), "\(range.stderr)")
        let keyless = try await BoxOfficeProcess.run(
            ["tmdb", "now-playing"], environment: BoxOfficeProcess.environment(kobis: kobis, folder: folder, today: "2025-03-10"), in: folder.url)
        #expect(keyless.status == 78 && keyless.stderrLines.count == 1 && keyless.stderr.contains("TMDB_API_TOKEN"), "\(keyless.stderr)")
        #expect(tmdb.server.requests.isEmpty && kobis.server.requests.isEmpty)
    }
}

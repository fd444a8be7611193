import BoxOfficeOutput
import BoxOfficePipeline
import FakeServices
import Foundation
import Testing

/// The built binary against loopback KOBIS and TMDB servers.
@Suite("TMDB enrichment, end to end", .serialized)
struct TMDBEnrichmentTests {
    static let stem = "boxoffice-2025-03-03_2025-03-09"

    func run(
        _ tmdb: FakeTMDBServer?, _ extra: [String] = [], credentials: [String: String]? = nil
    ) async throws -> (BoxOfficeProcess.Result, TemporaryFolder, FakeKOBISServer) {
        let kobis = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        var environment = ["KOBIS_API_KEY": kobis.validKey, "KOBIS_BASE_URL": kobis.baseURL.absoluteString]
        if let tmdb {
            environment["TMDB_BASE_URL"] = tmdb.baseURL.absoluteString
            environment.merge(credentials ?? ["TMDB_API_TOKEN": tmdb.validToken]) { $1 }
        }
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-03..2025-03-09", "--upcoming"] + extra,
            environment: BoxOfficeProcess.environment(environment), in: folder.url)
        return (result, folder, kobis)
    }

    func text(_ folder: TemporaryFolder, _ name: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"), encoding: .utf8)
    }

    @Test("enrichment present: TMDB columns, links, the coming-soon list; each film looked up once")
    func present() async throws {
        let tmdb = try FakeTMDBServer()
        let (result, folder, kobis) = try await run(tmdb)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let films = try text(folder, "\(Self.stem)-films.csv")
        #expect(films.contains(",900001,검은 파도,검은 파도,7.4,312,exact,,\"부산; 밀수; 형사\""), "a list cell is quoted: it holds a separator")
        #expect(films.contains(",900008,라 뤼미에르,La Lumière,6.6,41,likely,"))
        #expect(films.contains(",,,,,,none,,,"), "바람의 기록 stays unmatched: blank TMDB cells, then the first-to-last columns")
        let markdown = try text(folder, "\(Self.stem).md")
        #expect(markdown.contains("[검은 파도](https://www.themoviedb.org/movie/900001)"))
        #expect(markdown.contains("## Coming soon in Korea") && markdown.contains("[봄의 왈츠]"))
        let comingSoon = try #require(markdown.components(separatedBy: "## Coming soon in Korea").last?.components(separatedBy: "\n## ").first)
        #expect(comingSoon.contains("[봄의 왈츠]") && !comingSoon.contains("별빛 열차"), "a film on the chart is left out of coming soon")
        let html = try text(folder, "\(Self.stem).html")
        #expect(html.contains("img-src 'none'") && !html.contains("<img"), "no poster in these films: the page loads nothing")

        // The token went as a header, never in a URL; each film's details were fetched once.
        let requests = tmdb.server.requests
        #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer \(tmdb.validToken)" && !$0.target.contains(tmdb.validToken) })
        let details = requests.filter { $0.path.contains("/movie/9") }.map(\.path)
        #expect(Set(details).count == details.count)
        #expect(kobis.movieInfoRequests.count == Set(kobis.movieInfoRequests.map { $0.query["movieCd"] }).count, "movie info shared, not repeated")
        #expect(requests.filter { $0.path.hasSuffix("/movie/upcoming") }.count == 3)
    }

    @Test("a v3 key works through api_key and never shows in output")
    func apiKey() async throws {
        let tmdb = try FakeTMDBServer()
        let (result, folder, _) = try await run(tmdb, credentials: ["TMDB_API_KEY": tmdb.validKey])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try text(folder, "\(Self.stem)-films.csv").contains(",900001,"))
        for file in folder.files(in: "Reports") {
            #expect(!(try text(folder, file)).contains(tmdb.validKey))
        }
    }

    @Test("TMDB rejects the token (401): the report is written, says enrichment is incomplete; stderr says why; exit 0")
    func unauthorized() async throws {
        let tmdb = try FakeTMDBServer()
        let token = "eyJ.WRONG-TOKEN-zz9"
        let (result, folder, _) = try await run(tmdb, credentials: ["TMDB_API_TOKEN": token])
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("TMDB enrichment incomplete") && result.stderr.contains("401"))
        #expect(!result.stderr.contains(token))
        #expect(result.stdoutLines.count == 4 + ReportTables.tables(periods: false).count + 3, "the reports, the index and the feed")
        let markdown = try text(folder, "\(Self.stem).md")
        #expect(markdown.contains("TMDB enrichment is incomplete"))
        // After the first 401 no further TMDB request is sent.
        #expect(tmdb.server.requests.count <= 8)
        for file in folder.files(in: "Reports") { #expect(!(try text(folder, file)).contains(token)) }
    }

    @Test(
        "--require-tmdb turns a rejected token into exit 78 and an outage into 75, writing nothing", arguments: [(401, Int32(78)), (503, Int32(75))])
    func required(status: Int, exit: Int32) async throws {
        let tmdb = try FakeTMDBServer(script: { _ in
            status == 401
                ? .json(#"{"status_code":7,"status_message":"Invalid API key"}"#, status: 401)
                : .json(#"{"status_code":9,"status_message":"Service offline"}"#, status: 503)
        })
        let (result, folder, _) = try await run(tmdb, ["--require-tmdb"])
        #expect(result.status == exit)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("TMDB"))
        #expect(folder.files(in: "Reports").isEmpty)
    }

    @Test("429 then success: the run waits and completes")
    func rateLimitedOnce() async throws {
        let seen = Counter()
        let tmdb = try FakeTMDBServer(script: { _ in
            seen.increment() == 1
                ? ScriptedResponse(
                    status: 429, headers: ["Retry-After": "0", "Content-Type": "application/json"],
                    body: Data(#"{"status_code":25,"status_message":"Your request count is over the allowed limit."}"#.utf8)) : nil
        })
        let (result, folder, _) = try await run(tmdb)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(try text(folder, "\(Self.stem)-films.csv").contains(",900001,"))
    }

    @Test("500s, or a proxy's HTML page: incomplete, exit 0", arguments: [500, 502])
    func outage(status: Int) async throws {
        let tmdb = try FakeTMDBServer(script: { _ in
            status == 502
                ? ScriptedResponse(
                    status: 502, headers: ["Content-Type": "text/html"], body: Data("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8))
                : .json(#"{"status_code":11,"status_message":"Internal error"}"#, status: 500)
        })
        let (result, folder, _) = try await run(tmdb)
        #expect(result.status == 0)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("HTTP \(status)"))
        #expect(try text(folder, "\(Self.stem).json").contains("\"state\" : \"incomplete\""))
    }

    @Test("a 200 that is an HTML page is malformed: that film unmatched, the report complete otherwise marked incomplete")
    func htmlBody() async throws {
        let tmdb = try FakeTMDBServer(script: { request in
            request.query["query"] == "스타폴"
                ? ScriptedResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>cached page</html>".utf8)) : nil
        })
        let (result, folder, _) = try await run(tmdb)
        #expect(result.status == 0)
        #expect(result.stderr.contains("malformed"))
        let films = try text(folder, "\(Self.stem)-films.csv")
        #expect(films.contains(",900001,"), "other films still matched")
        #expect(!films.contains(",900002,"))
    }

    @Test("no credentials: blank TMDB columns and one line saying why")
    func noCredentials() async throws {
        let (result, folder, _) = try await run(nil)
        #expect(result.status == 0)
        #expect(
            result.stderrLines == [
                "boxoffice: warning: TMDB enrichment off: no TMDB credentials (set TMDB_API_TOKEN or TMDB_API_KEY to add posters, ratings and keywords)"
            ])
        let films = try text(folder, "\(Self.stem)-films.csv")
        #expect(
            films.split(separator: "\r\n").dropFirst().allSatisfy { $0.contains(",KOBIS,,,,,,,,,") },
            "the eight TMDB columns after data_source are blank")
        #expect(!(try text(folder, "\(Self.stem).md")).contains("Coming soon"))
        // Said once: the next run with the same state folder (a cron job's) is silent.
        let kobis = try FakeKOBISServer()
        let again = try await BoxOfficeProcess.run(
            ["report", "2025-03-03..2025-03-09"],
            environment: BoxOfficeProcess.environment(["KOBIS_API_KEY": kobis.validKey, "KOBIS_BASE_URL": kobis.baseURL.absoluteString]),
            in: folder.url)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
    }

    @Test("--no-tmdb without credentials is the user's choice: nothing on stderr, from the first run")
    func noTMDBIsSilent() async throws {
        let (result, _, _) = try await run(nil, ["--no-tmdb"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("--no-tmdb sends nothing to TMDB")
    func disabled() async throws {
        let tmdb = try FakeTMDBServer()
        let (result, _, _) = try await run(tmdb, ["--no-tmdb"])
        #expect(result.status == 0 && result.stderr.isEmpty, "the user chose it: nothing to say")
        #expect(tmdb.server.requests.isEmpty)
    }

    @Test("an overrides file pins and forbids matches")
    func overridesFile() async throws {
        let kobis = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        try "movie_cd,tmdb_id\n20259007,900101\n20259001,0\n".write(
            to: folder.url.appendingPathComponent("pins.csv"), atomically: true, encoding: .utf8)
        let tmdbWithUpcomingAsFilm = try FakeTMDBServer(entries: SampleData.tmdbEntries + [.init(SampleData.upcoming[1])])
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-03..2025-03-09", "--tmdb-overrides", "pins.csv", "--format", "csv"],
            environment: BoxOfficeProcess.environment([
                "KOBIS_API_KEY": kobis.validKey, "KOBIS_BASE_URL": kobis.baseURL.absoluteString,
                "TMDB_API_TOKEN": tmdbWithUpcomingAsFilm.validToken,
                "TMDB_BASE_URL": tmdbWithUpcomingAsFilm.baseURL.absoluteString,
            ]),
            in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let films = try text(folder, "\(Self.stem)-films.csv")
        #expect(films.contains("20259007,바람의 기록") && films.contains(",900101,봄의 왈츠,"))
        #expect(!films.contains(",900001,") && films.contains(",none,"))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.withLock {
            value += 1; return value
        }
    }
}

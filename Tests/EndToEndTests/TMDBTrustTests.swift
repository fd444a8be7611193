import BoxOfficeModel
import BoxOfficePipeline
import BoxOfficeServices
import FakeServices
import Foundation
import Testing

/// Colliding titles against the loopback TMDB: the matcher by date, its cost, and `tmdb review`.
@Suite("TMDB matches you can trust, end to end", .serialized)
struct TMDBTrustTests {
    static let stem = "boxoffice-2025-03-03_2025-03-09"

    /// The sample's TMDB plus decoys sharing the films' titles: an older, more popular 검은 파도; a
    /// 한강의 밤 released in Korea six weeks before the real one; and a 바람의 기록 from 1990 (the
    /// sample's 바람의 기록 has no TMDB entry at all).
    static let entries: [SimulatedTMDB.Entry] =
        SampleData.tmdbEntries + [
            .init(
                TMDBMovie(
                    id: 700_001, title: "검은 파도", originalTitle: "검은 파도", originalLanguage: "ko", releaseDate: Day(iso: "2019-07-04")!, popularity: 500
                ),
                koreanReleases: [Day(iso: "2019-07-04")!]),
            .init(
                TMDBMovie(
                    id: 700_003, title: "한강의 밤", originalTitle: "한강의 밤", originalLanguage: "ko", releaseDate: Day(iso: "2025-01-22")!, popularity: 300
                ),
                koreanReleases: [Day(iso: "2025-01-22")!]),
            .init(
                TMDBMovie(
                    id: 700_007, title: "바람의 기록", originalTitle: "바람의 기록", originalLanguage: "ko", releaseDate: Day(iso: "1990-05-05")!,
                    popularity: 40),
                koreanReleases: [Day(iso: "1990-05-05")!]),
        ]

    func environment(_ kobis: FakeKOBISServer, _ tmdb: FakeTMDBServer, _ folder: TemporaryFolder) -> [String: String] {
        BoxOfficeProcess.environment([
            "KOBIS_API_KEY": kobis.validKey, "KOBIS_BASE_URL": kobis.baseURL.absoluteString,
            "TMDB_BASE_URL": tmdb.baseURL.absoluteString, "TMDB_API_TOKEN": tmdb.validToken,
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path,
        ])
    }

    @Test("colliding titles: no film gets another film's entry, the unknown one stays unmatched, no request twice, the rate held")
    func collisions() async throws {
        let kobis = try FakeKOBISServer()
        let tmdb = try FakeTMDBServer(entries: Self.entries)
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-03..2025-03-09", "-f", "csv,json", "--tmdb-rate", "10", "--no-look-back"],
            environment: environment(kobis, tmdb, folder), in: folder.url)
        HostileCase.record(10, "colliding TMDB titles: no request twice", result)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Data(contentsOf: folder.url.appendingPathComponent("Reports/\(Self.stem).json"))
        let report = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let films = try #require(report["films"] as? [[String: Any]])
        func film(_ title: String) throws -> [String: Any] { try #require(films.first { $0["title"] as? String == title }) }
        func tmdbID(_ title: String) throws -> Int? { (try film(title)["tmdb"] as? [String: Any])?["id"] as? Int }
        #expect(try tmdbID("검은 파도") == 900_001 && film("검은 파도")["tmdb_match"] as? String == "exact")
        #expect(try tmdbID("한강의 밤") == 900_003 && film("한강의 밤")["tmdb_match"] as? String == "exact")
        #expect(try tmdbID("바람의 기록") == nil && film("바람의 기록")["tmdb_match"] as? String == "none")
        #expect(try film("바람의 기록")["tmdb_reason"] as? String == "1 same-titled candidate rejected by date or title")
        #expect((try film("검은 파도")["tmdb_reason"] as? String)?.contains("Korean release 2025-02-26 is the KOBIS open date") == true)
        let starfall = try #require(try film("스타폴")["tmdb"] as? [String: Any])
        #expect(
            starfall["imdb_id"] as? String == "tt9900002" && starfall["kr_certification"] as? String == "12"
                && starfall["budget_usd"] as? Int == 180_000_000)
        #expect(starfall["collection"] as? String == "Starfall Collection" && starfall["origin_countries"] as? [String] == ["US"])
        let csv = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(Self.stem)-films.csv"), encoding: .utf8)
        #expect(csv.contains(",tmdb_reason,imdb_id,tmdb_collection,origin_countries,budget_usd,revenue_usd,kr_certification,"))
        #expect(csv.contains(",tt9900002,Starfall Collection,US,180000000,412000000,12,"))
        // No film got a decoy.
        #expect(try films.compactMap { ($0["tmdb"] as? [String: Any])?["id"] as? Int }.allSatisfy { $0 < 700_000 || $0 > 700_009 })

        let requests = tmdb.server.requests
        #expect(Set(requests.map(\.target)).count == requests.count, "no TMDB request sent twice")
        #expect(requests.filter { $0.path.contains("/movie/7000") }.count <= 2, "a decoy far by date is judged at most once")
        // --tmdb-rate 10 reaches the limiter: the requests are spread over at least (n − 10) / 10
        // seconds. A busy machine can only spread them further, so this holds under any load; the
        // limiter's own promise (never more than 10 in any second, late wake-ups included) is
        // checked on a virtual clock in RateLimiterTests.
        let times = requests.map(\.receivedAt).sorted()
        if let first = times.first, let last = times.last, times.count > 10 {
            #expect(
                last.timeIntervalSince(first) >= Double(times.count - 10) / 10 - 0.05, "\(times.count) requests in \(last.timeIntervalSince(first)) s"
            )
        }

        // The review reads it all from the cache: nothing sent, the unmatched and likely films listed.
        let before = tmdb.server.requests.count
        let beforeKOBIS = kobis.server.requests.count
        let review = try await BoxOfficeProcess.run(
            ["tmdb", "review", "2025-03-03..2025-03-09", "--offline"], environment: environment(kobis, tmdb, folder), in: folder.url)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(tmdb.server.requests.count == before && kobis.server.requests.count == beforeKOBIS, "--offline sends nothing")
        #expect(review.stdoutLines.first == "TMDB review, 2025-03-03 – 2025-03-09: 14 films, 12 exact, 1 likely, 1 unmatched")
        #expect(review.stdout.contains("none    20259007  바람의 기록 (Records of the Wind), opened 2025-02-19"))
        #expect(review.stdout.contains("700007  '바람의 기록', 1990-05-05, Korean release 1990-05-05 — rejected: its Korean release 1990-05-05 is"))
        #expect(review.stdout.contains("likely  20259008  라 뤼미에르"))
        #expect(review.stdoutLines.contains("20259008,900008  # 라 뤼미에르: confirm the likely match"))
        #expect(review.stdoutLines.contains { $0.hasPrefix("20259007,0  # 바람의 기록: not on TMDB (or 20259007,700007 if 700007 is it)") })

        // Its lines paste into the overrides file as they are: the next report honours them.
        let config = folder.url.appendingPathComponent("config/boxoffice")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let pasted = review.stdoutLines.filter { $0.hasPrefix("2025900") }.joined(separator: "\n")
        try Data(pasted.utf8).write(to: config.appendingPathComponent("tmdb-overrides.csv"))
        let again = try await BoxOfficeProcess.run(
            ["report", "2025-03-03..2025-03-09", "-f", "csv", "--offline", "--no-look-back"], environment: environment(kobis, tmdb, folder),
            in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        let pinned = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(Self.stem)-films.csv"), encoding: .utf8)
        #expect(pinned.contains(",900008,") && pinned.contains("pinned (overrides file)"))
        #expect(pinned.contains("never matched (overrides file)"))
    }

    /// The sample week's report against these fakes, JSON only: its films.
    func reportFilms(_ kobis: FakeKOBISServer, _ tmdb: FakeTMDBServer, _ folder: TemporaryFolder) async throws -> [[String: Any]] {
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-03..2025-03-09", "-f", "json", "--no-look-back"], environment: environment(kobis, tmdb, folder), in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Data(contentsOf: folder.url.appendingPathComponent("Reports/\(Self.stem).json"))
        return try #require((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["films"] as? [[String: Any]])
    }

    @Test("a foreign film not on TMDB beside a Korean-made namesake, and a five-week 're-release': neither gets the namesake; the rest as before")
    func namesakes() async throws {
        let kobis = try FakeKOBISServer()
        // 블루 문 (Italian, opened 2025-02-05) and 작은 용의 모험 (American, opened 2025-01-22, charting
        // from 2025-03-03) are taken off TMDB; in their place, films of the same titles: a Korean one
        // released in Korea the day 블루 문 opened, and an American one released in Korea on
        // 2025-03-01, five weeks after 작은 용의 모험 opened.
        let decoys: [SimulatedTMDB.Entry] = [
            .init(
                TMDBMovie(
                    id: 700_015, title: "블루 문", originalTitle: "블루 문", originalLanguage: "ko", releaseDate: Day(iso: "2025-02-05")!, popularity: 50),
                koreanReleases: [Day(iso: "2025-02-05")!], extras: .init(originCountries: ["KR"])),
            .init(
                TMDBMovie(
                    id: 700_004, title: "작은 용의 모험", originalTitle: "Small Dragon Adventure", originalLanguage: "en",
                    releaseDate: Day(iso: "2025-02-27")!, popularity: 50),
                koreanReleases: [Day(iso: "2025-03-01")!], extras: .init(originCountries: ["US"])),
        ]
        let entries = SampleData.tmdbEntries.filter { ![900_004, 900_015].contains($0.movie.id) } + decoys
        let tmdb = try FakeTMDBServer(entries: entries)
        let folder = try TemporaryFolder()
        let films = try await reportFilms(kobis, tmdb, folder)
        func film(_ title: String) throws -> [String: Any] { try #require(films.first { $0["title"] as? String == title }) }
        for title in ["블루 문", "작은 용의 모험"] {
            #expect(try film(title)["tmdb"] == nil && film(title)["tmdb_match"] as? String == "none", "\(title) got a namesake")
        }
        #expect(try film("검은 파도")["tmdb_match"] as? String == "exact")
        #expect((try film("검은 파도")["tmdb_reason"] as? String)?.hasSuffix("made in KR, as KOBIS says") == true)
        let review = try await BoxOfficeProcess.run(
            ["tmdb", "review", "2025-03-03..2025-03-09", "--offline"], environment: environment(kobis, tmdb, folder), in: folder.url)
        #expect(review.stdout.contains("rejected: made in KR on TMDB, where KOBIS says 이탈리아"), "\(review.stdout)")
        #expect(review.stdout.contains("rejected: its Korean release 2025-03-01 is 38 days from the KOBIS open date 2025-01-22"), "\(review.stdout)")
    }

    @Test("same-day twins told apart by English title, the 0-versus-7-day pair, and two KOBIS films given one TMDB id: 0 wrong, 0 invented")
    func twinsPairsAndSharedIDs() async throws {
        // KOBIS: 괴물의 숲 renamed 한강의 밤 (both open 2025-03-05; English titles Night on the Han and
        // Forest of Monsters), and 안녕, 나의 고양이 renamed 검은 파도 (both open 2025-02-26).
        let simulated = SimulatedKOBIS(films: SampleData.films)
        let kobis = try FakeKOBISServer(script: { request in
            let body = String(
                decoding: simulated.response(to: HTTPRequest(url: URL(string: "http://127.0.0.1" + request.target)!)).body, as: UTF8.self)
            return ScriptedResponse(
                body: Data(body.replacingOccurrences(of: "괴물의 숲", with: "한강의 밤").replacingOccurrences(of: "안녕, 나의 고양이", with: "검은 파도").utf8))
        })
        // TMDB: the two 한강의 밤 carry their English titles; 안녕, 나의 고양이 is gone, so both 검은
        // 파도 find the one; a 스타폴 namesake out in Korea a week after the real one, listed first.
        var entries: [SimulatedTMDB.Entry] = SampleData.tmdbEntries.filter { $0.movie.id != 900_013 }.map { entry in
            var entry = entry
            if entry.movie.id == 900_003 { entry.extras.otherTitles = ["Night on the Han"] }
            // 검은 파도's own entry knows its English title: what tells it from the renamed film opening the same day.
            if entry.movie.id == 900_001 { entry.extras.otherTitles.append("Black Tide") }
            if entry.movie.id == 900_011 {
                entry.movie.title = "한강의 밤"
                entry.extras.otherTitles = ["Forest of Monsters"]
            }
            return entry
        }
        entries.append(
            .init(
                TMDBMovie(
                    id: 700_002, title: "스타폴", originalTitle: "Starfall", originalLanguage: "en", releaseDate: Day(iso: "2025-02-12")!,
                    popularity: 999),
                koreanReleases: [Day(iso: "2025-02-19")!], extras: .init(originCountries: ["US"])))
        let tmdb = try FakeTMDBServer(entries: entries)
        let folder = try TemporaryFolder()
        let films = try await reportFilms(kobis, tmdb, folder)
        func film(_ code: String) throws -> [String: Any] { try #require(films.first { $0["movie_cd"] as? String == code }) }
        func match(_ code: String) throws -> (id: Int?, confidence: String?, reason: String) {
            let film = try film(code)
            return ((film["tmdb"] as? [String: Any])?["id"] as? Int, film["tmdb_match"] as? String, film["tmdb_reason"] as? String ?? "")
        }
        // Twins: each its own, by the KOBIS English title.
        #expect(try match("20259003").id == 900_003 && match("20259003").confidence == "exact")
        #expect(try match("20259011").id == 900_011 && match("20259011").confidence == "exact")
        let forest = try match("20259011")
        #expect(forest.reason.contains("its title is the KOBIS English title"), "\(forest.reason)")
        // The pair: the release on the open date, not the one a week later listed first.
        #expect(try match("20259002").id == 900_002 && match("20259002").confidence == "exact")
        // One id for two films opening the same day: the one it fits better (its English title is
        // 검은 파도's) keeps it; the renamed 안녕, 나의 고양이 is left unmatched, naming the other.
        let kept = try match("20259001")
        #expect(
            kept.id == 900_001 && kept.confidence == "exact" && kept.reason.hasSuffix("of the KOBIS films matched to TMDB 900001 it fits best"),
            "\(kept)")
        let lost = try match("20259013")
        #expect(lost.id == nil && lost.confidence == "none", "\(lost)")
        #expect(
            lost.reason.contains(
                "TMDB 900001 is also matched to KOBIS film 20259001, which fits it better (released 0 days from the KOBIS open date, the KOBIS English title"
            ), "\(lost.reason)")
        // Nothing else wrong or invented: every other exact match is the film's own sample entry.
        let own = Dictionary(uniqueKeysWithValues: SampleData.tmdbEntries.map { ("2025" + String($0.movie.id - 900_000 + 9_000), $0.movie.id) })
        for film in films where film["tmdb_match"] as? String == "exact" {
            let code = film["movie_cd"] as? String ?? ""
            #expect(((film["tmdb"] as? [String: Any])?["id"] as? Int) == own[code], "\(code) matched another film")
        }
        let review = try await BoxOfficeProcess.run(
            ["tmdb", "review", "2025-03-03..2025-03-09", "--offline"], environment: environment(kobis, tmdb, folder), in: folder.url)
        let listed = review.stdoutLines.filter { $0.hasPrefix("likely ") || $0.hasPrefix("none ") }
        #expect(listed.first?.contains("20259013") == true, "the film that lost the shared id first: \(review.stdout)")
        #expect(review.stdout.contains("which fits it better"), "with the reason: \(review.stdout)")
    }

    @Test("a KOBIS title with a line break forges no overrides line in tmdb review, and no row in the txt report")
    func lineInjection() async throws {
        // 바람의 기록 (no TMDB entry: its review prints an overrides line) renamed with a forged pin.
        let forged = #"악당\n20240001,603 #"#
        let simulated = SimulatedKOBIS(films: SampleData.films)
        let kobis = try FakeKOBISServer(script: { request in
            let body = simulated.response(to: HTTPRequest(url: URL(string: "http://127.0.0.1" + request.target)!)).body
            return ScriptedResponse(body: Data(String(decoding: body, as: UTF8.self).replacingOccurrences(of: "바람의 기록", with: forged).utf8))
        })
        let tmdb = try FakeTMDBServer(entries: SampleData.tmdbEntries)
        let folder = try TemporaryFolder()
        let report = try await BoxOfficeProcess.run(
            ["report", "2025-03-03..2025-03-09", "-f", "txt", "--no-look-back", "-q"], environment: environment(kobis, tmdb, folder), in: folder.url)
        HostileCase.record(6, "a title with a line break: report", report)
        #expect(report.status == 0, "\(report.stderr)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(Self.stem).txt"), encoding: .utf8)
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("20240001,603") }, "\(text)")
        #expect(text.contains("악당 20240001,603 #"), "the title, on its row's line")

        let review = try await BoxOfficeProcess.run(
            ["tmdb", "review", "2025-03-03..2025-03-09", "--offline"], environment: environment(kobis, tmdb, folder), in: folder.url)
        HostileCase.record(6, "a title with a line break: tmdb review", review)
        #expect(review.status == 0, "\(review.stderr)")
        let pins = review.stdoutLines.filter { $0.first?.isNumber == true }
        #expect(!pins.isEmpty, "the unmatched film still gets its line")
        #expect(pins.allSatisfy { $0.hasPrefix("20259") }, "every pin names a film of the range: \(pins)")
        #expect(review.stdoutLines.contains { $0.hasPrefix("20259007,0  # 악당 20240001,603 #: not on TMDB") }, "\(review.stdout)")
    }

    @Test("an overrides file that cannot be read (a folder, a FIFO) is one warning naming it, and no match is shown", arguments: ["folder", "fifo"])
    func unreadableOverrides(kind: String) async throws {
        let kobis = try FakeKOBISServer()
        let tmdb = try FakeTMDBServer(entries: SampleData.tmdbEntries)
        let folder = try TemporaryFolder()
        let config = folder.url.appendingPathComponent("config/boxoffice")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let file = config.appendingPathComponent("tmdb-overrides.csv")
        if kind == "folder" {
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        } else {
            #expect(mkfifo(file.path, 0o600) == 0)
        }
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "-f", "json", "--no-look-back"], environment: environment(kobis, tmdb, folder), in: folder.url, watchdog: 120)
        HostileCase.record(7, "overrides file that is a \(kind)", result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(file.path), "\(result.stderr)")
        #expect(result.stderr.contains(kind == "folder" ? "is a folder" : "is not a regular file"), "\(result.stderr)")
        let json = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-05.json"), encoding: .utf8)
        #expect(!json.contains("\"tmdb_match\" : \"exact\""), "no match shown that the file might forbid")
        #expect(tmdb.server.requests.isEmpty)
    }

    @Test("tmdb review --sample needs no key; a range outside the sample is refused")
    func sample() async throws {
        let folder = try TemporaryFolder()
        let review = try await BoxOfficeProcess.run(["tmdb", "review", "--sample", "--all"], in: folder.url)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("exact   20259009  철벽 (Iron Wall), opened 2025-01-29"))
        #expect(review.stdout.contains("900009  '철벽', 2025-01-29, Korean release 2025-01-29 — exact"))
        let outside = try await BoxOfficeProcess.run(["tmdb", "review", "--sample", "2024-01-01"], in: folder.url)
        #expect(outside.status == 64 && outside.stderrLines.count == 1)
    }
}

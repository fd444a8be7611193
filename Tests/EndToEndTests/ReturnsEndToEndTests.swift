import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 50, item 1: a sleeper that climbs to #1 weeks after opening, told as a 역주행 in the
/// report of the day it does and on its film page, from the cached charts.
@Suite("역주행 and returns to #1, end to end", .serialized)
struct ReturnsEndToEndTests {
    static func film(_ code: String, _ title: String, opening: Double, retention: Double) -> SimulatedFilm {
        SimulatedFilm(
            code: code, title: title, titleEnglish: title, nations: ["한국"], genres: ["드라마"], director: ("감독", "Director"),
            distributor: "배급사 1", watchGrade: "12세이상관람가", runtimeMinutes: 110, productionYear: 2024,
            releaseDate: Day(iso: "2025-01-01")!, openingAudience: opening, weeklyRetention: retention, ticketPrice: 11_000,
            screensAtOpening: 1_500)
    }

    /// A hit that fades and a sleeper that grows, both opening on 2025-01-01.
    static let films = [film("20259901", "빠른 불꽃", opening: 300_000, retention: 0.55), film("20259902", "느린 강", opening: 40_000, retention: 1.4)]

    @Test("the report of the sleeper's first day at #1 calls it a 역주행, its day of release counted; its film page says the same")
    func reverseRun() async throws {
        let kobis = SimulatedKOBIS(films: Self.films)
        let open = Day(iso: "2025-01-01")!
        var day = open
        var first: Day?
        while first == nil, day < Day(iso: "2025-03-01")! {
            let rows = (kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any])["dailyBoxOfficeList"] as! [[String: String]]
            if rows.first?["movieCd"] == "20259902" { first = day }
            day = day + 1
        }
        let climbed = try #require(first, "the sleeper reaches #1")
        let dayOfRelease = open.distance(to: climbed) + 1
        try #require(dayOfRelease >= 14, "day \(dayOfRelease)")

        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        let today = (climbed + 1).iso
        let warm = try await BoxOfficeProcess.run(["fetch", "\(open.iso)..\(climbed.iso)", "-q"], kobis: server, folder: folder, today: today)
        #expect(warm.status == 0, "\(warm.stderr)")
        let report = try await BoxOfficeProcess.run(["report", climbed.iso, "-f", "json,md", "-q"], kobis: server, folder: folder, today: today)
        #expect(report.status == 0, "\(report.stderr)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-\(climbed.iso).json")))
                as? [String: Any])
        let highlights = try #require(json["highlights"] as? [[String: Any]])
        let fact = try #require(highlights.first { $0["kind"] as? String == "reverse_run" }, "\(highlights)")
        #expect(fact["movie_cd"] as? String == "20259902" && fact["count"] as? Int == dayOfRelease)
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-\(climbed.iso).md"), encoding: .utf8)
        #expect(md.contains("takes #1 for the first time on day \(dayOfRelease) of its release (a sleeper's climb)"), "\(md)")

        let film = try await BoxOfficeProcess.run(["film", "20259902", "-f", "md", "-q"], kobis: server, folder: folder, today: today)
        #expect(film.status == 0, "\(film.stderr)")
        let page = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20259902.md"), encoding: .utf8)
        #expect(page.contains("First \\#1 on day \(dayOfRelease) of its release"), "\(page)")
    }

    @Test("a report's and a ranking's films carry the multiplier once the opening weekend's chart is cached, blank before")
    func multiplier() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        func films(_ name: String) throws -> [[String: String]] {
            try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)")))
        }
        #expect(try await BoxOfficeProcess.run(["report", "2025-03-09", "-f", "csv", "-q"], kobis: server, folder: folder).status == 0)
        #expect(try films("boxoffice-2025-03-09-films.csv").allSatisfy { $0["multiplier"] == "" && $0["opening_weekend_chart"] == "" })
        let weekend = try await BoxOfficeProcess.run(
            ["fetch", "2025-02-28..2025-03-02", "--weekend", "--no-daily", "-q"], kobis: server, folder: folder)
        #expect(weekend.status == 0, "\(weekend.stderr)")
        server.server.resetLog()
        #expect(try await BoxOfficeProcess.run(["report", "2025-03-09", "-f", "csv", "-q"], kobis: server, folder: folder).status == 0)
        #expect(try await BoxOfficeProcess.run(["rank", "2025-03-09", "-f", "csv", "-q"], kobis: server, folder: folder).status == 0)
        #expect(server.periodRequests.isEmpty, "from the cache only")
        let body = SimulatedKOBIS(films: SampleData.films).weeklyChartBody(ChartPeriod(.weekend, inWeekOf: Day(iso: "2025-02-28")!))
        let rows = try #require((body["boxOfficeResult"] as? [String: Any])?["weeklyBoxOfficeList"] as? [[String: String]])
        let opening = try #require(rows.first { $0["movieCd"] == "20259001" }?["audiCnt"].flatMap { Int64($0) })
        for name in ["boxoffice-2025-03-09-films.csv", "rank-2025-03-09.csv"] {
            let row = try #require(try films(name).first { $0["movie_cd"] == "20259001" })
            let cumulative = try #require(Int64(row["audience_cumulative"] ?? ""))
            #expect(row["opening_weekend_chart"] == String(opening), "\(name)")
            #expect(row["multiplier"] == String(format: "%.2f", (Double(cumulative) / Double(opening) * 100).rounded() / 100), "\(name): \(row)")
        }
    }

    /// A franchise: 빛의 도시 (2024-01-03) and 빛의 도시 2 (2025-01-08), one TMDB collection; and
    /// 빛의 도시락, of the same title stem and no collection.
    static let franchiseFilms = [
        franchiseFilm("20249801", "빛의 도시", opens: "2024-01-03", opening: 500_000),
        franchiseFilm("20259802", "빛의 도시 2", opens: "2025-01-08", opening: 650_000),
        franchiseFilm("20259803", "빛의 도시락", opens: "2025-01-08", opening: 60_000),
    ]

    static func franchiseFilm(_ code: String, _ title: String, opens: String, opening: Double) -> SimulatedFilm {
        SimulatedFilm(
            code: code, title: title, titleEnglish: title, nations: ["한국"], genres: ["액션"], director: ("감독", "Director"),
            distributor: "배급사 1", watchGrade: "15세이상관람가", runtimeMinutes: 120, productionYear: 2023, releaseDate: Day(iso: opens)!,
            openingAudience: opening, weeklyRetention: 0.7, ticketPrice: 11_000, screensAtOpening: 2_000)
    }

    static let franchiseTMDB: [SimulatedTMDB.Entry] = [
        .init(
            TMDBMovie(id: 700_001, title: "빛의 도시", originalTitle: "빛의 도시", originalLanguage: "ko", releaseDate: Day(iso: "2024-01-03")),
            koreanReleases: [Day(iso: "2024-01-03")!], extras: .init(collection: "City of Light Collection", originCountries: ["KR"])),
        .init(
            TMDBMovie(id: 700_002, title: "빛의 도시 2", originalTitle: "빛의 도시 2", originalLanguage: "ko", releaseDate: Day(iso: "2025-01-08")),
            koreanReleases: [Day(iso: "2025-01-08")!], extras: .init(collection: "City of Light Collection", originCountries: ["KR"])),
        .init(
            TMDBMovie(id: 700_003, title: "빛의 도시락", originalTitle: "빛의 도시락", originalLanguage: "ko", releaseDate: Day(iso: "2025-01-08")),
            koreanReleases: [Day(iso: "2025-01-08")!], extras: .init(originCountries: ["KR"])),
    ]

    @Test("the franchise line: the collection's films the cache knows, their opening weekends and lifetimes, the pace against the first")
    func franchise() async throws {
        let kobis = try FakeKOBISServer(films: Self.franchiseFilms)
        let tmdb = try FakeTMDBServer(entries: Self.franchiseTMDB)
        let folder = try TemporaryFolder()
        var environment = BoxOfficeProcess.environment(kobis: kobis, folder: folder, today: "2025-02-10")
        environment["TMDB_BASE_URL"] = tmdb.baseURL.absoluteString
        environment["TMDB_API_TOKEN"] = tmdb.validToken
        // A season's reports that matched both films on TMDB, and their opening weekends.
        for arguments in [
            ["fetch", "2024-01-01..2024-03-31", "-q"], ["report", "2024-01-10", "-f", "json", "-q"], ["report", "2025-01-15", "-f", "json", "-q"],
            ["fetch", "2024-01-05..2024-01-07", "--weekend", "--no-daily", "-q"],
            ["fetch", "2025-01-10..2025-01-12", "--weekend", "--no-daily", "-q"],
        ] {
            let run = try await BoxOfficeProcess.run(arguments, environment: environment, in: folder.url)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        tmdb.server.resetLog()
        kobis.server.resetLog()
        let film = try await BoxOfficeProcess.run(["film", "20259802", "-f", "json,md", "-q"], environment: environment, in: folder.url)
        #expect(film.status == 0, "\(film.stderr)")
        #expect(tmdb.server.requests.isEmpty, "the franchise from TMDB's cached answers alone")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/film-20259802.json"))) as? [String: Any])
        let franchise = try #require(json["franchise"] as? [String: Any], "\(json.keys)")
        #expect(franchise["collection"] as? String == "City of Light Collection")
        let entries = try #require(franchise["entries"] as? [[String: Any]])
        #expect(entries.map { $0["movie_cd"] as? String } == ["20249801", "20259802"], "oldest first; 빛의 도시락 is no member")
        // The first film's figures as the simulation's charts give them.
        let simulated = SimulatedKOBIS(films: Self.franchiseFilms)
        let weekend =
            (simulated.weeklyChartBody(ChartPeriod(.weekend, inWeekOf: Day(iso: "2024-01-05")!))["boxOfficeResult"] as? [String: Any])?[
                "weeklyBoxOfficeList"] as? [[String: String]]
        let opening = try #require(weekend?.first { $0["movieCd"] == "20249801" }?["audiCnt"].flatMap { Int64($0) })
        #expect((entries[0]["opening_weekend_chart"] as? NSNumber)?.int64Value == opening)
        var highest: Int64 = 0
        for day in DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-03-31")!).days {
            let rows = (simulated.dailyChartBody(on: day)["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: String]]
            if let row = rows?.first(where: { $0["movieCd"] == "20249801" }) { highest = max(highest, Int64(row["audiAcc"]!)!) }
        }
        #expect((entries[0]["highest_cumulative"] as? NSNumber)?.int64Value == highest)
        let pace = try #require(franchise["pace"] as? [String: Any])
        let day = try #require(pace["day"] as? Int)
        let predecessorDay = Day(iso: "2024-01-03")! + (day - 1)
        let rows = (simulated.dailyChartBody(on: predecessorDay)["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: String]]
        let then = try #require(rows?.first { $0["movieCd"] == "20249801" }?["audiAcc"].flatMap { Int64($0) })
        #expect((pace["predecessor_cumulative"] as? NSNumber)?.int64Value == then && pace["predecessor"] as? String == "빛의 도시")
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20259802.md"), encoding: .utf8)
        #expect(md.contains("## The franchise: City of Light Collection") && md.contains("for 빛의 도시 on its day \(day)."), "\(md)")
    }
}

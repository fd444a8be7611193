import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// One fact, one answer (issue 59): every figure two commands print is the same figure, read from
/// their own files over one cached simulated year with co-distributed films.
@Suite("One fact, one answer, end to end", .serialized)
struct ConsistencyEndToEndTests {
    static let year = DateRange(start: Day(iso: "2023-01-01")!, end: Day(iso: "2023-12-31")!)

    /// The catalogue of 2022-07 to 2023, every fourth film distributed by two companies: the
    /// first-listed one and 배급사 3 (KOFIC credits both in full).
    static let films: [SimulatedFilm] = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2022-07-01")!, end: year.end))
        .enumerated().map { index, film in
            var film = film
            if index % 4 == 0, film.distributor != "배급사 3" { film.coDistributor = "배급사 3" }
            return film
        }

    static func run(_ arguments: [String], _ server: FakeKOBISServer, _ folder: TemporaryFolder) async throws -> BoxOfficeProcess.Result {
        let result = try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder, today: "2024-01-10")
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    static func json(_ folder: TemporaryFolder, _ name: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"))) as? [String: Any])
    }

    static func csv(_ folder: TemporaryFolder, _ name: String) throws -> [[String: String]] {
        try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)")))
    }

    static func int(_ value: Any?) -> Int64? { (value as? NSNumber)?.int64Value }

    @Test(
        "a cached year: each film's admissions, a co-distributor's year, the market estimate and day numbers agree in report, rank, company, film, CSV and SQLite; rank --top 10 holds every film"
    )
    func year() async throws {
        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        _ = try await Self.run(["report", "2023-01-01..2023-12-31", "--no-look-back", "--no-tmdb", "-f", "json,csv", "-q"], server, folder)
        _ = try await Self.run(["rank", "2023", "--no-look-back", "--offline", "--top", "10", "-f", "json,csv,sqlite", "-q"], server, folder)
        let report = try Self.json(folder, "boxoffice-2023-01-01_2023-12-31.json")
        let ranking = try Self.json(folder, "rank-2023.json")
        let summary = try #require(report["summary"] as? [String: Any])
        let market = try #require(ranking["market"] as? [String: Any])

        // Every film, in the report's films CSV and in rank's CSV and JSON: the same admissions,
        // and rank's machine files hold every film although its documents list 10.
        let reportFilms = Dictionary(
            uniqueKeysWithValues: try Self.csv(folder, "boxoffice-2023-01-01_2023-12-31-films.csv").map { ($0["movie_cd"]!, $0["audience"]!) })
        let rankFilms = Dictionary(uniqueKeysWithValues: try Self.csv(folder, "rank-2023.csv").map { ($0["movie_cd"]!, $0["audience"]!) })
        #expect(reportFilms.count > 100 && rankFilms == reportFilms, "\(rankFilms.count) films in rank's CSV, \(reportFilms.count) in the report's")
        let rankJSONFilms = try #require(ranking["films"] as? [[String: Any]])
        #expect(rankJSONFilms.count == reportFilms.count && ranking["listed_in_documents"] as? Int == 10)
        #expect(rankJSONFilms.allSatisfy { Self.int($0["audience"]).map(String.init) == reportFilms[$0["movie_cd"] as! String] })
        if Python.canImport("sqlite3") {
            let database = folder.url.appendingPathComponent("Reports/rank-2023.sqlite").path
            let count = try await Subprocess.run(
                "/usr/bin/env",
                [
                    "python3", "-c",
                    "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute('select count(*) from rank').fetchone()[0], *c.execute('select films, listed_in_documents from report').fetchone())",
                    database,
                ])
            #expect(
                String(decoding: count.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    == "\(reportFilms.count) \(reportFilms.count) 10")
        }

        // The distributor league: the report's top five are rank's first five, by company code, and
        // 배급사 3 (co-distributing a quarter of the films) has one figure in report, rank and company.
        let league = try #require(market["distributors"] as? [[String: Any]]).filter { ($0["key"] as? String) != "" }
        let top = try #require(summary["top_distributors"] as? [[String: Any]])
        #expect(top.count == 5)
        for (mine, theirs) in zip(top, league) {
            #expect(mine["code"] as? String == theirs["key"] as? String && Self.int(mine["audience"]) == Self.int(theirs["audience"]))
            #expect(mine["audience_share_pct"] as? Double == theirs["audience_share_pct"] as? Double)
        }
        let code = SimulatedKOBIS.companyCode("배급사 3")
        let shared = try #require(league.first { $0["key"] as? String == code })
        #expect((shared["shared_films"] as? Int ?? 0) > 10, "co-distributed films are counted for each")
        _ = try await Self.run(["company", code, "-f", "json", "-q"], server, folder)
        let company = try Self.json(folder, "company-\(code).json")
        let companyYear = try #require((company["years"] as? [[String: Any]])?.first { $0["year"] as? Int == 2023 })
        #expect(Self.int(companyYear["audience"]) == Self.int(shared["audience"]), "the company page's 2023 is rank's")
        #expect(companyYear["share_pct"] as? Double == shared["audience_share_pct"] as? Double)
        #expect(companyYear["films"] as? Int == shared["films"] as? Int)

        // The market estimate and the counts.
        #expect(Self.int(summary["estimated_market_audience"]) == Self.int(market["estimated_market_audience"]))
        #expect(Self.int(summary["estimated_market_sales"]) == Self.int(ranking["estimated_market_sales"]))
        #expect(Self.int(summary["average_ticket_price"]) == Self.int(market["average_ticket_price"]))
        let newEntries = try #require(summary["new_entries"] as? [[String: Any]])
        #expect(newEntries.count <= summary["films"] as? Int ?? 0, "no more new entries than films on the chart")

        // One day numbering: the year's #1 film, day by day, in the daily CSV and on its film page;
        // and its 2023 admissions there are rank's.
        let first = try #require(rankJSONFilms.first?["movie_cd"] as? String)
        _ = try await Self.run(["film", first, "--offline", "-f", "csv", "-q"], server, folder)
        let filmDays = try Self.csv(folder, "film-\(first).csv")
        let daily = try Self.csv(folder, "boxoffice-2023-01-01_2023-12-31-daily.csv").filter { $0["movie_cd"] == first }
        #expect(!daily.isEmpty)
        for row in daily {
            let page = filmDays.first { $0["date"] == row["date"] }
            #expect(page?["day_of_release"] == row["day_of_release"], "\(row["date"] ?? "")")
        }
        #expect(daily.contains { $0["date"] == $0["open_date"] && $0["day_of_release"] == "1" } || !daily.contains { $0["date"] == $0["open_date"] })
        let filmYear = filmDays.filter { $0["date"]?.hasPrefix("2023") == true }.reduce(Int64(0)) { $0 + (Int64($1["audience"] ?? "") ?? 0) }
        #expect(String(filmYear) == reportFilms[first])

        // Its director's page gives the film the cumulative its film page ends on.
        let director = try #require(Self.films.first { $0.code == first }?.director)
        let person = SimulatedKOBIS.personCode(director.name, director.nameEnglish)
        _ = try await Self.run(["person", person, "-f", "json", "-q"], server, folder)
        let personFilms = try #require(try Self.json(folder, "person-\(person).json")["films"] as? [[String: Any]])
        let onPage = try #require(personFilms.first { $0["movie_cd"] as? String == first })
        let highest = filmDays.compactMap { Int64($0["audience_cumulative"] ?? "") }.max()
        #expect(highest != nil && Self.int(onPage["highest_cumulative"]) == highest, "\(onPage)")
    }

    @Test("a year earlier has one rule: a month's report and rank compare with the same dates a year back, and say the same")
    func yearEarlier() async throws {
        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        _ = try await Self.run(["report", "2023-07-01..2023-07-31", "--no-tmdb", "-f", "json", "-q"], server, folder)
        _ = try await Self.run(["rank", "2023-07", "--offline", "-f", "json", "-q"], server, folder)
        let summary = try #require(try Self.json(folder, "boxoffice-2023-07-01_2023-07-31.json")["summary"] as? [String: Any])
        let reported = try #require(summary["last_year"] as? [String: Any])
        let ranked = try #require(try Self.json(folder, "rank-2023-07.json")["last_year"] as? [String: Any])
        #expect(reported["start"] as? String == "2022-07-01" && reported["end"] as? String == "2022-07-31")
        #expect(NSDictionary(dictionary: reported).isEqual(to: ranked), "\(reported) against \(ranked)")
        // The truth: the simulation's charts of July 2022.
        let kobis = SimulatedKOBIS(films: Self.films)
        var audience: Int64 = 0
        for day in DateRange(start: Day(iso: "2022-07-01")!, end: Day(iso: "2022-07-31")!) {
            let result = kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any]
            audience += (result["dailyBoxOfficeList"] as! [[String: String]]).reduce(0) { $0 + Int64($1["audiCnt"]!)! }
        }
        #expect(Self.int(reported["charted_audience"]) == audience)

        // Two years overlap their year-earlier span: no comparison, said in a note, and no call for it.
        server.server.resetLog()
        _ = try await Self.run(["rank", "2022-07-01..2023-07-31", "-f", "json", "-q"], server, folder)
        let long = try Self.json(folder, "rank-2022-07-01_2023-07-31.json")
        #expect(long["last_year"] == nil && (long["notes"] as? [String])?.contains { $0.contains("longer than a year") } == true)
        let before = server.chartRequests.compactMap { $0.query["targetDt"].flatMap { Day(compact: $0) } }.filter { $0 < Day(iso: "2022-06-24")! }
        #expect(before.allSatisfy { KoreanHolidays.holiday(on: $0) != nil }, "no chart of a year before but last year's same holidays: \(before)")
    }
}

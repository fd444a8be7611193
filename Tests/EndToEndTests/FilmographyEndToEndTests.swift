import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 50, item 4: a distributor's and a director's pages from KOBIS's company and people
/// services on loopback, their admissions against the charts the test reads itself.
@Suite("Company and person pages, end to end", .serialized)
struct FilmographyEndToEndTests {
    static let range = DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-04-30")!)

    static func film(_ code: String, _ title: String, opens: String, director: (String, String)) -> SimulatedFilm {
        SimulatedFilm(
            code: code, title: title, titleEnglish: title, nations: ["한국"], genres: ["액션"], director: director, distributor: "배급사 1",
            watchGrade: "15세이상관람가", runtimeMinutes: 120, productionYear: 2023, releaseDate: Day(iso: opens)!, openingAudience: 700_000,
            weeklyRetention: 0.8, ticketPrice: 11_000, screensAtOpening: 2_000)
    }

    /// The catalogue's films, and three of one director ("감독", Director) and one of another of the same Korean name.
    static let films =
        SyntheticCatalogue.films(covering: range) + [
            film("20249101", "하나", opens: "2024-01-10", director: ("감독", "Director")),
            film("20249102", "둘", opens: "2024-02-14", director: ("감독", "Director")),
            film("20249103", "셋", opens: "2024-03-20", director: ("감독", "Director")),
            film("20249104", "넷", opens: "2024-03-27", director: ("감독", "Another Director")),
        ]

    /// Each film's highest cumulative in the range's charts, and its admissions summed over the
    /// days it was charted, from the simulation itself.
    static let (lifetimes, charted): ([String: Int64], [String: Int64]) = {
        let kobis = SimulatedKOBIS(films: films)
        var highest: [String: Int64] = [:]
        var charted: [String: Int64] = [:]
        for day in range.days {
            let body = kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any]
            for row in body["dailyBoxOfficeList"] as! [[String: String]] {
                highest[row["movieCd"]!] = max(highest[row["movieCd"]!] ?? 0, Int64(row["audiAcc"]!)!)
                charted[row["movieCd"]!, default: 0] += Int64(row["audiCnt"]!)!
            }
        }
        return (highest, charted)
    }()

    static func json(_ folder: TemporaryFolder, _ name: String) throws -> [String: Any] {
        try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name).json"))) as? [String: Any])
    }

    /// A user's cache after following the season: the range's charts.
    static func warm(_ server: FakeKOBISServer, _ folder: TemporaryFolder) async throws {
        let warm = try await BoxOfficeProcess.run(
            ["rank", "2024-01..2024-04", "--no-look-back", "-f", "json", "-q"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(warm.status == 0, "\(warm.stderr)")
    }

    @Test("company NAME: its films as KOBIS lists them, each with its highest cumulative in the charts, its admissions and share by year; cached")
    func company() async throws {
        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        try await Self.warm(server, folder)
        server.server.resetLog()
        let result = try await BoxOfficeProcess.run(
            ["company", "배급사 1", "-f", "json,csv,md"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let code = SimulatedKOBIS.companyCode("배급사 1")
        #expect(
            result.stdoutLines == [
                "Reports/company-\(code).json", "Reports/company-\(code).csv", "Reports/company-\(code)-company_years.csv",
                "Reports/company-\(code).md",
            ])
        #expect(server.directoryRequests.map(\.path).map { $0.split(separator: "/").last! } == ["searchCompanyList.json", "searchCompanyInfo.json"])

        let page = try Self.json(folder, "company-\(code)")
        let distributed = Self.films.filter { $0.distributor == "배급사 1" || $0.coDistributor == "배급사 1" }
        let listed = try #require(page["films"] as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["movie_cd"] as? String }) == Set(distributed.map(\.code)))
        for film in listed {
            let movie = try #require(film["movie_cd"] as? String)
            #expect((film["highest_cumulative"] as? NSNumber)?.int64Value == Self.lifetimes[movie], "\(movie)")
        }
        // Its year, as rank and a report count it: the films it distributed that charted in 2024,
        // their admissions summed over their charted days, against every charted film's.
        let charted = distributed.compactMap { Self.charted[$0.code] }
        let years = try #require(page["years"] as? [[String: Any]])
        #expect(years.count == 1 && years[0]["year"] as? Int == 2024 && years[0]["films"] as? Int == charted.count)
        #expect((years[0]["audience"] as? NSNumber)?.int64Value == charted.reduce(0, +))
        let share = (Double(charted.reduce(0, +)) * 10_000 / Double(Self.charted.values.reduce(0, +))).rounded() / 100
        #expect(years[0]["share_pct"] as? Double == share)
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/company-\(code).md"), encoding: .utf8)
        #expect(md.hasPrefix("# 배급사 1\n") && md.contains("| 하나 (20249101) | 배급사, 제공 |"), "\(md)")

        // Cached: by name again, nothing sent; --offline sends nothing either.
        server.server.resetLog()
        #expect(
            try await BoxOfficeProcess.run(["company", "배급사 1", "-f", "json", "-q"], kobis: server, folder: folder, today: "2024-05-01").status == 0)
        let offline = try await BoxOfficeProcess.run(
            ["company", code, "--offline", "-f", "json", "-q"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(offline.status == 0 && server.server.requests.isEmpty, "\(offline.stderr)")
    }

    @Test(
        "person NAME: one name held by two people lists both codes (64); by code, the director's films, lifetimes equal to the charts, career total")
    func person() async throws {
        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        try await Self.warm(server, folder)
        let ambiguous = try await BoxOfficeProcess.run(["person", "감독"], kobis: server, folder: folder, today: "2024-05-01")
        let code = SimulatedKOBIS.personCode("감독", "Director")
        let other = SimulatedKOBIS.personCode("감독", "Another Director")
        #expect(ambiguous.status == 64 && ambiguous.stderrLines.count == 1, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("\(code) 감독 (") && ambiguous.stderr.contains("\(other) 감독 (넷)"), "\(ambiguous.stderr)")

        let result = try await BoxOfficeProcess.run(
            ["person", code, "-f", "json,md", "--lang", "ko"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let page = try Self.json(folder, "person-\(code)")
        let films = try #require(page["films"] as? [[String: Any]])
        #expect(Set(films.compactMap { $0["movie_cd"] as? String }) == ["20249101", "20249102", "20249103"])
        #expect(films.allSatisfy { $0["role"] as? String == "감독" })
        for film in films {
            let movie = try #require(film["movie_cd"] as? String)
            #expect((film["highest_cumulative"] as? NSNumber)?.int64Value == Self.lifetimes[movie], "\(movie)")
        }
        let career = ["20249101", "20249102", "20249103"].compactMap { Self.lifetimes[$0] }.reduce(0, +)
        #expect((page["career_audience"] as? NSNumber)?.int64Value == career && (page["years"] as? [Any])?.isEmpty == true)
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/person-\(code).ko.md"), encoding: .utf8)
        #expect(md.contains("KOBIS 영화 3편, 캐시된 차트에 나온 3편의 관객 합계 \(PeopleFormat.grouped(career))명"), "\(md)")

        let none = try await BoxOfficeProcess.run(["person", "없는사람"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(none.status == 66 && none.stderrLines.count == 1, "\(none.stderr)")
    }

    @Test("the bundled sample's distributor and director, with no key and no network")
    func sample() async throws {
        let folder = try TemporaryFolder()
        let company = try await BoxOfficeProcess.run(["company", "--sample", "한빛", "-f", "json", "-o", "-"], in: folder.url)
        #expect(company.status == 0, "\(company.stderr)")
        let page = try #require(JSONSerialization.jsonObject(with: Data(company.stdout.utf8)) as? [String: Any])
        #expect(page["name"] as? String == "한빛배급" && page["simulated"] as? Bool == true && page["schema_version"] as? Int == 3)
        let person = try await BoxOfficeProcess.run(["person", "--sample", "한지후", "-f", "md", "-o", "-"], in: folder.url)
        #expect(person.status == 0 && person.stdout.contains("| 검은 파도 (20259001) | 감독 | 2025-02-26 |"), "\(person.stdout)\(person.stderr)")
    }
}

import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 50, item 3: a region by name, from KOBIS's code list.
@Suite("Regions by name, end to end", .serialized)
struct RegionsEndToEndTests {
    @Test(
        "--area by Korean name, short name, English name or code: the region's code travels as wideAreaCd",
        arguments: [
            ("서울", "0105001"), ("서울시", "0105001"), ("Seoul", "0105001"), ("seoul", "0105001"), ("충북", "0105004"),
            ("Chungcheongbuk-do", "0105004"), ("North Chungcheong", "0105004"), ("제주", "0105010"), ("Jeju", "0105010"),
            ("0105001", "0105001"),
        ])
    func byName(name: String, code: String) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "2025-03-05", "--area", name, "-f", "csv"], kobis: server, folder: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!server.chartRequests.isEmpty && server.chartRequests.allSatisfy { $0.query["wideAreaCd"] == code }, "\(name)")
        // A code needs no list; a name asks for it once, with the regions' parent code.
        let lists = server.codeListRequests
        #expect(lists.count == (name == code ? 0 : 1) && lists.allSatisfy { $0.query["comCode"] == "0105000000" })
        // The files are named by the code, whichever name was given.
        #expect(result.stdoutLines.first == "Reports/boxoffice-area\(code)-2025-03-05-films.csv", "\(result.stdoutLines)")
    }

    @Test("the code list is cached: a second run by name asks for no list, and --offline finds the region in the cache")
    func cached() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        for range in ["2025-03-05", "2025-03-06"] {
            let result = try await BoxOfficeProcess.run(["report", range, "--area", "부산", "-f", "csv", "-q"], kobis: server, folder: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(server.codeListRequests.count == 1)
        let before = server.server.requests.count
        let offline = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--area", "Busan", "--offline", "-f", "csv"], kobis: server, folder: folder)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(server.server.requests.count == before, "--offline sends nothing")
        #expect(offline.stdoutLines.first == "Reports/boxoffice-area0105011-2025-03-05-films.csv")
        // The list's call is counted in the ledger like every other.
        let quota = try await BoxOfficeProcess.run(["quota", "-f", "json"], kobis: server, folder: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(quota.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.first?["spent"] as? Int == before, "\(rows)")
    }

    @Test("an unknown name: exit 64, one line listing the 17 regions, no chart asked for, no file written")
    func unknown() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "2025-03-05", "--area", "Atlantis"], kobis: server, folder: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("\"Atlantis\""), "\(result.stderr)")
        for region in ["서울시 (Seoul)", "제주도 (Jeju)", "세종시 (Sejong)", "충청북도 (Chungcheongbuk-do)"] {
            #expect(result.stderr.contains(region), "\(region)")
        }
        #expect(result.stderr.contains("its 17 regions"))
        #expect(server.chartRequests.isEmpty && server.codeListRequests.count == 1)
        #expect(folder.files(in: "Reports").isEmpty)
    }

    @Test("--offline with no list cached: one line saying so, nothing sent, nothing written")
    func offlineWithoutList() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "2025-03-05", "--area", "서울", "--offline"], kobis: server, folder: folder)
        #expect(result.status != 0 && result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("list of regions"), "\(result.stderr)")
        #expect(server.server.requests.isEmpty && folder.files(in: "Reports").isEmpty)
    }

    @Test("the bundled sample takes a region by name too, with no key and no network")
    func sample() async throws {
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "--sample", "--area", "Seoul", "-f", "csv"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first?.contains("area0105001") == true, "\(result.stdoutLines)")
        // By its official name too; the report names the region, never its code (issue 62, item 9).
        for (language, said) in [("en", "filtered to Busan."), ("ko", "부산 지역만.")] {
            let page = try await BoxOfficeProcess.run(
                ["report", "--sample", "--area", "부산광역시", "-f", "md", "-o", "-", "--lang", language], in: folder.url)
            #expect(page.status == 0 && page.stdout.contains(said) && !page.stdout.contains("0105011"), "\(page.stdout.prefix(400))")
        }
    }

    /// `report --weekend --regions`' JSON periods, from the report written in `folder`.
    static func periods(_ folder: TemporaryFolder, _ name: String) throws -> [[String: Any]] {
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name).json"))) as? [String: Any]
        return try #require(json?["periods"] as? [[String: Any]])
    }

    @Test("--regions: 17 regional charts a period, each region's totals equal the simulation's, the shares from them; --offline sends nothing")
    func regions() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let arguments = ["report", "--weekend", "2025-03-07..2025-03-09", "--regions", "-f", "json,csv,md"]
        let result = try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let name = "boxoffice-weekend-regions-2025-03-07_2025-03-09"
        #expect(result.stdoutLines.contains("Reports/\(name)-regions.csv"), "\(result.stdoutLines)")
        let regional = server.periodRequests.compactMap { $0.query["wideAreaCd"] }
        #expect(Set(regional) == Set(SimulatedKOBIS.regions.map(\.code)) && regional.count == 17, "each region once: \(regional)")
        #expect(server.codeListRequests.count == 1)

        let period = try #require(try Self.periods(folder, name).first)
        let regions = try #require(period["regions"] as? [[String: Any]])
        #expect(regions.map { $0["region_cd"] as? String } == SimulatedKOBIS.regions.map(\.code), "in the code list's order")
        let national = try #require(period["charted_audience"] as? Int64)
        let nationally = Dictionary(
            uniqueKeysWithValues: try #require(period["entries"] as? [[String: Any]]).map { ($0["movie_cd"] as! String, $0["audience"] as! Int64) })
        let kobis = SimulatedKOBIS(films: SampleData.films)
        let weekend = ChartPeriod(.weekend, inWeekOf: Day(iso: "2025-03-07")!)
        for region in regions {
            let code = try #require(region["region_cd"] as? String)
            let body = kobis.weeklyChartBody(weekend, filters: KOBISFilters(area: code))["boxOfficeResult"] as? [String: Any]
            let rows = try #require(body?["weeklyBoxOfficeList"] as? [[String: String]])
            let total = rows.reduce(Int64(0)) { $0 + Int64($1["audiCnt"]!)! }
            #expect(region["charted_audience"] as? Int64 == total, "\(code)")
            #expect(region["share_of_nation_pct"] as? Double == (Double(total) * 1_000 / Double(national)).rounded() / 10, "\(code)")
            let entries = try #require(region["entries"] as? [[String: Any]])
            #expect(entries.map { $0["movie_cd"] as? String } == rows.map { $0["movieCd"] })
            for entry in entries {
                let film = try #require(entry["movie_cd"] as? String)
                let audience = try #require(entry["audience"] as? Int64)
                let expected = nationally[film].map { (Double(audience) * 1_000 / Double($0)).rounded() / 10 }
                #expect(entry["film_share_pct"] as? Double == expected, "\(code) \(film)")
            }
        }
        let csv = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)-regions.csv")))
        #expect(csv.count == regions.reduce(0) { $0 + (($1["entries"] as? [Any])?.count ?? 0) })
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(name).md"), encoding: .utf8)
        #expect(md.contains("#### By region") && md.contains("| Seoul |") && md.contains("Seoul's share of each film's admissions: "), "\(md)")

        server.server.resetLog()
        let offline = try await BoxOfficeProcess.run(arguments + ["--offline"], kobis: server, folder: folder)
        #expect(offline.status == 0 && server.server.requests.isEmpty, "\(offline.stderr)")
    }

    @Test("--regions within a budget: the regions it could not pay for are named, the report is written; without a period or with --area, 64")
    func budgetAndUsage() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        // The weekend, its films' movie info (10), the weekend before, the code list, 3 regions.
        let result = try await BoxOfficeProcess.run(
            ["report", "--weekend", "2025-03-07..2025-03-09", "--regions", "--no-look-back", "-f", "json", "--budget", "15"], kobis: server,
            folder: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.server.requests.count <= 15)
        let period = try #require(try Self.periods(folder, "boxoffice-weekend-regions-2025-03-07_2025-03-09").first)
        let had = (period["regions"] as? [Any])?.count ?? 0
        let missing = (period["regions_missing"] as? [String]) ?? []
        #expect(had + missing.count == 17 && !missing.isEmpty, "\(had) + \(missing)")
        #expect(result.stderr.contains("\(missing.count) of the 17 regional charts could not be had"), "\(result.stderr)")
        for arguments in [["report", "--regions"], ["report", "--weekend", "--regions", "--area", "서울"]] {
            let refused = try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder)
            #expect(refused.status == 64 && refused.stderrLines.count == 1, "\(refused.stderr)")
        }
    }
}

import BoxOfficeModel
import FakeServices
import Foundation
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
        let result = try await BoxOfficeProcess.run(["report", "2025-03-05", "--area", name, "-f", "csv", "-q"], kobis: server, folder: folder)
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
            ["report", "2025-03-05", "--area", "Busan", "--offline", "-f", "csv", "-q"], kobis: server, folder: folder)
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
        let result = try await BoxOfficeProcess.run(["report", "--sample", "--area", "Seoul", "-f", "csv", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first?.contains("area0105001") == true, "\(result.stdoutLines)")
    }
}

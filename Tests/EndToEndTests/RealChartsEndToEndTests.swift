import FakeServices
import Foundation
import TestSupport
import Testing

/// KOBIS's own charts of June 2024, served as KOBIS sent them (`../shared/fixtures/kobis-series`,
/// every field of the unfiltered daily top 10): the bounds let real data through (issue 61).
@Suite("Real KOBIS charts, end to end")
struct RealChartsEndToEndTests {
    static let series = TestPaths.repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures/kobis-series/daily-2024-h1-kobis.csv")
    static let available = FileManager.default.fileExists(atPath: series.path)

    /// The unfiltered chart of each day of the series, as KOBIS's JSON body, by `yyyyMMdd`.
    static func bodies() throws -> [String: Data] {
        let rows = try CSVReader.table(try Data(contentsOf: series)).filter { $0["variant"] == "all" }
        let fields = [
            "rnum", "rank", "rankInten", "rankOldAndNew", "movieCd", "movieNm", "openDt", "salesAmt", "salesShare", "salesInten",
            "salesChange", "salesAcc", "audiCnt", "audiInten", "audiChange", "audiAcc", "scrnCnt", "showCnt",
        ]
        var bodies: [String: Data] = [:]
        for (date, day) in Dictionary(grouping: rows, by: { $0["date"] ?? "" }) {
            let compact = date.replacingOccurrences(of: "-", with: "")
            let list = day.sorted { Int($0["rnum"] ?? "") ?? 0 < Int($1["rnum"] ?? "") ?? 0 }.map { row in
                Dictionary(uniqueKeysWithValues: fields.map { ($0, row[$0] ?? "") })
            }
            let result: [String: Any] = [
                "boxofficeType": "일별 박스오피스", "showRange": "\(compact)~\(compact)", "dailyBoxOfficeList": list,
            ]
            bodies[compact] = try JSONSerialization.data(withJSONObject: ["boxOfficeResult": result])
        }
        return bodies
    }

    @Test(
        "June 2024's real charts, changes up to +2,088,241 % included, are fetched and ranked with exit 0, and 6 June's report has its 10 rows",
        .enabled(if: available, "../shared/fixtures/kobis-series is absent beside the repository"))
    func realChangesPass() async throws {
        let bodies = try Self.bodies()
        let server = try FakeKOBISServer(script: { request in
            guard request.path.hasSuffix("searchDailyBoxOfficeList.json"), let day = request.query["targetDt"] else { return nil }
            return bodies[day].map { ScriptedResponse(body: $0) }
        })
        let folder = try TemporaryFolder()
        let fetched = try await BoxOfficeProcess.run(
            ["fetch", "2024-06-01..2024-06-10", "--no-tmdb", "-q"], kobis: server, folder: folder, today: "2024-07-01")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let ranked = try await BoxOfficeProcess.run(
            ["rank", "2024-06-01..2024-06-10", "--offline", "-f", "csv", "-o", "-"], kobis: server, folder: folder, today: "2024-07-01")
        #expect(ranked.status == 0, "\(ranked.stderr)")
        #expect(ranked.stdout.contains("나쁜 녀석들"), "the film with the +2,088,241 % day is ranked")
        let report = try await BoxOfficeProcess.run(
            ["report", "2024-06-06", "--offline", "--no-tmdb", "-f", "csv"], kobis: server, folder: folder, today: "2024-07-01")
        #expect(report.status == 0, "\(report.stderr)")
        let daily = try CSVReader.table(try Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2024-06-06-daily.csv")))
        #expect(daily.count == 10)
        #expect(daily.first { $0["rank"] == "4" }?["audience_change_pct"] == "1892650.0", "the change shown as it came")
    }
}

import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 64, item 4: `boxoffice film A B`, two runs aligned by day of release, against a loopback
/// KOBIS; every figure checked against `film A`'s and `film B`'s own files.
@Suite("Films compared by day of release, end to end", .serialized)
struct FilmComparisonEndToEndTests {
    static let range = DateRange(start: Day(iso: "2023-12-01")!, end: Day(iso: "2024-03-31")!)
    /// A Wednesday opening and a Friday one, both long runs.
    static let films =
        SyntheticCatalogue.films(covering: range) + [
            FilmPaceEndToEndTests.blockbuster("20249101", "수요일 개봉", opens: "2024-01-03", opening: 700_000, retention: 0.8),
            FilmPaceEndToEndTests.blockbuster("20249102", "금요일 개봉", opens: "2024-02-09", opening: 500_000, retention: 0.85),
        ]

    func csv(_ folder: TemporaryFolder, _ name: String) throws -> [[String: String]] {
        try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)")))
    }

    @Test("film A B: each run's day 1 is its opening day, and each column is the film's own cumulatives; the checkpoints, the weekdays said")
    func aligned() async throws {
        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        let today = "2024-03-15"
        let both = try await BoxOfficeProcess.run(["film", "20249101", "금요일 개봉", "-f", "csv,json,md"], kobis: server, folder: folder, today: today)
        #expect(both.status == 0 && both.stderr.isEmpty, "\(both.stderr)")
        let base = "film-20249101-20249102"
        #expect(both.stdoutLines == ["csv", "json", "md"].map { "Reports/\(base).\($0)" })
        // Each film alone, from the cache the comparison filled: nothing more is sent.
        let calls = server.server.requests.count
        for code in ["20249101", "20249102"] {
            let alone = try await BoxOfficeProcess.run(["film", code, "--offline", "-f", "csv", "-q"], kobis: server, folder: folder, today: today)
            #expect(alone.status == 0, "\(alone.stderr)")
        }
        #expect(server.server.requests.count == calls)

        let rows = try csv(folder, "\(base).csv")
        #expect(rows.first?.keys.sorted() == ["audience_cumulative_20249101", "audience_cumulative_20249102", "data_source", "day_of_release"])
        var opens: [String: Day] = [:]
        for code in ["20249101", "20249102"] {
            let own = try csv(folder, "film-\(code).csv")
            let byDay = Dictionary(uniqueKeysWithValues: own.map { (Int($0["day_of_release"]!)!, $0["audience_cumulative"]!) })
            let column = Dictionary(
                uniqueKeysWithValues: rows.compactMap { row in
                    row["audience_cumulative_\(code)"].flatMap { $0.isEmpty ? nil : (Int(row["day_of_release"]!)!, $0) }
                })
            #expect(column == byDay, "\(code): the comparison's column is the film's own, day by day of release")
            let first = try #require(own.first { $0["day_of_release"] == "1" })
            opens[code] = Day(iso: first["date"]!)
        }
        #expect(opens["20249101"]?.iso == "2024-01-03" && opens["20249102"]?.iso == "2024-02-09", "day 1 is each film's opening day")

        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/\(base).json"))) as? [String: Any])
        let checkpoints = try #require(json["checkpoints"] as? [[String: Any]])
        // The newer film opened 2024-02-09: on 2024-03-14 (yesterday) it was on day 35.
        #expect(checkpoints.map { $0["day_of_release"] as? Int } == [1, 3, 7, 14, 21, 28, 35])
        let day7 = try #require(checkpoints.first { $0["day_of_release"] as? Int == 7 }?["films"] as? [[String: Any]])
        for (index, code) in ["20249101", "20249102"].enumerated() {
            let own = try csv(folder, "film-\(code).csv").first { $0["day_of_release"] == "7" }
            #expect((day7[index]["audience"] as? NSNumber)?.stringValue == own?["audience_cumulative"], "\(code) at day 7")
        }
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(base).md"), encoding: .utf8)
        #expect(markdown.contains("They opened on different weekdays (수요일 개봉 on Wed 2024-01-03, 금요일 개봉 on Fri 2024-02-09)"))
        #expect(markdown.contains("| day 35 (the newest film's latest day) |"))
    }

    @Test("film A A and six films: one line, exit 64, nothing written")
    func refused() async throws {
        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        let twice = try await BoxOfficeProcess.run(["film", "20249101", "20249101"], kobis: server, folder: folder, today: "2024-03-15")
        #expect(twice.status == 64 && twice.stderr.contains("film 20249101 is named twice"), "\(twice.stderr)")
        let six = try await BoxOfficeProcess.run(["film", "1", "2", "3", "4", "5", "6"], kobis: server, folder: folder, today: "2024-03-15")
        #expect(six.status == 64 && six.stderr.contains("compare at most 5 films"), "\(six.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Reports").path))
    }
}

import BoxOfficeModel
import FakeServices
import Foundation
import TestSupport
import Testing

/// `boxoffice watch` as a user runs it against a loopback KOBIS (issue 30, item 1).
@Suite("boxoffice watch, end to end", .serialized)
struct WatchEndToEndTests {
    func run(
        _ arguments: [String], _ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String = "2025-03-10"
    ) async throws
        -> BoxOfficeProcess.Result
    {
        try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder, today: today)
    }

    func listFile(_ folder: TemporaryFolder) -> URL { folder.url.appendingPathComponent("config/boxoffice/watchlist.json") }

    @Test("add by code and by title, in the order added; adding again updates in place; list; remove; a title matching several lists them")
    func addListRemove() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let empty = try await run(["watch", "list"], server, folder)
        #expect(empty.status == 0 && empty.stdout.contains("The watchlist is empty"))

        let byCode = try await run(["watch", "add", "20259002", "--break-even", "1500000"], server, folder)
        #expect(byCode.status == 0 && byCode.stdoutLines.count == 1, "\(byCode.stderr)")
        let byTitle = try await run(["watch", "add", "검은 파도", "--note", "our film"], server, folder)
        #expect(byTitle.status == 0 && byTitle.stdout.contains("watching 검은 파도 (20259001)"), "\(byTitle.stderr)")
        let again = try await run(["watch", "add", "20259002", "--break-even", "1200000"], server, folder)
        #expect(again.status == 0 && again.stdout.hasPrefix("updated "))

        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: listFile(folder))) as? [String: Any]
        let films = try #require(stored?["films"] as? [[String: Any]])
        #expect(films.map { $0["movie_cd"] as? String } == ["20259002", "20259001"], "the order added")
        #expect(
            films[0]["break_even"] as? Int == 1_200_000 && films[1]["note"] as? String == "our film" && films[1]["added"] as? String == "2025-03-10")

        // The cache holds the films' charts once a report has read them: list shows the latest.
        #expect(try await run(["report", "2025-03-09", "-f", "json", "-q"], server, folder).status == 0)
        let list = try await run(["watch", "list"], server, folder)
        #expect(list.status == 0 && list.stdoutLines.count == 3)
        #expect(
            list.stdoutLines[2].contains("20259001") && list.stdoutLines[2].contains("#1 on 2025-03-09, 1,510,233 to date · our film"),
            "\(list.stdout)")
        #expect(list.stdoutLines[1].contains("1,200,000"))

        let several = try await run(["watch", "add", "the"], server, folder)
        #expect(several.status == 64 && several.stderr.contains("matches"), "\(several.stderr)")
        let gone = try await run(["watch", "remove", "검은 파도"], server, folder)
        #expect(gone.status == 0 && gone.stdout.contains("no longer watching 검은 파도 (20259001)"))
        let absent = try await run(["watch", "remove", "20259001"], server, folder)
        #expect(absent.status == 64 && absent.stderr.contains("is not on the watchlist"))
        let after = try JSONSerialization.jsonObject(with: Data(contentsOf: listFile(folder))) as? [String: Any]
        #expect((after?["films"] as? [[String: Any]])?.map { $0["movie_cd"] as? String } == ["20259002"])
    }

    @Test("eight watch adds side by side all succeed: each waits its turn for the cache (30 s by default) and the list holds every film")
    func sideBySide() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let codes = (1...8).map { String(20_259_000 + $0) }
        let statuses = try await withThrowingTaskGroup(of: (String, Int32, String).self) { group in
            for code in codes {
                group.addTask {
                    let result = try await BoxOfficeProcess.run(["watch", "add", code, "-q"], kobis: server, folder: folder, today: "2025-03-10")
                    return (code, result.status, result.stderr)
                }
            }
            return try await group.reduce(into: [(String, Int32, String)]()) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0.1 == 0 }, "\(statuses.filter { $0.1 != 0 })")
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: listFile(folder))) as? [String: Any]
        let films = try #require(stored?["films"] as? [[String: Any]])
        #expect(Set(films.compactMap { $0["movie_cd"] as? String }) == Set(codes))
    }

    @Test("a damaged watchlist: one line naming it; a change moves it aside whole, never overwriting it")
    func damaged() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: listFile(folder).deletingLastPathComponent(), withIntermediateDirectories: true)
        let damaged = Data(#"{"films": [{"movie_cd": "20259001", "title": "검은 파도"#.utf8)
        try damaged.write(to: listFile(folder))
        let list = try await run(["watch", "list"], server, folder)
        #expect(list.status == 78 && list.stderr.contains("is damaged (not JSON)") && list.stderr.split(separator: "\n").count == 1, "\(list.stderr)")
        #expect(try Data(contentsOf: listFile(folder)) == damaged, "list changes nothing")

        let add = try await run(["watch", "add", "20259001"], server, folder)
        #expect(add.status == 78 && add.stderr.contains("it was moved to"), "\(add.stderr)")
        let aside = try #require(
            try FileManager.default.contentsOfDirectory(atPath: listFile(folder).deletingLastPathComponent().path)
                .first { $0.hasPrefix("watchlist.json.damaged-") })
        #expect(try Data(contentsOf: listFile(folder).deletingLastPathComponent().appendingPathComponent(aside)) == damaged, "kept whole")
        #expect(!FileManager.default.fileExists(atPath: listFile(folder).path))
        #expect(try await run(["watch", "add", "20259001"], server, folder).status == 0, "a new list starts")
    }
}

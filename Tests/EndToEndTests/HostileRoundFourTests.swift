import BoxOfficeFiles
import BoxOfficeModel
import BoxOfficePipeline
import BoxOfficeServices
import FakeServices
import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 61's probe failures, each as a hostile server, neighbour or careless user would meet it,
/// on the built binary (the release binary in CI).
@Suite("Hostile input, round four, end to end", .serialized)
struct HostileRoundFourTests {
    static func json(_ object: [String: Any]) -> ScriptedResponse {
        ScriptedResponse(body: try! JSONSerialization.data(withJSONObject: object))
    }

    @Test("a movie list whose totCnt is near Int.max: calendar pages within its cap, exits 0, and so does the next run from the cache")
    func hugeMovieListCount() async throws {
        let server = try FakeKOBISServer(script: { request in
            guard request.path.hasSuffix("searchMovieList.json"), request.query["openStartDt"] != nil else { return nil }
            return Self.json(["movieListResult": ["totCnt": "9223372036854775807", "source": "영화진흥위원회", "movieList": []] as [String: Any]])
        })
        let folder = try TemporaryFolder()
        for offline in [false, true] {
            let result = try await BoxOfficeProcess.run(
                ["calendar", "-f", "json", "-q"] + (offline ? ["--offline"] : []), kobis: server, folder: folder, today: "2025-03-10")
            HostileCase.record(61, "totCnt near Int.max" + (offline ? ", offline" : ""), result)
            #expect(result.status == 0, "no crash (was SIGILL, 132): \(result.status) \(result.stderr)")
        }
        // The calendar says the page limit cut the list short (issue 62, item 9), where it was silent.
        let file = try #require(folder.files(in: "Reports").first { $0.hasSuffix(".json") })
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/" + file))) as? [String: Any])
        let notes = (document["notes"] as? [String]) ?? []
        #expect(notes.contains { $0.contains("the calendar read the first 0 (40 pages)") && $0.contains("may be missing") }, "\(notes)")
    }

    @Test("a company's film list naming a movie code '/../victim': nothing outside kobis/movie/ is read, written or removed")
    func movieCodeOutsideTheCache() async throws {
        let server = try FakeKOBISServer(script: { request in
            guard request.path.hasSuffix("searchCompanyInfo.json") else { return nil }
            let info: [String: Any] = [
                "companyCd": "10090001", "companyNm": "악당배급", "companyNmEn": "", "ceoNm": "", "parts": [["companyPartNm": "배급사"]],
                "filmos": [["movieCd": "/../victim", "movieNm": "x", "companyPartNm": "배급사"]],
            ]
            return Self.json(["companyInfoResult": ["companyInfo": info, "source": "영화진흥위원회"] as [String: Any]])
        })
        let folder = try TemporaryFolder()
        let victim = folder.url.appendingPathComponent("cache/boxoffice/kobis/victim.json")
        // kobis/movie/ exists in any used cache: through it, `movie//../victim.json` is `kobis/victim.json`.
        try FileManager.default.createDirectory(
            at: victim.deletingLastPathComponent().appendingPathComponent("movie"), withIntermediateDirectories: true)
        try Data("a user's file".utf8).write(to: victim)
        let result = try await BoxOfficeProcess.run(["company", "10090001", "-f", "json", "-q"], kobis: server, folder: folder, today: "2025-03-10")
        HostileCase.record(61, "movie code /../victim", result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? Data(contentsOf: victim)) == Data("a user's file".utf8), "the file outside kobis/movie/ is untouched")
    }

    @Test("a region list whose fullCd carries a query or a slash: no such region, no file named by it; --area with it is 64")
    func regionCodes() async throws {
        let server = try FakeKOBISServer(script: { request in
            guard request.path.hasSuffix("searchCodeList.json") else { return nil }
            return Self.json([
                "codes": [
                    ["fullCd": "0105001&key=evil&x=", "korNm": "서울시", "engNm": "Seoul"],
                    ["fullCd": "0105002/x", "korNm": "경기도", "engNm": "Gyeonggi"],
                ]
            ])
        })
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "--area", "서울시", "--no-tmdb", "-f", "json"], kobis: server, folder: folder, today: "2025-03-10")
        HostileCase.record(61, "fullCd with a query", result)
        #expect(result.status == 64 && result.stderrLines.count == 1, "\(result.status) \(result.stderr)")
        let cached = FileManager.default.enumerator(atPath: folder.url.appendingPathComponent("cache").path)?.allObjects as? [String] ?? []
        #expect(!cached.contains { $0.contains("key=") || $0.contains("&") }, "\(cached)")
        #expect(!server.chartRequests.contains { $0.target.contains("evil") })
    }

    @Test("watch add --note with an escape sequence is refused (64), and a note edited into the file reaches no report with its controls")
    func controlCharacters() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let refused = try await BoxOfficeProcess.run(
            ["watch", "add", "20259001", "--note", "\u{1B}[2J"], kobis: server, folder: folder, today: "2025-03-10")
        HostileCase.record(61, "--note with ESC", refused)
        #expect(refused.status == 64 && refused.stderr.contains("control characters"), "\(refused.stderr)")
        let added = try await BoxOfficeProcess.run(
            ["watch", "add", "20259001", "--note", "mine"], kobis: server, folder: folder, today: "2025-03-10")
        #expect(added.status == 0, "\(added.stderr)")
        let file = folder.url.appendingPathComponent("config/boxoffice/watchlist.json")
        let stored = try String(contentsOf: file, encoding: .utf8)
        try stored.replacingOccurrences(of: "\"mine\"", with: "\"\\u001b[2Jmine\\u0007\"").write(to: file, atomically: true, encoding: .utf8)
        let report = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "-f", "md,html", "--no-tmdb"], kobis: server, folder: folder, today: "2025-03-10")
        #expect(report.status == 0, "\(report.stderr)")
        for name in ["boxoffice-2025-03-09.md", "boxoffice-2025-03-09.html"] {
            let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/" + name), encoding: .utf8)
            #expect(text.contains("mine") && !text.contains("\u{1B}") && !text.contains("\u{07}"), "\(name)")
        }
    }

    @Test("a temporary file a killed watch add left in the config folder is swept by the next change of the list")
    func watchlistTemporaries() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let config = folder.url.appendingPathComponent("config/boxoffice")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let stale = config.appendingPathComponent(".watchlist.json.deadbeef.tmp")
        try Data("{\"films\": [".utf8).write(to: stale)
        let other = config.appendingPathComponent("notes.tmp")
        try Data("mine".utf8).write(to: other)
        let added = try await BoxOfficeProcess.run(["watch", "add", "20259001"], kobis: server, folder: folder, today: "2025-03-10")
        HostileCase.record(61, "stale watchlist temporary", added)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale.path), "swept")
        #expect(FileManager.default.fileExists(atPath: other.path), "nothing else in the folder is touched")
    }

    @Test("-f datapackage with a CSV template of one's own: one line, 64, nothing written")
    func dataPackageWithOwnTemplate() async throws {
        let folder = try TemporaryFolder()
        let templates = folder.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("title\n{{#rows}}{{title}}\n{{/rows}}".utf8).write(to: templates.appendingPathComponent("films.csv.mustache"))
        let result = try await BoxOfficeProcess.run(
            ["report", "--sample", "-f", "csv,datapackage", "--templates", templates.path], in: folder.url)
        HostileCase.record(61, "datapackage with own CSV template", result)
        #expect(result.status == 64 && result.stderrLines.count == 1 && result.stderr.contains("films.csv.mustache"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Reports").path) || folder.files(in: "Reports").isEmpty)
    }

    @Test("--regions with one region's chart failing (503, then a malformed body): the region is left out and named, a warning, exit 0")
    func failingRegion() async throws {
        for answer in [ScriptedResponse.json("{}", status: 503), ScriptedResponse(body: Data("<html>".utf8))] {
            let server = try FakeKOBISServer(script: { request in
                request.path.hasSuffix("searchWeeklyBoxOfficeList.json") && request.query["wideAreaCd"] == "0105002" ? answer : nil
            })
            let folder = try TemporaryFolder()
            let result = try await BoxOfficeProcess.run(
                ["report", "--weekend", "2025-03-07..2025-03-09", "--regions", "--no-look-back", "--no-tmdb", "-f", "json", "--retries", "0"],
                kobis: server,
                folder: folder)
            HostileCase.record(61, "one region failing (\(answer.status))", result)
            #expect(result.status == 0 && result.stderrLines.count == 1 && result.stderr.contains("regional charts"), "\(result.stderr)")
            let periods = try RegionsEndToEndTests.periods(folder, "boxoffice-weekend-regions-2025-03-07_2025-03-09")
            #expect(periods.first?["regions_missing"] as? [String] == ["0105002"])
            #expect((periods.first?["regions"] as? [[String: Any]])?.count == 16, "the other 16 regions")
        }
    }

    @Test("a folder inside the cache linked elsewhere is never followed: nothing is written there, and its entries are not read")
    func linkedCacheFolder() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        #expect(try await BoxOfficeProcess.run(["fetch", "2025-03-03..2025-03-09", "-q"], kobis: server, folder: folder).status == 0)
        let kobis = folder.url.appendingPathComponent("cache/boxoffice/kobis")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // The totals index's folder and a year of daily charts, each a link to a folder of the neighbour's.
        try? FileManager.default.removeItem(at: kobis.appendingPathComponent("totals/all"))
        try FileManager.default.createDirectory(at: kobis.appendingPathComponent("totals"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: kobis.appendingPathComponent("totals/all"), withDestinationURL: elsewhere)
        let daily = kobis.appendingPathComponent("daily/all/2025")
        try FileManager.default.moveItem(at: daily, to: elsewhere.appendingPathComponent("2025"))
        try FileManager.default.createSymbolicLink(at: daily, withDestinationURL: elsewhere.appendingPathComponent("2025"))
        let before = Set(FileManager.default.subpaths(atPath: elsewhere.path) ?? [])

        let offline = try await BoxOfficeProcess.run(["report", "2025-03-09", "--offline", "-f", "json"], kobis: server, folder: folder)
        HostileCase.record(61, "linked folders in the cache, offline", offline)
        #expect(offline.status == 75 && offline.stderr.contains("not cached"), "the linked charts are not read: \(offline.stderr)")
        let online = try await BoxOfficeProcess.run(["report", "2025-03-09", "-f", "json", "--no-tmdb"], kobis: server, folder: folder)
        HostileCase.record(61, "linked folders in the cache", online)
        #expect(online.status == 0, "the report is made; what cannot be cached is said: \(online.stderr)")
        #expect(Set(FileManager.default.subpaths(atPath: elsewhere.path) ?? []) == before, "nothing written through a link")
    }

    @Test("a quota ledger edited to hold a key with control characters: quota's text and CSV show it without them")
    func ledgerKeyControls() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let ledger = folder.url.appendingPathComponent("state/boxoffice/kobis-calls.json")
        try FileManager.default.createDirectory(at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"\u001b[2Jabc\u0007": {"2025-03-10": 12}}"#.utf8).write(to: ledger)
        for format in ["text", "csv"] {
            let result = try await BoxOfficeProcess.run(["quota", "-f", format], kobis: server, folder: folder, today: "2025-03-10")
            HostileCase.record(61, "ledger key with controls, \(format)", result)
            #expect(result.status == 0 && result.stdout.contains("abc"), "\(result.stdout) \(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"), "\(format)")
        }
    }

    @Test("watch add with a code KOBIS has no film for: one line, 66, the watchlist untouched (issue 62, item 5)")
    func watchUnknownCode() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["watch", "add", "99999999"], kobis: server, folder: folder, today: "2025-03-10")
        #expect(result.status == 66 && result.stderrLines.count == 1 && result.stderr.contains("no film with code 99999999"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("config/boxoffice/watchlist.json").path))
    }

    @Test("rank -f txt keeps a title with a line break on its row, as report does (issue 62, item 9)")
    func rankTextTitleOnOneLine() async throws {
        var films = SampleData.films
        films[0].title = "두 줄\n제목"
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["rank", "2025-03-03..2025-03-09", "-f", "txt", "-o", "-"], kobis: server, folder: folder, today: "2025-03-10")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.contains { $0.hasSuffix("두 줄 제목") }, "\(result.stdout)")
        #expect(!result.stdoutLines.contains { $0.hasPrefix("제목") }, "\(result.stdout)")
    }

    @Test("a film whose KOBIS movie info has no nation, genre, director or distributor: its page's header leaves them out (issue 62, item 9)")
    func filmHeaderWithoutInfo() async throws {
        let server = try FakeKOBISServer(script: { request in
            guard request.path.hasSuffix("searchMovieInfo.json"), request.query["movieCd"] == "20259001" else { return nil }
            let info: [String: Any] = [
                "movieCd": "20259001", "movieNm": "검은 파도", "movieNmEn": "", "openDt": "20250226", "nations": [], "genres": [], "directors": [],
                "companys": [], "audits": [], "actors": [], "showTypes": [], "staffs": [],
            ]
            return Self.json(["movieInfoResult": ["movieInfo": info, "source": "영화진흥위원회"] as [String: Any]])
        })
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["film", "20259001", "-f", "md,html", "-q"], kobis: server, folder: folder, today: "2025-03-10")
        #expect(result.status == 0, "\(result.stderr)")
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20259001.md"), encoding: .utf8)
        let header = try #require(md.split(separator: "\n").first { $0.hasPrefix("KOBIS code 20259001") })
        #expect(header.hasPrefix("KOBIS code 20259001 · opened 2025-02-26. "), "\(header)")
        #expect(!md.contains(" ·  · ") && !md.contains("directed by  ·") && !md.contains("distributed by ."))
        let html = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20259001.html"), encoding: .utf8)
        #expect(!html.contains(" ·  · ") && !html.contains("directed by  ·"))
    }

    @Test("the quota trap: with the day's calls spent down to the reserve, film and report name --reserve and how to use it (issue 62, item 1)")
    func reserveNamed() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let state = folder.url.appendingPathComponent("state/boxoffice")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let key = QuotaLedger.fingerprint(of: server.validKey)
        try Data(#"{"\#(key)": {"2025-03-10": 2900}}"#.utf8).write(to: state.appendingPathComponent("kobis-calls.json"))
        for arguments in [["film", "20259001", "-f", "json"], ["report", "2025-03-09", "-f", "json", "--no-tmdb"]] {
            let result = try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder, today: "2025-03-10")
            HostileCase.record(62, "\(arguments[0]) with only the reserve left", result)
            #expect(result.status == 75 && result.stderrLines.count == 1, "\(arguments[0]): \(result.stderr)")
            #expect(
                result.stderr.contains("100 calls are kept for scheduled runs (--reserve); pass --reserve 0 to use them"),
                "\(arguments[0]): \(result.stderr)")
        }
        #expect(server.server.requests.isEmpty, "nothing sent")
        // Every command that spends calls shows --reserve in its help, and fetch's closing line names what it kept.
        for command in [["report"], ["fetch"], ["rank"], ["film"], ["calendar"], ["company"], ["person"], ["watch", "add"]] {
            let help = try await BoxOfficeProcess.run(command + ["--help"], in: folder.url)
            #expect(help.stdout.contains("--reserve <n>"), "\(command) --help lacks --reserve")
        }
        try Data(#"{"\#(key)": {"2025-03-10": 2000}}"#.utf8).write(to: state.appendingPathComponent("kobis-calls.json"))
        let fetch = try await BoxOfficeProcess.run(["fetch", "2025-03-09", "--no-tmdb"], kobis: server, folder: folder, today: "2025-03-10")
        #expect(fetch.status == 0 && fetch.stdout.contains("KOBIS calls spent, 100 kept for scheduled runs (--reserve)"), "\(fetch.stdout)")
    }

    @Test("-f slack: the notification text (mrkdwn) has the #1's mention and Slack's control characters escaped")
    func slackFallback() async throws {
        var films = SampleData.films
        for index in films.indices { films[index].title = "<!channel> & <@U123> \(index)" }
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "-f", "slack", "-o", "-", "--no-tmdb"], kobis: server, folder: folder, today: "2025-03-10")
        HostileCase.record(61, "Slack fallback with a mention", result)
        #expect(result.status == 0, "\(result.stderr)")
        let payload = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let text = try #require(payload["text"] as? String)
        #expect(text.contains("&lt;!channel&gt; &amp; &lt;@U123&gt;") && !text.contains("<") && !text.contains(">"), "\(text)")
    }

    @Test("calendar: a title with 40 combining accents on one letter still folds every line within 75 octets")
    func icsFolding() async throws {
        var films = SampleData.films
        films[0].title = "e" + String(repeating: "\u{0301}", count: 40) + " 영화"
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["calendar", "2025-02-01..2025-03-09", "-q"], kobis: server, folder: folder, today: "2025-03-10")
        #expect(result.status == 0, "\(result.stderr)")
        let ics = try #require(folder.files(in: "Reports").first { $0.hasSuffix(".ics") })
        let data = try Data(contentsOf: folder.url.appendingPathComponent("Reports/" + ics))
        let lines = data.split(separator: UInt8(ascii: "\n")).map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
        #expect(lines.allSatisfy { $0.count <= 75 }, "the longest: \(lines.map(\.count).max() ?? 0)")
        let accent = Array("\u{0301}".utf8)
        #expect(data.firstRange(of: Data(accent + Array("\r\n ".utf8) + accent)) != nil, "folded between two of the title's accents")
    }
}

/// Issue 61, item 8: an append cut short by a full disk leaves no cut line behind.
@Suite("Appending to a full disk", .serialized)
struct FullDiskAppendTests {
    @Test(
        "a run whose revisions meet a disk with one page left: the log keeps its length, the warning quotes the disk's reason, the report is written",
        .enabled(if: TinyDisk.available, "mounting a tmpfs needs root"))
    func runOnFullDisk() async throws {
        // KOBIS's second answer for 2025-03-09 changes every figure of every film: some forty
        // revisions, more than the page and a half the disk will have left.
        let answers = Mutex(0)
        let revised: Data = try {
            var body = SimulatedKOBIS(films: SampleData.films).dailyChartBody(on: Day(iso: "2025-03-09")!)
            var result = body["boxOfficeResult"] as! [String: Any]
            result["dailyBoxOfficeList"] = (result["dailyBoxOfficeList"] as! [[String: String]]).map { row in
                var row = row
                for field in ["audiCnt", "salesAmt", "scrnCnt", "showCnt"] { row[field] = String(Int64(row[field]!)! + 7) }
                return row
            }
            body["boxOfficeResult"] = result
            return try JSONSerialization.data(withJSONObject: body)
        }()
        let server = try FakeKOBISServer { request in
            guard request.path.hasSuffix("searchDailyBoxOfficeList.json"), request.query["targetDt"] == "20250309" else { return nil }
            return answers.withLock { count in
                count += 1
                return count >= 2 ? ScriptedResponse(body: revised) : nil
            }
        }
        let folder = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 1 << 20, in: folder.url)
        let environment = BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": "2025-03-10",
            "XDG_CACHE_HOME": disk.url.path, "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ])
        let first = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "-f", "json", "-q", "--no-tmdb"], environment: environment, in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        // The log as earlier runs left it: 4,000 bytes, 96 free in its last page; then one free page on the disk.
        let log = disk.url.appendingPathComponent("boxoffice/revisions.jsonl")
        let earlier = Data((0..<40).flatMap { _ in Array((String(repeating: "x", count: 99) + "\n").utf8) })
        try earlier.write(to: log)
        disk.fill()
        let filler = disk.url.appendingPathComponent("filler")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: filler.path)[.size] as? Int)
        #expect(truncate(filler.path, off_t(size - 4096)) == 0)

        let again = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "-f", "json", "--refresh", "--no-tmdb"], environment: environment, in: folder.url)
        HostileCase.record(61, "revisions on a full disk", again)
        #expect(again.status == 0, "the report is still written: \(again.stderr)")
        #expect(again.stderr.contains("revisions were not logged") && again.stderr.contains("No space left on device"), "\(again.stderr)")
        #expect(try Data(contentsOf: log) == earlier, "no cut line left for the next revision to be glued to")
        let listed = try await BoxOfficeProcess.run(["revisions"], environment: environment, in: folder.url)
        #expect(listed.status == 0 && listed.stderr.contains("40 damaged lines"), "the earlier lines, none more: \(listed.stderr)")
    }

    @Test(
        "an append to revisions.jsonl cut short by a full disk puts the file's length back and says the system's reason; the reader counts a damaged line",
        .enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func shortWrite() throws {
        let parent = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 4 * 4096, in: parent.url)
        let log = disk.url.appendingPathComponent("revisions.jsonl")
        let line = Data((String(repeating: "x", count: 99) + "\n").utf8)
        let start = Data((0..<40).flatMap { _ in line })  // 4,000 bytes: its page has 96 free
        try start.write(to: log)
        let filler = disk.url.appendingPathComponent("filler")
        try Data(count: 3 * 4096).write(to: filler)
        #expect(throws: SideFile.Refusal.self) { try SideFile.append(Data((0..<3).flatMap { _ in line }), to: log.path) }
        do {
            try SideFile.append(Data((0..<3).flatMap { _ in line }), to: log.path)
        } catch {
            #expect(error.reason.contains("No space left on device"), "the write's own reason: \(error.reason)")
        }
        #expect(try Data(contentsOf: log) == start, "no cut line left")

        // A cut line someone left is passed over and counted.
        try FileManager.default.removeItem(at: filler)
        try (start + Data("{\"date\":\"2025-03-0".utf8) + Data("\n".utf8)).write(to: log)
        let revisions = RevisionLog(cacheDirectory: disk.url)
        var read = 0
        #expect(try revisions.forEach { _ in read += 1 } == 41 && read == 0, "40 lines that are no revision and one cut one, all passed over")
    }
}

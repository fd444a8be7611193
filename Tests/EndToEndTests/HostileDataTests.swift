import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import FakeServices
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Data no honest service or disk would hold: numbers past every bound, charts past ten rows, a
/// damaged ledger, a FIFO where a cache entry belongs. Each ends in a documented exit code or a
/// warning, never a crash, a hang or a spent quota.
@Suite("Hostile data, end to end", .serialized)
struct HostileDataTests {
    /// A chart body for 2025-03-06 with `rows` rows, `change` applied to each row's fields.
    static func chart(
        rows: Int, showRange: String? = "20250306~20250306", _ change: @escaping @Sendable (Int, inout [String: String]) -> Void = { _, _ in }
    ) -> ScriptedResponse {
        let list = (0..<rows).map { index -> [String: String] in
            var row = [
                "rnum": "\(index + 1)", "rank": "\(min(index + 1, 10))", "rankInten": "0", "rankOldAndNew": "OLD",
                "movieCd": "2099\(String(format: "%04d", index))", "movieNm": "Film \(index)", "openDt": "2025-02-01",
                "salesAmt": "1000", "salesShare": "1.0", "salesInten": "0", "salesChange": "0", "salesAcc": "5000",
                "audiCnt": "100", "audiInten": "0", "audiChange": "0", "audiAcc": "500", "scrnCnt": "10", "showCnt": "30",
            ]
            change(index, &row)
            return row
        }
        var result: [String: Any] = ["boxofficeType": "일별 박스오피스", "dailyBoxOfficeList": list]
        result["showRange"] = showRange
        let object: [String: Any] = ["boxOfficeResult": result]
        return ScriptedResponse(body: try! JSONSerialization.data(withJSONObject: object))
    }

    static func server(_ answer: ScriptedResponse) throws -> FakeKOBISServer {
        try FakeKOBISServer(script: { $0.query["targetDt"] == "20250306" ? answer : nil })
    }

    static func run(
        _ server: FakeKOBISServer, _ folder: TemporaryFolder, _ arguments: [String] = ["report", "2025-03-06"]
    )
        async throws -> BoxOfficeProcess.Result
    {
        try await BoxOfficeProcess.run(
            arguments + ["--no-tmdb", "--retries", "0"],
            environment: FaultInjectionTests.environment(server, folder), in: folder.url)
    }

    @Test(
        "numbers past every bound are a malformed response (76) naming the field and the date, before any film is fetched",
        arguments: [
            ("audiCnt", "5000000000000000000"), ("scrnCnt", "9223372036854775807"), ("salesAmt", "9000000000000000000"),
            ("rankInten", "-9223372036854775808"), ("audiAcc", "-5"), ("salesShare", "250"),
        ])
    func outOfBounds(field: String, value: String) async throws {
        let server = try Self.server(Self.chart(rows: 3) { index, row in if index == 1 { row[field] = value } })
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder)
        HostileCase.record(1, "chart row with \(field) = \(value)", result)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("2025-03-06") && result.stderr.contains("row 2 has \(field)"))
        #expect(server.movieInfoRequests.isEmpty, "nothing spent on the films of a chart that is not trusted")
        #expect(folder.files(in: "Reports").isEmpty, "no report and no temporary file")
    }

    /// Every number of a ten-row chart at the edge of its bound, all at once: the largest (shares
    /// summing to 1,000 %, changes at their extremes) and the smallest (zeros, the most negative
    /// changes, a share of 0.0001 %).
    static let edges: [String: (largest: String, smallest: String)] = [
        "audiCnt": ("100000000", "0"), "audiAcc": ("1000000000", "0"), "audiInten": ("100000000", "-100000000"),
        "audiChange": ("1000000", "-1000000"), "salesAmt": ("10000000000000", "0"), "salesAcc": ("100000000000000", "0"),
        "salesInten": ("10000000000000", "-10000000000000"), "salesChange": ("1000000", "-1000000"),
        "salesShare": ("100", "0.0001"), "scrnCnt": ("10000", "0"), "showCnt": ("1000000", "0"), "rankInten": ("1000", "-1000"),
    ]

    @Test(
        "every number of every row at the edge of its bound, largest or smallest: every format is written, no trap (checked arithmetic)",
        arguments: ["largest", "smallest"])
    func numbersAtTheirBounds(edge: String) async throws {
        let server = try Self.server(
            Self.chart(rows: 10) { _, row in
                for (field, value) in Self.edges { row[field] = edge == "largest" ? value.largest : value.smallest }
            })
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder, ["report", "2025-03-04..2025-03-06", "--format", "json,csv,md,html,txt"])
        HostileCase.record(1, "chart numbers all at their \(edge) bound", result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            folder.files(in: "Reports").count == BoxOfficeProcess.dailyReportFiles, "json, the CSVs, md, html, txt: \(folder.files(in: "Reports"))")
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-04_2025-03-06.json"))) as? [String: Any]
        let day = (json?["days"] as? [[String: Any]])?.first { $0["date"] as? String == "2025-03-06" }
        let (audience, sales) = edge == "largest" ? (1_000_000_000, 100_000_000_000_000) : (0, 0)
        #expect(day?["charted_audience"] as? Int == audience && day?["charted_sales"] as? Int == sales, "the day's sums of ten rows, exact")
        #expect(result.after?.temporaryFiles.isEmpty == true)
    }

    @Test(
        "an answer that contradicts itself or the request is malformed (76), never cached: a film on two rows, no showRange, a code or title of absurd length",
        arguments: ["duplicate code", "no showRange", "absurd code", "absurd title"])
    func malformedAnswer(defect: String) async throws {
        let answer = Self.chart(rows: 3, showRange: defect == "no showRange" ? nil : "20250306~20250306") { index, row in
            guard index == 1 else { return }
            switch defect {
            case "duplicate code": row["movieCd"] = "20990000"
            case "absurd code": row["movieCd"] = String(repeating: "9", count: 5_000)
            case "absurd title": row["movieNm"] = String(repeating: "긴", count: 200_000)
            default: break
            }
        }
        let server = try Self.server(answer)
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder, ["report", "2025-03-05..2025-03-06"])
        HostileCase.record(5, "chart with \(defect)", result)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("2025-03-06") && result.stderr.count < 700, "\(result.stderr)")
        #expect(server.chartRequests.filter { $0.query["targetDt"] == "20250306" }.count == 1, "not asked again")
        #expect(server.movieInfoRequests.allSatisfy { $0.query["movieCd"]?.hasPrefix("2099") == false }, "none of its films fetched")
        #expect(result.after?.reports == [], "no report")
        #expect(result.after?.cacheEntries.contains { $0.contains("20250306") } == false, "the answer is not cached")
        #expect(result.after?.temporaryFiles == [])
        // Requests cancelled when the run stops may be counted without reaching the server; never the reverse.
        #expect((result.after?.ledgerCalls ?? 0) >= server.server.requests.count, "every request sent is counted")
    }

    @Test("a chart of 5,000 rows (KOBIS sends 10 at most) is malformed: no movie info is fetched for invented films")
    func tooManyRows() async throws {
        let server = try Self.server(Self.chart(rows: 5_000))
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder)
        HostileCase.record(5, "chart of 5,000 rows", result)
        #expect(result.status == 76)
        #expect(result.stderr.contains("5000 rows, where KOBIS sends 10 at most"))
        // The comparison charts ride with the range's; the malformed one is asked for once.
        #expect(server.movieInfoRequests.isEmpty && server.chartRequests.filter { $0.query["targetDt"] == "20250306" }.count == 1)
    }

    @Test(
        "a ledger holding Int64.min, a negative count or the wrong type: a warning, a budget never above the quota, no crash",
        arguments: ["-9223372036854775808", "-4900", "\"lots\""])
    func damagedLedger(count: String) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let ledger = folder.url.appendingPathComponent("state/boxoffice/kobis-calls.json")
        try FileManager.default.createDirectory(at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fingerprint = QuotaLedger.fingerprint(of: server.validKey)
        try Data(#"{"\#(fingerprint)":{"2025-03-10":\#(count)},"someone-else":{"2025-03-10":42}}"#.utf8).write(to: ledger)
        let result = try await Self.run(server, folder, ["report", "2025-03-06", "--budget", "99999"])
        HostileCase.record(4, "ledger holding \(count)", result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the quota ledger") && result.stderr.contains("is damaged"))
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: ledger)) as? [String: [String: Int]]
        #expect(written?[fingerprint]?["2025-03-10"] == server.server.requests.count, "counted afresh from zero")
        if count != "\"lots\"" { #expect(written?["someone-else"]?["2025-03-10"] == 42, "another key's count is kept") }
        let copies = try FileManager.default.contentsOfDirectory(atPath: ledger.deletingLastPathComponent().path).filter { $0.contains("damaged") }
        #expect(copies.count == 1, "the damaged ledger is kept aside")
    }

    @Test("NUL, C0/C1 controls and bidirectional overrides in titles reach no report: CSV, Markdown, HTML and JSON hold only text")
    func controlCharactersInTitles() async throws {
        let hostile = ["기생충\u{0000}", "Evil\u{202E}gnp.exe", "Bell\u{0007}\u{001B}[31m", "C1\u{0085}\u{009B}", "Iso\u{2066}late\u{2069}"]
        let server = try Self.server(Self.chart(rows: hostile.count) { index, row in row["movieNm"] = hostile[index] })
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder, ["report", "2025-03-06", "--format", "json,csv,md,html,txt"])
        HostileCase.record(6, "NUL, C0/C1 and bidi controls in titles", result)
        #expect(result.status == 0, "\(result.stderr)")
        let names = folder.files(in: "Reports")
        #expect(names.count == BoxOfficeProcess.dailyReportFiles, "json, the CSVs, md, html, txt: \(names)")
        let forbidden = Set("\u{0000}\u{0007}\u{001B}\u{0085}\u{009B}\u{202E}\u{2066}\u{2069}".unicodeScalars)
        for name in names {
            let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"), encoding: .utf8)
            #expect(!text.unicodeScalars.contains { forbidden.contains($0) }, "\(name) holds a control character")
            #expect(!text.contains("\\u0000") && !text.lowercased().contains("\\u202e"), "\(name) holds an escaped control")
            // A table without titles has none to keep; the days CSV names only each day's #1 (기생충).
            let table = ReportTable.allCases.first { name.hasSuffix("-\($0.rawValue).csv") }
            guard table.map({ ReportTables.columns($0).contains { $0.name.hasSuffix("title") } }) ?? true else { continue }
            #expect(text.contains("기생충") && (name.hasSuffix("-days.csv") || text.contains("Evilgnp.exe")), "\(name) keeps the text around them")
        }
    }

    @Test(
        "another date's chart (its showRange says so) is asked for once more, then malformed (76); a single glitch is cured",
        arguments: [1, 99])
    func wrongDateFromNetwork(times: Int) async throws {
        let counter = Counter()
        let server = try FakeKOBISServer(script: { request in
            guard request.query["targetDt"] == "20250306", counter.increment() <= times else { return nil }
            var answer = HostileDataTests.chart(rows: 3)
            answer.body = Data(
                String(decoding: answer.body, as: UTF8.self).replacingOccurrences(of: "20250306~20250306", with: "20250307~20250307").utf8)
            return answer
        })
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder, ["report", "2025-03-05..2025-03-07"])
        HostileCase.record(5, "another date's chart \(times == 1 ? "once" : "every time")", result)
        let tries = server.chartRequests.filter { $0.query["targetDt"] == "20250306" }.count
        if times == 1 {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(tries == 2)
        } else {
            #expect(result.status == 76)
            #expect(
                result.stderrLines.count == 1 && result.stderr.contains("2025-03-06") && result.stderr.contains("showRange 20250307~20250307"),
                "\(result.stderr)")
            #expect(tries == 2, "asked once more, not --retries times")
            #expect(folder.files(in: "Reports").isEmpty)
            #expect(!FaultInjectionTests.cacheEntries(folder).contains { $0.contains("20250306") })
        }
    }

    @Test("another date's cache entry copied under this date's name: refetched online; offline, not cached (75)")
    func wrongDateFromCache() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        #expect(try await Self.run(server, folder, ["fetch", "2025-03-06..2025-03-07"]).status == 0)
        let daily = folder.url.appendingPathComponent("cache/boxoffice/kobis/daily/all/2025")
        let wrong = daily.appendingPathComponent("20250306.json")
        try FileManager.default.removeItem(at: wrong)
        try FileManager.default.copyItem(at: daily.appendingPathComponent("20250307.json"), to: wrong)
        let before = server.chartRequests.count

        let offline = try await Self.run(server, folder, ["report", "2025-03-06", "--offline"])
        HostileCase.record(5, "another date's cache entry, --offline", offline)
        #expect(offline.status == 75 && offline.stderr.contains("2025-03-06"), "\(offline.stderr)")
        #expect(folder.files(in: "Reports").isEmpty)
        let online = try await Self.run(server, folder, ["report", "2025-03-06", "--format", "json", "--no-look-back"])
        HostileCase.record(5, "another date's cache entry, online", online)
        #expect(online.status == 0, "\(online.stderr)")
        #expect(server.chartRequests.count == before + 1 && server.chartRequests.last?.query["targetDt"] == "20250306")
        let report = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-06.json"), encoding: .utf8)
        #expect(report.contains("\"2025-03-06\""))
    }

    @Test("every movie info answering with one film: asked once more, then malformed (76); no film gets another's distributor")
    func wrongFilm() async throws {
        let server = try FakeKOBISServer(script: { request in
            guard request.path.hasSuffix("searchMovieInfo.json") else { return nil }
            return .json(
                #"{"movieInfoResult":{"movieInfo":{"movieCd":"19990001","movieNm":"Another film","companys":[{"companyCd":"1","companyNm":"Wrong Distribution","companyPartNm":"배급사"}]},"source":"영화진흥위원회"}}"#
            )
        })
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder, ["report", "2025-03-06"])
        HostileCase.record(5, "every movie info answering for another film", result)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("movieCd 19990001"), "\(result.stderr)")
        #expect(folder.files(in: "Reports").isEmpty)
        #expect(!FaultInjectionTests.cacheEntries(folder).contains { $0.contains("movie") && !$0.contains("daily") })
    }

    @Test(
        "BOXOFFICE_TODAY far in the future or before KOBIS began is refused (78, one line), before anything is fetched",
        arguments: ["9999-12-31", "2003-11-11", "2030-01-01"])
    func pinnedTodayBounded(today: String) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-06", "--no-tmdb"],
            environment: FaultInjectionTests.environment(server, folder, extra: ["BOXOFFICE_TODAY": today]), in: folder.url)
        #expect(result.status == 78 && result.stderrLines.count == 1 && result.stderr.contains("BOXOFFICE_TODAY"), "\(result.stderr)")
        #expect(server.server.requests.isEmpty && folder.files(in: "Reports").isEmpty)
    }

    @Test("a run leaves nothing of Foundation's behind in HOME: no URLCache, no ~/.local/share folder")
    func noStrayFoundationFolders() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let home = folder.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = FaultInjectionTests.environment(server, folder)
        environment["HOME"] = home.path
        let result = try await BoxOfficeProcess.run(["report", "2025-03-06", "--no-tmdb"], environment: environment, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let left = FileManager.default.enumerator(atPath: home.path)?.allObjects as? [String] ?? []
        #expect(left.isEmpty, "\(left)")
        #expect(folder.files(in: "cache") == ["boxoffice"], "only boxoffice's own folder in XDG_CACHE_HOME")
    }

    @Test("libcurl is loaded only by a run that reaches the network: not by an --offline report, nor by the sample")
    func libcurlOnlyWhenFetching() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let logs = folder.url.appendingPathComponent("loader")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        // glibc's loader lists every library it loads, a dlopen'd one too, into LD_DEBUG_OUTPUT.PID.
        func loadsLibcurl(_ arguments: [String]) async throws -> Bool {
            let log = logs.appendingPathComponent(UUID().uuidString)
            var environment = FaultInjectionTests.environment(server, folder)
            environment["LD_DEBUG"] = "files"
            environment["LD_DEBUG_OUTPUT"] = log.path
            let result = try await BoxOfficeProcess.run(arguments, environment: environment, in: folder.url)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let written = try FileManager.default.contentsOfDirectory(atPath: logs.path).filter { $0.hasPrefix(log.lastPathComponent) }
            #expect(!written.isEmpty, "the loader wrote no list")
            return try written.contains { try String(contentsOfFile: logs.appendingPathComponent($0).path, encoding: .utf8).contains("libcurl") }
        }
        #expect(try await loadsLibcurl(["report", "2025-03-06", "--no-tmdb"]))
        #expect(try await !loadsLibcurl(["report", "2025-03-06", "--no-tmdb", "--offline"]))
        #expect(try await !loadsLibcurl(["report", "--sample"]))
    }

    @Test(
        "no libcurl to load (an empty libcurl.so.4 first on the library path): a fetching run stops with one line and 78, nothing written; the sample still renders"
    )
    func withoutLibcurl() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let libraries = folder.url.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try Data().write(to: libraries.appendingPathComponent("libcurl.so.4"))
        var environment = FaultInjectionTests.environment(server, folder)
        environment["LD_LIBRARY_PATH"] = libraries.path
        for command in ["report", "fetch"] {
            let result = try await BoxOfficeProcess.run([command, "2025-03-06", "--no-tmdb"], environment: environment, in: folder.url)
            #expect(result.status == 78, "\(command): \(result.stderr)")
            #expect(
                result.stderrLines.count == 1 && result.stderr.contains("libcurl") && result.stderr.contains("apt-get install libcurl4"),
                "\(result.stderr)")
        }
        #expect(server.server.requests.isEmpty)
        #expect(folder.files(in: "Reports").isEmpty)
        let sample = try await BoxOfficeProcess.run(["report", "--sample", "-q", "-o", "sample"], environment: environment, in: folder.url)
        #expect(sample.status == 0, "\(sample.stderr)")
        #expect(!folder.files(in: "sample").isEmpty)
    }

    @Test("a FIFO where a cache entry belongs never blocks: refetched online, 'not cached' offline (75)")
    func fifoEntry() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let entry = folder.url.appendingPathComponent("cache/boxoffice/kobis/daily/all/2025/20250306.json")
        try FileManager.default.createDirectory(at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(entry.path, 0o600) == 0)
        let offline = try await Self.run(server, folder, ["report", "2025-03-06", "--offline"])
        HostileCase.record(9, "a FIFO as a cache entry, --offline", offline)
        #expect(offline.status == 75 && offline.stderr.contains("not cached"))
        let online = try await Self.run(server, folder, ["report", "2025-03-06", "--format", "json", "--no-look-back"])
        #expect(online.status == 0, "\(online.stderr)")
        #expect(server.chartRequests.count == 1)
    }

    @Test("a 120 KB argument is not echoed whole: the error is one line of at most a few hundred characters")
    func longArgument() async throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "x", count: 120_000)  // a single argument holds 128 KiB at most
        for arguments in [["report", "--sample", "--templates", long], ["report", long]] {
            let result = try await BoxOfficeProcess.run(arguments, in: folder.url)
            #expect(result.status == 78 || result.status == 64, "\(arguments[2].prefix(10))")
            #expect(result.stderrLines.count == 1 && result.stderr.count < 700, "\(result.stderr.count) characters")
        }
    }

    @Test(
        "an answer larger than the service's bound (KOBIS: 2 MiB, after decompression) is abandoned as it arrives: 76, not retried, not cached",
        arguments: [false, true])
    func oversizedBody(gzip: Bool) async throws {
        var body = Data(#"{"boxOfficeResult":{"dailyBoxOfficeList":[],"padding":""#.utf8)
        body.append(Data(repeating: UInt8(ascii: " "), count: 3 << 20))
        body.append(Data(#""}}"#.utf8))
        var headers = ["Content-Type": "application/json"]
        if gzip {
            // 3 MiB of spaces compress to a few KB: the limit must hold after decompression.
            body = try Gzip.compress(body)
            #expect(body.count < 100_000)
            headers["Content-Encoding"] = "gzip"
        }
        let server = try Self.server(ScriptedResponse(headers: headers, body: body))
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-06", "--no-tmdb", "--retries", "3"],
            environment: FaultInjectionTests.environment(server, folder), in: folder.url)
        HostileCase.record(3, "chart of 3 MiB\(gzip ? " gzipped to a few KB" : "")", result)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("grew past 2 MiB"))
        #expect(server.chartRequests.filter { $0.query["targetDt"] == "20250306" }.count == 1, "an oversized answer is not asked for again")
        #expect(FaultInjectionTests.cacheEntries(folder).allSatisfy { !$0.contains("20250306") })
    }

    @Test(
        "every film's movie info just under the 2 MiB cap (thousands of genres, directors, companies; a 600 KB title): 30 of each kept, texts cut, within the memory budget"
    )
    func movieInfoAtTheCap() async throws {
        let server = try FakeKOBISServer(script: { request in
            guard request.path.hasSuffix("searchMovieInfo.json"), let code = request.query["movieCd"] else { return nil }
            func list(_ count: Int, _ item: (Int) -> String) -> String { "[" + (0..<count).map(item).joined(separator: ",") + "]" }
            let body =
                #"{"movieInfoResult":{"movieInfo":{"movieCd":"\#(code)","movieNm":"영화","movieNmEn":"\#(String(repeating: "E", count: 600_000))","#
                + #""nations":[{"nationNm":"한국"}],"genres":\#(list(12_000) { #"{"genreNm":"장르\#($0)"}"# }),"#
                + #""directors":\#(list(8_000) { #"{"peopleNm":"감독\#($0)","peopleNmEn":"D"}"# }),"#
                + #""companys":\#(list(6_000) { #"{"companyCd":"\#($0)","companyNm":"회사\#($0)","companyPartNm":"배급사"}"# })},"#
                + #""source":"영화진흥위원회"}}"#
            return .json(body)
        })
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder, ["report", "2025-03-03..2025-03-09", "--format", "json,csv"])
        HostileCase.record(3, "every movie info near 2 MiB", result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.movieInfoRequests.count >= 10, "every film's info was that large: \(server.movieInfoRequests.count)")
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-03_2025-03-09.json"))) as? [String: Any]
        let films = try #require(json?["films"] as? [[String: Any]])
        for film in films {
            #expect((film["genres"] as? [String])?.count == 30 && (film["directors"] as? [Any])?.count == 30)
            #expect(((film["title_en"] as? String)?.count ?? 0) <= 300)
        }
        #expect(result.after?.cacheEntries.count ?? 0 >= server.server.requests.count, "the answers are cached as they came")
    }

    @Test(
        "a month where every answer is at its caps (ten new films a day, 1,000-character titles, every movie-info list full of 300-character names): within the memory budget"
    )
    func monthAtEveryCap() async throws {
        let title = String(repeating: "가", count: 1_000)
        let name = String(repeating: "나", count: 300)
        let server = try FakeKOBISServer(script: { request in
            if let date = request.query["targetDt"], request.path.hasSuffix("searchDailyBoxOfficeList.json") {
                let rows = (0..<10).map { index -> [String: String] in
                    [
                        "rnum": "\(index + 1)", "rank": "\(index + 1)", "rankInten": "0", "rankOldAndNew": "NEW",
                        "movieCd": "\(date)\(index)", "movieNm": title, "openDt": "2025-01-01", "salesAmt": "10000000000000",
                        "salesShare": "10", "salesInten": "0", "salesChange": "0", "salesAcc": "10000000000000", "audiCnt": "100000000",
                        "audiInten": "0", "audiChange": "0", "audiAcc": "100000000", "scrnCnt": "10000", "showCnt": "1000000",
                    ]
                }
                let object: [String: Any] = [
                    "boxOfficeResult": ["boxofficeType": "일별 박스오피스", "showRange": "\(date)~\(date)", "dailyBoxOfficeList": rows]
                ]
                return ScriptedResponse(body: try! JSONSerialization.data(withJSONObject: object))
            }
            guard request.path.hasSuffix("searchMovieInfo.json"), let code = request.query["movieCd"] else { return nil }
            func list(_ field: String) -> [[String: String]] { (0..<30).map { [field: "\(name)\($0)", "peopleNmEn": name, "companyNmEn": name] } }
            let info: [String: Any] = [
                "movieCd": code, "movieNm": name, "movieNmEn": name, "movieNmOg": name, "nations": list("nationNm"),
                "genres": list("genreNm"), "directors": list("peopleNm"), "companys": list("companyNm"), "audits": list("watchGradeNm"),
            ]
            return ScriptedResponse(body: try! JSONSerialization.data(withJSONObject: ["movieInfoResult": ["movieInfo": info]]))
        })
        let folder = try TemporaryFolder()
        let result = try await Self.run(server, folder, ["report", "2025-02-01..2025-03-03", "--no-look-back"])
        HostileCase.record(3, "a month with every answer at its caps (310 films)", result)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.movieInfoRequests.count == 310)
        #expect(result.after?.reports?.count == BoxOfficeProcess.dailyReportFiles, "json, the CSVs, md, html, txt: \(result.after?.reports ?? [])")
    }

    @Test("a week's daily and weekend reports at --concurrency 16: every KOBIS request (charts, look-back, movie info) is sent once")
    func everyRequestOnce() async throws {
        for period in [[], ["--weekend"]] {
            let server = try FakeKOBISServer()
            let folder = try TemporaryFolder()
            let result = try await Self.run(server, folder, ["report", "2025-02-24..2025-03-09", "--concurrency", "16"] + period)
            HostileCase.record(10, "report\(period.isEmpty ? "" : " --weekend") at --concurrency 16: every URL once", result)
            #expect(result.status == 0, "\(result.stderr)")
            let targets = server.server.requests.map(\.target)
            #expect(Set(targets).count == targets.count, "asked twice: \(Dictionary(grouping: targets) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        }
    }

    @Test("Retry-After: 1e9 on every first attempt, --timeout 2, one request slot: each waits at most 2 s, and a waiting request holds no slot")
    func retryAfterHoldsNoSlot() async throws {
        let seen = SeenDates()
        let server = try FakeKOBISServer(script: { request in
            guard let date = request.query["targetDt"], seen.firstTime(date) else { return nil }
            return ScriptedResponse(status: 503, headers: ["Retry-After": "1000000000"], body: Data("{}".utf8))
        })
        let folder = try TemporaryFolder()
        // Parked for 1e9 s, the run would be killed by the watchdog (status 9) instead of ending 0.
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-04..2025-03-07", "--no-tmdb", "--concurrency", "1", "--timeout", "2", "--format", "json", "--no-look-back"],
            environment: FaultInjectionTests.environment(server, folder), in: folder.url, watchdog: 300)
        #expect(result.status == 0, "a server cannot park the run for 1e9 s: \(result.stderr)")
        let dates = server.chartRequests.compactMap { $0.query["targetDt"] }
        #expect(dates.count == 8, "each chart: one refused attempt, one retry")
        // With the slot held while waiting, the order would be A A B B C C D D.
        #expect(Set(dates.prefix(4)).count == 4, "every first attempt went out before any retry: \(dates)")
    }
}

/// Dates seen once already.
final class SeenDates: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []
    func firstTime(_ date: String) -> Bool { lock.withLock { seen.insert(date).inserted } }
}

/// Issue 27, item 11: one odd row must not block a twenty-year export.
@Suite("--allow-gaps", .serialized)
struct AllowGapsTests {
    /// KOBIS answering 2025-03-06 with a row whose audiCnt is past every bound.
    static func server() throws -> FakeKOBISServer {
        try FaultInjectionTests.server(times: nil) { body in
            let text = String(decoding: body, as: UTF8.self)
            guard let range = text.range(of: #""audiCnt":"[0-9]+""#, options: .regularExpression) else { return ScriptedResponse(body: body) }
            return ScriptedResponse(body: Data(text.replacingCharacters(in: range, with: #""audiCnt":"999999999999""#).utf8))
        }
    }

    @Test("without it: 76, one line naming the date and the field and how to go on; nothing written or cached for the date")
    func refused() async throws {
        let server = try Self.server()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", FaultInjectionTests.range, "--no-look-back"], environment: FaultInjectionTests.environment(server, folder), in: folder.url)
        HostileCase.record(11, "a malformed date without --allow-gaps", result)
        #expect(result.status == 76 && result.stderrLines.count == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("2025-03-06") && result.stderr.contains("audiCnt") && result.stderr.contains("--allow-gaps"), "\(result.stderr)")
        #expect(folder.files(in: "Reports").isEmpty)
        #expect(!FaultInjectionTests.cacheEntries(folder).contains { $0.contains("20250306") })
    }

    @Test("with it: the report is written without the date, says so in every format and once on stderr, exit 0; fetch likewise")
    func gaps() async throws {
        let server = try Self.server()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", FaultInjectionTests.range, "--no-look-back", "--allow-gaps", "-f", "json,csv,md,txt"],
            environment: FaultInjectionTests.environment(server, folder), in: folder.url)
        HostileCase.record(11, "report --allow-gaps past a malformed date", result)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderrLines.filter { $0.contains("Gaps (--allow-gaps)") }
        #expect(warnings.count == 1 && warnings[0].contains("2025-03-06") && warnings[0].contains("audiCnt"), "\(result.stderr)")
        let stem = FaultInjectionTests.stem
        for file in ["\(stem).json", "\(stem).md"] {
            let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(file)"), encoding: .utf8)
            #expect(
                text.contains("Gaps (--allow-gaps): 1 chart KOBIS answered with a malformed response is left out of this report: 2025-03-06"),
                "\(file)")
        }
        let days = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(stem)-days.csv"), encoding: .utf8)
        #expect(days.contains("2025-03-05,") && days.contains("2025-03-07,") && !days.contains("2025-03-06,"))
        #expect(!FaultInjectionTests.cacheEntries(folder).contains { $0.contains("20250306") }, "a malformed chart is never cached")

        let other = try TemporaryFolder()
        let fetch = try await BoxOfficeProcess.run(
            ["fetch", FaultInjectionTests.range, "--allow-gaps", "--no-tmdb"], environment: FaultInjectionTests.environment(server, other),
            in: other.url)
        HostileCase.record(11, "fetch --allow-gaps past a malformed date", fetch)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.contains("3 of 4 dates cached"), "\(fetch.stdout)")
        #expect(fetch.stderr.contains("Gaps (--allow-gaps)") && fetch.stderr.contains("2025-03-06"))
    }
}

import BoxOfficeModel
import BoxOfficeOutput
import FakeServices
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built binary against a real HTTP server on loopback that speaks KOBIS's format.
@Suite("boxoffice report, end to end", .serialized)
struct ReportCommandTests {
    static let week = ["2025-03-03..2025-03-09"]
    static let stem = "boxoffice-2025-03-03_2025-03-09"

    func environment(_ server: FakeKOBISServer, key: String? = nil) -> [String: String] {
        BoxOfficeProcess.environment(["KOBIS_API_KEY": key ?? server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString])
    }

    @Test("a week: every format written, paths on stdout, nothing on stderr, each request sent once")
    func week() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report"] + Self.week + ["--output", "out"], environment: environment(server), in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderrLines == [
                "boxoffice: warning: TMDB enrichment off: no TMDB credentials (set TMDB_API_TOKEN or TMDB_API_KEY to add posters, ratings and keywords)"
            ])
        // A daily report's CSVs: one per table its definitions list.
        let csvs = ReportTables.tables(periods: false).map { "\(Self.stem)-\($0.rawValue).csv" }
        #expect(
            result.stdoutLines == ["out/\(Self.stem).json"] + csvs.map { "out/" + $0 } + [
                "out/\(Self.stem).md", "out/\(Self.stem).html", "out/\(Self.stem).txt",
                "out/index.html", "out/index.md", "out/feed.xml",
            ], "every file written, the rebuilt index last")
        #expect(
            folder.files(in: "out") == (csvs + ["\(Self.stem).html", "\(Self.stem).json", "\(Self.stem).md", "\(Self.stem).txt"]).sorted())

        let charts = server.chartRequests.map { $0.query["targetDt"] ?? "" }
        // The week, the week before it and the same dates a year earlier: %± LW compares each day
        // with the same weekday a week earlier, the #1 of 03-03 (open since 02-26) is counted back to
        // the day it took the place, and the totals meet 2024-03-03..09.
        #expect(
            charts.sorted()
                == (3...9).map { "2024030\($0)" } + (24...28).map { "202502\($0)" } + ["20250301", "20250302"]
                + (3...9).map { "2025030\($0)" })
        let movies = server.movieInfoRequests.map { $0.query["movieCd"] ?? "" }
        #expect(Set(movies).count == movies.count, "no film's info is requested twice")

        let json = try Data(contentsOf: folder.url.appendingPathComponent("out/\(Self.stem).json"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let films = try #require(object["films"] as? [[String: Any]])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 7)
        #expect(films.count == movies.count, "one movie-info request per distinct film")
        #expect(object["simulated"] as? Bool == false)
        #expect((object["notes"] as? [String])?.contains(ReportNote.chartCoverage.english) == true)
        #expect(films.first?["title"] as? String == "검은 파도")
    }

    @Test("--concurrency N keeps N requests in flight at the server", arguments: [1, 4])
    func concurrency(width: Int) async throws {
        let server = try FakeKOBISServer(delay: 0.05)
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report"] + Self.week + ["--concurrency", String(width), "--format", "json"],
            environment: environment(server), in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.server.peakConcurrency == width)
    }

    @Test("filters travel to KOBIS as repNationCd, multiMovieYn and wideAreaCd")
    func filters() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--nation", "korean", "--films", "commercial", "--area", "0105001", "--format", "csv"],
            environment: environment(server), in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let request = try #require(server.chartRequests.first)
        #expect(request.query["repNationCd"] == "K" && request.query["multiMovieYn"] == "N" && request.query["wideAreaCd"] == "0105001")
        // The filters are in the names, so the nationwide report of the date is not replaced.
        let stem = "Reports/boxoffice-korean-commercial-area0105001-2025-03-05"
        #expect(
            result.stdoutLines
                == ReportTables.tables(periods: false).map { "\(stem)-\($0.rawValue).csv" } + [
                    "Reports/index.html", "Reports/index.md", "Reports/feed.xml",
                ])
    }

    @Test("no range means yesterday in Seoul")
    func yesterday() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "--format", "json", "--no-look-back"], environment: environment(server), in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.chartRequests.map { $0.query["targetDt"] } == ["20250309"])
        #expect(result.stdoutLines == ["Reports/boxoffice-2025-03-09.json", "Reports/index.html", "Reports/index.md", "Reports/feed.xml"])
    }

    @Test("a rejected key (faultInfo 320010 with HTTP 200): exit 78, one line, the key nowhere, no files")
    func invalidKey() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let key = "WRONG-KEY-a1b2c3d4e5"
        let result = try await BoxOfficeProcess.run(["report"] + Self.week, environment: environment(server, key: key), in: folder.url)
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("320010") && result.stderr.contains("KOBIS_API_KEY"))
        #expect(!result.stderr.contains(key))
        #expect(folder.files(in: "Reports").isEmpty)
    }

    @Test("the daily quota runs out mid-range (faultInfo 320011): exit 75, no files")
    func quota() async throws {
        let server = try FakeKOBISServer(quota: 3)
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report"] + Self.week, environment: environment(server), in: folder.url)
        #expect(result.status == 75)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("320011"))
        #expect(!result.stderr.contains(server.validKey))
        #expect(folder.files(in: "Reports").isEmpty)
    }

    @Test("a malformed body for one date: exit 76 naming the date; the previous report is left untouched")
    func malformed() async throws {
        let server = try FakeKOBISServer(script: { request in
            request.query["targetDt"] == "20250306"
                ? ScriptedResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>oops</html>".utf8)) : nil
        })
        let folder = try TemporaryFolder()
        let reports = folder.url.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let previous = Data("previous report".utf8)
        try previous.write(to: reports.appendingPathComponent("\(Self.stem).json"))

        let result = try await BoxOfficeProcess.run(["report"] + Self.week, environment: environment(server), in: folder.url)
        #expect(result.status == 76)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("2025-03-06"))
        #expect(try Data(contentsOf: reports.appendingPathComponent("\(Self.stem).json")) == previous)
        #expect(folder.files(in: "Reports") == ["\(Self.stem).json"], "no temporary or partial files")
    }

    @Test("KOBIS unreachable: exit 75")
    func unreachable() async throws {
        // A port bound and never listened on refuses every connection, and no other test's server
        // can take it while it is held (a stopped server's port was, once, by a test running beside).
        let closed = try ClosedPort()
        defer { closed.release() }
        let base = "http://127.0.0.1:\(closed.port)/"
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-05"],
            environment: BoxOfficeProcess.environment(["KOBIS_API_KEY": "k", "KOBIS_BASE_URL": base]),
            in: folder.url)
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("unavailable"))
    }

    @Test(
        "bad arguments exit 64 with one line, before any request",
        arguments: [
            ["report", "2023-02-30"],
            ["report", "2025-03-10"],
            ["report", "2003-11-10"],
            ["report", "2025-03-09..2025-03-01"],
            ["report", "next-week"],
            ["report", "2025-03-05", "--format", "json,pdf"],
            ["report", "2025-03-05", "--concurrency", "0"],
            ["report", "2025-03-05", "--concurrency", "33"],
            ["report", "2025-03-05", "--rank-by", "popularity"],
            ["report", "2025-03-05", "--area", " "],
        ])
    func badArguments(arguments: [String]) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(arguments, environment: environment(server), in: folder.url)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(!result.stderr.isEmpty && result.stdout.isEmpty)
        #expect(server.server.requests.isEmpty)
        #expect(folder.files(in: "Reports").isEmpty)
    }

    @Test("the calendar message names the bounds")
    func calendarMessage() async throws {
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "2025-03-10"], in: folder.url)
        #expect(result.status == 64)
        #expect(
            result.stderrLines == [
                "boxoffice: date 2025-03-10 is outside the available dates: from 2003-11-11 (the first KOBIS chart) to 2025-03-09 (yesterday in Seoul; today's figures do not exist yet)"
            ])
    }

    @Test("no KOBIS_API_KEY: exit 78 saying which variable to set, offering --sample only to a command that has it")
    func missingKey() async throws {
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "2025-03-05"], in: folder.url)
        #expect(result.status == 78)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("KOBIS_API_KEY") && result.stderr.contains("--sample"))
        for command in [["fetch", "2025-03-05"], ["watch", "add", "20259001"]] {
            let without = try await BoxOfficeProcess.run(command, in: folder.url)
            #expect(without.status == 78 && without.stderrLines.count == 1 && !without.stderr.contains("--sample"), "\(command): \(without.stderr)")
        }
    }

    @Test("a mistyped command is an unknown command, with the nearest one suggested: exit 64, one line")
    func unknownCommand() async throws {
        let folder = try TemporaryFolder()
        let typo = try await BoxOfficeProcess.run(["reprot", "2025-03-05"], in: folder.url)
        #expect(
            typo.status == 64
                && typo.stderrLines == ["boxoffice: unknown command 'reprot'; did you mean 'report'? (boxoffice --help lists the commands)"])
        let nothing = try await BoxOfficeProcess.run(["xyzzy"], in: folder.url)
        #expect(nothing.status == 64 && nothing.stderrLines == ["boxoffice: unknown command 'xyzzy' (boxoffice --help lists the commands)"])
        #expect(try await BoxOfficeProcess.run(["help", "report"], in: folder.url).status == 0, "ArgumentParser's help still works")
        let help = try await BoxOfficeProcess.run(["help", "nosuch"], in: folder.url)
        #expect(
            help.status == 64 && help.stdout.isEmpty
                && help.stderrLines == ["boxoffice: unknown command 'nosuch' (boxoffice --help lists the commands)"], "issue 62, item 10")
    }

    @Test("each command's --format help lists the formats it writes, and its default")
    func formatHelp() async throws {
        let folder = try TemporaryFolder()
        for (command, line) in [
            ("film", "-f, --format <list>     json, csv, md, html (default: all 4)."),
            ("company", "-f, --format <list>     json, csv, md, html (default: all 4)."),
        ] {
            var environment = BoxOfficeProcess.environment()
            environment["COLUMNS"] = "80"
            let help = try await BoxOfficeProcess.run([command, "--help"], environment: environment, in: folder.url)
            #expect(help.stdout.contains(line), "\(command): \(help.stdout)")
        }
        // The report's list is every format in ReportFormat's order, the default (its head) by count.
        var environment = BoxOfficeProcess.environment()
        environment["COLUMNS"] = "80"
        let help = try await BoxOfficeProcess.run(["report", "--help"], environment: environment, in: folder.url)
        let option = help.stdoutLines.drop { !$0.hasPrefix("  -f, --format <list>") }.prefix { !$0.isEmpty && !$0.hasPrefix("  -o") }
        let text = option.map { $0.dropFirst("  -f, --format <list>".count).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let byDefault = ReportFormat.byDefault
        #expect(
            text == ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (default: the first \(byDefault.count)).",
            "\(help.stdout)")
        #expect(ReportFormat.allCases.starts(with: byDefault), "the default formats lead the list")
    }

    @Test("an output folder that cannot be created: exit 73")
    func unwritable() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        try Data("a file, not a folder".utf8).write(to: folder.url.appendingPathComponent("blocker"))
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--output", "blocker/reports"], environment: environment(server), in: folder.url)
        #expect(result.status == 73)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("blocker/reports"))
    }

    @Test("--sample needs no key and no network, works from any folder, and says it is simulated")
    func sample() async throws {
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "--sample", "--output", folder.url.appendingPathComponent("sample").path],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.url.path],
            in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutLines.count == BoxOfficeProcess.dailyReportFiles + 3, "the reports, the index and the feed")
        let stem = "boxoffice-sample-2025-03-03_2025-03-09"
        let csvs = ReportTables.tables(periods: false).map { "\(stem)-\($0.rawValue).csv" }
        #expect(folder.files(in: "sample") == (csvs + ["\(stem).html", "\(stem).json", "\(stem).md", "\(stem).txt"]).sorted())
        for file in ["\(stem).md", "\(stem).html"] {
            let text = try String(contentsOf: folder.url.appendingPathComponent("sample/\(file)"), encoding: .utf8)
            #expect(text.contains("SIMULATED DATA"), "\(file) says the figures are simulated")
        }
        let json = try String(contentsOf: folder.url.appendingPathComponent("sample/\(stem).json"), encoding: .utf8)
        #expect(json.contains("\"simulated\" : true") && json.contains(ReportNote.simulated.english))
        for csv in ["\(stem)-daily.csv", "\(stem)-films.csv"] {
            let text = try String(contentsOf: folder.url.appendingPathComponent("sample/\(csv)"), encoding: .utf8)
            // Each data row carries SIMULATED in its data_source cell.
            let rows = text.split(separator: "\r\n").dropFirst()
            #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(",SIMULATED") })
        }
    }

    @Test("--sample refuses a range outside its week")
    func sampleRange() async throws {
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "--sample", "2025-02-01"], in: folder.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains("2025-03-03..2025-03-09"))
    }
}

/// A loopback TCP port bound and never listened on: a connection to it is refused, and the port
/// stays taken until ``release()``.
struct ClosedPort {
    let descriptor: Int32
    let port: UInt16

    struct Failed: Error {}

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failed() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw Failed()
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    func release() { close(descriptor) }
}

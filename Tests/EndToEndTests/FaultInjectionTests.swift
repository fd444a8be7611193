import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import FakeServices
import Foundation
import Testing

/// Faults injected per request at a loopback KOBIS, each with its expected outcome: the same report
/// as a clean run (recovered), or a documented exit code with the previous reports untouched, no
/// temporary files, and no entry for the failed date in the cache.
@Suite("Fault injection, end to end", .serialized)
struct FaultInjectionTests {
    static let range = "2025-03-04..2025-03-07"
    static let stem = "boxoffice-2025-03-04_2025-03-07"
    static let target = "20250306"

    /// Applies `fault` to the chart of 2025-03-06, `times` times (nil: always), then answers normally.
    static func server(times: Int?, _ fault: @escaping @Sendable (Data) -> ScriptedResponse) throws -> FakeKOBISServer {
        let clean = SimulatedKOBIS(films: SampleData.films)
        // The fake checks the key first; the simulation answers any key.
        let counter = Counter()
        return try FakeKOBISServer(script: { request in
            guard request.query["targetDt"] == target else { return nil }
            let url = URL(string: "http://127.0.0.1" + request.target)!
            let body = clean.response(to: HTTPRequest(url: url)).body
            if let times, counter.increment() > times { return nil }
            return fault(body)
        })
    }

    static func environment(_ server: FakeKOBISServer, _ folder: TemporaryFolder, extra: [String: String] = [:]) -> [String: String] {
        BoxOfficeProcess.environment(
            [
                "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString,
                "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
                "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
            ].merging(extra) { $1 })
    }

    /// The reports of a clean run, by file name.
    static func cleanReports() async throws -> [String: Data] {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", range, "--format", "json,csv,md"], environment: environment(server, folder), in: folder.url)
        #expect(result.status == 0)
        return try reports(folder)
    }

    static func reports(_ folder: TemporaryFolder) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in folder.files(in: "Reports") {
            files[name] = try Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"))
        }
        return files
    }

    static func cacheEntries(_ folder: TemporaryFolder) -> [String] {
        let root = folder.url.appendingPathComponent("cache/boxoffice")
        return (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".json") || $0.hasSuffix(".tmp")
        }
    }

    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case latency, unavailableTwice, rateLimitedOnce, hangOnce, trickleOnce, resetOnce, truncatedOnce, htmlOnce
        var testDescription: String { rawValue }

        func make() throws -> FakeKOBISServer {
            switch self {
            case .latency: try FakeKOBISServer(delay: 0.2)
            case .unavailableTwice: try server(times: 2) { _ in .json(#"{"message":"Service Unavailable"}"#, status: 503) }
            case .rateLimitedOnce: try server(times: 1) { _ in ScriptedResponse(status: 429, headers: ["Retry-After": "1"], body: Data()) }
            case .hangOnce: try server(times: 1) { body in ScriptedResponse(body: body, fault: .hang) }
            case .trickleOnce: try server(times: 1) { body in ScriptedResponse(body: body, fault: .trickle(bytesPerChunk: 16, pause: 0.2)) }
            case .resetOnce: try server(times: 1) { body in ScriptedResponse(body: body, fault: .resetAfter(bytes: 300)) }
            case .truncatedOnce: try server(times: 1) { body in ScriptedResponse(body: body.prefix(body.count / 2)) }
            case .htmlOnce:
                try server(times: 1) { _ in
                    ScriptedResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html><body>점검 중</body></html>".utf8))
                }
            }
        }
    }

    @Test("recovered: the same report as a clean run", arguments: Fault.allCases)
    func recovered(fault: Fault) async throws {
        let clean = try await Self.cleanReports()
        let server = try fault.make()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", Self.range, "--format", "json,csv,md", "--timeout", "1"],
            environment: Self.environment(server, folder), in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty || result.stderr.hasPrefix("boxoffice: warning: TMDB"))
        #expect(try Self.reports(folder) == clean)
        if fault == .latency {
            // Slow answers are waited for side by side, not one after another.
            #expect(server.server.peakConcurrency > 1)
        } else {
            let tries = server.chartRequests.filter { $0.query["targetDt"] == Self.target }.count
            #expect(tries == (fault == .unavailableTwice ? 3 : 2), "the faulty answers, then one retry that succeeded")
        }
        #expect(Self.cacheEntries(folder).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    enum Failure: String, CaseIterable, CustomTestStringConvertible {
        case unavailable, hang, reset, truncated, html, invalidKey
        var testDescription: String { rawValue }

        var expectedStatus: Int32 {
            switch self {
            case .unavailable, .hang, .reset: 75
            case .truncated, .html: 76
            case .invalidKey: 78
            }
        }

        func make() throws -> FakeKOBISServer {
            switch self {
            case .unavailable: try server(times: nil) { _ in .json("{}", status: 503) }
            case .hang: try server(times: nil) { body in ScriptedResponse(body: body, fault: .hang) }
            case .reset: try server(times: nil) { body in ScriptedResponse(body: body, fault: .resetAfter(bytes: 200)) }
            case .truncated: try server(times: nil) { body in ScriptedResponse(body: body.prefix(body.count / 2)) }
            case .html:
                try server(times: nil) { _ in
                    ScriptedResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>oops</html>".utf8))
                }
            case .invalidKey: try server(times: nil) { _ in .json(#"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#) }
            }
        }
    }

    @Test("not recoverable: the documented exit code, one line naming the date, nothing lost", arguments: Failure.allCases)
    func failed(failure: Failure) async throws {
        let server = try failure.make()
        let folder = try TemporaryFolder()
        let reports = folder.url.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let previous = Data("the previous report".utf8)
        try previous.write(to: reports.appendingPathComponent("\(Self.stem).json"))

        let result = try await BoxOfficeProcess.run(
            ["report", Self.range, "--retries", "2", "--timeout", "1", "--concurrency", "2"],
            environment: Self.environment(server, folder), in: folder.url)
        #expect(result.status == failure.expectedStatus, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stdout.isEmpty)
        if failure != .invalidKey { #expect(result.stderr.contains("2025-03-06"), "\(result.stderr)") }
        #expect(folder.files(in: "Reports") == ["\(Self.stem).json"], "no temporary or partial files")
        #expect(try Data(contentsOf: reports.appendingPathComponent("\(Self.stem).json")) == previous)
        #expect(!Self.cacheEntries(folder).contains { $0.contains(Self.target) }, "no entry for the failed date")
        let tries = server.chartRequests.filter { $0.query["targetDt"] == Self.target }.count
        #expect(tries == (failure == .invalidKey ? 1 : 3), "permanent errors are tried once, transient ones 1 + --retries times")
    }

    @Test("an outage fails fast: the retry quota stops retrying a service that is clearly down")
    func outageFailsFast() async throws {
        let server = try FakeKOBISServer(script: { _ in .json("{}", status: 503) })
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["fetch", "2025-01-01..2025-03-09", "--retries", "5", "--concurrency", "8"],
            environment: Self.environment(server, folder), in: folder.url)
        #expect(result.status == 75)
        #expect(server.server.requests.count < 8 * 6, "not every request retried five times")
    }

    @Test("every first attempt hangs, every retry answers: flaky, not down; the report equals a clean run's")
    func everyFirstAttemptHangs() async throws {
        let clean = try await Self.cleanReports()
        let seen = SeenDates()
        let server = try FakeKOBISServer(script: { request in
            seen.firstTime(request.target) ? ScriptedResponse(body: Data(), fault: .hang) : nil
        })
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", Self.range, "--format", "json,csv,md", "--timeout", "1", "--concurrency", "4"],
            environment: Self.environment(server, folder), in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.reports(folder) == clean)
        let targets = server.server.requests.map(\.target)
        #expect(targets.count == 2 * Set(targets).count, "each request: one hang, one answer")
    }

    @Test("an outage of hanging connections fails after one round of retries, saying the retry budget ran out (75)")
    func hangingOutage() async throws {
        let server = try FakeKOBISServer(script: { _ in ScriptedResponse(body: Data(), fault: .hang) })
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["fetch", "2025-01-01..2025-01-31", "--timeout", "1", "--concurrency", "4", "--retries", "5"],
            environment: Self.environment(server, folder), in: folder.url)
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("retry budget exhausted after"), "\(result.stderr)")
        #expect(server.server.requests.count <= 4 * 3, "first attempts and one round of retries, not 31 × 6 attempts")
        #expect(Self.cacheEntries(folder).isEmpty)
    }

    /// Answers the first two chart requests and holds every later one open without an answer, so
    /// a run asked for `--timeout 600` can only end early by cancelling the requests in flight.
    static func hangingAfterTwoCharts() throws -> FakeKOBISServer {
        let counter = Counter()
        return try FakeKOBISServer(script: { request in
            guard request.path.hasSuffix("searchDailyBoxOfficeList.json"), counter.increment() > 2 else { return nil }
            return ScriptedResponse(body: Data(), fault: .hang)
        })
    }

    /// A chart is cached and a request hangs in flight: the moment to send a signal.
    static func chartCachedAndRequestHanging(_ server: FakeKOBISServer, _ folder: TemporaryFolder) -> @Sendable () -> Bool {
        { server.chartRequests.count > 2 && cacheEntries(folder).contains { $0.hasPrefix("kobis/daily/") && $0.hasSuffix(".json") } }
    }

    @Test("SIGINT during a run: requests in flight cancelled, exit 130, nothing partial, what was fetched kept")
    func interrupt() async throws {
        let server = try Self.hangingAfterTwoCharts()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.runInterrupted(
            ["report", "2025-03-01..2025-03-09", "--concurrency", "2", "--timeout", "600"],
            signal: SIGINT, when: Self.chartCachedAndRequestHanging(server, folder),
            environment: Self.environment(server, folder), in: folder.url)
        HostileCase.record(2, "SIGINT with a request hanging (report)", result)
        #expect(result.status == 130, "a request hanging for 600 s was not cancelled: \(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("interrupted"))
        #expect(folder.files(in: "Reports").isEmpty)
        #expect(!Self.cacheEntries(folder).isEmpty, "charts fetched before the signal are cached")
        #expect(Self.cacheEntries(folder).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test("SIGTERM: exit 143")
    func terminate() async throws {
        let server = try Self.hangingAfterTwoCharts()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.runInterrupted(
            ["fetch", "2025-03-01..2025-03-09", "--timeout", "600"], signal: SIGTERM, when: Self.chartCachedAndRequestHanging(server, folder),
            environment: Self.environment(server, folder), in: folder.url)
        HostileCase.record(2, "SIGTERM with a request hanging (fetch)", result)
        #expect(result.status == 143 && result.stderr.contains("terminated"))
    }

    @Test("SIGHUP (a dropped ssh session): exit 129, nothing partial in the output folder or the cache")
    func hangUp() async throws {
        let server = try Self.hangingAfterTwoCharts()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.runInterrupted(
            ["report", "2025-03-01..2025-03-09", "--concurrency", "2", "--timeout", "600"], signal: SIGHUP,
            when: Self.chartCachedAndRequestHanging(server, folder),
            environment: Self.environment(server, folder), in: folder.url)
        HostileCase.record(2, "SIGHUP with a request hanging (report)", result)
        #expect(result.status == 129 && result.stderr.contains("hung up (SIGHUP)"), "\(result.stderr)")
        #expect(folder.files(in: "Reports").isEmpty)
        #expect(!Self.cacheEntries(folder).isEmpty && Self.cacheEntries(folder).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test("a closed standard output (| head): the reports are written whole, then exit 74 with one line, not death by SIGPIPE")
    func closedStandardOutput() async throws {
        let folder = try TemporaryFolder()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])  // `| true`: nobody will read
        let result = try await BoxOfficeProcess.launch(
            ["report", "--sample"], environment: BoxOfficeProcess.environment(), in: folder.url, standardOutput: .descriptor(ends[1])
        ) { _ in close(ends[1]) }
        HostileCase.record(8, "report --sample | true", result)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output"))
        #expect(result.after?.reports?.count == BoxOfficeProcess.dailyReportFiles, "\(folder.files(in: "Reports"))")

        // A command that only prints (| head on a list): the same line, which claims no report.
        var listEnds: [Int32] = [-1, -1]
        #expect(pipe(&listEnds) == 0)
        close(listEnds[0])
        let list = try await BoxOfficeProcess.launch(
            ["tmdb", "now-playing", "--sample"], environment: BoxOfficeProcess.environment(), in: folder.url, standardOutput: .descriptor(listEnds[1])
        ) { _ in close(listEnds[1]) }
        #expect(
            list.status == 74
                && list.stderrLines == [
                    "boxoffice: cannot write to standard output (it was closed): what was printed is cut short; any report or file was written whole"
                ], "\(list.stderr)")
    }

    @Test("kill -9 in the middle of a long run, then a rerun: it completes and equals a clean run")
    func killed() async throws {
        let clean = try await Self.cleanReports()
        let server = try Self.hangingAfterTwoCharts()
        let folder = try TemporaryFolder()
        let killed = try await BoxOfficeProcess.runInterrupted(
            ["report", Self.range, "--format", "json,csv,md", "--concurrency", "2", "--timeout", "600"],
            signal: SIGKILL, when: Self.chartCachedAndRequestHanging(server, folder),
            environment: Self.environment(server, folder), in: folder.url)
        #expect(killed.status != 0)
        let fast = try FakeKOBISServer()
        let rerun = try await BoxOfficeProcess.run(
            ["report", Self.range, "--format", "json,csv,md"],
            environment: Self.environment(fast, folder), in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try Self.reports(folder) == clean)
        let cleanServer = try FakeKOBISServer()
        _ = try await BoxOfficeProcess.run(
            ["report", Self.range, "--format", "json"], environment: Self.environment(cleanServer, try TemporaryFolder()), in: folder.url)
        #expect(fast.server.requests.count < cleanServer.server.requests.count, "what the killed run fetched was kept")
    }

    @Test("a recognizable fake key and token through every failure path appear in no output, report or cache file")
    func secretsStaySecret() async throws {
        let key = "FAKEKEY-DO-NOT-LEAK-1234"
        let token = "eyJ.FAKE-TOKEN-DO-NOT-LEAK"
        let folder = try TemporaryFolder()
        var everything = ""
        let kobisFaults: [FakeKOBISServer] = [
            try FakeKOBISServer(validKey: key),
            try FakeKOBISServer(validKey: "another-key"),
            try FakeKOBISServer(validKey: key, quota: 3),
            try FakeKOBISServer(validKey: key, script: { _ in .json("{}", status: 503) }),
            try FakeKOBISServer(validKey: key, script: { _ in ScriptedResponse(body: Data("<html>".utf8)) }),
        ]
        let tmdbFaults: [FakeTMDBServer] = [
            try FakeTMDBServer(validToken: token),
            try FakeTMDBServer(validToken: "other"),
            try FakeTMDBServer(validToken: token, script: { _ in .json("{}", status: 500) }),
        ]
        for (index, kobis) in kobisFaults.enumerated() {
            let tmdb = tmdbFaults[index % tmdbFaults.count]
            for arguments in [
                ["report", "2025-03-05..2025-03-06", "--retries", "1"], ["fetch", "2025-03-07", "--retries", "1"],
                ["report", "2025-03-05", "--require-tmdb", "--retries", "1"],
            ] {
                let result = try await BoxOfficeProcess.run(
                    arguments,
                    environment: Self.environment(
                        kobis, folder,
                        extra: [
                            "KOBIS_API_KEY": key, "TMDB_API_TOKEN": token, "TMDB_BASE_URL": tmdb.baseURL.absoluteString,
                        ]), in: folder.url)
                everything += result.stdout + result.stderr
            }
        }
        let files = FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: nil)?.allObjects.compactMap { $0 as? URL } ?? []
        #expect(files.count > 10)
        for file in files where !file.hasDirectoryPath {
            everything += file.path + "\n" + String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
        }
        #expect(!everything.contains(key) && !everything.contains("DO-NOT-LEAK"))
        #expect(!everything.contains(token))
    }
}

/// Hostile servers trying to get the credentials out: by redirecting elsewhere, or by echoing them.
@Suite("Credentials never leave their service, end to end", .serialized)
struct CredentialTests {
    static let key = "FAKEKEY-REDIRECT-1234"
    static let token = "eyJ.FAKE-TOKEN-REDIRECT"

    /// Every file under `folder`, and its contents, as one string.
    static func everything(in folder: TemporaryFolder) -> String {
        let files = FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: nil)?.allObjects.compactMap { $0 as? URL } ?? []
        return files.filter { !$0.hasDirectoryPath }.map { $0.path + "\n" + String(decoding: (try? Data(contentsOf: $0)) ?? Data(), as: UTF8.self) }
            .joined(separator: "\n")
    }

    @Test(
        "a redirect to another host (302, 307) is never followed by either service: no request reaches it, exit 76, nothing written",
        arguments: [302, 307])
    func redirects(status: Int) async throws {
        let thief = try LoopbackHTTPServer { _ in .json("{}") }
        let location = thief.baseURL.appendingPathComponent("steal").absoluteString
        let redirect = ScriptedResponse(status: status, headers: ["Location": location], body: Data())
        let kobis = try FakeKOBISServer(validKey: Self.key, script: { _ in redirect })
        let tmdb = try FakeTMDBServer(validToken: Self.token, script: { _ in redirect })
        let folder = try TemporaryFolder()
        let environment = FaultInjectionTests.environment(
            kobis, folder, extra: ["KOBIS_API_KEY": Self.key, "TMDB_API_TOKEN": Self.token, "TMDB_BASE_URL": tmdb.baseURL.absoluteString])
        let kobisRun = try await BoxOfficeProcess.run(["report", "2025-03-05", "--retries", "0"], environment: environment, in: folder.url)
        #expect(kobisRun.status == 76, "\(kobisRun.stderr)")
        #expect(kobisRun.stderr.contains("a redirect, which boxoffice never follows") && kobisRun.stderrLines.count == 1)
        #expect(folder.files(in: "Reports").isEmpty)

        // KOBIS answers properly; TMDB redirects every request.
        let honest = try FakeKOBISServer(validKey: Self.key)
        let tmdbRun = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--retries", "0", "--require-tmdb"],
            environment: FaultInjectionTests.environment(
                honest, folder, extra: ["KOBIS_API_KEY": Self.key, "TMDB_API_TOKEN": Self.token, "TMDB_BASE_URL": tmdb.baseURL.absoluteString]),
            in: folder.url)
        #expect(tmdbRun.status == 76, "\(tmdbRun.stderr)")
        #expect(thief.requests.isEmpty, "no request, and so no credential, reached the other host")
        #expect(!tmdb.server.requests.isEmpty && !kobis.server.requests.isEmpty)
    }

    @Test("a TMDB error that echoes the token: the token is in no report, message or cache file")
    func echoedToken() async throws {
        let echo = ScriptedResponse.json(#"{"errors":["token \#(Self.token) is not allowed to search"]}"#, status: 422)
        let tmdb = try FakeTMDBServer(validToken: Self.token, script: { $0.path.contains("search") ? echo : nil })
        let kobis = try FakeKOBISServer(validKey: Self.key)
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-05"],
            environment: FaultInjectionTests.environment(
                kobis, folder, extra: ["KOBIS_API_KEY": Self.key, "TMDB_API_TOKEN": Self.token, "TMDB_BASE_URL": tmdb.baseURL.absoluteString]),
            in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.files(in: "Reports").count == 4 + ReportTables.tables(periods: false).count, "JSON, md, html, txt and the CSVs")
        let everything = result.stdout + result.stderr + Self.everything(in: folder)
        #expect(everything.contains("[redacted]"), "the message is kept, the token removed")
        #expect(!everything.contains(Self.token) && !everything.contains("FAKE-TOKEN") && !everything.contains(Self.key))
    }
}

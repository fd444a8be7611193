import BoxOfficeOutput
import BoxOfficeServices
import FakeServices
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 12's "nothing lost, nothing silent", as a cron job would meet it: a full disk, a cache or
/// quota ledger that cannot be written, a report file that cannot be replaced, a read-only cache.
/// Each test states the exit code and the state of the output folder, cache and ledger afterwards.
@Suite("Writes that fail are said, and lose nothing", .serialized)
struct WriteFailureTests {
    static let week = "2025-03-03..2025-03-09"

    func environment(_ server: FakeKOBISServer, cache: URL, state: URL, today: String = "2025-03-10") -> [String: String] {
        BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString,
            "BOXOFFICE_TODAY": today, "XDG_CACHE_HOME": cache.path, "XDG_STATE_HOME": state.path,
        ])
    }

    /// The calls the ledger holds for the fake's key on the pinned day (Seoul 2025-03-10).
    func ledgerCount(_ state: URL, key: String) -> Int {
        QuotaLedger(file: state.appendingPathComponent("boxoffice/kobis-calls.json"), key: key).used(on: .init(iso: "2025-03-10")!)
    }

    /// Cache entries (not the lock, not temporaries) under a cache root, by relative path.
    func entries(_ cacheRoot: URL) -> [String] {
        let root = cacheRoot.appendingPathComponent("boxoffice")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
            .map { String($0.path.dropFirst(root.path.count + 1)) }.sorted()
    }

    @Test("a cache folder that is a file: fetch refuses with 73 before any call; report too, and --no-cache works")
    func cacheFolderIsAFile() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: cache.appendingPathComponent("boxoffice"))
        let state = folder.url.appendingPathComponent("state")

        for command in [["fetch", Self.week], ["report", Self.week]] {
            let run = try await BoxOfficeProcess.run(command, environment: environment(server, cache: cache, state: state), in: folder.url)
            #expect(run.status == 73, "\(command[0]): \(run.stderr)")
            #expect(run.stderrLines.count == 1 && run.stderr.contains("cannot write to the cache") && run.stderr.contains("no call was sent"))
            #expect(run.stderr.contains(cache.appendingPathComponent("boxoffice").path))
        }
        #expect(server.server.requests.isEmpty, "no call spent on a cache that cannot keep it")
        #expect(ledgerCount(state, key: server.validKey) == 0)
        #expect(folder.files(in: "Reports").isEmpty)

        let uncached = try await BoxOfficeProcess.run(
            ["report", Self.week, "--no-cache", "--format", "json"], environment: environment(server, cache: cache, state: state), in: folder.url)
        #expect(uncached.status == 0, "\(uncached.stderr)")
    }

    @Test("an entry that cannot be written mid-run: fetch stops with 73 naming it; report warns with the count and writes the report")
    func entryCannotBeWritten() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("cache")
        let state = folder.url.appendingPathComponent("state")
        // The cache folder is writable (the check before the first call passes), but a file sits
        // where the KOBIS entries' folder belongs, so every entry fails.
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("boxoffice"), withIntermediateDirectories: true)
        try Data().write(to: cache.appendingPathComponent("boxoffice/kobis"))

        let fetch = try await BoxOfficeProcess.run(
            ["fetch", Self.week, "--concurrency", "1", "--no-tmdb"], environment: environment(server, cache: cache, state: state), in: folder.url)
        #expect(fetch.status == 73, "\(fetch.stderr)")
        #expect(fetch.stdout.isEmpty, "no summary claiming dates were cached")
        #expect(fetch.stderrLines.count == 1)
        #expect(fetch.stderr.contains("cannot write the cache entry") && fetch.stderr.contains("a file is in the way where a folder belongs"))
        #expect(fetch.stderr.contains(cache.appendingPathComponent("boxoffice/kobis").path))
        let spent = server.server.requests.count
        #expect((1...4).contains(spent), "stopped at the first failure, not after the whole range: \(spent) calls")
        // A call is recorded when it is about to be sent; one cancelled while waiting for its turn
        // is counted though never sent: the ledger may overcount a few, never undercount.
        #expect((spent...spent + 4).contains(ledgerCount(state, key: server.validKey)), "every call sent is in the ledger")

        server.server.resetLog()
        let report = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "json,md", "--no-tmdb", "--no-look-back"], environment: environment(server, cache: cache, state: state),
            in: folder.url)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdoutLines.count == 2 + 3, "the reports, the index and the feed")
        let warnings = report.stderrLines.filter { $0.contains("not cached") }
        #expect(
            warnings == [
                "boxoffice: warning: 21 responses were not cached: cannot write \(cache.path)/boxoffice/kobis (a file is in the way where a folder belongs); the next run will fetch them again"
            ])
        #expect(server.server.requests.count == 21)
        #expect(entries(cache).isEmpty)
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("boxoffice/.incoming").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("boxoffice/.incoming").path).isEmpty)
    }

    @Test("a quota ledger that cannot be written: fetch sends nothing (73); report sends and warns how many went unrecorded")
    func ledgerCannotBeWritten() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("cache")

        // XDG_STATE_HOME a regular file.
        let stateFile = folder.url.appendingPathComponent("state-file")
        try Data("x".utf8).write(to: stateFile)
        let fetch = try await BoxOfficeProcess.run(
            ["fetch", Self.week], environment: environment(server, cache: cache, state: stateFile), in: folder.url)
        #expect(fetch.status == 73, "\(fetch.stderr)")
        #expect(fetch.stderrLines.count == 1 && fetch.stderr.contains("cannot update the quota ledger") && fetch.stderr.contains(stateFile.path))
        #expect(fetch.stderr.contains("no call was sent"))
        #expect(server.server.requests.isEmpty)

        // Its lock a folder.
        let state = folder.url.appendingPathComponent("state")
        try FileManager.default.createDirectory(
            at: state.appendingPathComponent("boxoffice/kobis-calls.json.lock"), withIntermediateDirectories: true)
        let locked = try await BoxOfficeProcess.run(
            ["fetch", Self.week], environment: environment(server, cache: cache, state: state), in: folder.url)
        #expect(
            locked.status == 73 && locked.stderr.contains("kobis-calls.json.lock") && locked.stderr.contains("Is a directory"), "\(locked.stderr)")
        #expect(server.server.requests.isEmpty)
        #expect(entries(cache).isEmpty)

        // A report goes ahead: its product matters more than the count, and it says what was not counted.
        let report = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "json", "--no-tmdb", "--no-look-back"],
            environment: environment(server, cache: cache, state: stateFile),
            in: folder.url)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stderrLines.contains {
                $0.hasPrefix("boxoffice: warning: 21 KOBIS calls were not recorded in the quota ledger (cannot write \(stateFile.path)")
            })
        #expect(server.server.requests.count == 21)
        #expect(entries(cache).count == 21, "what was fetched is cached")
    }

    @Test("boxoffice quota prints today's calls per key fingerprint, never the key")
    func quotaCommand() async throws {
        let server = try FakeKOBISServer(validKey: "KOBIS-SECRET-0123")
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("cache")
        let state = folder.url.appendingPathComponent("state")
        let none = try await BoxOfficeProcess.run(["quota"], environment: environment(server, cache: cache, state: state), in: folder.url)
        let fingerprint = QuotaLedger.fingerprint(of: server.validKey)
        #expect(none.status == 0 && none.stderr.isEmpty, "\(none.stderr)")
        #expect(none.stdoutLines.last == "  key \(fingerprint)  0 spent  3,000 left  (KOBIS_API_KEY)")

        let fetch = try await BoxOfficeProcess.run(
            ["fetch", Self.week, "--no-tmdb"], environment: environment(server, cache: cache, state: state), in: folder.url)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        var other = environment(server, cache: cache, state: state)
        other["KOBIS_API_KEY"] = "another-key"
        let quota = try await BoxOfficeProcess.run(["quota"], environment: other, in: folder.url)
        #expect(quota.status == 0)
        #expect(
            quota.stdoutLines == [
                "KOBIS calls on 2025-03-10 (Seoul), from \(state.path)/boxoffice/kobis-calls.json:",
                "  key \(QuotaLedger.fingerprint(of: "another-key"))   0 spent  3,000 left  (KOBIS_API_KEY)",
                "  key \(fingerprint)  21 spent  2,979 left",
            ])
        #expect(!quota.stdout.contains("KOBIS-SECRET") && !quota.stdout.contains("another-key"))
    }

    @Test("a report file that cannot be replaced (a folder named like the .md): 73, and the previous set is untouched")
    func failingRename() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("cache")
        let state = folder.url.appendingPathComponent("state")
        let first = try await BoxOfficeProcess.run(
            ["report", Self.week, "--no-tmdb"], environment: environment(server, cache: cache, state: state), in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let reports = folder.url.appendingPathComponent("Reports")
        let before = try Dictionary(
            uniqueKeysWithValues: folder.files(in: "Reports").map { ($0, try Data(contentsOf: reports.appendingPathComponent($0))) })
        #expect(before.count == BoxOfficeProcess.dailyReportFiles)

        // Another day's run (yesterday's chart final now, so every file's text differs) meets a
        // folder where the Markdown file belongs.
        let markdown = reports.appendingPathComponent("boxoffice-2025-03-03_2025-03-09.md")
        try FileManager.default.removeItem(at: markdown)
        try FileManager.default.createDirectory(at: markdown, withIntermediateDirectories: false)
        let second = try await BoxOfficeProcess.run(
            ["report", Self.week, "--no-tmdb"], environment: environment(server, cache: cache, state: state, today: "2025-03-20"), in: folder.url)
        #expect(second.status == 73, "\(second.stderr)")
        #expect(
            second.stderrLines.count == 1 && second.stderr.contains(markdown.path) && second.stderr.contains("a folder of that name is in the way"))
        #expect(second.stdout.isEmpty)
        for (name, data) in before where !name.hasSuffix(".md") {
            #expect(try Data(contentsOf: reports.appendingPathComponent(name)) == data, "\(name) is the previous run's")
        }
        #expect(folder.files(in: "Reports") == before.keys.sorted(), "no temporary or backup left")
    }

    @Test(
        "a shared sticky folder where the old report belongs to another user: 73 before any rename, every file untouched",
        .enabled(if: BoxOfficeProcess.canSwitchUser, "needs root and setpriv to run as another user"))
    func stickyFolderOfAnotherUser() async throws {
        let folder = try TemporaryFolder()
        let shared = folder.url.appendingPathComponent("shared")
        let home = folder.url.appendingPathComponent("home")
        for url in [shared, home] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)

        let mine = try await BoxOfficeProcess.run(["report", "--sample", "--output", shared.path], in: folder.url)
        #expect(mine.status == 0, "\(mine.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: shared.path).sorted()
        let before = try names.map { try Data(contentsOf: shared.appendingPathComponent($0)) }

        let theirs = try await BoxOfficeProcess.runAsNobody(
            ["report", "--sample", "--output", shared.path, "--format", "json,md"],
            environment: BoxOfficeProcess.environment(["HOME": home.path]), in: folder.url)
        #expect(theirs.status == 73, "\(theirs.stderr)")
        #expect(
            theirs.stderrLines.count == 1
                && theirs.stderr.contains(shared.appendingPathComponent(names.first { $0.hasSuffix(".json") && !$0.hasPrefix(".") }!).path))
        #expect(theirs.stderr.contains("belongs to another user in a shared folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path).sorted() == names, "no temporary left")
        #expect(try names.map { try Data(contentsOf: shared.appendingPathComponent($0)) } == before)
    }

    @Test("two runs with different data writing one folder at once: it always holds one run's complete set")
    func concurrentRunsIntoOneFolder() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        // Two runs over the same week whose files differ: on 03-10 the last day is provisional, on 03-20 final.
        let runs = ["2025-03-10", "2025-03-20"].map { today in
            environment(
                server, cache: folder.url.appendingPathComponent("cache-\(today)"), state: folder.url.appendingPathComponent("state"),
                today: today)
        }
        let arguments = ["report", Self.week, "--no-tmdb", "--format", "json,csv,md", "-q", "--output"]
        var expected: [[String: Data]] = []
        for (index, run) in runs.enumerated() {
            let alone = try await BoxOfficeProcess.run(arguments + ["alone-\(index)"], environment: run, in: folder.url)
            #expect(alone.status == 0, "\(alone.stderr)")
            let names = folder.files(in: "alone-\(index)")
            expected.append(
                try Dictionary(
                    uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.url.appendingPathComponent("alone-\(index)/\($0)"))) }))
        }
        let files = 2 + BoxOfficeProcess.dailyCSVs  // json, the CSVs, md
        #expect(expected.count == 2 && expected[0].count == files && expected[0] != expected[1])
        // Hold the folder's commit lock while both runs stage their files, so that both reach their
        // commit at the same moment; then let them race.
        let shared = folder.url.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let lock = open(shared.path, O_RDONLY | O_DIRECTORY)
        #expect(flock(lock, LOCK_EX) == 0)
        let root = folder.url
        async let a = BoxOfficeProcess.run(arguments + ["Shared"], environment: runs[0], in: root)
        async let b = BoxOfficeProcess.run(arguments + ["Shared"], environment: runs[1], in: root)
        let deadline = Date().addingTimeInterval(30)
        while folder.files(in: "Shared").filter({ $0.hasSuffix(".tmp") }).count < 10, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(folder.files(in: "Shared").filter { $0.hasSuffix(".tmp") }.count == 2 * files, "both runs staged their files")
        #expect(!folder.files(in: "Shared").contains { !$0.hasPrefix(".") }, "nothing renamed into a locked folder")
        flock(lock, LOCK_UN)
        close(lock)
        let (first, second) = try await (a, b)
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        let names = folder.files(in: "Shared")
        let found = try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: shared.appendingPathComponent($0))) })
        #expect(found == expected[0] || found == expected[1], "a mix of two runs, or something left over: \(names)")
    }

    @Test("stale cache temporaries are swept by the next run that writes")
    func staleCacheTemporaries() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("cache")
        let state = folder.url.appendingPathComponent("state")
        let incoming = cache.appendingPathComponent("boxoffice/.incoming")
        try FileManager.default.createDirectory(at: incoming, withIntermediateDirectories: true)
        try Data(count: 10_000).write(to: incoming.appendingPathComponent("0123456789AB.tmp"))
        let run = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "--format", "json", "--no-tmdb"], environment: environment(server, cache: cache, state: state), in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        HostileCase.record(9, "stale cache temporaries", run)
        #expect(try FileManager.default.contentsOfDirectory(atPath: incoming.path).isEmpty)
    }

    @Test("argument errors are one line and exit 64, like every other error")
    func argumentErrors() async throws {
        let folder = try TemporaryFolder()
        for arguments in [["report", "--rank-by", "x"], ["report", "--bogus"], ["fetch"], ["report", "--offline", "--no-cache"], ["frob"]] {
            let run = try await BoxOfficeProcess.run(arguments, in: folder.url)
            #expect(run.status == 64, "\(arguments)")
            #expect(
                run.stderrLines.count == 1 && run.stderr.hasPrefix("boxoffice: ") && !run.stderr.contains("Usage:"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("--help"))
        }
        let help = try await BoxOfficeProcess.run(["report", "--help"], in: folder.url)
        #expect(help.status == 0 && help.stdout.contains("USAGE: boxoffice report"))
    }

    // MARK: - On a real small or read-only disk (a tmpfs; needs root to mount)

    @Test(
        "a full disk: fetch and report refuse with 73 before any call, naming the cause",
        .enabled(if: TinyDisk.available, "mounting a tmpfs needs root"))
    func fullDisk() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 64 << 10, in: folder.url)
        disk.fill()
        let state = folder.url.appendingPathComponent("state")
        for command in [["fetch", Self.week], ["report", Self.week]] {
            let run = try await BoxOfficeProcess.run(command, environment: environment(server, cache: disk.url, state: state), in: folder.url)
            #expect(run.status == 73, "\(command[0]): \(run.stderr)")
            #expect(
                run.stderrLines.count == 1 && run.stderr.contains("No space left on device") && run.stderr.contains("no call was sent"),
                "\(run.stderr)")
        }
        #expect(server.server.requests.isEmpty && ledgerCount(state, key: server.validKey) == 0)
        #expect(folder.files(in: "Reports").isEmpty)
    }

    @Test(
        "a disk that fills mid-fetch: 73 naming the entry; every call is in the ledger; with space again the rerun sends only what is missing",
        .enabled(if: TinyDisk.available, "mounting a tmpfs needs root"))
    func diskFillsMidFetch() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 40 << 10, in: folder.url)
        let state = folder.url.appendingPathComponent("state")
        let fetch = try await BoxOfficeProcess.run(
            ["fetch", Self.week, "--no-tmdb", "--concurrency", "1"], environment: environment(server, cache: disk.url, state: state), in: folder.url)
        #expect(fetch.status == 73, "\(fetch.stderr)")
        #expect(
            fetch.stderrLines.count == 1 && fetch.stderr.contains("cannot write the cache entry") && fetch.stderr.contains("No space left on device"))
        #expect(fetch.stdout.isEmpty)
        let sent = server.server.requests.count
        let cached = entries(disk.url).count
        #expect(cached > 0 && cached < 21 && sent < 21, "stopped part-way: \(cached) cached, \(sent) sent")
        #expect(ledgerCount(state, key: server.validKey) >= sent)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.appendingPathComponent("boxoffice/.incoming").path).isEmpty)

        try disk.resize(bytes: 1 << 20)
        server.server.resetLog()
        let again = try await BoxOfficeProcess.run(
            ["fetch", Self.week, "--no-tmdb"], environment: environment(server, cache: disk.url, state: state), in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(server.server.requests.count == 21 - cached, "what was cached is not fetched again")
        #expect(entries(disk.url).count == 21)
    }

    @Test(
        "a report on a disk that fills: the report is written elsewhere and a warning counts what was not cached",
        .enabled(if: TinyDisk.available, "mounting a tmpfs needs root"))
    func reportOnFillingDisk() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 40 << 10, in: folder.url)
        let run = try await BoxOfficeProcess.run(
            ["report", Self.week, "--no-tmdb", "--format", "json"],
            environment: environment(server, cache: disk.url, state: folder.url.appendingPathComponent("state")), in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let cached = entries(disk.url).count
        let warning = try #require(run.stderrLines.first { $0.contains("not cached") })
        // Every response, the comparison charts' too, is counted.
        #expect(
            warning.hasPrefix(
                "boxoffice: warning: \(server.server.requests.count - cached) responses were not cached: cannot write \(disk.url.path)/boxoffice/"))
        #expect(warning.contains("(No space left on device); the next run will fetch them again"))
        #expect(folder.files(in: "Reports") == ["boxoffice-2025-03-03_2025-03-09.json"])
    }

    @Test(
        "the JSON, written to its file as it is encoded, meets a full disk part-way: 73, one line, the folder as it was",
        .enabled(if: TinyDisk.available, "mounting a tmpfs needs root"))
    func jsonOnFillingDisk() async throws {
        let folder = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 64 << 10, in: folder.url)
        let earlier = try await BoxOfficeProcess.run(["report", "--sample", "-f", "txt", "-o", disk.url.path], in: folder.url)
        #expect(earlier.status == 0, "\(earlier.stderr)")
        func listing() throws -> [String: Data] {
            try Dictionary(
                uniqueKeysWithValues: FileManager.default.contentsOfDirectory(atPath: disk.url.path).map {
                    ($0, try Data(contentsOf: disk.url.appendingPathComponent($0)))
                })
        }
        let before = try listing()
        // The sample's JSON is 92 KB: its first pieces fit, the rest do not.
        let run = try await BoxOfficeProcess.run(["report", "--sample", "-f", "json,md", "-o", disk.url.path], in: folder.url)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("No space left on device"), "\(run.stderr)")
        #expect(try listing() == before, "the earlier report whole, no part of the new one, no temporary file")
    }

    @Test(
        "a read-only warm cache: --offline reports from it; a run that would fetch refuses with 73 and sends nothing",
        .enabled(if: TinyDisk.available, "mounting a tmpfs needs root"))
    func readOnlyCache() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 1 << 20, in: folder.url)
        let state = folder.url.appendingPathComponent("state")
        let warm = try await BoxOfficeProcess.run(
            ["fetch", Self.week, "--no-tmdb"], environment: environment(server, cache: disk.url, state: state), in: folder.url)
        #expect(warm.status == 0, "\(warm.stderr)")
        try disk.makeReadOnly()
        server.server.resetLog()

        let offline = try await BoxOfficeProcess.run(
            ["report", Self.week, "--offline", "--no-tmdb", "--format", "json,md", "--quiet"],
            environment: environment(server, cache: disk.url, state: state),
            in: folder.url)
        #expect(offline.status == 0 && offline.stderr.isEmpty, "\(offline.stderr)")
        #expect(folder.files(in: "Reports").count == 2)

        let online = try await BoxOfficeProcess.run(
            ["report", "2025-03-02", "--no-tmdb"], environment: environment(server, cache: disk.url, state: state), in: folder.url)
        #expect(
            online.status == 73 && online.stderr.contains("Read-only file system") && online.stderr.contains("no call was sent"), "\(online.stderr)")
        #expect(server.server.requests.isEmpty)
    }

    @Test(
        "a read-only state folder: fetch sends nothing (73) rather than spend calls the ledger cannot count",
        .enabled(if: TinyDisk.available, "mounting a tmpfs needs root"))
    func readOnlyLedger() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 256 << 10, in: folder.url)
        try disk.makeReadOnly()
        let fetch = try await BoxOfficeProcess.run(
            ["fetch", Self.week], environment: environment(server, cache: folder.url.appendingPathComponent("cache"), state: disk.url), in: folder.url
        )
        #expect(fetch.status == 73, "\(fetch.stderr)")
        #expect(fetch.stderr.contains("cannot update the quota ledger") && fetch.stderr.contains("Read-only file system"))
        #expect(server.server.requests.isEmpty)
    }

    @Test(
        "a full output disk: 73 naming the folder; the previous reports stay whole, no temporary left",
        .enabled(if: TinyDisk.available, "mounting a tmpfs needs root"))
    func fullOutputDisk() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let disk = try TinyDisk(bytes: 1 << 20, in: folder.url)
        let env = environment(server, cache: folder.url.appendingPathComponent("cache"), state: folder.url.appendingPathComponent("state"))
        let first = try await BoxOfficeProcess.run(["report", Self.week, "--no-tmdb", "--output", disk.url.path], environment: env, in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: disk.url.path).sorted()
        let before = try names.map { try Data(contentsOf: disk.url.appendingPathComponent($0)) }
        disk.fill()
        let second = try await BoxOfficeProcess.run(["report", Self.week, "--no-tmdb", "--output", disk.url.path], environment: env, in: folder.url)
        #expect(second.status == 73 && second.stderr.contains("No space left on device") && second.stderr.contains(disk.url.path), "\(second.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path).sorted() == (names + ["filler"]).sorted())
        #expect(try names.map { try Data(contentsOf: disk.url.appendingPathComponent($0)) } == before)
    }
}

/// Issue 27, item 9: what a run leaves behind is swept whatever its name, and links in the cache
/// and the output folder are never followed.
@Suite("Leftovers and links", .serialized)
struct LeftoversAndLinksTests {
    func environment(_ server: FakeKOBISServer, _ folder: TemporaryFolder) -> [String: String] {
        BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString,
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ])
    }

    @Test("two-hour-old temporaries of the index and film pages are swept; fresh ones and links named like them are left alone")
    func sweepsEveryTemporaryName() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let outside = folder.url.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: outside)
        let old = [".index.html.0A1B2C3D.tmp", ".index.md.0A1B2C3D.tmp", ".film-20259001.html.0A1B2C3D.tmp", ".boxoffice-x.md.0A1B2C3D.tmp"]
        for name in old + [".index.html.FFFFFFFF.tmp"] { try Data("partial".utf8).write(to: out.appendingPathComponent(name)) }
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent(".linked.0A1B2C3D.tmp").path, withDestinationPath: outside.path)
        let twoHoursAgo = Date().addingTimeInterval(-7_200)
        for name in old + [".linked.0A1B2C3D.tmp"] {
            try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: out.appendingPathComponent(name).path)
        }
        let result = try await BoxOfficeProcess.run(["report", "--sample", "-f", "md", "-o", "out"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        HostileCase.record(9, "stale index and film-page temporaries, links named like them", result)
        let left = folder.allFiles(in: "out").filter { $0.hasPrefix(".") && $0 != ArchiveIndex.stateFile && $0 != ArchiveIndex.folderIDFile }
        #expect(left == [".index.html.FFFFFFFF.tmp", ".linked.0A1B2C3D.tmp"], "old ones swept, the fresh one and the link kept: \(left)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me")
    }

    @Test(
        "a link in the cache, .lock dangling or .incoming to another folder: 73 naming it, no call, nothing made or deleted where it points",
        arguments: [".lock", ".incoming"])
    func cacheLink(name: String) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("cache/boxoffice")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // .lock points at nothing (a run would create it there); .incoming at a folder holding
        // someone's temporary (a sweep would delete it).
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        let draft = elsewhere.appendingPathComponent("draft.tmp")
        if name == ".incoming" {
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try Data("someone's work".utf8).write(to: draft)
        }
        try FileManager.default.createSymbolicLink(atPath: cache.appendingPathComponent(name).path, withDestinationPath: elsewhere.path)
        let result = try await BoxOfficeProcess.run(["report", "2025-03-05"], environment: environment(server, folder), in: folder.url)
        HostileCase.record(9, "a link as the cache's \(name)", result)
        #expect(result.status == 73 && result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(name) && result.stderr.contains("symbolic link"), "\(result.stderr)")
        if name == ".incoming" {
            #expect(FileManager.default.fileExists(atPath: draft.path), "the temporaries where it points are not deleted")
        } else {
            #expect(!FileManager.default.fileExists(atPath: elsewhere.path), "nothing made where the link points")
        }
        #expect(server.server.requests.isEmpty, "refused before a call is spent")
    }
}

import BoxOfficeModel
import BoxOfficeServices
import FakeServices
import Foundation
import Testing

/// The cache, the budget and the lock, as a user meets them: the built binary against loopback KOBIS.
@Suite("Cache, budget and resumable fetches, end to end", .serialized)
struct CacheTests {
    static let week = "2025-03-03..2025-03-09"

    func environment(
        _ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String = "2025-03-10", extra: [String: String] = [:]
    ) -> [String: String] {
        BoxOfficeProcess.environment(
            [
                "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString,
                "BOXOFFICE_TODAY": today, "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
                "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
            ].merging(extra) { $1 })
    }

    /// Every file under the cache folder, as relative paths, with their contents.
    func cacheFiles(_ folder: TemporaryFolder) -> [(path: String, data: Data)] {
        let root = folder.url.appendingPathComponent("cache/boxoffice")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }.compactMap { url in
            (try? Data(contentsOf: url)).map { (String(url.path.dropFirst(root.path.count + 1)), $0) }
        }.sorted { $0.path < $1.path }
    }

    @Test("every request sent is in the ledger, retries included, and --budget bounds them all; unused calls recorded ahead are given back")
    func ledgerCountsEveryRequest() async throws {
        // Every request's first attempt is a 503: each chart and movie info costs two requests.
        func failingFirst() throws -> FakeKOBISServer {
            let seen = SeenDates()
            return try FakeKOBISServer(script: { request in
                seen.firstTime(request.target) ? .json(#"{"message":"Service Unavailable"}"#, status: 503) : nil
            })
        }
        let server = try failingFirst()
        let folder = try TemporaryFolder()
        let ledger = QuotaLedger(
            file: folder.url.appendingPathComponent("state/boxoffice/kobis-calls.json"), key: server.validKey)
        let fetch = try await BoxOfficeProcess.run(
            ["fetch", Self.week, "--no-tmdb", "-q"], environment: environment(server, folder), in: folder.url)
        HostileCase.record(4, "fetch, every first attempt 503: retries in the ledger", fetch)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let sent = server.server.requests.count
        #expect(sent > 2 * 7, "retries happened: \(sent)")
        #expect(ledger.used(on: Day(iso: "2025-03-10")!) == sent, "the ledger holds exactly the requests sent, retries included")

        // A budget of 9 calls: at most 9 requests, retries included, all of them recorded.
        let other = try TemporaryFolder()
        let limited = try failingFirst()
        let budgeted = try await BoxOfficeProcess.run(
            ["fetch", "2025-02-01..2025-02-28", "--no-tmdb", "-q", "--budget", "9"], environment: environment(limited, other), in: other.url)
        HostileCase.record(4, "fetch --budget 9 with retries", budgeted)
        #expect(budgeted.status == 75, "\(budgeted.stderr)")
        let otherLedger = QuotaLedger(file: other.url.appendingPathComponent("state/boxoffice/kobis-calls.json"), key: limited.validKey)
        // A call taken for a request that the stop then cancels (waiting for a connection) is
        // counted though never sent: the ledger may hold more than was sent, never fewer.
        let recorded = otherLedger.used(on: Day(iso: "2025-03-10")!)
        #expect(
            limited.server.requests.count <= 9 && recorded <= 9 && recorded >= limited.server.requests.count,
            "\(recorded) recorded, \(limited.server.requests.count) sent")
    }

    @Test("a ledger that cannot be read: fetch refuses to guess today's calls (73, nothing sent) unless given --budget, then sets it aside whole")
    func unreadableLedger() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let state = folder.url.appendingPathComponent("state/boxoffice")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let ledger = state.appendingPathComponent("kobis-calls.json")
        let other = QuotaLedger.fingerprint(of: "another key")
        try Data((#"{"\#(other)": {"2025-03-10": 500}}"# + String(repeating: " ", count: 17 << 20)).utf8).write(to: ledger)
        let refused = try await BoxOfficeProcess.run(["fetch", "2025-03-05", "-q"], environment: environment(server, folder), in: folder.url)
        HostileCase.record(4, "fetch with a 17 MB ledger, no --budget", refused)
        #expect(refused.status == 73 && refused.stderrLines.count == 1 && refused.stderr.contains("--budget"), "\(refused.stderr)")
        #expect(server.server.requests.isEmpty)
        #expect((try? FileManager.default.attributesOfItem(atPath: ledger.path)[.size] as? Int) ?? 0 > 17 << 20, "untouched")

        let budgeted = try await BoxOfficeProcess.run(
            ["fetch", "2025-03-05", "-q", "--budget", "20"], environment: environment(server, folder), in: folder.url)
        HostileCase.record(4, "fetch --budget 20 with a 17 MB ledger", budgeted)
        #expect(budgeted.status == 0, "\(budgeted.stderr)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasPrefix("kobis-calls.json.damaged-") }
        #expect(aside.count == 1, "the unreadable ledger is kept aside whole")
        #expect(QuotaLedger(file: ledger, key: server.validKey).used(on: Day(iso: "2025-03-10")!) == server.server.requests.count)
    }

    @Test(
        "a second run over the same range sends no KOBIS request, except for yesterday's provisional chart after hours, and once more when it is final"
    )
    func secondRun() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let first = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "json"], environment: environment(server, folder), in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let firstCount = server.server.requests.count
        #expect(
            firstCount == 14 + 7 + 14,
            "the week's charts, the week before's (for %± LW and the #1's streak), the same weekdays 52 weeks earlier, and the fourteen films the week names"
        )

        let second = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "json"], environment: environment(server, folder), in: folder.url)
        #expect(second.status == 0 && server.server.requests.count == firstCount, "nothing fetched twice")
        let json = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-03_2025-03-09.json"), encoding: .utf8)
        #expect(json.contains("Provisional: KOBIS revises the figures for 2025-03-09"))

        // Yesterday's chart is provisional: re-fetched once it is hours old, and only it.
        server.server.resetLog()
        let cacheFile = folder.url.appendingPathComponent("cache/boxoffice/kobis/daily/all/2025/20250309.json")
        let old = try Data(contentsOf: cacheFile)
        let header = String(decoding: old.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self).split(separator: " ")
        let aged = "boxoffice-cache 1 \(Int(header[2])! - 4 * 3600) \(header[3]) \(header[4])"
        try (Data(aged.utf8) + old.drop { $0 != UInt8(ascii: "\n") }).write(to: cacheFile)
        let third = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "json"], environment: environment(server, folder), in: folder.url)
        #expect(third.status == 0)
        #expect(server.chartRequests.map { $0.query["targetDt"] } == ["20250309"] && server.movieInfoRequests.isEmpty)

        // Once the day is final, the chart fetched while it was provisional is fetched once more
        // (KOBIS's final figures), and the report no longer calls it provisional; then never again.
        server.server.resetLog()
        let later = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "json"], environment: environment(server, folder, today: "2025-03-12"), in: folder.url)
        #expect(later.status == 0 && server.chartRequests.map { $0.query["targetDt"] } == ["20250309"] && server.movieInfoRequests.isEmpty)
        let final = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-03_2025-03-09.json"), encoding: .utf8)
        #expect(!final.contains("Provisional:"))
        server.server.resetLog()
        let after = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "json"], environment: environment(server, folder, today: "2025-03-13"), in: folder.url)
        #expect(after.status == 0 && server.server.requests.isEmpty)
    }

    @Test("cache entries are named after what they hold and contain no secret")
    func noSecrets() async throws {
        let server = try FakeKOBISServer(validKey: "KOBIS-SECRET-f00dfeed")
        let tmdb = try FakeTMDBServer(validToken: "eyJ.TMDB-SECRET-c0ffee")
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", Self.week, "--upcoming"],
            environment: environment(server, folder, extra: ["TMDB_API_TOKEN": tmdb.validToken, "TMDB_BASE_URL": tmdb.baseURL.absoluteString]),
            in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let files = cacheFiles(folder)
        #expect(files.count > 30)
        #expect(files.contains { $0.path == "kobis/daily/all/2025/20250305.json" } && files.contains { $0.path.hasPrefix("tmdb/details-2/") })
        let secrets = ["KOBIS-SECRET-f00dfeed", "eyJ.TMDB-SECRET-c0ffee", "f00dfeed", "c0ffee"]
        for file in files {
            for secret in secrets {
                #expect(!file.path.contains(secret) && !String(decoding: file.data, as: UTF8.self).contains(secret), "\(file.path)")
            }
        }
        let ledger = try String(contentsOf: folder.url.appendingPathComponent("state/boxoffice/kobis-calls.json"), encoding: .utf8)
        #expect(!secrets.contains { ledger.contains($0) })
        #expect(ledger.contains("\"2025-03-10\" : 35"), "\(ledger)")
    }

    @Test("a corrupted or truncated entry is discarded and fetched again, not trusted", arguments: ["truncate", "corrupt", "garbage"])
    func damagedEntry(damage: String) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        _ = try await BoxOfficeProcess.run(["report", Self.week, "--format", "json"], environment: environment(server, folder), in: folder.url)
        let entry = folder.url.appendingPathComponent("cache/boxoffice/kobis/daily/all/2025/20250305.json")
        var data = try Data(contentsOf: entry)
        switch damage {
        case "truncate": data = data.prefix(data.count - 40)
        case "corrupt": data[data.count - 30] ^= 0x20
        default: data = Data("not a cache entry".utf8)
        }
        try data.write(to: entry)
        server.server.resetLog()
        let rerun = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "json"], environment: environment(server, folder), in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(server.chartRequests.map { $0.query["targetDt"] } == ["20250305"])
        let cache = ResponseCache(directory: folder.url.appendingPathComponent("cache/boxoffice"))
        #expect(cache.read("kobis/daily/all/2025/20250305.json") != nil, "replaced by a sound entry")
    }

    @Test("the budget runs out mid-range: exit 75, nothing lost; the rerun sends exactly the missing requests")
    func budgetExhausted() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let first = try await BoxOfficeProcess.run(
            ["fetch", Self.week, "--budget", "10", "--concurrency", "4"], environment: environment(server, folder), in: folder.url)
        #expect(first.status == 75)
        #expect(first.stderrLines.count == 1 && first.stderr.contains("budget of 10 KOBIS calls is spent") && first.stderr.contains("again"))
        #expect(server.server.requests.count == 10, "no call beyond the budget")
        #expect(first.stdoutLines.first?.contains("of 7 dates cached") == true)
        let fetchedFirst = Set(server.server.requests.map(\.target))

        server.server.resetLog()
        let second = try await BoxOfficeProcess.run(["fetch", Self.week], environment: environment(server, folder), in: folder.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdoutLines.first?.contains("7 of 7 dates cached") == true)
        let targets = server.server.requests.map(\.target)
        #expect(Set(targets).isDisjoint(with: fetchedFirst), "nothing fetched twice")
        #expect(targets.count == 21 - 10 && Set(targets).count == targets.count)

        // Then the report is served from the cache without a single call.
        server.server.resetLog()
        let report = try await BoxOfficeProcess.run(["report", Self.week, "--offline"], environment: environment(server, folder), in: folder.url)
        #expect(report.status == 0 && server.server.requests.isEmpty, "\(report.stderr)")
    }

    @Test("KOBIS's own 320011 mid-range: exit 75; the rerun completes with exactly the missing requests")
    func realQuota() async throws {
        let server = try FakeKOBISServer(quota: 5)
        let folder = try TemporaryFolder()
        let first = try await BoxOfficeProcess.run(
            ["report", Self.week, "--concurrency", "2", "--no-look-back"], environment: environment(server, folder), in: folder.url)
        #expect(first.status == 75)
        #expect(first.stderr.contains("320011") && folder.files(in: "Reports").isEmpty)
        let answered = Set(server.server.requests.filter { !$0.target.isEmpty }.map(\.target))

        let fresh = try FakeKOBISServer()
        let second = try await BoxOfficeProcess.run(
            ["report", Self.week, "--format", "csv", "--no-look-back"],
            environment: environment(fresh, folder), in: folder.url)
        #expect(second.status == 0, "\(second.stderr)")
        let rerun = fresh.server.requests.map { $0.target.replacingOccurrences(of: fresh.validKey, with: server.validKey) }
        #expect(rerun.count == 21 - 5 && Set(rerun).count == rerun.count)
        #expect(answered.subtracting(rerun).count == 5, "the five answered before the quota are not fetched again")
    }

    @Test("the default budget leaves the reserve; the ledger carries over between runs")
    func reserve() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let ledger = folder.url.appendingPathComponent("state/boxoffice/kobis-calls.json")
        let fingerprint = QuotaLedgerProbe.fingerprint(server.validKey)
        try FileManager.default.createDirectory(at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"\#(fingerprint)":{"2025-03-10":2895}}"#.write(to: ledger, atomically: true, encoding: .utf8)
        let result = try await BoxOfficeProcess.run(["fetch", Self.week], environment: environment(server, folder), in: folder.url)
        #expect(result.status == 75 && server.server.requests.count == 5, "3000 − 2895 − 100 reserved = 5 calls")
        let daily = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "--reserve", "0", "--format", "json"], environment: environment(server, folder), in: folder.url)
        #expect(daily.status == 0, "the daily run may use the reserve: \(daily.stderr)")
    }

    @Test("--offline: a miss exits 75 listing the missing dates as ranges, sending nothing")
    func offlineMiss() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        _ = try await BoxOfficeProcess.run(["fetch", "2025-03-05"], environment: environment(server, folder), in: folder.url)
        server.server.resetLog()
        let result = try await BoxOfficeProcess.run(["report", Self.week, "--offline"], environment: environment(server, folder), in: folder.url)
        #expect(result.status == 75)
        #expect(
            result.stderrLines == [
                "boxoffice: --offline: 6 dates not cached: 2025-03-03..2025-03-04, 2025-03-06..2025-03-09; run 'boxoffice fetch 2025-03-03..2025-03-09' first"
            ])
        #expect(server.server.requests.isEmpty && folder.files(in: "Reports").isEmpty)
        // Offline needs no key at all.
        let keyless = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--offline", "--format", "json"],
            environment: environment(server, folder).filter { $0.key != "KOBIS_API_KEY" }, in: folder.url)
        #expect(keyless.status == 0, "\(keyless.stderr)")
    }

    @Test("one run per cache: a second waits --wait seconds, then exits 75")
    func lock() async throws {
        let server = try FakeKOBISServer(delay: 0.15)
        let folder = try TemporaryFolder()
        let env = environment(server, folder)
        async let slow = BoxOfficeProcess.run(["fetch", Self.week, "--concurrency", "1"], environment: env, in: folder.url)
        try await Task.sleep(for: .milliseconds(600))
        let blocked = try await BoxOfficeProcess.run(["report", "2025-03-05", "--format", "json"], environment: env, in: folder.url)
        #expect(blocked.status == 75)
        #expect(
            blocked.stderrLines.count == 1 && blocked.stderr.contains("another boxoffice run is using the cache") && blocked.stderr.contains("--wait")
        )
        let waited = try await BoxOfficeProcess.run(["report", "2025-03-05", "--format", "json", "--wait", "30"], environment: env, in: folder.url)
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(try await slow.status == 0)
    }

    @Test("--no-cache neither reads nor writes; --refresh fetches again")
    func bypass() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        _ = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--format", "json", "--no-cache", "--no-look-back"], environment: environment(server, folder), in: folder.url)
        #expect(cacheFiles(folder).isEmpty)
        _ = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--format", "json", "--no-look-back"], environment: environment(server, folder), in: folder.url)
        server.server.resetLog()
        _ = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--format", "json", "--refresh", "--no-look-back"], environment: environment(server, folder), in: folder.url)
        #expect(server.chartRequests.count == 1 && server.movieInfoRequests.count == 10)
    }
}

/// The bug a user saw: with `--no-cache` (and `--sample`) yesterday was never marked provisional,
/// because "today" was read from the cache. Today comes from the run now, in every mode.
@Suite("Provisional days in every mode, end to end")
struct ProvisionalModeTests {
    static func provisional(_ folder: TemporaryFolder, _ name: String) throws -> (dates: [String], noted: Bool) {
        let data = try Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let days = object["days"] as? [[String: Any]] ?? []
        let notes = object["notes"] as? [String] ?? []
        return (
            days.filter { $0["provisional"] as? Bool == true }.compactMap { $0["date"] as? String },
            notes.contains { $0.hasPrefix("Provisional:") }
        )
    }

    @Test(
        "BOXOFFICE_TODAY=2025-03-04 over 03-01..03-03: one provisional day with the cache, with --no-cache and with --sample",
        arguments: [["--no-cache"], [], ["--sample"]])
    func everyMode(extra: [String]) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let range = extra == ["--sample"] ? "2025-03-03..2025-03-05" : "2025-03-01..2025-03-03"
        let today = extra == ["--sample"] ? "2025-03-06" : "2025-03-04"
        let environment = CacheTests().environment(server, folder, today: today)
        let result = try await BoxOfficeProcess.run(["report", range, "--format", "json"] + extra, environment: environment, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let stem = (extra == ["--sample"] ? "boxoffice-sample-" : "boxoffice-") + range.replacingOccurrences(of: "..", with: "_")
        let found = try Self.provisional(folder, stem + ".json")
        #expect(found.dates == [extra == ["--sample"] ? "2025-03-05" : "2025-03-03"])
        #expect(found.noted)
    }
}

/// The ledger's fingerprint of a key, as the tests need to seed a ledger file.
enum QuotaLedgerProbe {
    static func fingerprint(_ key: String) -> String { QuotaLedger.fingerprint(of: key) }
}

import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

@Suite("The response cache")
struct ResponseCacheTests {
    @Test("an entry reads back as written; a damaged one (length, checksum, header) is absent and removed")
    func roundTripAndDamage() throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(directory: folder.url)
        let body = Data(#"{"boxOfficeResult":{}}"#.utf8)
        try cache.write("kobis/x.json", body: body, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let entry = try #require(cache.read("kobis/x.json"))
        #expect(entry.body == body && entry.fetchedAt == Date(timeIntervalSince1970: 1_700_000_000))

        let path = folder.file("kobis/x.json").path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(cache.read("kobis/x.json") == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "a damaged entry is removed")
        try Data("not a cache file".utf8).write(to: folder.file("kobis/y.json"))
        #expect(cache.read("kobis/y.json") == nil)
    }

    @Test("a cached 'KOBIS knows no such film' is kept when read from the cache alone, so no run asks again")
    func cachedNoSuchFilm() throws {
        let folder = try ScratchFolder()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let cache = ResponseCache(directory: folder.url)
        let key = KOBISCacheKeys.movieInfo("99999999")
        try cache.write(key, body: Data(#"{"movieInfoResult":{"movieInfo":{},"source":"영화진흥위원회"}}"#.utf8), fetchedAt: now)
        let client = KOBISClient(
            transport: ClosureTransport { _ in throw TransportError.cannotConnect(host: "127.0.0.1") }, key: "k",
            cache: CacheAccess(cache: cache, calendar: SeoulCalendar(now: { now })))
        #expect(client.cachedMovieInfo(code: "99999999") == nil)
        #expect(cache.read(key) != nil, "the answer stays cached")
    }

    @Test("freshness: a young entry is served, an old one is not; offline serves any age; refresh serves none")
    func modes() throws {
        let folder = try ScratchFolder()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let calendar = SeoulCalendar(now: { now })
        let cache = ResponseCache(directory: folder.url)
        try cache.write("a.json", body: Data("{}".utf8), fetchedAt: now.addingTimeInterval(-3_600))
        #expect(CacheAccess(cache: cache, calendar: calendar).lookup("a.json", .init(maxAge: 7_200)) != nil)
        #expect(CacheAccess(cache: cache, calendar: calendar).lookup("a.json", .init(maxAge: 60)) == nil)
        #expect(CacheAccess(cache: cache, calendar: calendar).lookup("a.json", .anyAge) != nil)
        #expect(CacheAccess(cache: cache, mode: .offline, calendar: calendar).lookup("a.json", .init(maxAge: 60)) != nil)
        #expect(CacheAccess(cache: cache, mode: .refresh, calendar: calendar).lookup("a.json", .anyAge) == nil)
    }

    @Test("the cache-or-fetch rule: fetched once, stored only when decoded, offline misses named, undecodable entries dropped")
    func cachedFetch() async throws {
        let folder = try ScratchFolder()
        let access = CacheAccess(cache: ResponseCache(directory: folder.url), calendar: SeoulCalendar())
        let fetches = Counter()
        let decode: (Data, Date) -> Int? = { body, _ in Int(String(decoding: body, as: UTF8.self)) }
        for _ in 0..<3 {
            let value = try await CacheAccess.value(
                from: access, key: "n.json", .anyAge, decode: decode,
                notCached: { CacheError.unwritable(path: "n", reason: "test") }
            ) {
                fetches.increment()
                return (Data("42".utf8), 42)
            }
            #expect(value == 42)
        }
        #expect(fetches.value == 1)
        try access.cache.write("n.json", body: Data("forty-two".utf8), fetchedAt: Date())
        _ = try await CacheAccess.value(
            from: access, key: "n.json", .anyAge, decode: decode,
            notCached: { CacheError.unwritable(path: "n", reason: "test") }
        ) {
            fetches.increment()
            return (Data("43".utf8), 43)
        }
        #expect(fetches.value == 2, "a body that no longer decodes is fetched again")
        let offline = CacheAccess(cache: access.cache, mode: .offline, calendar: SeoulCalendar())
        await #expect(throws: CacheError.unwritable(path: "missing", reason: "test")) {
            _ = try await CacheAccess.value(
                from: offline, key: "missing.json", .anyAge, decode: decode,
                notCached: { CacheError.unwritable(path: "missing", reason: "test") }
            ) { (Data(), 0) }
        }
    }
}

@Suite("The cache lock")
struct CacheLockTests {
    @Test("one run per cache folder: a second waits, then gives up with exit 75; the lock is released when the body ends")
    func exclusive() async throws {
        let folder = try ScratchFolder()
        try await CacheLock.withLock(folder.url, wait: 0) {
            await #expect(throws: CacheError.locked(path: folder.url.path, waited: 0.3)) {
                try await CacheLock.withLock(folder.url, wait: 0.3) {}
            }
        }
        // Released, so taken again; with a wait, because a process the suite spawns at that moment
        // (the end-to-end tests run beside this one) holds a copy of the descriptor, and with it
        // the lock, from its fork until its exec closes it (O_CLOEXEC). Seen once under load.
        let ran = try await CacheLock.withLock(folder.url, wait: 10) { true }
        #expect(ran)
        #expect(CacheError.locked(path: "p", waited: 0).exitStatus == .tryAgainLater)
    }
}

@Suite("One request per entry at a time")
struct InFlightTests {
    final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var counts: [String: Int] = [:]
        func add(_ key: String) { lock.withLock { counts[key, default: 0] += 1 } }
    }

    @Test("twelve callers asking for the same entry at once share one fetch; another entry gets its own")
    func coalesced() async throws {
        let folder = try ScratchFolder()
        let access = CacheAccess(cache: ResponseCache(directory: folder.url), calendar: SeoulCalendar(pinnedToday: Day("2025-03-10")))
        let counter = Counter()
        let values = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<12 {
                let key = index < 10 ? "tmdb/search/a.json" : "tmdb/search/b.json"
                group.addTask {
                    try await CacheAccess.value(
                        from: access, key: key, .anyAge, decode: { body, _ in String(data: body, encoding: .utf8) },
                        notCached: { CancellationError() },
                        fetch: {
                            counter.add(key)
                            try await Task.sleep(nanoseconds: 50_000_000)
                            return (Data(key.utf8), key)
                        })
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(values.sorted() == Array(repeating: "tmdb/search/a.json", count: 10) + Array(repeating: "tmdb/search/b.json", count: 2))
        #expect(counter.counts == ["tmdb/search/a.json": 1, "tmdb/search/b.json": 1])
    }

    @Test("a failed fetch fails everyone who waited for it, and the next caller tries again")
    func failureShared() async throws {
        struct Down: Error {}
        let folder = try ScratchFolder()
        let access = CacheAccess(cache: ResponseCache(directory: folder.url), calendar: SeoulCalendar(pinnedToday: Day("2025-03-10")))
        let counter = Counter()
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do {
                        _ = try await CacheAccess.value(
                            from: access, key: "k.json", .anyAge, decode: { body, _ in String(data: body, encoding: .utf8) },
                            notCached: { CancellationError() },
                            fetch: { () async throws -> (body: Data, value: String) in
                                counter.add("k")
                                try await Task.sleep(nanoseconds: 50_000_000)
                                throw Down()
                            })
                        return false
                    } catch { return error is Down }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 5 && counter.counts["k"] == 1)
        let later = try await CacheAccess.value(
            from: access, key: "k.json", .anyAge, decode: { body, _ in String(data: body, encoding: .utf8) }, notCached: { CancellationError() },
            fetch: { (Data("ok".utf8), "ok") })
        #expect(later == "ok")
    }
}

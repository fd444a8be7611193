import Foundation
import Testing

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

    @Test("freshness: a young entry is served, an old one is not; offline serves any age; refresh serves none")
    func modes() throws {
        let folder = try ScratchFolder()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let calendar = SeoulCalendar(now: { now })
        let cache = ResponseCache(directory: folder.url)
        try cache.write("a.json", body: Data("{}".utf8), fetchedAt: now.addingTimeInterval(-3_600))
        #expect(CacheAccess(cache: cache, calendar: calendar).lookup("a.json", maxAge: 7_200) != nil)
        #expect(CacheAccess(cache: cache, calendar: calendar).lookup("a.json", maxAge: 60) == nil)
        #expect(CacheAccess(cache: cache, calendar: calendar).lookup("a.json", maxAge: nil) != nil)
        #expect(CacheAccess(cache: cache, mode: .offline, calendar: calendar).lookup("a.json", maxAge: 60) != nil)
        #expect(CacheAccess(cache: cache, mode: .refresh, calendar: calendar).lookup("a.json", maxAge: nil) == nil)
    }

    @Test("the cache-or-fetch rule: fetched once, stored only when decoded, offline misses named, undecodable entries dropped")
    func cachedFetch() async throws {
        let folder = try ScratchFolder()
        let access = CacheAccess(cache: ResponseCache(directory: folder.url), calendar: SeoulCalendar())
        let fetches = Counter()
        let decode: (Data) -> Int? = { Int(String(decoding: $0, as: UTF8.self)) }
        for _ in 0..<3 {
            let value = try await CacheAccess.value(
                from: access, key: "n.json", maxAge: nil, decode: decode,
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
            from: access, key: "n.json", maxAge: nil, decode: decode,
            notCached: { CacheError.unwritable(path: "n", reason: "test") }
        ) {
            fetches.increment()
            return (Data("43".utf8), 43)
        }
        #expect(fetches.value == 2, "a body that no longer decodes is fetched again")
        let offline = CacheAccess(cache: access.cache, mode: .offline, calendar: SeoulCalendar())
        await #expect(throws: CacheError.unwritable(path: "missing", reason: "test")) {
            _ = try await CacheAccess.value(
                from: offline, key: "missing.json", maxAge: nil, decode: decode,
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
        let ran = try await CacheLock.withLock(folder.url, wait: 0) { true }
        #expect(ran)
        #expect(CacheError.locked(path: "p", waited: 0).exitStatus == .tryAgainLater)
    }
}

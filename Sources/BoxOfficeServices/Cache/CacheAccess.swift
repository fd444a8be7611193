import BoxOfficeModel
import Foundation

/// A cache with the rules of one run: mode, freshness, and the clock to judge them by.
public struct CacheAccess: Sendable {
    public let cache: ResponseCache
    public let mode: CacheMode
    public let freshness: CacheFreshness
    public let calendar: SeoulCalendar

    public init(cache: ResponseCache, mode: CacheMode = .normal, freshness: CacheFreshness = .init(), calendar: SeoulCalendar) {
        self.cache = cache
        self.mode = mode
        self.freshness = freshness
        self.calendar = calendar
    }

    /// A stored body young enough for `maxAge` (nil = any age); always nil with `--refresh`.
    /// Offline, any stored body will do: stale beats nothing when the user asked for no network.
    public func lookup(_ key: String, maxAge: TimeInterval?) -> Data? {
        guard mode != .refresh, let entry = cache.read(key) else { return nil }
        if mode == .offline { return entry.body }
        if let maxAge, calendar.now().timeIntervalSince(entry.fetchedAt) > maxAge { return nil }
        return entry.body
    }

    /// The cached value at `key` when its body is fresh enough and still decodes; a body that no
    /// longer decodes is removed, so it is fetched again rather than trusted.
    public func value<Value>(_ key: String, maxAge: TimeInterval?, decode: (Data) -> Value?) -> Value? {
        guard let body = lookup(key, maxAge: maxAge) else { return nil }
        if let value = decode(body) { return value }
        cache.discard(key)
        return nil
    }

    /// Stores a body that decoded to data; a cache that cannot be written never fails the run.
    public func store(_ key: String, body: Data) {
        guard mode != .offline else { return }
        try? cache.write(key, body: body, fetchedAt: calendar.now())
    }
}

extension CacheAccess {
    /// The one cache-or-fetch rule both clients follow: `key` from `cache` when it is fresh enough
    /// and still decodes; offline, `notCached`; otherwise `fetch` sends the request and decodes the
    /// answer, and its body is stored only once it decoded to data.
    package static func value<Value>(
        from cache: CacheAccess?, key: String, maxAge: TimeInterval?,
        decode: (Data) -> Value?, notCached: () -> any Error,
        fetch: () async throws -> (body: Data, value: Value)
    ) async throws -> Value {
        if let cached = cache?.value(key, maxAge: maxAge, decode: decode) { return cached }
        if cache?.mode == .offline { throw notCached() }
        let (body, value) = try await fetch()
        cache?.store(key, body: body)
        return value
    }
}

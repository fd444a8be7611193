import BoxOfficeFiles
import BoxOfficeModel
import Foundation
import Synchronization

/// A cache with the rules of one run: mode, freshness, and the clock to judge them by.
package struct CacheAccess: Sendable {
    package let cache: ResponseCache
    package let mode: CacheMode
    package let freshness: CacheFreshness
    package let calendar: SeoulCalendar
    /// What a failed write does: stop the run (`fetch`, whose only product is the cache) or be
    /// counted for a warning (`report`, whose product is already in memory).
    package let writeFailures: WriteFailures
    /// The requests under way, so that callers asking for the same entry at once share one request.
    let inFlight = InFlightRequests()
    /// What KOBIS revised, as days are fetched again (`revisions.jsonl` beside the entries).
    package let revisions: RevisionLog
    /// When the charts this run read were fetched, for a report's provenance.
    package let chartsFetched = FetchTimes()

    /// What happens when an entry cannot be written.
    package enum WritePolicy: Sendable {
        /// The store throws ``CacheError/cannotStore(path:reason:)``.
        case fail
        /// The store is counted in ``WriteFailures`` and the run goes on.
        case warn
    }

    package init(
        cache: ResponseCache, mode: CacheMode = .normal, freshness: CacheFreshness = .init(), calendar: SeoulCalendar,
        onWriteFailure: WritePolicy = .warn
    ) {
        self.cache = cache
        self.mode = mode
        self.freshness = freshness
        self.calendar = calendar
        writeFailures = WriteFailures(policy: onWriteFailure)
        revisions = RevisionLog(cacheDirectory: cache.directory)
    }

    /// A stored entry fresh enough by `rule`; always nil with `--refresh`. Offline, any stored
    /// entry will do: stale beats nothing when the user asked for no network.
    package func lookup(_ key: String, _ rule: CacheFreshness.Rule) -> ResponseCache.Entry? {
        guard mode != .refresh, let entry = cache.read(key) else { return nil }
        if mode == .offline || rule.isFresh(fetchedAt: entry.fetchedAt, now: calendar.now()) { return entry }
        return nil
    }

    /// The cached value at `key` when its entry is fresh enough and its body still decodes
    /// (`decode` is given the body and when it was fetched); a body that no longer decodes is
    /// removed, so it is fetched again rather than trusted.
    package func value<Value>(_ key: String, _ rule: CacheFreshness.Rule, decode: (Data, Date) -> Value?) -> Value? {
        guard let entry = lookup(key, rule) else { return nil }
        if let value = decode(entry.body, entry.fetchedAt) { return value }
        cache.discard(key)
        return nil
    }

    /// Stores a body that decoded to data. A write that fails throws or is counted, as the
    /// ``WritePolicy`` says; it is never silent.
    package func store(_ key: String, body: Data) throws(CacheError) {
        guard mode != .offline else { return }
        do {
            try cache.write(key, body: body, fetchedAt: calendar.now())
        } catch {
            try writeFailures.record(error)
        }
    }
}

/// The earliest and the latest fetch time of the entries a run read (the data package and the
/// SQLite database cite them).
package final class FetchTimes: Sendable {
    private let span = Mutex<ClosedRange<Date>?>(nil)

    package init() {}

    package func note(_ date: Date) {
        span.withLock { $0 = $0.map { min($0.lowerBound, date)...max($0.upperBound, date) } ?? date...date }
    }

    package var range: ClosedRange<Date>? { span.withLock { $0 } }
}

/// The cache writes of one run that failed: how many, and the first one's path and reason.
package final class WriteFailures: Sendable {
    package let policy: CacheAccess.WritePolicy
    private let state = Mutex<(count: Int, first: FileWriteError?)>((0, nil))

    init(policy: CacheAccess.WritePolicy) {
        self.policy = policy
    }

    func record(_ error: FileWriteError) throws(CacheError) {
        state.withLock {
            $0.count += 1; if $0.first == nil { $0.first = error }
        }
        if policy == .fail { throw .cannotStore(path: error.path, reason: error.reason) }
    }

    /// Entries that could not be written.
    package var count: Int { state.withLock { $0.count } }

    /// One line for stderr when entries were not cached, nil when every write succeeded.
    package var warning: String? {
        let (count, first) = state.withLock { $0 }
        guard count > 0, let first else { return nil }
        return
            "\(count) response\(count == 1 ? " was" : "s were") not cached: cannot write \(first.path) (\(first.reason)); the next run will fetch \(count == 1 ? "it" : "them") again"
    }
}

extension CacheAccess {
    /// The one cache-or-fetch rule both clients follow: `key` from `cache` when it is fresh enough
    /// by `rule` and still decodes (`decode` is given the body and its fetch time); offline,
    /// `notCached`; otherwise `fetch` sends the request and decodes the answer, and its body is
    /// stored only once it decoded to data.
    package static func value<Value>(
        from cache: CacheAccess?, key: String, _ rule: CacheFreshness.Rule,
        decode: (Data, Date) -> Value?, notCached: () -> any Error,
        fetch: () async throws -> (body: Data, value: Value)
    ) async throws -> Value {
        if let cached = cache?.value(key, rule, decode: decode) { return cached }
        if cache?.mode == .offline { throw notCached() }
        guard let cache else { return try await fetch().value }
        // One request per entry at a time, whoever asks (two films with one title search TMDB
        // alike): a caller that finds the entry being fetched waits for that body. One that came
        // as the first caller finished looks in the cache again.
        while let shared = try await cache.inFlight.join(key) {
            if let value = decode(shared, cache.calendar.now()) { return value }
            if let cached = cache.value(key, rule, decode: decode) { return cached }
        }
        do {
            let (body, value) = try await fetch()
            cache.inFlight.finish(key, with: .success(body))
            try cache.store(key, body: body)
            return value
        } catch {
            cache.inFlight.finish(key, with: .failure(error))
            throw error
        }
    }
}

/// The cache entries being fetched in one run, and who waits for each (under a ``Locked``, which
/// ThreadSanitizer sees).
final class InFlightRequests: Sendable {
    private let entries = Locked<[String: [CheckedContinuation<Data, any Error>]]>([:])

    private func withWaiting<Result>(_ body: (inout [String: [CheckedContinuation<Data, any Error>]]) -> Result) -> Result {
        entries.withLock { body(&$0) }
    }

    /// Nil when the caller is the first to ask for `key` (it must fetch it, then ``finish(_:with:)``);
    /// otherwise the body the first caller fetched, or its error.
    func join(_ key: String) async throws -> Data? {
        let first = withWaiting { waiting -> Bool in
            guard waiting[key] == nil else { return false }
            waiting[key] = []
            return true
        }
        if first { return nil }
        return try await withCheckedThrowingContinuation { continuation in
            let stillRunning = withWaiting { waiting -> Bool in
                guard waiting[key] != nil else { return false }
                waiting[key]!.append(continuation)
                return true
            }
            // The first caller finished in between: no body to share (the caller looks again).
            if !stillRunning { continuation.resume(returning: Data()) }
        }
    }

    /// The first caller's outcome for `key`, handed to everyone who waited for it.
    func finish(_ key: String, with result: Result<Data, any Error>) {
        let waiters = withWaiting { $0.removeValue(forKey: key) } ?? []
        for waiter in waiters { waiter.resume(with: result) }
    }
}

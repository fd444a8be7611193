import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// KOBIS calls spent per key per Seoul day, kept in the XDG state folder so that every run, and the
/// daily cron job, knows what is left of the key's 3,000.
///
/// The key itself is never stored: the ledger knows it by a fingerprint (the first 16 hex digits of
/// its SHA-256). Updates are read-modify-write under an exclusive lock, so concurrent runs add up.
public struct QuotaLedger: Sendable {
    public static let dailyQuota = 3_000

    public let file: URL
    private let fingerprint: String

    public init(file: URL, key: String) {
        self.file = file
        fingerprint = String(SHA256.hex("kobis-key:" + key).prefix(16))
    }

    /// `$XDG_STATE_HOME/boxoffice/kobis-calls.json`, else `~/.local/state/boxoffice/kobis-calls.json`.
    public static func defaultFile(_ environment: [String: String]) -> URL {
        XDG.file("XDG_STATE_HOME", fallback: ".local/state", name: "kobis-calls.json", environment: environment)
    }

    /// Calls recorded for this key on `day`.
    public func used(on day: Day) -> Int {
        (Self.load(file)[fingerprint]?[day.iso]) ?? 0
    }

    /// Adds `calls` to `day`, forgetting days more than a week old.
    public func record(_ calls: Int, on day: Day) throws {
        guard calls > 0 else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lock = open(file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        defer { flock(lock, LOCK_UN) }
        var ledger = Self.load(file)
        var days = ledger[fingerprint] ?? [:]
        days[day.iso, default: 0] += calls
        days = days.filter { Day(iso: $0.key).map { $0 >= day - 7 } ?? false }
        ledger[fingerprint] = days
        let data = try JSONSerialization.data(withJSONObject: ledger, options: [.sortedKeys, .prettyPrinted])
        try AtomicFile.replace(file, with: data)
    }

    private static func load(_ file: URL) -> [String: [String: Int]] {
        guard let data = FileManager.default.contents(atPath: file.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Int]] else { return [:] }
        return object
    }
}

/// The KOBIS calls one run may send. When it runs out, or KOBIS says the quota is spent (320011),
/// no new call is sent; calls already in flight finish and what they fetch is kept.
public actor KOBISBudget {
    public enum Stop: Equatable, Sendable {
        /// This run's `--budget` is spent.
        case budget(Int)
        /// KOBIS answered 320011.
        case quota
    }

    private let limit: Int?
    private let ledger: QuotaLedger?
    private let day: Day
    public private(set) var spent = 0
    public private(set) var stop: Stop?

    /// - Parameters:
    ///   - limit: calls this run may send; nil for no limit of its own.
    ///   - ledger: where spent calls are recorded, against the Seoul `day`.
    public init(limit: Int?, ledger: QuotaLedger?, day: Day) {
        self.limit = limit
        self.ledger = ledger
        self.day = day
    }

    /// Takes one call from the budget; false when none is left (or the quota is spent).
    public func take() -> Bool {
        if stop != nil { return false }
        if let limit, spent >= limit {
            stop = .budget(limit)
            return false
        }
        spent += 1
        try? ledger?.record(1, on: day)
        return true
    }

    /// KOBIS said the key's quota is spent: no more calls this run.
    public func quotaExhausted() {
        stop = .quota
    }
}

/// One `boxoffice` run per cache folder: an exclusive lock on `.lock` inside it, released when the
/// process ends, however it ends.
public final class CacheLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Takes the lock, waiting up to `wait` seconds for another run to finish.
    public static func acquire(_ directory: URL, wait: Double, time: TimeSource = .system) async throws -> CacheLock {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CacheError.unusable(path: directory.path)
        }
        let path = directory.appendingPathComponent(".lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CacheError.unusable(path: directory.path) }
        let deadline = time.now() + max(0, wait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard time.now() < deadline else {
                close(descriptor)
                throw CacheError.locked(path: directory.path, waited: wait)
            }
            try await time.sleep(0.1)
        }
        return CacheLock(descriptor: descriptor)
    }
}

/// Problems with the cache, the budget, or serving offline.
public enum CacheError: UserFacingError, Equatable {
    case unusable(path: String)
    case locked(path: String, waited: Double)
    /// `--offline` and these dates (or films) are not cached.
    case offlineMiss(dates: [Day], films: [String], range: DateRange)
    /// The budget or the quota ran out: what was fetched is cached; these dates remain.
    case budgetSpent(stop: KOBISBudget.Stop, remaining: [Day], films: Int, range: DateRange)

    public var errorDescription: String? {
        switch self {
        case .unusable(let path):
            return "cannot use the cache folder \(path); choose another with --cache-dir"
        case let .locked(path, waited):
            return "another boxoffice run is using the cache \(path)\(waited > 0 ? " (waited \(PeopleFormat.trimmed(waited, places: 1)) s)" : ""); try again later or pass --wait SECONDS"
        case let .offlineMiss(dates, films, range):
            var parts: [String] = []
            if !dates.isEmpty { parts.append("\(dates.count) date\(dates.count == 1 ? "" : "s") not cached: \(DateRange.compactList(dates))") }
            if !films.isEmpty { parts.append("movie info for \(films.count) film\(films.count == 1 ? "" : "s") not cached (\(films.prefix(5).joined(separator: ", "))\(films.count > 5 ? ", …" : ""))") }
            return "--offline: \(parts.joined(separator: "; ")); run 'boxoffice fetch \(range.start.iso)..\(range.end.iso)' first"
        case let .budgetSpent(stop, remaining, films, range):
            let why = switch stop {
            case .budget(let limit): "this run's budget of \(limit) KOBIS calls is spent"
            case .quota: "KOBIS says the key's daily quota is used up (320011)"
            }
            var left: [String] = []
            if !remaining.isEmpty { left.append("\(remaining.count) date\(remaining.count == 1 ? "" : "s") remain (\(DateRange.compactList(remaining, limit: 4)))") }
            if films > 0 { left.append("movie info for \(films) film\(films == 1 ? "" : "s")") }
            return "\(why); everything fetched is cached; \(left.isEmpty ? "nothing remains" : left.joined(separator: " and ")); run 'boxoffice fetch \(range.start.iso)..\(range.end.iso)' again (tomorrow, for the quota) to resume"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .unusable: .cannotWrite
        case .locked, .offlineMiss, .budgetSpent: .tryAgainLater
        }
    }
}

extension DateRange {
    /// Days as compact ranges: `2024-01-01..2024-01-10, 2024-02-03`; after `limit` runs, `and N more`.
    public static func compactList(_ days: [Day], limit: Int = 8) -> String {
        var runs: [(Day, Day)] = []
        for day in Set(days).sorted() {
            if let last = runs.last, last.1 + 1 == day { runs[runs.count - 1].1 = day } else { runs.append((day, day)) }
        }
        let shown = runs.prefix(limit).map { $0.0 == $0.1 ? $0.0.iso : "\($0.0.iso)..\($0.1.iso)" }
        return shown.joined(separator: ", ") + (runs.count > limit ? " and \(runs.count - limit) more" : "")
    }
}

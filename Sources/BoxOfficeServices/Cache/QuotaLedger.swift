import BoxOfficeModel
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
/// its SHA-256). Updates are read-modify-write under an exclusive lock, so concurrent runs add up;
/// the lock is taken without blocking a thread (tried again after a short asynchronous wait).
public struct QuotaLedger: Sendable {
    public static let dailyQuota = 3_000

    /// Calls by Seoul date (`yyyy-MM-dd`) by key fingerprint, as the file holds them.
    typealias Contents = [String: [String: Int]]

    public let file: URL
    private let fingerprint: String
    private let time: TimeSource

    public init(file: URL, key: String, time: TimeSource = .system) {
        self.file = file
        fingerprint = Self.fingerprint(of: key)
        self.time = time
    }

    /// How the ledger names a key: 16 hex digits of its SHA-256, from which the key cannot be had.
    public static func fingerprint(of key: String) -> String {
        String(SHA256.hex("kobis-key:" + key).prefix(16))
    }

    /// `$XDG_STATE_HOME/boxoffice/kobis-calls.json`, else `~/.local/state/boxoffice/kobis-calls.json`.
    public static func defaultFile(_ environment: [String: String]) -> URL {
        XDG.file("XDG_STATE_HOME", fallback: ".local/state", name: "kobis-calls.json", environment: environment)
    }

    /// Calls recorded for this key on `day`.
    public func used(on day: Day) -> Int {
        (Self.load(file).contents[fingerprint]?[day.iso]) ?? 0
    }

    /// What is wrong with the ledger file, when it cannot be trusted as it is; nil when it is sound
    /// or absent. A damaged ledger is read as if it held nothing and is set aside when next written.
    public var problem: String? { Self.load(file).problem }

    /// Adds `calls` to `day`, forgetting days more than a week old.
    ///
    /// Waits (without blocking a thread) up to `wait` seconds for another run's update to finish.
    public func record(_ calls: Int, on day: Day, wait: Double = 5) async throws {
        guard calls > 0 else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lock = open(file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw LedgerError.cannotOpen(path: file.path + ".lock", reason: String(cString: strerror(errno))) }
        defer { close(lock) }
        let deadline = time.now() + wait
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, time.now() < deadline else {
                throw LedgerError.cannotLock(path: file.path + ".lock")
            }
            try await time.sleep(0.01)
        }
        defer { flock(lock, LOCK_UN) }
        var (ledger, problem) = Self.load(file)
        if problem != nil {
            // Keep the damaged file for whoever wants to look at it; start again from what could be read.
            try? FileManager.default.copyItem(at: file, to: file.appendingPathExtension("damaged-\(Int(Date().timeIntervalSince1970))"))
        }
        var days = ledger[fingerprint] ?? [:]
        days[day.iso, default: 0] += calls
        days = days.filter { Day(iso: $0.key).map { $0 >= day - 7 } ?? false }
        ledger[fingerprint] = days
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.replace(file, with: try encoder.encode(ledger))
    }

    /// The largest count a day can sensibly hold; anything outside 0…this is damage.
    static let largestCount = 1_000_000

    /// The ledger's contents, with counts outside 0…``largestCount`` left out, and what was wrong.
    private static func load(_ file: URL) -> (contents: Contents, problem: String?) {
        guard let data = RegularFile.contents(atPath: file.path, limit: 1 << 20) else {
            let exists = FileManager.default.fileExists(atPath: file.path)
            return ([:], exists ? "the quota ledger \(file.path) cannot be read as a file" : nil)
        }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
            return ([:], "the quota ledger \(file.path) is damaged (not a ledger's JSON)")
        }
        let sound = contents.mapValues { $0.filter { (0...largestCount).contains($0.value) } }
        let dropped = contents.values.reduce(0) { $0 + $1.count } - sound.values.reduce(0) { $0 + $1.count }
        return (sound, dropped > 0 ? "the quota ledger \(file.path) is damaged (\(dropped) count\(dropped == 1 ? "" : "s") out of range)" : nil)
    }
}

/// Why the ledger could not be updated.
public enum LedgerError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cannotLock(path: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): "cannot open \(path) (\(reason))"
        case .cannotLock(let path): "cannot lock \(path)"
        }
    }
}

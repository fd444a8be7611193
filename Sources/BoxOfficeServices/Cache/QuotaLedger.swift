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

import BoxOfficeFiles
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
package struct QuotaLedger: Sendable {

    /// Calls by Seoul date (`yyyy-MM-dd`) by key fingerprint, as the file holds them.
    typealias Contents = [String: [String: Int]]

    package let file: URL
    private let fingerprint: String
    private let time: TimeSource

    package init(file: URL, key: String, time: TimeSource = .system) {
        self.file = file
        fingerprint = Self.fingerprint(of: key)
        self.time = time
    }

    /// How the ledger names a key: 16 hex digits of its SHA-256, from which the key cannot be had.
    package static func fingerprint(of key: String) -> String {
        String(SHA256.hex("kobis-key:" + key).prefix(16))
    }

    /// `$XDG_STATE_HOME/boxoffice/kobis-calls.json`, else `~/.local/state/boxoffice/kobis-calls.json`.
    package static func defaultFile(_ environment: [String: String]) -> URL {
        XDG.file("XDG_STATE_HOME", fallback: ".local/state", name: "kobis-calls.json", environment: environment)
    }

    /// Calls recorded for this key on `day`.
    package func used(on day: Day) -> Int {
        (Self.load(file).contents[fingerprint]?[day.iso]) ?? 0
    }

    /// What is wrong with the ledger file, when it cannot be trusted as it is; nil when it is sound
    /// or absent. A damaged ledger is read as if it held nothing and is set aside when next written.
    package var problem: String? { Self.load(file).problem }

    /// True when a ledger file is there but cannot be read at all (too large, not a regular file,
    /// no permission): none of its counts is known, so a run must not take them for zero.
    package var isUnreadable: Bool {
        do {
            _ = try SideFile.contents(file.path, limit: Self.largestFile)
            return false
        } catch {
            return true
        }
    }

    /// The largest ledger read: a sound one holds a week of counts for a few keys (a few KB).
    static let largestFile = 16 << 20

    /// Adds `calls` to `day` (a negative number gives back calls recorded ahead and never sent,
    /// never below 0), forgetting days more than a week old.
    ///
    /// Waits (without blocking a thread) up to `wait` seconds for another run's update to finish.
    package func record(_ calls: Int, on day: Day, wait: Double = 5) async throws(LedgerError) {
        guard calls != 0 else { return }
        try await update(adding: calls, on: day, wait: wait)
    }

    /// Proves the ledger can be updated now, by rewriting it unchanged (setting a damaged one aside
    /// first): `fetch` runs this before it sends a call, so an unwritable ledger costs nothing.
    package func checkWritable(on day: Day, wait: Double = 5) async throws(LedgerError) {
        try await update(adding: 0, on: day, wait: wait)
    }

    private func update(adding calls: Int, on day: Day, wait: Double) async throws(LedgerError) {
        do {
            try AtomicFile.makeFolder(file.deletingLastPathComponent())
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
        let lockPath = file.path + ".lock"
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw .cannotWrite(path: lockPath, reason: String(cString: strerror(errno))) }
        defer { close(lock) }
        guard (try? await FileLock.acquire(lock, LOCK_EX, wait: wait, interval: 0.01, time: time)) == true else {
            throw .cannotLock(path: lockPath)
        }
        defer { flock(lock, LOCK_UN) }
        var (ledger, problem) = Self.load(file)
        do throws(FileWriteError) {
            if problem != nil {
                // Kept for whoever wants to look at it, before the sound counts are written over it:
                // copied when it can be read, else moved aside whole (a file too large, a folder).
                let aside = URL(fileURLWithPath: SideFile.asideName(for: file.path, label: "damaged", stamp: "\(Int(Date().timeIntervalSince1970))"))
                if let damaged = try? SideFile.contents(file.path, limit: Self.largestFile) {
                    try AtomicFile.replace(aside, with: damaged, durable: true)
                } else if rename(file.path, aside.path) != 0 {
                    throw .system(file.path)
                }
            }
            var days = ledger[fingerprint] ?? [:]
            if calls != 0 { days[day.iso] = max(0, (days[day.iso] ?? 0) + calls) }
            days = days.filter { Day(iso: $0.key).map { $0 >= day - 7 } ?? false }
            ledger[fingerprint] = days.isEmpty ? nil : days
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let data = (try? encoder.encode(ledger)) ?? Data("{}".utf8)
            try AtomicFile.replace(file, with: data, durable: true)
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// Calls recorded on `day` for every key the ledger knows, by fingerprint.
    package func everyKey(on day: Day) -> [(fingerprint: String, calls: Int)] {
        // A key is the ledger file's, which anyone can edit: shown without control characters.
        Self.load(file).contents.compactMap { fingerprint, days in days[day.iso].map { (PlainText.oneLine(fingerprint), $0) } }
            .sorted { ($0.calls, $1.fingerprint) > ($1.calls, $0.fingerprint) }
    }

    /// This ledger's key, as ``fingerprint(of:)`` names it.
    package var keyFingerprint: String { fingerprint }

    /// The largest count a day can sensibly hold; anything outside 0…this is damage.
    static let largestCount = 1_000_000

    /// The ledger's contents and what was wrong with them. Whatever part is sound is kept: a count
    /// that is not a whole number in 0…``largestCount``, or a key whose days are not an object, is
    /// left out without losing the other keys' counts.
    private static func load(_ file: URL) -> (contents: Contents, problem: String?) {
        let read: Data?
        do {
            read = try SideFile.contents(file.path, limit: largestFile)
        } catch {
            return ([:], "the quota ledger \(error)")
        }
        guard let data = read else { return ([:], nil) }
        guard let ledger = try? JSONDecoder().decode(LenientLedger.self, from: data) else {
            return ([:], "the quota ledger \(file.path) is damaged (not a ledger's JSON)")
        }
        let (contents, dropped) = (ledger.contents, ledger.dropped)
        return (
            contents,
            dropped > 0 ? "the quota ledger \(file.path) is damaged (\(dropped) entr\(dropped == 1 ? "y" : "ies") not a count of calls)" : nil
        )
    }
}

/// A ledger's JSON read key by key and day by day, so that one damaged count costs only itself.
private struct LenientLedger: Decodable {
    var contents: QuotaLedger.Contents = [:]
    /// Keys and counts left out: not an object of days, not a date, not a whole number of calls in range.
    var dropped = 0

    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: Name.self)
        for key in keys.allKeys {
            guard let days = try? keys.nestedContainer(keyedBy: Name.self, forKey: key) else {
                dropped += 1
                continue
            }
            var sound: [String: Int] = [:]
            for date in days.allKeys {
                if let calls = try? days.decode(Int.self, forKey: date), (0...QuotaLedger.largestCount).contains(calls),
                    Day(iso: date.stringValue) != nil
                {
                    sound[date.stringValue] = calls
                } else {
                    dropped += 1
                }
            }
            if !sound.isEmpty { contents[key.stringValue] = sound }
        }
    }
}

/// Why the ledger could not be updated.
package enum LedgerError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotLock(path: String)

    package var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path) (\(reason))"
        case .cannotLock(let path): "cannot lock \(path) (another run held it too long)"
        }
    }
}

import BoxOfficeFiles
import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the watchlist lives and how it is read and written: `$XDG_CONFIG_HOME/boxoffice/watchlist.json`
/// (else `~/.config/boxoffice/watchlist.json`), pretty-printed JSON a person can edit, replaced
/// atomically (a temporary file renamed into place, flushed first), so a crash leaves the old list
/// or the new one.
package struct WatchlistFile: Sendable {
    package let url: URL

    package init(url: URL) {
        self.url = url
    }

    package static func standard(_ environment: [String: String]) -> WatchlistFile {
        WatchlistFile(url: XDG.file("XDG_CONFIG_HOME", fallback: ".config", name: "watchlist.json", environment: environment))
    }

    /// The largest watchlist file read: far more than fifty films and their notes.
    static let maximumSize = 1 << 20

    /// The list; empty when there is no file yet.
    package func load() throws(WatchlistError) -> Watchlist {
        let read: Data?
        do throws(SideFile.Refusal) {
            read = try SideFile.contents(url.path, limit: Self.maximumSize)
        } catch {
            throw .refused(error)
        }
        guard let data = read else { return Watchlist() }
        do {
            let list = try JSONDecoder().decode(Watchlist.self, from: data)
            guard Set(list.films.map(\.movieCode)).count == list.films.count else {
                throw WatchlistError.damaged(path: url.path, reason: "a film is listed twice", keptAs: nil)
            }
            guard list.films.allSatisfy({ !$0.movieCode.isEmpty && $0.movieCode.count <= 20 && $0.movieCode.allSatisfy(\.isNumber) }) else {
                throw WatchlistError.damaged(path: url.path, reason: "a movie_cd is not a KOBIS code", keptAs: nil)
            }
            return list
        } catch let error as WatchlistError {
            throw error
        } catch {
            throw .damaged(path: url.path, reason: Self.describe(error), keptAs: nil)
        }
    }

    /// ``load()``, except that a damaged file is first moved aside (`watchlist.json.damaged-…`),
    /// so nothing in it is lost and the next write starts a new list; the error names both.
    package func loadForChange(now: Date = Date()) throws(WatchlistError) -> Watchlist {
        do {
            return try load()
        } catch .damaged(let path, let reason, _) {
            let stamp = ISO8601DateFormatter.string(
                from: now, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withYear, .withMonth, .withDay, .withTime])
            // Under the watchlist's lock (``update(_:)``): no other run takes the same name meanwhile.
            let aside = SideFile.asideName(for: path, label: "damaged", stamp: stamp)
            guard rename(path, aside) == 0 else { throw .damaged(path: path, reason: reason, keptAs: nil) }
            throw .damaged(path: path, reason: reason, keptAs: aside)
        } catch {
            throw error
        }
    }

    /// Reads the list (``loadForChange(now:)``), changes it and writes it back holding
    /// `watchlist.json.lock`, so that changes made at once by several runs all land (each reads
    /// what the one before it wrote). Waits up to `wait` seconds for another run's change.
    package func update<Result>(
        wait: Double = 10, time: TimeSource = .system, _ change: (inout Watchlist) throws(WatchlistError) -> Result
    ) async throws -> Result {
        do {
            try AtomicFile.makeFolder(url.deletingLastPathComponent())
        } catch {
            throw WatchlistError.cannotWrite(error)
        }
        let lockPath = url.path + ".lock"
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard lock >= 0 else { throw WatchlistError.refused(SideFile.Refusal.system(lockPath)) }
        defer { close(lock) }
        guard try await FileLock.acquire(lock, LOCK_EX, wait: wait, interval: 0.01, time: time) else {
            throw WatchlistError.cannotWrite(FileWriteError(path: lockPath, reason: "another run held it for \(Int(wait)) s"))
        }
        defer { flock(lock, LOCK_UN) }
        sweepTemporaries()
        var list = try loadForChange()
        let result = try change(&list)
        try save(list)
        return result
    }

    /// Removes the temporary files a killed run left beside the list (`.watchlist.json.*.tmp`):
    /// called holding the lock, under which every change is written, so none is in use.
    func sweepTemporaries() {
        let folder = url.deletingLastPathComponent()
        let prefix = "." + url.lastPathComponent + "."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix(prefix) && AtomicFile.isTemporaryName(name) {
            var status = stat()
            let path = folder.appendingPathComponent(name).path
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }

    package func save(_ list: Watchlist) throws(WatchlistError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try AtomicFile.makeFolder(url.deletingLastPathComponent())
            var data = try encoder.encode(list)
            data.append(UInt8(ascii: "\n"))
            try AtomicFile.replace(url, with: data, durable: true)
        } catch let error as FileWriteError {
            throw .cannotWrite(error)
        } catch {
            throw .cannotWrite(FileWriteError(path: url.path, reason: "\(error)"))
        }
    }

    /// A decoding error as a phrase naming where.
    static func describe(_ error: Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: "not JSON" + (context.codingPath.isEmpty ? "" : " at \(path(context.codingPath))")
        case .keyNotFound(let key, let context)?:
            "\(key.stringValue) is missing" + (context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))")
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: "\(path(context.codingPath)) is not what it should be"
        default: "not a watchlist"
        }
    }

    static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}

/// Why the watchlist cannot be used.
package enum WatchlistError: Error, Equatable, Sendable, LocalizedError {
    case damaged(path: String, reason: String, keptAs: String?)
    /// A link, a FIFO or a folder where the list should be, or one too large to be a list.
    case refused(SideFile.Refusal)
    case cannotWrite(FileWriteError)
    case full
    case notWatched(String)

    package var errorDescription: String? {
        switch self {
        case .damaged(let path, let reason, let kept?):
            "the watchlist \(path) is damaged (\(reason)); it was moved to \(kept), nothing in it lost: mend it and move it back, or start a new list"
        case .damaged(let path, let reason, nil):
            "the watchlist \(path) is damaged (\(reason)): mend it, or move it away to start a new list"
        case .refused(let refusal): "the watchlist \(refusal)"
        case .cannotWrite(let error): "cannot write the watchlist \(error)"
        case .full: "the watchlist holds \(Watchlist.maximumFilms) films, its most: remove one first (boxoffice watch remove CODE)"
        case .notWatched(let film): "\(film) is not on the watchlist (boxoffice watch list shows it)"
        }
    }
}

extension WatchlistError: UserFacingError {
    package var exitStatus: ExitStatus {
        switch self {
        case .damaged: .configuration
        case .refused, .cannotWrite: .cannotWrite
        case .full, .notWatched: .usage
        }
    }
}

import Foundation

/// Response bodies on disk, so that no KOBIS call is ever spent twice.
///
/// Entries are named after what they hold (`kobis/daily/all/2022/20220105.json`), never after a key
/// or token. Each file is a one-line header (`boxoffice-cache 1 FETCHED_AT LENGTH CRC32`) and the body
/// exactly as the service sent it; a file whose header, length or checksum is wrong is treated as
/// absent and removed. Only bodies that decoded to data are stored, and every write is atomic (a
/// temporary file renamed into place), so a crash leaves either the old entry or the new one.
public final class ResponseCache: Sendable {
    public let directory: URL
    /// The directory's path, worked out once: a twenty-year report reads twelve thousand entries.
    private let directoryPath: String

    public init(directory: URL) {
        self.directory = directory
        self.directoryPath = directory.path
    }

    /// `--cache-dir`, else `$XDG_CACHE_HOME/boxoffice`, else `~/.cache/boxoffice`.
    public static func defaultDirectory(_ environment: [String: String]) -> URL {
        XDG.file("XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }

    /// A stored body and when it was fetched.
    public struct Entry: Sendable {
        public var body: Data
        public var fetchedAt: Date
    }

    static let magic = "boxoffice-cache 1 "

    /// The entry at `key`, or nil when absent or damaged (a damaged file is removed).
    public func read(_ key: String) -> Entry? {
        let path = directoryPath + "/" + key
        guard let data = Self.contents(atPath: path) else { return nil }
        guard let entry = Self.parse(data) else {
            unlink(path)
            return nil
        }
        return entry
    }


    /// A file's bytes, read with plain system calls; nil when it cannot be read.
    static func contents(atPath path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0 else { return nil }
        var data = Data(count: Int(status.st_size))
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// Stores `body` at `key`, atomically.
    public func write(_ key: String, body: Data, fetchedAt: Date) throws {
        let url = directory.appendingPathComponent(key)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let header = "\(Self.magic)\(Int(fetchedAt.timeIntervalSince1970)) \(body.count) \(String(CRC32.checksum(body), radix: 16))\n"
        try AtomicFile.replace(url, with: Data(header.utf8) + body)
    }

    /// Removes the entry at `key` (a body that no longer decodes).
    public func discard(_ key: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(key))
    }

    static func parse(_ data: Data) -> Entry? {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")), newline - data.startIndex < 200,
              let header = String(data: data[data.startIndex..<newline], encoding: .utf8), header.hasPrefix(magic) else { return nil }
        let fields = header.dropFirst(magic.count).split(separator: " ")
        guard fields.count == 3, let fetched = Int(fields[0]), let length = Int(fields[1]), let crc = UInt32(fields[2], radix: 16) else { return nil }
        let body = data[(newline + 1)...]
        guard body.count == length, CRC32.checksum(body) == crc else { return nil }
        return Entry(body: Data(body), fetchedAt: Date(timeIntervalSince1970: TimeInterval(fetched)))
    }
}

/// Where each kind of response lives in the cache, and how long it stays fresh.
public enum CacheKeys {
    /// `kobis/daily/<filters>/<yyyy>/<yyyyMMdd>.json`.
    public static func chart(_ day: Day, filters: KOBISFilters) -> String {
        "kobis/daily/\(filterFolder(filters))/\(day.year)/\(day.compact).json"
    }

    public static func movieInfo(_ code: String) -> String {
        "kobis/movie/\(code.prefix(4))/\(safe(code)).json"
    }

    public static func tmdbSearch(_ query: String, year: Int?) -> String {
        "tmdb/search/" + SHA256.hex("\(TMDBClient.language)|\(year.map(String.init) ?? "")|\(query)").prefix(32) + ".json"
    }

    public static func tmdbDetails(_ id: Int) -> String { "tmdb/movie/\(id).json" }

    public static func tmdbList(_ list: TMDBList, page: Int) -> String { "tmdb/\(list.rawValue)/page-\(page).json" }

    /// `all`, or `nation-K_films-Y_area-0105001`.
    static func filterFolder(_ filters: KOBISFilters) -> String {
        var parts: [String] = []
        if let nation = filters.nation { parts.append("nation-" + nation.code) }
        if let films = filters.films { parts.append("films-" + films.code) }
        if let area = filters.area { parts.append("area-" + safe(area)) }
        return parts.isEmpty ? "all" : parts.joined(separator: "_")
    }

    /// Letters and digits only, so a code can never climb out of its folder.
    static func safe(_ text: String) -> String {
        let kept = text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return kept.isEmpty ? "_" : String(kept.prefix(40))
    }
}

/// How fresh each kind of entry must be.
public struct CacheFreshness: Sendable {
    /// Yesterday's chart is provisional (KOBIS corrects it until late morning): re-fetched after this.
    public var provisionalChart: TimeInterval = 3 * 3600
    public var movieInfo: TimeInterval = 30 * 86_400
    public var tmdbLookup: TimeInterval = 7 * 86_400
    public var tmdbList: TimeInterval = 12 * 3600

    public init() {}

    /// How long a date's chart stays fresh: forever two or more days back, a few hours for yesterday.
    public func chart(_ day: Day, today: Day) -> TimeInterval? {
        day <= today - 2 ? nil : provisionalChart
    }
}

/// How a run uses the cache.
public enum CacheMode: Sendable, Equatable {
    /// Read fresh entries, fetch the rest, store what was fetched.
    case normal
    /// Fetch everything again and store it (`--refresh`).
    case refresh
    /// Serve only from the cache; a miss is an error (`--offline`).
    case offline
}

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

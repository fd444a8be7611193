import BoxOfficeModel
import Foundation

/// Response bodies on disk, so that no KOBIS call is ever spent twice.
///
/// Entries are named after what they hold (`kobis/daily/all/2022/20220105.json`), never after a key
/// or token. Each file is a one-line header (`boxoffice-cache 1 FETCHED_AT LENGTH CRC32`) and the body
/// exactly as the service sent it; a file whose header, length or checksum is wrong is treated as
/// absent and removed. Only bodies that decoded to data are stored, and every write is atomic (a
/// temporary file renamed into place), so a crash leaves either the old entry or the new one.
package final class ResponseCache: Sendable {
    package let directory: URL
    /// The directory's path, worked out once: a twenty-year report reads twelve thousand entries.
    private let directoryPath: String

    package init(directory: URL) {
        self.directory = directory
        self.directoryPath = directory.path
    }

    /// `--cache-dir`, else `$XDG_CACHE_HOME/boxoffice`, else `~/.cache/boxoffice`.
    package static func defaultDirectory(_ environment: [String: String]) -> URL {
        XDG.file("XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }

    /// A stored body and when it was fetched.
    package struct Entry: Sendable {
        package var body: Data
        package var fetchedAt: Date
    }

    static let magic = "boxoffice-cache 1 "

    /// Larger entries are not read (the largest body any service may send, and a header).
    static let maximumEntrySize = 8 << 20

    /// The keys of the entries under `folder` (a key prefix such as `kobis/movie`), sorted.
    package func keys(under folder: String) -> [String] {
        let root = directoryPath + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.map { folder + "/" + $0 }.sorted()
    }

    /// The identity of the entry's file as it stands: its modification time (to the nanosecond)
    /// and size, which change whenever the entry is written again; nil when absent.
    package func stamp(_ key: String) -> String? {
        var status = stat()
        guard stat(directoryPath + "/" + key, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)-\(status.st_size)"
    }

    /// The entry at `key`, or nil when absent or damaged (a damaged file is removed).
    package func read(_ key: String) -> Entry? {
        let path = directoryPath + "/" + key
        // A link in the cache is a miss, never followed: entries are files this tool wrote.
        guard let data = RegularFile.contents(atPath: path, limit: Self.maximumEntrySize, followingLinks: false) else { return nil }
        guard let entry = Self.parse(data) else {
            unlink(path)
            return nil
        }
        return entry
    }

    /// Stores `body` at `key`, atomically; the error names the path and the system's reason.
    package func write(_ key: String, body: Data, fetchedAt: Date) throws(FileWriteError) {
        let url = directory.appendingPathComponent(key)
        try AtomicFile.makeFolder(url.deletingLastPathComponent())
        try AtomicFile.makeOwnFolder(incoming)
        let header = "\(Self.magic)\(Int(fetchedAt.timeIntervalSince1970)) \(body.count) \(String(CRC32.checksum(body), radix: 16))\n"
        try AtomicFile.replace(url, with: Data(header.utf8) + body, through: Self.temporary(in: incoming))
    }

    /// Where entries are written before they are renamed into place: one folder, on the cache's
    /// file system, so that what a killed run left behind is found without walking the cache.
    var incoming: URL { directory.appendingPathComponent(".incoming", isDirectory: true) }

    private static func temporary(in folder: URL) -> URL {
        folder.appendingPathComponent("\(UUID().uuidString.prefix(12)).tmp")
    }

    /// Removes the temporaries a killed run left in ``incoming``. Call it holding the cache's
    /// ``CacheLock``: no other run can be writing then, so every temporary there is abandoned.
    package func sweepTemporaries() {
        // Only a folder of its own: a link in its place would have the sweep delete elsewhere.
        var status = stat()
        guard lstat(incoming.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
            let names = try? FileManager.default.contentsOfDirectory(atPath: incoming.path)
        else { return }
        for name in names where name.hasSuffix(".tmp") { unlink(incoming.appendingPathComponent(name).path) }
    }

    /// Fails unless an entry can be written now: the folders can be made and a small file written
    /// and removed. Checked before a run spends a call, so a full disk or a read-only folder costs
    /// nothing but this message.
    package func checkWritable() throws(FileWriteError) {
        try AtomicFile.makeOwnFolder(incoming)
        let probe = Self.temporary(in: incoming)
        defer { unlink(probe.path) }
        try AtomicFile.write(Data(repeating: 0x20, count: 4096), toNew: probe, durable: false)
    }

    /// Removes the entry at `key` (a body that no longer decodes).
    package func discard(_ key: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(key))
    }

    static func parse(_ data: Data) -> Entry? {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")), newline - data.startIndex < 200,
            let header = String(data: data[data.startIndex..<newline], encoding: .utf8), header.hasPrefix(magic)
        else { return nil }
        // Split by its bytes: the generic `split(separator:)` of a Substring, Character by
        // Character, cost 10,000 instructions an entry (1% of a twenty-year report's).
        let fields = header.utf8.dropFirst(magic.utf8.count).split(separator: UInt8(ascii: " ")).map { Substring($0) }
        guard fields.count == 3, let fetched = Int(fields[0]), let length = Int(fields[1]), let crc = UInt32(fields[2], radix: 16) else { return nil }
        let body = data[(newline + 1)...]
        guard body.count == length, CRC32.checksum(body) == crc else { return nil }
        return Entry(body: Data(body), fetchedAt: Date(timeIntervalSince1970: TimeInterval(fetched)))
    }
}

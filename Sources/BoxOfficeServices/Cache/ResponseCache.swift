import BoxOfficeFiles
import BoxOfficeModel
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Response bodies on disk, so that no KOBIS call is ever spent twice.
///
/// Entries are named after what they hold (`kobis/daily/all/2022/20220105.json`), never after a key
/// or token. Each file is a one-line header (`boxoffice-cache 1 FETCHED_AT LENGTH CRC32`) and the body
/// exactly as the service sent it; a file whose header, length or checksum is wrong is treated as
/// absent and removed. Only bodies that decoded to data are stored, and every write is atomic (a
/// temporary file renamed into place), so a crash leaves either the old entry or the new one.
///
/// A cache may be shared: no link inside it is followed, at any step of a key's path (a folder
/// such as `kobis/totals/all` linked elsewhere is a miss to read and an error to write). Each
/// folder is opened from the cache's root one component at a time with `O_NOFOLLOW |
/// O_DIRECTORY`, and entries are read, written (renamed in), stamped and removed relative to it.
/// The folders opened are kept for the run (a few dozen descriptors): a twenty-year report stamps
/// 7,305 days, and walking each path again would cost five system calls a day.
package final class ResponseCache: Sendable {
    package let directory: URL
    /// The directory's path, worked out once: a twenty-year report reads twelve thousand entries.
    private let directoryPath: String
    /// The folders opened so far, by their path below the root (at most ``keptFolders``, never
    /// closed before the cache is let go, so no reader ever holds a closed descriptor); -1 for one
    /// found missing, so that looking for entries that are not there (a film's opening-weekend
    /// chart, thousands a long report) costs no walk each time; a write makes it.
    private let folders = Mutex<[Substring: Int32]>([:])
    /// The most folders kept open: far below the usual limit of 1,024 descriptors a process. Past
    /// it (no real cache has that many), a folder is opened for each use and closed after it.
    static let keptFolders = 256

    package init(directory: URL) {
        self.directory = directory
        self.directoryPath = directory.path
    }

    deinit {
        folders.withLock { for descriptor in $0.values where descriptor >= 0 { close(descriptor) } }  // -1: a missing folder
    }

    /// Where the folder of a key stands (``folder(of:create:)``).
    private enum Folder {
        /// Opened: kept for the run, or (`owned`) opened for this use, for the caller to close.
        case opened(descriptor: Int32, name: String, owned: Bool)
        /// A folder of the path is missing (and was not to be made).
        case missing
        /// A link or a file stands where a folder belongs, or it cannot be made: where and why.
        case blocked(path: String, reason: String)
    }

    /// The folder of `key` (its path less its last component: the root for a key without a
    /// slash), opened beneath the root without following a link, and the entry's name in it;
    /// made when `create`.
    private func folder(of key: String, create: Bool) -> Folder {
        let slash = key.lastIndex(of: "/")
        let path = slash.map { key[..<$0] } ?? ""
        let name = String(slash.map { key[key.index(after: $0)...] } ?? key[...])
        return folders.withLock { known -> Folder in
            if let descriptor = known[path] {
                if descriptor >= 0 { return .opened(descriptor: descriptor, name: name, owned: false) }
                if !create { return .missing }
            }
            /// Keeps `descriptor` for the run when there is room; false when the caller must close it.
            func keep(_ descriptor: Int32) -> Bool {
                guard known.count < Self.keptFolders || known[path] != nil else { return false }
                known[path] = descriptor
                return true
            }
            var current = open(directoryPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard current >= 0 else { return create ? .blocked(path: directoryPath, reason: String(cString: strerror(errno))) : .missing }
            var walked = directoryPath
            for component in path.split(separator: "/") {
                let component = String(component)
                walked += "/" + component
                guard component != "..", component != "." else {
                    close(current)
                    return .blocked(path: walked, reason: "a key may not name \(component)")
                }
                var next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if next < 0, errno == ENOENT, create, mkdirat(current, component, 0o755) == 0 || errno == EEXIST {
                    next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                let failure = errno
                var status = stat()
                let isLink = next < 0 && fstatat(current, component, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
                close(current)
                guard next >= 0 else {
                    if failure == ENOENT {
                        _ = keep(-1)
                        return .missing
                    }
                    if isLink {
                        return .blocked(path: walked, reason: "a symbolic link is in the way, and boxoffice does not follow links in its cache")
                    }
                    if failure == ENOTDIR { return .blocked(path: walked, reason: "a file is in the way where a folder belongs") }
                    return .blocked(path: walked, reason: String(cString: strerror(failure)))
                }
                current = next
            }
            return .opened(descriptor: current, name: name, owned: !keep(current))
        }
    }

    /// `body` with the opened folder of `key` and the entry's name in it; nil when there is none.
    private func inFolder<Result>(of key: String, _ body: (_ folder: Int32, _ name: String) -> Result?) -> Result? {
        guard case .opened(let descriptor, let name, let owned) = folder(of: key, create: false) else { return nil }
        defer { if owned { close(descriptor) } }
        return body(descriptor, name)
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
        inFolder(of: key) { folder, name in
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)-\(status.st_size)"
        }
    }

    /// The entry at `key`, or nil when absent or damaged (a damaged file is removed).
    package func read(_ key: String) -> Entry? {
        // A link in the cache is a miss, never followed: entries are files this tool wrote.
        inFolder(of: key) { folder, name in
            guard let data = RegularFile.contents(in: folder, name: name, limit: Self.maximumEntrySize) else { return nil }
            guard let entry = Self.parse(data) else {
                unlinkat(folder, name, 0)
                return nil
            }
            return entry
        }
    }

    /// Stores `body` at `key`, atomically; the error names the path and the system's reason.
    package func write(_ key: String, body: Data, fetchedAt: Date) throws(FileWriteError) {
        let url = directory.appendingPathComponent(key)
        try AtomicFile.makeFolder(directory)
        let (folder, name, owned): (Int32, String, Bool)
        switch self.folder(of: key, create: true) {
        case .opened(let descriptor, let entry, let mine): (folder, name, owned) = (descriptor, entry, mine)
        case .missing: throw FileWriteError(path: url.deletingLastPathComponent().path, reason: "could not be made")
        case .blocked(let path, let reason): throw FileWriteError(path: path, reason: reason)
        }
        defer { if owned { close(folder) } }
        try AtomicFile.makeOwnFolder(incoming)
        let header = "\(Self.magic)\(Int(fetchedAt.timeIntervalSince1970)) \(body.count) \(String(CRC32.checksum(body), radix: 16))\n"
        let temporary = Self.temporary(in: incoming)
        do throws(FileWriteError) {
            try AtomicFile.write(Data(header.utf8) + body, toNew: temporary, durable: false, reportingAs: url.path)
            guard renameat(AT_FDCWD, temporary.path, folder, name) == 0 else { throw .system(url.path) }
        } catch {
            unlink(temporary.path)
            throw error
        }
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
        _ = inFolder(of: key) { folder, name in unlinkat(folder, name, 0) }
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

import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// A file or folder that could not be written, and the system's reason ("No space left on device").
package struct FileWriteError: Error, Equatable, CustomStringConvertible {
    package let path: String
    package let reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for `path` from the current `errno`.
    package static func system(_ path: String, _ code: Int32 = errno) -> FileWriteError {
        FileWriteError(path: path, reason: String(cString: strerror(code)))
    }

    package var description: String { "\(path) (\(reason))" }
}

/// Replaces a file in one step: the data goes to a temporary file beside it, renamed over it, so a
/// reader sees the old file or the new one, never a part; the temporary file is removed on failure.
///
/// Every step is a system call whose failure is reported with its path and the system's reason, so
/// a full disk says "No space left on device" rather than a Foundation error number.
package enum AtomicFile {
    /// A hidden, unique temporary file beside `url` (`.NAME.1A2B3C4D.tmp`), on the same file system,
    /// so renaming it over `url` is one step.
    package static func temporary(beside url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
    }

    /// Writes `data` to `url` through `temporary` (by default one beside it); with `durable`, the
    /// data is flushed to disk before the rename (for files whose loss costs more than a refetch).
    package static func replace(_ url: URL, with data: Data, through temporary: URL? = nil, durable: Bool = false) throws(FileWriteError) {
        let temporary = temporary ?? Self.temporary(beside: url)
        do throws(FileWriteError) {
            try write(data, toNew: temporary, durable: durable, reportingAs: url.path)
            guard rename(temporary.path, url.path) == 0 else { throw .system(url.path) }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Creates `url` exclusively (never through an existing file or link) and writes `data` whole;
    /// a failure names `reportingAs` (default: the file itself) and leaves the partial file for the
    /// caller to remove.
    package static func write(_ data: Data, toNew url: URL, durable: Bool, reportingAs path: String? = nil) throws(FileWriteError) {
        let file = try NewFile(url, reportingAs: path)
        let failure: FileWriteError? = data.withUnsafeBytes { buffer in
            do throws(FileWriteError) {
                try file.append(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            file.abandon()
            throw failure
        }
        try file.finish(durable: durable)
    }

    /// A file created exclusively (never through an existing file or link) and written piece by
    /// piece: what ``write(_:toNew:durable:reportingAs:)`` does for data held whole, for a file
    /// whose pieces are freed as they are written (a twenty-year report's 77 MB of JSON).
    package final class NewFile {
        private var descriptor: Int32
        /// The path errors name.
        private let path: String

        package init(_ url: URL, reportingAs path: String? = nil) throws(FileWriteError) {
            self.path = path ?? url.path
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .system(self.path) }
        }

        /// Writes `bytes` whole after what was written before.
        package func append(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    let failure = errno
                    throw .system(path, failure)
                }
                offset += written
            }
        }

        /// Flushes the file to disk (with `durable`) and closes it; the error says why the data may
        /// not all be there.
        package func finish(durable: Bool) throws(FileWriteError) {
            var failure: Int32 = 0
            if durable, fsync(descriptor) != 0 { failure = errno }
            // close() is where some file systems (NFS, tmpfs quotas) report a write that did not fit.
            if close(descriptor) != 0, failure == 0 { failure = errno }
            descriptor = -1
            if failure != 0 { throw .system(path, failure) }
        }

        /// Closes the file, written or not, leaving it for the caller to remove.
        package func abandon() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }

        deinit { abandon() }
    }

    /// Creates `url` and its parents as folders, as `mkdir -p` does; the error names the first part
    /// that could not be made (a regular file where a folder belongs, a read-only file system).
    /// Makes `url` a real folder of its own: like ``makeFolder(_:)``, but a symbolic link in its
    /// place (even to a folder) is refused, never followed, for the folders `boxoffice` sweeps.
    package static func makeOwnFolder(_ url: URL) throws(FileWriteError) {
        var status = stat()
        if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw FileWriteError(path: url.path, reason: "a symbolic link is in the way, and boxoffice does not follow links it did not make")
        }
        try makeFolder(url)
    }

    /// The name ``temporary(beside:)`` gives: `.NAME.XXXXXXXX.tmp`, eight hex digits.
    package static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), dot > stem.startIndex else { return false }
        let suffix = stem[stem.index(after: dot)...]
        return suffix.count == 8 && suffix.allSatisfy(\.isHexDigit)
    }

    package static func makeFolder(_ url: URL) throws(FileWriteError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { return }
        let parent = url.deletingLastPathComponent()
        if parent.path != url.path { try makeFolder(parent) }
        if mkdir(url.path, 0o755) != 0, errno != EEXIST { throw .system(url.path) }
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw FileWriteError(path: url.path, reason: "a file is in the way where a folder belongs")
        }
    }
}

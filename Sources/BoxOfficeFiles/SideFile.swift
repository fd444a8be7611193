import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files boxoffice keeps beside its cache, its state and its reports (the totals index, the
/// revisions log, the watchlist, the quota ledger, a folder's index data and digest state), read and
/// written as input like any other: only a regular file, opened without following a link
/// (`O_NOFOLLOW`) and without waiting on a FIFO or a device (`O_NONBLOCK`), and never more than a
/// limit that the error names. A link there could send an append anywhere the user can write; a
/// FIFO would hang the run while it holds a lock.
package enum SideFile {
    /// Why a file beside the cache, state or reports cannot be used; its description is one line naming it.
    package struct Refusal: UserFacingError, Equatable, CustomStringConvertible {
        package let path: String
        package let reason: String

        package var description: String { "\(path) \(reason)" }
        package var errorDescription: String? { description }
        /// Like a link in the cache folder: the files beside it cannot be used (73).
        package var exitStatus: ExitStatus { .cannotWrite }

        package static func notRegular(_ path: String) -> Refusal {
            Refusal(
                path: path,
                reason: "is not a regular file (a link, a FIFO, a device or a folder): boxoffice uses only regular files there; move it away")
        }

        package static func system(_ path: String, _ code: Int32 = errno) -> Refusal {
            code == ELOOP || code == ENXIO || code == EISDIR
                ? notRegular(path) : Refusal(path: path, reason: "cannot be opened (\(String(cString: strerror(code))))")
        }
    }

    /// Opens `path` with `flags` (plus no-follow, non-blocking and close-on-exec) and checks it is a
    /// regular file; nil when it does not exist.
    private static func openRegular(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(Refusal) -> (descriptor: Int32, size: Int)? {
        let descriptor = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, mode)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .system(path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegular(path)
        }
        return (descriptor, Int(status.st_size))
    }

    /// The file's bytes; nil when it does not exist. Throws when it is not a regular file, cannot be
    /// read, or holds more than `limit` bytes (a file that size is not one boxoffice wrote).
    package static func contents(_ path: String, limit: Int) throws(Refusal) -> Data? {
        guard let (descriptor, size) = try openRegular(path, O_RDONLY) else { return nil }
        defer { close(descriptor) }
        guard size <= limit else {
            throw Refusal(path: path, reason: "holds \(size) bytes, more than the \(limit) boxoffice reads there; move it away")
        }
        var data = Data(count: size)
        let filled = data.withUnsafeMutableBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                offset += count
            }
            return offset
        }
        guard filled == size else { throw Refusal(path: path, reason: "could not be read whole") }
        return data
    }

    /// Each line of the file, read a block at a time (a log that grows is never held whole); a line
    /// longer than `longestLine` bytes is passed over, as a line that does not decode is by the
    /// caller. False when the file does not exist.
    @discardableResult
    package static func forEachLine(_ path: String, longestLine: Int, _ body: (Data) throws -> Void) throws -> Bool {
        guard let (descriptor, _) = try openRegular(path, O_RDONLY) else { return false }
        defer { close(descriptor) }
        var pending = Data()
        var tooLong = false
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw Refusal(path: path, reason: "could not be read (\(String(cString: strerror(errno))))") }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where block[index] == UInt8(ascii: "\n") {
                if !tooLong, pending.count + index - start <= longestLine {
                    pending.append(contentsOf: block[start..<index])
                    try body(pending)
                }
                pending.removeAll(keepingCapacity: true)
                tooLong = false
                start = index + 1
            }
            if !tooLong, pending.count + count - start <= longestLine {
                pending.append(contentsOf: block[start..<count])
            } else {
                tooLong = true
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !tooLong, !pending.isEmpty { try body(pending) }
        return true
    }

    /// Appends `data` whole or not at all, creating the file: holding the file's lock (so lines
    /// from two runs never interleave), in one `write` where the system takes it whole; a write
    /// cut short (a full disk) has the file's length put back, so no cut line is left for the next
    /// one to be glued to. The refusal quotes the system's reason for the write that failed.
    package static func append(_ data: Data, to path: String) throws(Refusal) {
        guard let (descriptor, _) = try openRegular(path, O_WRONLY | O_APPEND | O_CREAT) else { throw .system(path) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Refusal(path: path, reason: "could not be locked (\(String(cString: strerror(errno))))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(path) }
        let before = status.st_size
        var done = 0
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            while done < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if written < 0, errno == EINTR { continue }
                if written <= 0 {
                    failure = written < 0 ? errno : ENOSPC
                    return
                }
                done += written
            }
        }
        guard done < data.count else { return }
        let restored = ftruncate(descriptor, before) == 0
        throw Refusal(
            path: path,
            reason: "could not be appended to (\(String(cString: strerror(failure))); "
                + (restored ? "nothing of it was kept)" : "\(done) bytes of it were kept and may be read as a damaged line)"))
    }

    /// A name for a copy of `path` set aside, `path.<label>-<stamp>`, not taken yet: `-2`, `-3` …
    /// follow when two are set aside within the same second.
    package static func asideName(for path: String, label: String, stamp: String) -> String {
        let base = "\(path).\(label)-\(stamp)"
        var name = base
        var number = 1
        var status = stat()
        while lstat(name, &status) == 0 {
            number += 1
            name = "\(base)-\(number)"
        }
        return name
    }
}

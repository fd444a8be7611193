import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files the tool did not make itself (cache entries, the ledger, overrides, templates)
/// without trusting them: only a regular file is read, opened so that a FIFO or a device can
/// never block the run, and never more than `limit` bytes.
package enum RegularFile {
    /// A regular file's bytes; nil when it is absent, not a regular file, larger than `limit`, or
    /// unreadable, and, unless `followingLinks` (a user's templates may be links), a link.
    package static func contents(atPath path: String, limit: Int = 64 << 20, followingLinks: Bool = true) -> Data? {
        contents(of: open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW)), limit: limit)
    }

    /// The bytes of the file `name` in the open folder `folder`, never through a link.
    package static func contents(in folder: Int32, name: String, limit: Int) -> Data? {
        contents(of: openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW), limit: limit)
    }

    /// An opened file's bytes (nil for -1), closing it.
    private static func contents(of descriptor: Int32, limit: Int) -> Data? {
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size >= 0, status.st_size <= limit else {
            return nil
        }
        var data = Data(count: Int(status.st_size))
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }
}

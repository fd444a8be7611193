import BoxOfficeFiles
import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writing `boxoffice` run per cache folder: an exclusive lock on `.lock` inside it, released
/// when the process ends, however it ends. Runs that only read (`--offline`) share the lock, and
/// work on a cache they cannot write (a read-only mount, another user's folder).
package final class CacheLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Runs `body` holding the lock on `directory`, waiting up to `wait` seconds for another run to
    /// finish first; the lock is released when `body` returns or throws. With `shared`, other
    /// reading runs may hold it too.
    @discardableResult
    package static func withLock<Result>(
        _ directory: URL, wait: Double, shared: Bool = false, time: TimeSource = .system,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let lock = try await acquire(directory, wait: wait, shared: shared, time: time)
        defer { withExtendedLifetime(lock) {} }
        return try await body()
    }

    /// Takes the lock, waiting up to `wait` seconds for another run to finish.
    static func acquire(_ directory: URL, wait: Double, shared: Bool = false, time: TimeSource = .system) async throws -> CacheLock {
        let path = directory.appendingPathComponent(".lock").path
        var descriptor: Int32
        if shared {
            // A reader writes nothing: it locks the lock file read-only (flock needs no write
            // access), so a read-only cache works, and a cache without a lock file has never been
            // written by a run that could still be writing it, so there is nothing to wait for.
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            if descriptor < 0 { return CacheLock(descriptor: -1) }
        } else {
            do {
                try AtomicFile.makeFolder(directory)
            } catch {
                throw CacheError.unwritable(path: error.path, reason: error.reason)
            }
            // Never through a link: a dangling one would have the lock made wherever it points.
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else {
                let reason = errno == ELOOP ? "it is a symbolic link, which boxoffice does not follow" : String(cString: strerror(errno))
                throw CacheError.unwritable(path: path, reason: reason)
            }
        }
        let lock = CacheLock(descriptor: descriptor)  // closes the descriptor however this ends
        guard try await FileLock.acquire(descriptor, shared ? LOCK_SH : LOCK_EX, wait: wait, interval: 0.1, time: time) else {
            throw CacheError.locked(path: directory.path, waited: wait)
        }
        return lock
    }
}

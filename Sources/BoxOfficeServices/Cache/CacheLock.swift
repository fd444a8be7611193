import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `boxoffice` run per cache folder: an exclusive lock on `.lock` inside it, released when the
/// process ends, however it ends.
public final class CacheLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Runs `body` holding the lock on `directory`, waiting up to `wait` seconds for another run to
    /// finish first; the lock is released when `body` returns or throws.
    @discardableResult
    public static func withLock<Result>(
        _ directory: URL, wait: Double, time: TimeSource = .system,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let lock = try await acquire(directory, wait: wait, time: time)
        defer { withExtendedLifetime(lock) {} }
        return try await body()
    }

    /// Takes the lock, waiting up to `wait` seconds for another run to finish.
    static func acquire(_ directory: URL, wait: Double, time: TimeSource = .system) async throws -> CacheLock {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CacheError.unusable(path: directory.path)
        }
        let path = directory.appendingPathComponent(".lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CacheError.unusable(path: directory.path) }
        let deadline = time.now() + max(0, wait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard time.now() < deadline else {
                close(descriptor)
                throw CacheError.locked(path: directory.path, waited: wait)
            }
            try await time.sleep(0.1)
        }
        return CacheLock(descriptor: descriptor)
    }
}

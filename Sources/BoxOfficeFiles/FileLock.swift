import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flock(2)` taken without blocking a thread, for the locks several runs share (the cache folder,
/// the quota ledger).
package enum FileLock {
    /// Takes `operation` (`LOCK_EX` or `LOCK_SH`) on `descriptor`: tries at once, then again every
    /// `interval` seconds (an asynchronous wait on `time`) until `wait` seconds have passed. False
    /// when another holder kept it that long, or it cannot be taken at all (an error other than
    /// "held by another"); throws only when the task is cancelled while waiting.
    package static func acquire(_ descriptor: Int32, _ operation: Int32, wait: Double, interval: Double, time: TimeSource) async throws -> Bool {
        let deadline = time.now() + max(0, wait)
        while flock(descriptor, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, time.now() < deadline else { return false }
            try await time.sleep(interval)
        }
        return true
    }
}

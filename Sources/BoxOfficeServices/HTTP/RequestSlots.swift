import Foundation

/// The run's requests in flight, bounded: `--concurrency` slots shared by every service.
///
/// ``RetryingTransport`` takes a slot for an attempt and gives it back when the request is done or
/// must wait a second or more before its next attempt (a backoff past the first, any
/// `Retry-After`), so a server that asks one request to wait does not slow every other. Waiters
/// are served in the order they asked; a cancelled waiter leaves the queue at once.
// Unchecked Sendable: the slots and waiters change under `lock` only.
package final class RequestSlots: @unchecked Sendable {
    package let capacity: Int
    private let lock = NSLock()
    private var free: Int
    private var waiters: [(id: Int, continuation: CheckedContinuation<Void, Error>)] = []
    private var nextID = 0

    package init(_ capacity: Int) {
        precondition(capacity >= 1, "at least one slot")
        self.capacity = capacity
        free = capacity
    }

    /// Runs `body` holding one slot.
    package func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// Slots held now.
    package var inUse: Int { lock.withLock { capacity - free } }

    /// Waits for a slot; throws `CancellationError` (holding none) when the task is cancelled.
    package func acquire() async throws {
        let id: Int? = lock.withLock {
            if free > 0 {
                free -= 1
                return nil
            }
            nextID += 1
            return nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = lock.withLock {
                    if Task.isCancelled { return true }
                    waiters.append((id, continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiter = lock.withLock { () -> CheckedContinuation<Void, Error>? in
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives a slot back: straight to the longest waiter, if any.
    package func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Error>? in
            if waiters.isEmpty {
                free += 1
                return nil
            }
            return waiters.removeFirst().continuation
        }
        next?.resume()
    }
}

import BoxOfficeModel
import Foundation

/// The run's requests in flight, bounded: `--concurrency` slots shared by every service.
///
/// ``RetryingTransport`` takes a slot for an attempt and gives it back when the request is done or
/// must wait a second or more before its next attempt (a backoff past the first, any
/// `Retry-After`), so a server that asks one request to wait does not slow every other. Waiters
/// are served in the order they asked; a cancelled waiter leaves the queue at once.
package final class RequestSlots: Sendable {
    package let capacity: Int
    private struct State {
        var free: Int
        var waiters: [(id: Int, continuation: CheckedContinuation<Void, Error>)] = []
        var nextID = 0
    }
    private let state: Locked<State>

    package init(_ capacity: Int) {
        precondition(capacity >= 1, "at least one slot")
        self.capacity = capacity
        state = Locked(State(free: capacity))
    }

    /// Runs `body` holding one slot.
    package func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// Slots held now.
    package var inUse: Int { state.withLock { capacity - $0.free } }

    /// Waits for a slot; throws `CancellationError` (holding none) when the task is cancelled.
    package func acquire() async throws {
        let id: Int? = state.withLock { state in
            if state.free > 0 {
                state.free -= 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.waiters.append((id, continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives a slot back: straight to the longest waiter, if any.
    package func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Error>? in
            if state.waiters.isEmpty {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }
}

/// The run's requests in flight, bounded: `--concurrency` slots shared by every service.
///
/// A request takes a slot only while it is on the wire. A request waiting out a backoff or a
/// `Retry-After` gives its slot back (``SlottedTransport`` sits beneath ``RetryingTransport``), so a
/// server that asks one request to wait does not slow every other. Waiters are served in the order
/// they asked; a cancelled waiter leaves the queue at once.
public actor RequestSlots {
    public let capacity: Int
    private var free: Int
    private var waiters: [(id: Int, continuation: CheckedContinuation<Void, Error>)] = []
    private var nextID = 0

    public init(_ capacity: Int) {
        precondition(capacity >= 1, "at least one slot")
        self.capacity = capacity
        free = capacity
    }

    /// Runs `body` holding one slot.
    public func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// Requests on the wire now.
    public var inUse: Int { capacity - free }

    func acquire() async throws {
        try Task.checkCancellation()
        if free > 0 {
            free -= 1
            return
        }
        let id = nextID
        nextID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters.append((id, continuation))
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    func release() {
        if waiters.isEmpty {
            free += 1
        } else {
            // The slot passes straight to the longest waiter.
            waiters.removeFirst().continuation.resume()
        }
    }

    private func cancelWaiter(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}

import BoxOfficeModel
import Foundation

/// Spaces requests evenly: at most `perSecond` start in any second, in the order they asked.
public actor RateLimiter {
    private let interval: Double
    private let time: TimeSource
    private var nextSlot: Double = -.infinity

    public init(perSecond: Double, time: TimeSource = .system) {
        precondition(perSecond > 0, "rate must be positive")
        interval = 1 / perSecond
        self.time = time
    }

    /// Waits for this caller's slot.
    public func acquire() async throws {
        let now = time.now()
        let slot = max(now, nextSlot)
        nextSlot = slot + interval
        if slot > now { try await time.sleep(slot - now) }
    }
}

import BoxOfficeModel
import Foundation

/// Spaces requests evenly, in the order they asked, and lets at most `perSecond` start in any
/// one-second window, measured when each caller is released.
///
/// Slots alone are not enough: on a busy machine a caller can wake long after its slot, and
/// callers whose slots have passed would then start together with it, a burst over the limit. So
/// a caller released late also waits until fewer than `perSecond` callers started in the last second.
package actor RateLimiter {
    private let interval: Double
    private let limit: Int
    private let time: TimeSource
    private var nextSlot: Double = -.infinity
    /// When the callers of the last second were released, oldest first.
    private var released: [Double] = []

    package init(perSecond: Double, time: TimeSource = .system) {
        precondition(perSecond > 0, "rate must be positive")
        interval = 1 / perSecond
        limit = max(1, Int(perSecond.rounded(.down)))
        self.time = time
    }

    /// Waits for this caller's slot, then for room in the last second's window.
    package func acquire() async throws {
        let now = time.now()
        let slot = max(now, nextSlot)
        nextSlot = slot + interval
        if slot > now { try await time.sleep(slot - now) }
        while true {
            let now = time.now()
            // A start exactly a second ago (up to rounding of the slots' sums) is out of the window.
            let stale = released.prefix { now - $0 >= 1 - 1e-9 }.count
            released.removeFirst(stale)
            if released.count < limit {
                released.append(now)
                return
            }
            try await time.sleep(released[0] + 1 - now)
        }
    }
}

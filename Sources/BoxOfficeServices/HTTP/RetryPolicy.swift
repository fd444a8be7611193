import Foundation

/// When and how long to retry: one policy for both services.
package struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt.
    package var retries: Int
    /// Backoff before retry n (from 0) is a random time in 0 ..< min(cap, base × 2ⁿ): "full jitter".
    package var base: Double
    package var cap: Double
    /// A `Retry-After` longer than this is cut to it.
    package var retryAfterCap: Double
    /// The longest one attempt may take, connecting and reading included.
    package var deadline: Double

    package init(retries: Int = 3, base: Double = 0.5, cap: Double = 20, retryAfterCap: Double = 60, deadline: Double = 30) {
        self.retries = retries
        self.base = base
        self.cap = cap
        self.retryAfterCap = retryAfterCap
        self.deadline = deadline
    }

    /// HTTP statuses worth another try: timeouts, rate limits, and server-side failures.
    package static let transientStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
}

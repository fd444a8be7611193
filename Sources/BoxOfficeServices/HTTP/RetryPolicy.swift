import Foundation

/// When and how long to retry: one policy for both services.
public struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt.
    public var retries: Int
    /// Backoff before retry n (from 0) is a random time in 0 ..< min(cap, base × 2ⁿ): "full jitter".
    public var base: Double
    public var cap: Double
    /// A `Retry-After` longer than this is cut to it.
    public var retryAfterCap: Double
    /// The longest one attempt may take, connecting and reading included.
    public var deadline: Double

    public init(retries: Int = 3, base: Double = 0.5, cap: Double = 20, retryAfterCap: Double = 60, deadline: Double = 30) {
        self.retries = retries
        self.base = base
        self.cap = cap
        self.retryAfterCap = retryAfterCap
        self.deadline = deadline
    }

    /// HTTP statuses worth another try: timeouts, rate limits, and server-side failures.
    public static let transientStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
}

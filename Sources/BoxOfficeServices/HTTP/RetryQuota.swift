import Foundation

/// A run-wide allowance of retries, after the AWS SDKs' retry quota: each retry spends tokens (a
/// timeout more), each success after no retry returns one. When a service is clearly down the
/// tokens run out and failures stop being retried, so an outage fails in seconds, not hours.
public actor RetryQuota {
    public static let defaultCapacity = 50
    static let retryCost = 5
    static let timeoutCost = 10

    private let capacity: Int
    private var tokens: Int

    public init(capacity: Int = RetryQuota.defaultCapacity) {
        self.capacity = capacity
        tokens = capacity
    }

    /// Takes the cost of one retry; false when the quota cannot afford it.
    func withdraw(afterTimeout: Bool) -> Bool {
        let cost = afterTimeout ? Self.timeoutCost : Self.retryCost
        guard tokens >= cost else { return false }
        tokens -= cost
        return true
    }

    /// A request succeeded: give back what its retries cost, or one token when it needed none.
    func deposit(retryCost spent: Int) {
        tokens = min(capacity, tokens + max(1, spent))
    }

    public var remaining: Int { tokens }
}

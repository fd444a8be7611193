import Foundation

/// A run-wide allowance of retries for one service, telling a flaky service from one that is down.
///
/// Two rules, either of which stops retrying:
/// - **Tokens**, with the AWS SDKs' standard numbers: 500 to start, a retry costs 5 (10 after a
///   timeout), a success gives back what its retries cost, or 1 when it needed none. Transient
///   failures that retries fix never run it dry, even many waiting at once.
/// - **Failed retries in a row**: `downAfter` retries failing with no success between mean the
///   service is down: a first attempt failing says little (every first attempt may hang while
///   every retry works), a retry failing says the cure did not work. An outage then fails after
///   one round of retries (seconds for refused connections and 503s, about two `--timeout`s for
///   hangs), not after every request's retries.
///
/// Either way the failure says "retry budget exhausted after N failures".
package actor RetryQuota {
    package static let defaultCapacity = 500
    /// Failed retries in a row, with no success between, that mean down, at least.
    package static let minimumDownAfter = 4
    static let retryCost = 5
    static let timeoutCost = 10

    private let capacity: Int
    private let downAfter: Int
    private var tokens: Int
    /// Failed retries since the last success.
    private var inARow = 0
    /// Transient failures seen in the run, for the message.
    package private(set) var failures = 0

    /// - Parameter downAfter: failed retries in a row meaning down; use the run's request slots
    ///   (every request on the wire failed again), at least ``minimumDownAfter``.
    package init(capacity: Int = RetryQuota.defaultCapacity, downAfter: Int = 8) {
        self.capacity = capacity
        self.downAfter = max(downAfter, Self.minimumDownAfter)
        tokens = capacity
    }

    /// Counts one transient failure (of a retry, when `retry`) and takes the cost of retrying it;
    /// false when the quota cannot afford it or the service looks down.
    func withdraw(afterTimeout: Bool, retry: Bool = false) -> Bool {
        failures += 1
        if retry { inARow += 1 }
        let cost = afterTimeout ? Self.timeoutCost : Self.retryCost
        guard inARow < downAfter, tokens >= cost else { return false }
        tokens -= cost
        return true
    }

    /// Counts a transient failure that is not retried anyway (its request is out of `--retries`).
    func noteFinalFailure(retry: Bool) {
        failures += 1
        if retry { inARow += 1 }
    }

    /// A request succeeded: the service is up; give back what its retries cost, or one token when it needed none.
    func deposit(retryCost spent: Int) {
        inARow = 0
        tokens = min(capacity, tokens + max(1, spent))
    }

    package var remaining: Int { tokens }
}

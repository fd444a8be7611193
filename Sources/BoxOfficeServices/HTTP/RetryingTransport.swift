import BoxOfficeModel
import Foundation

/// Retries transient failures of the transport beneath it, with backoff and a run-wide quota.
///
/// Transient: no connection, a reset or timeout, HTTP 408, 429, 500, 502, 503, 504, and a 2xx whose
/// body the service's `isDamaged` check refuses (an HTML page from a proxy, a truncated body). Everything else, including KOBIS `faultInfo` answers and TMDB's 401, 404 and 422, is
/// returned at once for the client to interpret: a permanent error is never retried. `Retry-After`
/// (seconds or an HTTP date) is honoured up to a cap, and a 429 always waits at least a second.
///
/// With `slots`, a request holds one of the run's ``RequestSlots`` while it is on the wire and
/// gives it back before any wait of a second or more; the time spent waiting for a slot does not
/// count against the attempt's deadline.
package struct RetryingTransport: HTTPTransport {
    package let base: any HTTPTransport
    package let policy: RetryPolicy
    package let quota: RetryQuota
    package let slots: RequestSlots?
    /// Allows each retry before it is sent (the KOBIS budget, which counts every request).
    package let meter: (any RequestMeter)?
    let time: TimeSource
    let random: @Sendable () -> Double
    /// The service's own word on a body that arrived with a 2xx but cannot be what it sends.
    let isDamaged: @Sendable (Data) -> Bool

    package init(
        _ base: any HTTPTransport, policy: RetryPolicy = .init(), quota: RetryQuota = RetryQuota(), slots: RequestSlots? = nil,
        meter: (any RequestMeter)? = nil, time: TimeSource = .system, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        isDamaged: @escaping @Sendable (Data) -> Bool = { _ in false }
    ) {
        self.base = base
        self.policy = policy
        self.quota = quota
        self.slots = slots
        self.meter = meter
        self.time = time
        self.random = random
        self.isDamaged = isDamaged
    }

    /// A wait shorter than this keeps the request's slot: the first backoff is under a second, and
    /// keeping the slot lets the retry go out at once instead of behind every queued first attempt
    /// (so an outage is seen one `--timeout` after the first failures, not after every queued
    /// request has failed once). Longer waits give the slot back.
    static let keepSlotThrough = 1.0

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var spent = 0
        var attempt = 1
        var holding = false
        defer { if holding { slots?.release() } }
        while true {
            if let slots, !holding {
                try await slots.acquire()
                holding = true
            }
            let outcome: Result<HTTPResponse, Error>
            let sends = SendCount()
            do {
                outcome = .success(try await SendCount.$current.withValue(sends) { try await attemptOnce(request) })
            } catch is CancellationError {
                await meter?.recordResent(sends.value - 1)
                throw CancellationError()
            } catch {
                outcome = .failure(error)
            }
            // The sends the transport made on its own reached the service too.
            await meter?.recordResent(sends.value - 1)
            guard let wait = retryDelay(after: outcome, attempt: attempt) else {
                if case .success = outcome { await quota.deposit(retryCost: spent) }
                return try Self.finish(outcome, attempts: attempt)
            }
            let afterTimeout = if case .failure(TransportError.timedOut) = outcome { true } else { false }
            guard attempt <= policy.retries else {
                await quota.noteFinalFailure(retry: attempt > 1)
                return try Self.finish(outcome, attempts: attempt)
            }
            guard await quota.withdraw(afterTimeout: afterTimeout, retry: attempt > 1) else {
                return try Self.finish(outcome, attempts: attempt, budgetExhaustedAfter: await quota.failures)
            }
            spent += afterTimeout ? RetryQuota.timeoutCost : RetryQuota.retryCost
            if holding, wait >= Self.keepSlotThrough {
                slots?.release()
                holding = false
            }
            try await time.sleep(wait)
            // A retry is a request like the first: the meter (the KOBIS budget) must allow it, as
            // late as can be, so a run stopped during the wait is not charged for it.
            if let meter, !(await meter.admitRetry()) {
                return try Self.finish(outcome, attempts: attempt)
            }
            attempt += 1
        }
    }

    /// One attempt under the deadline; the wait for a slot (taken by the caller) does not count.
    func attemptOnce(_ request: HTTPRequest) async throws -> HTTPResponse {
        let base = base
        return try await Deadline.run(seconds: policy.deadline, host: request.url.host ?? "the server") { try await base.send(request) }
    }

    /// How long to wait before trying again, or nil when the outcome is final.
    func retryDelay(after outcome: Result<HTTPResponse, Error>, attempt: Int) -> Double? {
        switch outcome {
        case .failure(let error):
            guard let error = error as? TransportError, error.isTransient else { return nil }
            return backoff(attempt)
        case .success(let response):
            if RetryPolicy.transientStatuses.contains(response.status) {
                let floor = response.status == 429 ? 1.0 : 0
                if let after = RetryAfter.seconds(response.header("Retry-After")) {
                    // Never longer than one request may take (--timeout): a server cannot park the run.
                    return min(max(after, floor), policy.retryAfterCap, policy.deadline)
                }
                return max(backoff(attempt), floor)
            }
            if (200..<300).contains(response.status), isDamaged(response.body) {
                return backoff(attempt)
            }
            return nil
        }
    }

    /// Full jitter: uniformly random in 0 ..< min(cap, base × 2^(attempt − 1)).
    func backoff(_ attempt: Int) -> Double {
        random() * min(policy.cap, policy.base * pow(2, Double(attempt - 1)))
    }

    static func finish(_ outcome: Result<HTTPResponse, Error>, attempts: Int, budgetExhaustedAfter failures: Int? = nil) throws -> HTTPResponse {
        switch outcome {
        case .success(var response):
            response.attempts = attempts
            response.retryBudgetExhaustedAfter = failures
            return response
        case .failure(let error as TransportError):
            if let failures { throw error.outOfRetries(attempts: attempts, failures: failures) }
            throw attempts > 1 ? error.after(attempts: attempts) : error
        case .failure(let error):
            throw error
        }
    }
}

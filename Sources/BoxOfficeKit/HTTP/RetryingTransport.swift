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

/// Retries transient failures of the transport beneath it, with backoff and a run-wide quota.
///
/// Transient: no connection, a reset or timeout, HTTP 408, 429, 500, 502, 503, 504, and a 200 whose
/// body is not the JSON object both services always send (an HTML page from a proxy, a truncated
/// body). Everything else, including KOBIS `faultInfo` answers and TMDB's 401, 404 and 422, is
/// returned at once for the client to interpret: a permanent error is never retried. `Retry-After`
/// (seconds or an HTTP date) is honoured up to a cap, and a 429 always waits at least a second.
public struct RetryingTransport: HTTPTransport {
    public let base: any HTTPTransport
    public let policy: RetryPolicy
    public let quota: RetryQuota
    let time: TimeSource
    let random: @Sendable () -> Double

    public init(_ base: any HTTPTransport, policy: RetryPolicy = .init(), quota: RetryQuota = RetryQuota(),
                time: TimeSource = .system, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.base = base
        self.policy = policy
        self.quota = quota
        self.time = time
        self.random = random
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var spent = 0
        var attempt = 1
        while true {
            let outcome: Result<HTTPResponse, Error>
            do {
                outcome = .success(try await Deadline.run(seconds: policy.deadline, host: request.url.host ?? "the server") {
                    try await base.send(request)
                })
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                outcome = .failure(error)
            }
            guard let wait = retryDelay(after: outcome, attempt: attempt) else {
                if case .success = outcome { await quota.deposit(retryCost: spent) }
                return try Self.finish(outcome, attempts: attempt)
            }
            let afterTimeout = if case .failure(TransportError.timedOut) = outcome { true } else { false }
            guard attempt <= policy.retries, await quota.withdraw(afterTimeout: afterTimeout) else {
                return try Self.finish(outcome, attempts: attempt)
            }
            spent += afterTimeout ? RetryQuota.timeoutCost : RetryQuota.retryCost
            try await time.sleep(wait)
            attempt += 1
        }
    }

    /// How long to wait before trying again, or nil when the outcome is final.
    func retryDelay(after outcome: Result<HTTPResponse, Error>, attempt: Int) -> Double? {
        switch outcome {
        case .failure(let error):
            guard error is TransportError else { return nil }
            return backoff(attempt)
        case .success(let response):
            if RetryPolicy.transientStatuses.contains(response.status) {
                let floor = response.status == 429 ? 1.0 : 0
                if let after = TMDBClient.retryAfter(response.header("Retry-After")) {
                    return min(max(after, floor), policy.retryAfterCap)
                }
                return max(backoff(attempt), floor)
            }
            if (200..<300).contains(response.status), !Self.looksLikeJSONObject(response.body) {
                return backoff(attempt)
            }
            return nil
        }
    }

    /// Full jitter: uniformly random in 0 ..< min(cap, base × 2^(attempt − 1)).
    func backoff(_ attempt: Int) -> Double {
        random() * min(policy.cap, policy.base * pow(2, Double(attempt - 1)))
    }

    static func finish(_ outcome: Result<HTTPResponse, Error>, attempts: Int) throws -> HTTPResponse {
        switch outcome {
        case .success(var response):
            response.attempts = attempts
            return response
        case .failure(let error as TransportError):
            throw attempts > 1 ? error.after(attempts: attempts) : error
        case .failure(let error):
            throw error
        }
    }

    /// Both services answer every request with a JSON object; anything else is a damaged answer.
    static func looksLikeJSONObject(_ body: Data) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        guard let first = body.first(where: { !isSpace($0) }), let last = body.last(where: { !isSpace($0) }) else { return false }
        return first == UInt8(ascii: "{") && last == UInt8(ascii: "}")
    }
}

/// Runs an operation with a time limit; past it, the operation is cancelled and
/// `TransportError.timedOut` is thrown.
enum Deadline {
    static func run<Value: Sendable>(seconds: Double, host: String, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1e9))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw TransportError.timedOut(host: host)
            }
            return value
        }
    }
}

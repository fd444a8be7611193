import BoxOfficeServices

/// How both services are reached: requests in flight, retries, and the time one request may take
/// (`--concurrency`, `--retries`, `--timeout`).
package struct NetworkSettings: Sendable {
    package var concurrency = 8
    package var retries = 3
    package var timeout = 30.0

    package init(concurrency: Int = 8, retries: Int = 3, timeout: Double = 30.0) {
        (self.concurrency, self.retries, self.timeout) = (concurrency, retries, timeout)
    }

    package var retryPolicy: RetryPolicy { RetryPolicy(retries: retries, deadline: timeout) }

    /// Jobs in progress at most. Wider than `concurrency`, which bounds requests on the wire: a job
    /// waiting a second or more to retry gives its request slot to another.
    package var jobs: Int { concurrency * 4 }
}

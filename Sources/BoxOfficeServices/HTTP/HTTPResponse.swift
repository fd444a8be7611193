import Foundation

/// What came back, whatever the status: interpreting it is the client's job.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data
    /// How many tries it took to get this answer (retries included), for messages.
    package var attempts: Int
    /// Set when a transient answer was not retried (again) because the run's retry quota ran out:
    /// the service's failures in the run so far.
    package var retryBudgetExhaustedAfter: Int?

    package init(status: Int, headers: [String: String] = [:], body: Data, attempts: Int = 1) {
        self.status = status
        self.headers = headers
        self.body = body
        self.attempts = attempts
    }

    /// `", 4 attempts"` after retries, else empty: for the end of an error's reason.
    /// Ends with the retry quota's note when it ran out.
    package var attemptsNote: String {
        (attempts > 1 ? ", \(attempts) attempts" : "") + (retryBudgetExhaustedAfter.map { "; " + Self.budgetNote(failures: $0) } ?? "")
    }

    static func budgetNote(failures: Int) -> String {
        "retry budget exhausted after \(failures) failure\(failures == 1 ? "" : "s") (the service looks down)"
    }

    /// Why a 3xx answer is an error: the transport never follows redirects, since the request's
    /// credentials would go along.
    package static func redirectRefusal(_ status: Int) -> String {
        "HTTP \(status), a redirect, which boxoffice never follows (it would carry the credentials elsewhere)"
    }

    /// A header by case-insensitive name.
    package func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

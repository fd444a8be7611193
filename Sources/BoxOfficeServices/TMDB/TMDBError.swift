import BoxOfficeModel
import Foundation

/// What went wrong talking to TMDB. TMDB never blocks a report: these become a note and a line on
/// stderr, and an exit code only with `--require-tmdb`.
package enum TMDBError: UserFacingError, Equatable {
    /// 401: TMDB status 7 (invalid key), 10 (suspended) or 3 (authentication failed).
    case unauthorized(code: Int?)
    case notFound(subject: String)
    /// 429 that would not clear, 5xx, or no connection.
    case unavailable(subject: String, reason: String)
    /// 400 or 422: TMDB refused the request itself.
    case rejected(subject: String, status: Int, message: String)
    case malformed(subject: String, reason: String)
    /// `--offline` and the cache does not hold it.
    case notCached(subject: String)

    package var errorDescription: String? {
        switch self {
        case .notCached(let subject):
            "\(subject) is not in the cache (--offline)"
        case .unauthorized(let code):
            "TMDB rejected the credentials (HTTP 401\(code.map { ", status \($0)" } ?? "")): check TMDB_API_TOKEN or TMDB_API_KEY"
        case .notFound(let subject):
            "TMDB has no \(subject)"
        case let .unavailable(subject, reason):
            "TMDB is unavailable: \(subject) failed (\(reason))"
        case let .rejected(subject, status, message):
            "TMDB refused \(subject) (HTTP \(status)\(message.isEmpty ? "" : ": \(String(message.prefix(120)))"))"
        case let .malformed(subject, reason):
            "TMDB sent a malformed response for \(subject): \(reason)"
        }
    }

    /// True when TMDB is of no more use this run (credentials rejected, or the service down), as
    /// opposed to a failure about one film.
    package var stopsTMDB: Bool {
        switch self {
        case .unauthorized, .unavailable: true
        case .notFound, .rejected, .malformed, .notCached: false
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .unauthorized: .configuration
        case .unavailable, .notCached: .tryAgainLater
        case .notFound, .rejected, .malformed: .malformedResponse
        }
    }
}

import BoxOfficeModel
import Foundation

/// What went wrong talking to KOBIS; each message names the request and the way forward.
package enum KOBISError: UserFacingError, Equatable {
    /// `320010`: the key is invalid or missing.
    case invalidKey
    /// `320011`: the key's 3,000 calls for the day are spent.
    case quotaExceeded(subject: String)
    /// Any other `faultInfo` code.
    case fault(code: String, message: String, subject: String)
    /// A connection failure, timeout or 5xx.
    case unavailable(subject: String, reason: String)
    /// A body that is not the data KOBIS documents.
    case malformed(subject: String, reason: String)
    /// `--offline` and the cache does not hold it.
    case notCached(subject: String)
    /// This run's budget of calls is spent; nothing was sent. `kept`: the calls `--reserve` keeps
    /// for scheduled runs, which the message names (0: none).
    case budgetSpent(subject: String, kept: Int = 0)
    /// An unfiltered period chart came back empty: KOBIS has not published it yet. Never cached.
    case notYetPublished(subject: String)

    /// The code ``KOBISClient`` gives an empty unfiltered period chart, so it is never cached.
    static let notYetPublishedCode = "boxoffice:empty-period"

    init(faultCode code: String, message: String, subject: String) {
        switch code {
        case "320010": self = .invalidKey
        case "320011": self = .quotaExceeded(subject: subject)
        case Self.notYetPublishedCode: self = .notYetPublished(subject: subject)
        default: self = .fault(code: code, message: message, subject: subject)
        }
    }

    /// True when the data was simply not had this run (not cached offline, the budget or the quota
    /// spent), as opposed to a failure of the service.
    package var meansNotHad: Bool {
        switch self {
        case .notCached, .budgetSpent, .quotaExceeded: true
        case .invalidKey, .fault, .unavailable, .malformed, .notYetPublished: false
        }
    }

    package var errorDescription: String? {
        switch self {
        case .invalidKey:
            "KOBIS rejected the API key (error 320010): check KOBIS_API_KEY"
        case .quotaExceeded(let subject):
            "KOBIS refused \(subject): the key's daily quota of 3,000 calls is used up (error 320011); run again after midnight in Seoul"
        case let .fault(code, message, subject):
            "KOBIS refused \(subject) with error \(code)\(message.isEmpty ? "" : " (\(Self.oneLine(message)))")"
        case let .unavailable(subject, reason):
            "KOBIS is unavailable: \(subject) failed (\(reason)); try again later"
        case let .malformed(subject, reason):
            "KOBIS sent a malformed response for \(subject): \(reason)"
        case .notCached(let subject):
            "\(subject) is not in the cache (--offline)"
        case .budgetSpent(let subject, let kept):
            "not fetching \(subject): " + (kept > 0 ? Self.spent(limit: nil, kept: kept) : "this run's KOBIS budget is spent")
        case .notYetPublished(let subject):
            "KOBIS has no figures for \(subject) yet (an empty list); try again later"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .invalidKey: .configuration
        case .quotaExceeded, .unavailable, .notCached, .budgetSpent, .notYetPublished: .tryAgainLater
        case .fault, .malformed: .malformedResponse
        }
    }

    private static func oneLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(120))
    }
}

extension KOBISError {
    /// Why a run's calls ran out, naming what stopped it: `--budget`, or the calls `--reserve`
    /// keeps for scheduled runs (`kept`) and how to use them.
    static func spent(limit: Int?, kept: Int) -> String {
        guard kept > 0 else { return "this run's budget of \(limit ?? 0) KOBIS calls is spent" }
        let left: String =
            switch limit {
            case 0?: "no KOBIS call is left for this run today"
            case let limit?: "the \(limit) KOBIS calls left for this run today are spent"
            case nil: "this run's KOBIS calls are spent"
            }
        return "\(left): \(kept) call\(kept == 1 ? " is" : "s are") kept for scheduled runs (--reserve); pass --reserve 0 to use them"
    }
}

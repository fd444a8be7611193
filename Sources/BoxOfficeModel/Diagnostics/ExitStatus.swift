import Foundation

/// The process exit codes `boxoffice` documents (sysexits.h where one fits).
package enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// Bad arguments: an unparsable range, a date outside the calendar rule, an unknown option value.
    case usage = 64
    /// `film`: no film has that code or title, or it never charted.
    case noSuchFilm = 66
    /// A bug in boxoffice itself: an error no other code describes.
    case internalError = 70
    /// The output folder or a report file cannot be written.
    case cannotWrite = 73
    /// Try again later: the daily quota is used up, or a service is unavailable.
    case tryAgainLater = 75
    /// A service answered with something that is not the data it documents.
    case malformedResponse = 76
    /// Configuration: a missing or rejected API key, an invalid environment variable, a broken template.
    case configuration = 78
    /// Standard output could not be written (a closed pipe): the reports were written whole first.
    case outputClosed = 74
    /// Stopped by SIGHUP (the terminal or ssh session went away): like SIGTERM.
    case hungUp = 129
    /// Interrupted by SIGINT (Ctrl-C): nothing written, what was fetched kept in the cache.
    case interrupted = 130
    /// Stopped by SIGTERM: likewise.
    case terminated = 143

    /// One line per code, for `--help` and the README.
    package var meaning: String {
        switch self {
        case .success: "success: every requested report was written"
        case .usage: "bad arguments (range, options, a title matching several films); nothing was fetched"
        case .noSuchFilm: "film: no film has that code or title, it has not opened, or it never charted"
        case .internalError: "internal error (a bug in boxoffice): please report the message"
        case .cannotWrite: "a report file, the cache or the quota ledger cannot be written (disk full, read-only, in the way)"
        case .tryAgainLater: "try again later: quota spent (320011), service down, cache busy"
        case .malformedResponse: "a service sent a malformed response"
        case .configuration: "configuration: a key missing or rejected (320010), a broken template"
        case .outputClosed: "standard output was closed (a pipe ended early); the reports were written whole"
        case .hungUp: "hung up (SIGHUP, a closed terminal or ssh session): no report written; fetched data kept in the cache"
        case .interrupted: "interrupted (SIGINT): no report written; fetched data kept in the cache"
        case .terminated: "terminated (SIGTERM): likewise"
        }
    }
}

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
    /// Configuration: a missing or rejected API key, an invalid environment variable, a broken template,
    /// no libcurl to reach the services with.
    case configuration = 78
    /// Standard output could not be written (a closed pipe): the reports were written whole first.
    case outputClosed = 74
    /// Stopped by SIGHUP (the terminal or ssh session went away): like SIGTERM.
    case hungUp = 129
    /// Interrupted by SIGINT (Ctrl-C): nothing written, what was fetched kept in the cache.
    case interrupted = 130
    /// Stopped by SIGTERM: likewise.
    case terminated = 143
}

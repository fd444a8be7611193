import BoxOfficeModel
import CCurl
import Foundation

/// A failure below HTTP. Messages name the host, never the URL, whose query may hold a key.
package indirect enum TransportError: Error, Equatable, Sendable {
    case timedOut(host: String)
    case cannotConnect(host: String)
    case connectionLost(host: String)
    /// Any other failure, with libcurl's result code (`CURLcode`).
    case other(host: String, code: Int)
    /// The decoded body grew past the transport's limit: abandoned, never retried.
    case tooLarge(host: String, limit: Int)
    /// libcurl, which every request goes through, could not be loaded: never retried.
    case libcurlMissing(host: String)
    /// The last of several failed attempts.
    case gaveUp(TransportError, attempts: Int)
    /// Not retried (again): the run's retry quota for the service ran out after `failures` failures.
    case outOfRetries(TransportError, attempts: Int, failures: Int)

    package var host: String {
        switch self {
        case .timedOut(let host), .cannotConnect(let host), .connectionLost(let host), .other(let host, _), .tooLarge(let host, _),
            .libcurlMissing(let host):
            host
        case .gaveUp(let error, _), .outOfRetries(let error, _, _): error.host
        }
    }

    /// A short phrase for messages: "timed out", "could not connect (4 attempts)".
    package var summary: String {
        switch self {
        case .timedOut: "the request timed out"
        case .cannotConnect: "could not connect"
        case .connectionLost: "the connection was lost"
        case .other(_, let code):
            "the request failed (libcurl error \(code)\(CurlLibrary.system.map { ": " + $0.describe(CURLcode(UInt32(clamping: code))) } ?? ""))"
        case .tooLarge(_, let limit): "the answer grew past \(limit >> 20) MiB, which no honest answer reaches"
        case .libcurlMissing: LibcurlMissing.message
        case let .gaveUp(error, attempts): "\(error.summary), \(attempts) attempts"
        case let .outOfRetries(error, attempts, failures):
            "\(error.summary)\(attempts > 1 ? ", \(attempts) attempts" : ""); \(HTTPResponse.budgetNote(failures: failures))"
        }
    }

    /// True for failures another attempt may cure (not an oversized answer).
    package var isTransient: Bool {
        switch self {
        case .tooLarge, .libcurlMissing: false
        case .gaveUp(let error, _), .outOfRetries(let error, _, _): error.isTransient
        default: true
        }
    }

    func after(attempts: Int) -> TransportError {
        if case .gaveUp(let error, _) = self { return .gaveUp(error, attempts: attempts) }
        return .gaveUp(self, attempts: attempts)
    }

    /// The error as the last attempt before the retry quota ran out.
    func outOfRetries(attempts: Int, failures: Int) -> TransportError {
        switch self {
        case .gaveUp(let error, _), .outOfRetries(let error, _, _): .outOfRetries(error, attempts: attempts, failures: failures)
        default: .outOfRetries(self, attempts: attempts, failures: failures)
        }
    }
}

/// libcurl could not be loaded: the machine's configuration (78), not a service's answer.
package struct LibcurlMissing: UserFacingError {
    static let message =
        "libcurl (libcurl.so.4), which boxoffice reaches KOBIS and TMDB through, could not be loaded: install it "
        + "(Debian and Ubuntu: sudo apt-get install libcurl4)"

    package var exitStatus: ExitStatus { .configuration }
    package var errorDescription: String? { Self.message }
}

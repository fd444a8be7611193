import Foundation

/// The process exit codes `boxoffice` documents (sysexits.h where one fits).
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// Bad arguments: an unparsable range, a date outside the calendar rule, an unknown option value.
    case usage = 64
    /// The output folder or a report file cannot be written.
    case cannotWrite = 73
    /// Try again later: the daily quota is used up, or a service is unavailable.
    case tryAgainLater = 75
    /// A service answered with something that is not the data it documents.
    case malformedResponse = 76
    /// Configuration: a missing or rejected API key, an invalid environment variable, a broken template.
    case configuration = 78
    /// Interrupted by SIGINT (Ctrl-C): nothing written, what was fetched kept in the cache.
    case interrupted = 130
    /// Stopped by SIGTERM: likewise.
    case terminated = 143

    /// One line per code, for `--help` and the README.
    public var meaning: String {
        switch self {
        case .success: "success: every requested report was written"
        case .usage: "bad arguments (range, options); nothing was fetched"
        case .cannotWrite: "the output folder or a report file cannot be written"
        case .tryAgainLater: "try again later: quota spent (320011), service down, cache busy"
        case .malformedResponse: "a service sent a malformed response"
        case .configuration: "configuration: a key missing or rejected (320010), a broken template"
        case .interrupted: "interrupted (SIGINT): no report written; fetched data kept in the cache"
        case .terminated: "terminated (SIGTERM): likewise"
        }
    }
}

/// An error meant for the person running the tool: one actionable line and an exit status.
public protocol UserFacingError: LocalizedError, Sendable {
    var exitStatus: ExitStatus { get }
}

extension DateRangeError: UserFacingError {
    public var exitStatus: ExitStatus { .usage }
}

/// A problem with how the tool is set up rather than with the data.
public enum ConfigurationError: UserFacingError, Equatable {
    case missingKey(variable: String, service: String)
    case invalidValue(name: String, expected: String)

    public var errorDescription: String? {
        switch self {
        case let .missingKey(variable, service):
            "\(variable) is not set: export your \(service) API key in it (or run with --sample for the bundled data)"
        case let .invalidValue(name, expected):
            "\(name) is invalid: expected \(expected)"
        }
    }

    public var exitStatus: ExitStatus { .configuration }
}

/// Removes secrets from text before it reaches a terminal, a log or a file.
public struct Redactor: Sendable {
    private let secrets: [String]

    public init(secrets: [String?]) {
        // Longest first, so a secret containing another is removed whole.
        self.secrets = secrets.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets {
            result = result.replacingOccurrences(of: secret, with: "[redacted]")
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
                result = result.replacingOccurrences(of: encoded, with: "[redacted]")
            }
        }
        return result
    }
}

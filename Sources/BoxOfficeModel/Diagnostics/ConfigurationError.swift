import Foundation

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

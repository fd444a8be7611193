import Foundation

/// A problem with how the tool is set up rather than with the data.
package enum ConfigurationError: UserFacingError, Equatable {
    case missingKey(variable: String, service: String)
    case invalidValue(name: String, expected: String)

    package var errorDescription: String? {
        switch self {
        case let .missingKey(variable, service):
            "\(variable) is not set: export your \(service) API key in it (or run with --sample for the bundled data)"
        case let .invalidValue(name, expected):
            "\(name) is invalid: expected \(expected)"
        }
    }

    package var exitStatus: ExitStatus { .configuration }
}

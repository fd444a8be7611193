import Foundation

/// A problem with how the tool is set up rather than with the data.
package enum ConfigurationError: UserFacingError, Equatable {
    /// `sample`: the command has `--sample`, which the message offers.
    case missingKey(variable: String, service: String, sample: Bool = true)
    case invalidValue(name: String, expected: String)

    package var errorDescription: String? {
        switch self {
        case let .missingKey(variable, service, sample):
            "\(variable) is not set: export your \(service) API key in it" + (sample ? " (or run with --sample for the bundled data)" : "")
        case let .invalidValue(name, expected):
            "\(name) is invalid: expected \(expected)"
        }
    }

    package var exitStatus: ExitStatus { .configuration }
}

import BoxOfficeModel
import Foundation

public struct FormatListError: UserFacingError, Equatable {
    public let given: String
    public var errorDescription: String? {
        "unknown format \(DateRangeError.quoted(given)): expected a comma-separated list of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
    }
    public var exitStatus: ExitStatus { .usage }
}

import BoxOfficeModel
import Foundation

package struct FormatListError: UserFacingError, Equatable {
    package let given: String
    package var errorDescription: String? {
        "unknown format \(DateRangeError.quoted(given)): expected a comma-separated list of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
    }
    package var exitStatus: ExitStatus { .usage }
}

import BoxOfficeModel
import Foundation

/// `-f datapackage` with a CSV template of the user's: the descriptor would describe columns the
/// CSV no longer has, so the run refuses it rather than write an invalid package.
package struct DataPackageTemplateError: UserFacingError, Equatable {
    package let template: String
    package var errorDescription: String? {
        "-f datapackage describes the CSVs as boxoffice writes them, and --templates replaces \(template).mustache: leave out datapackage or that template"
    }
    package var exitStatus: ExitStatus { .usage }
}

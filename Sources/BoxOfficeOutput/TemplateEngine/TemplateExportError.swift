import BoxOfficeModel
import Foundation
import Mustache

package enum TemplateExportError: UserFacingError, Equatable {
    case wouldOverwrite(paths: [String])
    case cannotWrite(OutputError)

    package var errorDescription: String? {
        switch self {
        case .wouldOverwrite(let paths):
            "not exporting: \(paths.count == 1 ? paths[0] : "\(paths[0]) and \(paths.count - 1) more") already exist; pass --force to replace them"
        case .cannotWrite(.cannotWrite(let path, let reason)):
            // The report writer's words name a report and --output; this writes templates into DIR.
            "cannot write the templates to \(path): \(reason); give another folder"
        case .cannotWrite(let error):
            error.errorDescription
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .wouldOverwrite: .usage
        case .cannotWrite: .cannotWrite
        }
    }
}

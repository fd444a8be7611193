import BoxOfficeModel
import Foundation

public enum OutputError: UserFacingError, Equatable {
    case cannotWrite(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .cannotWrite(path, reason):
            "cannot write the report to \(path): \(reason); choose another folder with --output"
        }
    }

    public var exitStatus: ExitStatus { .cannotWrite }
}

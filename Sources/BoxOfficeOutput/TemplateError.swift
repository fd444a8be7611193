import BoxOfficeModel
import Foundation
import Mustache

/// A template that cannot be used.
public enum TemplateError: UserFacingError, Equatable {
    case syntax(origin: String, line: Int, column: Int, reason: String)
    case unknown(name: String, origin: String?)
    case unknownPartial(origin: String, line: Int, column: Int, name: String)
    case missingDirectory(path: String)
    case unreadable(path: String)

    public var errorDescription: String? {
        let known = DefaultTemplates.names.joined(separator: ", ")
        switch self {
        case let .syntax(origin, line, column, reason):
            return "\(origin):\(line):\(column): \(reason)"
        case let .unknown(name, origin?):
            return "\(origin): '\(name)' is not a template name; known templates are \(known)"
        case let .unknown(name, nil):
            return "no template named '\(name)'; known templates are \(known)"
        case let .unknownPartial(origin, line, column, name):
            return "\(origin):\(line):\(column): the partial '\(name)' is not a template; known templates are \(known)"
        case .missingDirectory(let path):
            return "the templates folder \(path) does not exist (run 'boxoffice templates export \(path)' to create it)"
        case .unreadable(let path):
            return "cannot read \(path) as UTF-8 text"
        }
    }

    public var exitStatus: ExitStatus { .configuration }
}

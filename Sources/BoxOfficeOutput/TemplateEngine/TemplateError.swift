import BoxOfficeModel
import Foundation
import Mustache

/// A template that cannot be used.
package enum TemplateError: UserFacingError, Equatable {
    case syntax(origin: String, line: Int, column: Int, reason: String)
    case unknown(name: String, origin: String?)
    case unknownPartial(origin: String, line: Int, column: Int, name: String)
    case partialCycle(origin: String, line: Int, column: Int, chain: String)
    case tooDeep(origin: String, line: Int, column: Int, maximum: Int)
    case unsupported(origin: String, line: Int, column: Int, feature: String)
    case tooMuchOutput(origin: String, visits: Int)
    case outputTooLarge(origin: String, megabytes: Int, section: String)
    case missingDirectory(path: String)
    case unreadable(path: String)

    package var errorDescription: String? {
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
        case let .partialCycle(origin, line, column, chain):
            return "\(origin):\(line):\(column): partials include each other in a loop (\(chain)), which would never end"
        case let .tooDeep(origin, line, column, maximum):
            return "\(origin):\(line):\(column): sections nest more than \(maximum) deep (counting through partials)"
        case let .unsupported(origin, line, column, feature):
            return "\(origin):\(line):\(column): \(feature) is not supported in boxoffice templates"
        case let .tooMuchOutput(origin, visits):
            return "\(origin): rendering stopped after \(visits) list elements, far more than the report holds (a list nested in itself?)"
        case let .outputTooLarge(origin, megabytes, section):
            return
                "\(origin): the text inside {{#\(section)}} repeated for each element would make about \(megabytes) MB, more than the \(ReportTemplates.maximumOutput >> 20) MB a report may be"
        case .missingDirectory(let path):
            return "the templates folder \(path) does not exist (run 'boxoffice templates export \(path)' to create it)"
        case .unreadable(let path):
            return "cannot read \(path) as UTF-8 text"
        }
    }

    package var exitStatus: ExitStatus { .configuration }
}

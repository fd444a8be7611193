import Foundation
import Mustache

/// The default templates, compiled into the library from `Templates/` by the EmbedTemplates plugin.
public enum DefaultTemplates {
    /// Template names, sorted.
    public static var names: [String] { sources.keys.sorted() }
}

/// The Mustache templates reports are rendered with: the bundled defaults, each replaceable by a
/// user's file of the same name.
public struct ReportTemplates: Sendable {
    private let library: MustacheLibrary
    /// Where each template came from: "bundled" or a file path, for messages.
    public let origins: [String: String]

    /// The bundled defaults only.
    public static func bundled() throws(TemplateError) -> ReportTemplates {
        try ReportTemplates(sources: Dictionary(uniqueKeysWithValues: DefaultTemplates.sources.map { name, text in
            (name, (text, "Templates/\(name).mustache (bundled)"))
        }))
    }

    init(sources: [String: (text: String, origin: String)]) throws(TemplateError) {
        _ = ContentTypeRegistry.registered
        var library = MustacheLibrary()
        var origins: [String: String] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                library.register(try MustacheTemplate(string: source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw .syntax(origin: source.origin, line: error.context.lineNumber,
                              column: error.context.columnNumber, reason: String(describing: error.error))
            } catch {
                throw .syntax(origin: source.origin, line: 1, column: 1, reason: String(describing: error))
            }
            origins[name] = source.origin
        }
        self.library = library
        self.origins = origins
    }

    /// Renders the template called `name` (file name without `.mustache`) with a view model.
    public func render(_ name: String, _ context: Any) throws(TemplateError) -> String {
        guard let text = library.render(context, withTemplate: name) else { throw .unknown(name: name) }
        return text
    }
}

/// A template that cannot be used.
public enum TemplateError: UserFacingError, Equatable {
    case syntax(origin: String, line: Int, column: Int, reason: String)
    case unknown(name: String)

    public var errorDescription: String? {
        switch self {
        case let .syntax(origin, line, column, reason):
            "\(origin):\(line):\(column): \(reason)"
        case .unknown(let name):
            "no template named '\(name)': known templates are \(DefaultTemplates.names.joined(separator: ", "))"
        }
    }

    public var exitStatus: ExitStatus { .configuration }
}

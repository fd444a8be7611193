import Foundation
import Mustache

/// Registers the project's content types with swift-mustache, once, before any template is parsed.
enum ContentTypeRegistry {
    static let registered: Void = {
        MustacheContentTypes.register(CSVContentType(), named: CSVContentType.name)
        MustacheContentTypes.register(MarkdownContentType(), named: MarkdownContentType.name)
    }()
}

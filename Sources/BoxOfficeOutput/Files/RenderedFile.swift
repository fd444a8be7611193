import Foundation

/// A report file rendered in memory, ready to be written.
package struct RenderedFile: Sendable, Equatable {
    package var name: String
    package var contents: Data

    package init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }
}

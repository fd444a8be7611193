import Foundation

/// A report file rendered in memory, ready to be written.
public struct RenderedFile: Sendable, Equatable {
    public var name: String
    public var contents: Data

    public init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }
}

import Foundation

/// Why a body could not be read as the data it should hold; one phrase for messages.
public struct MalformedBody: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

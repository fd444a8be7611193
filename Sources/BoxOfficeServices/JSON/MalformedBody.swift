import Foundation

/// Why a body could not be read as the data it should hold; one phrase for messages.
public struct MalformedBody: Error, Equatable, Sendable {
    public let reason: String
    /// The body is well formed but answers another request (another date, another film): a mirror
    /// or proxy glitch worth one more try, and a cache entry under the wrong name.
    public let answersAnotherRequest: Bool

    public init(_ reason: String, answersAnotherRequest: Bool = false) {
        self.reason = reason
        self.answersAnotherRequest = answersAnotherRequest
    }

    /// `what` came back where `asked` was asked for.
    public static func mismatch(_ field: String, asked: String, got: String) -> MalformedBody {
        MalformedBody("it answers another request (\(field) \(got), where \(asked) was asked for)", answersAnotherRequest: true)
    }
}

import Foundation

/// Why a body could not be read as the data it should hold; one phrase for messages.
package struct MalformedBody: Error, Equatable, Sendable {
    package let reason: String
    /// The body is well formed but answers another request (another date, another film): a mirror
    /// or proxy glitch worth one more try, and a cache entry under the wrong name.
    package let answersAnotherRequest: Bool

    package init(_ reason: String, answersAnotherRequest: Bool = false) {
        self.reason = reason
        self.answersAnotherRequest = answersAnotherRequest
    }

    /// `what` came back where `asked` was asked for.
    package static func mismatch(_ field: String, asked: String, got: String) -> MalformedBody {
        MalformedBody("it answers another request (\(field) \(got), where \(asked) was asked for)", answersAnotherRequest: true)
    }

    /// Runs `fetch` (a request and the decoding of its answer); an answer to another request is
    /// asked for once more, since mirrors and proxies glitch, and a second one is thrown with
    /// ", twice". The one rule both clients follow.
    package static func askingOnceMore<Value>(_ fetch: () async throws -> Value) async throws -> Value {
        do {
            return try await fetch()
        } catch let error as MalformedBody where error.answersAnotherRequest {
            do {
                return try await fetch()
            } catch let again as MalformedBody where again.answersAnotherRequest {
                throw MalformedBody(again.reason + ", twice", answersAnotherRequest: true)
            }
        }
    }
}

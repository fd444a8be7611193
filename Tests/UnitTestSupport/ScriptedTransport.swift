import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

/// A transport that answers from a script, one entry per attempt, and counts attempts.
package final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    package enum Step {
        case respond(Int, String, [String: String] = [:])
        case fail(TransportError)
    }

    private let lock = NSLock()
    private var steps: [Step]
    package private(set) var attempts = 0

    package init(_ steps: [Step]) { self.steps = steps }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let step = lock.withLock { () -> Step in
            attempts += 1
            return steps.count > 1 ? steps.removeFirst() : steps[0]
        }
        switch step {
        case let .respond(status, body, headers): return HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
        case .fail(let error): throw error
        }
    }

    package var count: Int { lock.withLock { attempts } }
}

import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

/// A TMDB fake in process: answers each request from a closure and logs it.
package final class TMDBStub: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [HTTPRequest] = []
    package let answer: @Sendable (HTTPRequest) -> HTTPResponse

    package init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }

    package var requests: [HTTPRequest] { lock.withLock { log } }

    /// A client as production builds it: the fake beneath the retrying transport, on a virtual clock.
    package func client(time: VirtualTime = VirtualTime(), credentials: TMDBCredentials = .bearer("eyJ.token")) -> TMDBClient {
        let fake = ClosureTransport { request in
            self.lock.withLock { self.log.append(request) }
            return self.answer(request)
        }
        return TMDBClient(
            transport: RetryingTransport(fake, time: time.source, random: { 0.5 }, isDamaged: TMDBClient.isDamagedBody), credentials: credentials,
            baseURL: URL(string: "http://127.0.0.1:9/3")!, requestsPerSecond: 20, time: time.source)
    }

    /// Answers from a simulated TMDB.
    package static func simulated(
        _ entries: [SimulatedTMDB.Entry], upcoming: [TMDBMovie] = [], nowPlaying: [TMDBMovie] = [], pageSize: Int = 4
    ) -> TMDBStub {
        let tmdb = SimulatedTMDB(entries: entries, upcoming: upcoming, nowPlaying: nowPlaying, pageSize: pageSize)
        return TMDBStub { tmdb.response(to: $0) }
    }

    package static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(text.utf8))
    }
}

import BoxOfficePipeline
import BoxOfficeServices
import Foundation
import Synchronization

/// A loopback server that speaks KOBIS: daily charts and movie info from a simulated catalogue,
/// `faultInfo` bodies with HTTP 200 for a wrong key or a spent quota, and hooks to script faults.
/// Immutable; what changes is in `State`, under its lock.
package final class FakeKOBISServer: Sendable {
    /// The key the fake accepts.
    package let validKey: String
    package let server: LoopbackHTTPServer
    private let state: State

    /// The answers counted and kept, under one lock.
    final class State: Sendable {
        struct Fields {
            var answered = 0
            /// Simulated answers by request target without the key, so repeated runs cost the server nothing.
            var memo: [String: HTTPResponse] = [:]
        }
        let fields = Mutex(Fields())
    }

    /// - Parameters:
    ///   - films: the simulated catalogue (the bundled sample's by default).
    ///   - validKey: any other key gets `320010`.
    ///   - quota: after this many answered calls, every call gets `320011`.
    ///   - delay: seconds added to every answer.
    ///   - connections: what becomes of a connection after an answer (closed, by default).
    ///   - script: answers a request itself when it returns non-nil (faults, hand-made bodies).
    package init(
        films: [SimulatedFilm] = SampleData.films, validKey: String = "test-kobis-key",
        quota: Int? = nil, delay: TimeInterval = 0, connections: LoopbackHTTPServer.Connections = .closeAfterEach,
        script: (@Sendable (ReceivedRequest) -> ScriptedResponse?)? = nil
    ) throws {
        let kobis = SimulatedKOBIS(films: films)
        let state = State()
        self.validKey = validKey
        self.state = state
        server = try LoopbackHTTPServer(connections: connections) { request in
            if let scripted = script?(request) {
                var response = scripted
                response.delay += delay
                return response
            }
            guard request.query["key"] == validKey else {
                return .json(#"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#, delay: delay)
            }
            let overQuota = state.fields.withLock { fields -> Bool in
                if let quota, fields.answered >= quota { return true }
                fields.answered += 1
                return false
            }
            if overQuota {
                return .json(#"{"faultInfo":{"message":"키 사용량이 초과되었습니다.","errorCode":"320011"}}"#, delay: delay)
            }
            let memoKey =
                request.path + "?"
                + request.query.filter { $0.key != "key" }.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            let answer =
                state.fields.withLock { $0.memo[memoKey] }
                ?? {
                    let computed = kobis.response(to: HTTPRequest(url: URL(string: "http://127.0.0.1" + request.target)!))
                    state.fields.withLock { $0.memo[memoKey] = computed }
                    return computed
                }()
            return ScriptedResponse(status: answer.status, headers: answer.headers, body: answer.body, delay: delay)
        }
    }

    /// The value for `KOBIS_BASE_URL`.
    package var baseURL: URL { server.baseURL.appendingPathComponent("kobisopenapi/webservice/rest/") }

    /// Requests for daily charts, in arrival order.
    package var chartRequests: [ReceivedRequest] { server.requests.filter { $0.path.hasSuffix("searchDailyBoxOfficeList.json") } }

    /// Requests for weekly, weekend and weekday charts, in arrival order.
    package var periodRequests: [ReceivedRequest] { server.requests.filter { $0.path.hasSuffix("searchWeeklyBoxOfficeList.json") } }

    /// Title searches in the movie list, in arrival order.
    package var movieListRequests: [ReceivedRequest] { server.requests.filter { $0.path.hasSuffix("searchMovieList.json") } }

    /// Requests to the company and people services (lists and infos), in arrival order.
    package var directoryRequests: [ReceivedRequest] { server.requests.filter { $0.path.contains("/company/") || $0.path.contains("/people/") } }

    /// Requests for a code list (the regions), in arrival order.
    package var codeListRequests: [ReceivedRequest] { server.requests.filter { $0.path.hasSuffix("searchCodeList.json") } }

    /// Requests for movie info, in arrival order.
    package var movieInfoRequests: [ReceivedRequest] { server.requests.filter { $0.path.hasSuffix("searchMovieInfo.json") } }
}

import BoxOfficeModel
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

/// A loopback server that speaks TMDB v3 from a simulated catalogue (the bundled sample's by
/// default), checks credentials as TMDB does (Bearer token or `api_key`), and lets tests script faults.
/// Immutable; its handler runs on the server's thread.
package final class FakeTMDBServer: Sendable {
    package let validToken: String
    package let validKey: String
    package let server: LoopbackHTTPServer

    package init(
        entries: [SimulatedTMDB.Entry] = SampleData.tmdbEntries, upcoming: [TMDBMovie] = SampleData.upcoming,
        nowPlaying: [TMDBMovie] = SampleData.nowPlaying,
        validToken: String = "eyJ.test-tmdb-token", validKey: String = "0123456789abcdef0123456789abcdef",
        script: (@Sendable (ReceivedRequest) -> ScriptedResponse?)? = nil
    ) throws {
        let tmdb = SimulatedTMDB(entries: entries, upcoming: upcoming, nowPlaying: nowPlaying)
        self.validToken = validToken
        self.validKey = validKey
        server = try LoopbackHTTPServer { request in
            if let scripted = script?(request) { return scripted }
            let bearer = request.headers["authorization"] == "Bearer \(validToken)"
            let key = request.query["api_key"] == validKey
            guard bearer || key else {
                return .json(#"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#, status: 401)
            }
            let answer = tmdb.response(to: HTTPRequest(url: URL(string: "http://127.0.0.1" + request.target)!))
            return ScriptedResponse(status: answer.status, headers: answer.headers, body: answer.body)
        }
    }

    /// The value for `TMDB_BASE_URL`.
    package var baseURL: URL { server.baseURL.appendingPathComponent("3/") }
}

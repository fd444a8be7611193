import Foundation

/// How TMDB knows us: a read access token (sent as a Bearer header, preferred: no secret in a URL)
/// or a v3 API key (sent as the `api_key` query parameter, as TMDB requires).
package enum TMDBCredentials: Sendable, Equatable {
    case bearer(String)
    case apiKey(String)

    /// `TMDB_API_TOKEN`, else `TMDB_API_KEY`; nil when neither is set.
    package static func fromEnvironment(_ environment: [String: String]) -> TMDBCredentials? {
        if let token = environment["TMDB_API_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty { return .bearer(token) }
        if let key = environment["TMDB_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty { return .apiKey(key) }
        return nil
    }

    package var secret: String {
        switch self {
        case .bearer(let token): token
        case .apiKey(let key): key
        }
    }
}

import BoxOfficeModel
import Foundation

/// Reads TMDB v3 through an ``HTTPTransport`` (a ``RetryingTransport`` in production, which waits
/// out 429s), under its own rate limit.
///
/// No error it throws contains a URL or a credential.
package struct TMDBClient: Sendable {
    package static let defaultBaseURL = URL(string: "https://api.themoviedb.org/3/")!
    /// Korean titles and Korean release dates.
    package static let language = "ko-KR"
    package static let region = "KR"
    /// The largest answer accepted: a film's details with keywords and release dates are ~100 KB.
    package static let maximumBodySize = 4 << 20

    /// TMDB answers every request with a JSON object: anything else is a damaged answer to retry.
    package static let isDamagedBody: @Sendable (Data) -> Bool = { !JSONReader.looksLikeObject($0) }

    package let transport: any HTTPTransport
    package let baseURL: URL
    private let credentials: TMDBCredentials
    private let limiter: RateLimiter
    /// Set by the first 401 or outage: no later request is sent, each fails with that error.
    private let stop = FirstError<TMDBError>()
    /// Where bodies are kept and looked up first; nil for no cache.
    package let cache: CacheAccess?

    package init(
        transport: any HTTPTransport, credentials: TMDBCredentials, baseURL: URL = TMDBClient.defaultBaseURL,
        requestsPerSecond: Double = 20, time: TimeSource = .system, cache: CacheAccess? = nil
    ) {
        self.transport = transport
        self.credentials = credentials
        self.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : baseURL.appendingPathComponent("")
        limiter = RateLimiter(perSecond: requestsPerSecond, time: time)
        self.cache = cache
    }

    /// `/search/movie` in Korean for Korea, optionally narrowed to a release year.
    package func search(_ query: String, year: Int?) async throws -> [TMDBMovie] {
        var parameters = [("query", query), ("language", Self.language), ("region", Self.region), ("include_adult", "false"), ("page", "1")]
        if let year { parameters.append(("year", String(year))) }
        return try await cached(
            TMDBCacheKeys.search(query, year: year), maxAge: cache?.freshness.tmdbLookup, path: "search/movie", parameters,
            subject: "the TMDB search for \(DateRangeError.quoted(query))"
        ) { body throws(MalformedBody) in
            try TMDBDecoding.page(body).results
        }
    }

    /// What `/movie/{id}` appends, in the same call: keywords, release dates (Korean dates and
    /// certification), the Korean translation's title and the alternative titles.
    package static let appended = "keywords,release_dates,translations,alternative_titles"

    /// `/movie/{id}` with keywords, release dates, translations and alternative titles in one call;
    /// nil when TMDB has no such film.
    package func details(id: Int) async throws -> TMDBDetails? {
        do {
            return try await cached(
                TMDBCacheKeys.details(id), maxAge: cache?.freshness.tmdbLookup, path: "movie/\(id)",
                [("language", Self.language), ("append_to_response", Self.appended)],
                subject: "TMDB film \(id)"
            ) { body throws(MalformedBody) in try TMDBDecoding.details(body, id: id) }
        } catch TMDBError.notFound {
            return nil
        }
    }

    /// A page of `/movie/upcoming` or `/movie/now_playing` for Korea.
    package func list(_ list: TMDBList, page: Int) async throws -> TMDBPage {
        try await cached(
            TMDBCacheKeys.list(list, page: page), maxAge: cache?.freshness.tmdbList, path: "movie/\(list.rawValue)",
            [("language", Self.language), ("region", Self.region), ("page", String(page))],
            subject: "TMDB's \(list.rawValue) list, page \(page)"
        ) { body throws(MalformedBody) in try TMDBDecoding.page(body) }
    }

    /// Serves `key` from the cache, else fetches and decodes.
    private func cached<Value>(
        _ key: String, maxAge: TimeInterval?, path: String, _ parameters: [(String, String)], subject: String,
        decode: (Data) throws(MalformedBody) -> Value
    ) async throws -> Value {
        try await CacheAccess.value(
            from: cache, key: key, .init(maxAge: maxAge), decode: { body, _ in try? decode(body) },
            notCached: { TMDBError.notCached(subject: subject) }
        ) {
            do {
                return try await MalformedBody.askingOnceMore {
                    let body = try await fetch(path, parameters, subject: subject)
                    return (body, try decode(body))
                }
            } catch let error as MalformedBody {
                throw TMDBError.malformed(subject: subject, reason: error.reason)
            }
        }
    }

    func request(_ path: String, _ parameters: [(String, String)]) -> HTTPRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        var items = parameters.map { URLQueryItem(name: $0.0, value: $0.1) }
        var headers = ["Accept": "application/json"]
        switch credentials {
        case .bearer(let token): headers["Authorization"] = "Bearer \(token)"
        case .apiKey(let key): items.insert(URLQueryItem(name: "api_key", value: key), at: 0)
        }
        components.queryItems = items
        return HTTPRequest(url: components.url!, headers: headers)
    }

    private func fetch(_ path: String, _ parameters: [(String, String)], subject: String) async throws -> Data {
        let request = request(path, parameters)
        try await limiter.acquire()
        if let stopped = await stop.error { throw stopped }
        do {
            return try await send(request, subject: subject)
        } catch let error as TMDBError where error.stopsTMDB {
            await stop.record(error)
            throw error
        }
    }

    private func send(_ request: HTTPRequest, subject: String) async throws -> Data {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch TransportError.libcurlMissing {
            throw LibcurlMissing()
        } catch let error as TransportError where !error.isTransient {
            throw TMDBError.malformed(subject: subject, reason: error.summary)
        } catch let error as TransportError {
            throw TMDBError.unavailable(subject: subject, reason: error.summary)
        }
        switch response.status {
        case 200..<300:
            return response.body
        case 429:
            throw TMDBError.unavailable(subject: subject, reason: "still rate limited (HTTP 429\(response.attemptsNote))")
        case 401:
            let (code, _) = TMDBDecoding.errorMessage(response.body)
            throw TMDBError.unauthorized(code: code)
        case 404:
            throw TMDBError.notFound(subject: subject)
        case 300..<400:
            throw TMDBError.malformed(subject: subject, reason: HTTPResponse.redirectRefusal(response.status))
        case 408, 500...599:
            throw TMDBError.unavailable(subject: subject, reason: "HTTP \(response.status)\(response.attemptsNote)")
        default:
            let (_, message) = TMDBDecoding.errorMessage(response.body)
            // TMDB's own words go into messages and reports: never with the credential in them.
            throw TMDBError.rejected(
                subject: subject, status: response.status,
                message: Redactor(secrets: [credentials.secret]).redact(message ?? ""))
        }
    }
}

import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

/// Builds the pipeline's pieces from the environment and the options: the only place the command
/// line decides which implementations run.
struct Wiring {
    let environment: [String: String]
    let calendar: SeoulCalendar
    let kobisKey: String?
    let tmdbCredentials: TMDBCredentials?

    init(environment: [String: String]) throws {
        self.environment = environment
        calendar = try SeoulCalendar.fromEnvironment(environment)
        kobisKey = environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        tmdbCredentials = TMDBCredentials.fromEnvironment(environment)
    }

    /// Every secret the run knows, for redaction.
    var secrets: [String?] { Self.secrets(in: environment) }

    /// The secrets an environment holds, known before anything else is read from it.
    static func secrets(in environment: [String: String]) -> [String?] {
        [environment["KOBIS_API_KEY"], TMDBCredentials.fromEnvironment(environment)?.secret]
    }

    /// The cache folder, locked for this run; nil with `--no-cache`.
    func cache(_ options: CacheOptions, offline: Bool) async throws -> (CacheAccess, CacheLock)? {
        guard !options.noCache else { return nil }
        let directory = options.cacheDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ResponseCache.defaultDirectory(environment)
        let lock = try await CacheLock.acquire(directory, wait: options.wait)
        let mode: CacheMode = offline ? .offline : options.refresh ? .refresh : .normal
        return (CacheAccess(cache: ResponseCache(directory: directory), mode: mode, calendar: calendar), lock)
    }

    /// The live KOBIS client: key, endpoint, cache and today's budget.
    func kobisClient(_ options: KOBISOptions, cacheOptions: CacheOptions, cache: CacheAccess?) throws -> KOBISClient {
        let offline = cache?.mode == .offline
        guard let key = kobisKey, !key.isEmpty else {
            if offline { return KOBISClient(transport: OfflineTransport(), key: "offline", cache: cache) }
            throw ConfigurationError.missingKey(variable: "KOBIS_API_KEY", service: "KOBIS")
        }
        let baseURL = try url("KOBIS_BASE_URL") ?? KOBISClient.defaultBaseURL
        let ledger = QuotaLedger(file: QuotaLedger.defaultFile(environment), key: key)
        let left = max(0, QuotaLedger.dailyQuota - ledger.used(on: calendar.today))
        let limit = cacheOptions.budget.map { min($0, left) } ?? max(0, left - cacheOptions.reserve)
        return KOBISClient(transport: network(options), key: key, baseURL: baseURL,
                           cache: cache, budget: KOBISBudget(limit: limit, ledger: ledger, day: calendar.today))
    }

    /// The TMDB plan, or nil with the reason there is none.
    /// HTTP for one service: URLSession sized for the concurrency, under the retry policy, with a
    /// retry quota of its own (so one service's outage cannot spend the other's retries).
    func network(_ options: KOBISOptions) -> RetryingTransport {
        RetryingTransport(URLSessionTransport(maxConnectionsPerHost: options.concurrency, timeout: options.timeout), policy: options.retryPolicy)
    }

    func enrichment(_ options: TMDBOptions, network: KOBISOptions, cache: CacheAccess?, upcoming: Bool) throws -> (EnrichmentPlan?, String) {
        if options.noTMDB { return (nil, "--no-tmdb was given") }
        guard let credentials = tmdbCredentials else {
            if options.requireTMDB { throw ConfigurationError.missingKey(variable: "TMDB_API_TOKEN (or TMDB_API_KEY)", service: "TMDB") }
            return (nil, "no TMDB credentials (set TMDB_API_TOKEN or TMDB_API_KEY to add posters, ratings and keywords)")
        }
        let overrides = try TMDBOverrides.load(path: options.tmdbOverrides, environment: environment)
        let client = TMDBClient(transport: self.network(network), credentials: credentials,
                                baseURL: try url("TMDB_BASE_URL") ?? TMDBClient.defaultBaseURL, requestsPerSecond: options.tmdbRate,
                                cache: cache)
        return (EnrichmentPlan(matcher: TMDBMatcher(client: client, overrides: overrides), upcoming: upcoming), "")
    }

    /// An http or https URL from an environment variable; nil when unset.
    func url(_ variable: String) throws -> URL? {
        guard let text = environment[variable], !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ConfigurationError.invalidValue(name: variable, expected: "an http or https URL")
        }
        return url
    }
}

/// A transport for `--offline` runs without a key: any request that reaches it is a bug, since the
/// cache answers or the client refuses first.
struct OfflineTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw TransportError.cannotConnect(host: "offline")
    }
}

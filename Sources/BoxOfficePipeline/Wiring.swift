import BoxOfficeFiles
import BoxOfficeModel
import BoxOfficeServices
import Foundation
import Synchronization

/// Builds the pipeline's pieces from the environment and the settings: the only place a run
/// decides which implementations it uses (the live services, the cache, the ledger).
package struct Wiring: Sendable {
    package let environment: [String: String]
    package let calendar: SeoulCalendar
    /// The command has `--sample`, which a missing key's message then offers (`fetch` and
    /// `watch add` have none).
    package var offersSample = true
    let kobisKey: String?
    let tmdbCredentials: TMDBCredentials?
    /// `--concurrency` requests on the wire at most, shared by KOBIS and TMDB.
    let requestSlots: RequestSlots
    /// The KOBIS budgets this run made, settled with the ledger when the cache is let go.
    let budgets = Budgets()

    /// Every ``KOBISBudget`` a run made, so that each gives back the calls it recorded ahead.
    final class Budgets: Sendable {
        private let all = Mutex<[KOBISBudget]>([])

        func append(_ budget: KOBISBudget) { all.withLock { $0.append(budget) } }

        /// Settles every budget, in a task of its own so that a cancelled run (a signal) still does.
        func settle() async {
            let budgets = all.withLock { $0 }
            await Task.detached { for budget in budgets { await budget.settle() } }.value
        }
    }

    package init(environment: [String: String], network: NetworkSettings) throws {
        self.environment = environment
        requestSlots = RequestSlots(network.concurrency)
        calendar = try SeoulCalendar.fromEnvironment(environment)
        kobisKey = environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        tmdbCredentials = TMDBCredentials.fromEnvironment(environment)
    }

    /// Every secret the run knows, for redaction.
    package var secrets: [String?] { Self.secrets(in: environment) }

    /// The secrets an environment holds, known before anything else is read from it.
    package static func secrets(in environment: [String: String]) -> [String?] {
        [environment["KOBIS_API_KEY"], TMDBCredentials.fromEnvironment(environment)?.secret]
    }

    /// Runs `body` with the cache folder locked for this run, or with no cache for `--no-cache`.
    ///
    /// `writePolicy` says what a failed cache write does: `fetch`, whose only product is the cache,
    /// stops (`.fail`); `report` goes on and warns (`.warn`).
    package func withCache<Result>(
        _ options: CacheSettings, offline: Bool, writePolicy: CacheAccess.WritePolicy, _ body: (CacheAccess?) async throws -> Result
    ) async throws -> Result {
        // A run that must reach KOBIS and cannot is refused before it makes a folder or takes a lock.
        if !offline, kobisKey?.isEmpty ?? true {
            throw ConfigurationError.missingKey(variable: "KOBIS_API_KEY", service: "KOBIS", sample: offersSample)
        }
        guard !options.noCache else { return try await settlingBudgets { try await body(nil) } }
        let directory = options.directory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ResponseCache.defaultDirectory(environment)
        let mode: CacheMode = offline ? .offline : options.refresh ? .refresh : .normal
        return try await CacheLock.withLock(directory, wait: options.wait, shared: mode == .offline) {
            let cache = ResponseCache(directory: directory)
            if mode != .offline {
                // Holding the lock alone: whatever a killed run left half-written goes, and a cache
                // that cannot take an entry now is refused before a call is spent on it.
                cache.sweepTemporaries()
                do throws(FileWriteError) {
                    try cache.checkWritable()
                } catch {
                    throw CacheError.unwritable(path: error.path, reason: error.reason)
                }
            }
            return try await settlingBudgets {
                try await body(CacheAccess(cache: cache, mode: mode, calendar: calendar, onWriteFailure: writePolicy))
            }
        }
    }

    /// Runs `body`, then gives back to the ledger the calls its budgets recorded ahead and did not
    /// send, whether it succeeded, failed or was cancelled.
    private func settlingBudgets<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            let result = try await body()
            await budgets.settle()
            return result
        } catch {
            await budgets.settle()
            throw error
        }
    }

    /// Starts loading libcurl beside the run's setup when the run may send requests (a key, not
    /// `--offline`): the first request then finds it loaded.
    package func preloadNetwork(offline: Bool) {
        if !offline, let key = kobisKey, !key.isEmpty { CurlLibrary.preload() }
    }

    /// The live KOBIS client: key, endpoint, cache and today's budget.
    ///
    /// With `recordEveryCall` (`fetch`), the quota ledger must be writable before the first call and
    /// a call it cannot record is not sent; otherwise (`report`) such calls are sent and warned about.
    package func kobisClient(
        _ network: NetworkSettings, cacheOptions: CacheSettings, cache: CacheAccess?, recordEveryCall: Bool
    ) async throws -> KOBISClient {
        guard let key = kobisKey, !key.isEmpty else {
            if cache?.mode == .offline { return KOBISClient(transport: OfflineTransport(), key: "offline", cache: cache) }
            throw ConfigurationError.missingKey(variable: "KOBIS_API_KEY", service: "KOBIS", sample: offersSample)
        }
        let baseURL = try url("KOBIS_BASE_URL") ?? KOBISClient.defaultBaseURL
        if cache?.mode != .offline { CurlLibrary.preload() }
        let ledger = QuotaLedger(file: QuotaLedger.defaultFile(environment), key: key)
        // A ledger that cannot be read at all says nothing of today's calls: a fetch, the big
        // spender, does not guess them to be zero unless told how many it may spend.
        if recordEveryCall, cache?.mode != .offline, cacheOptions.budget == nil, ledger.isUnreadable {
            throw CacheError.ledgerUnwritable(
                "\(ledger.file.path) cannot be read (too large, or not a regular file), so today's calls are not known; pass --budget N to spend at most N calls (the file is then set aside as \(ledger.file.lastPathComponent).damaged-TIME)"
            )
        }
        if recordEveryCall && cache?.mode != .offline {
            do throws(LedgerError) {
                try await ledger.checkWritable(on: calendar.today)
            } catch {
                throw CacheError.ledgerUnwritable(error.description)
            }
        }
        let left = max(0, KOBISQuota.callsPerDay - ledger.used(on: calendar.today))
        let limit = cacheOptions.budget.map { min($0, left) } ?? max(0, left - cacheOptions.reserve)
        let kept = cacheOptions.budget == nil ? min(cacheOptions.reserve, left) : 0
        let budget = KOBISBudget(limit: limit, kept: kept, ledger: ledger, day: calendar.today, sendsUnrecorded: !recordEveryCall)
        budgets.append(budget)
        return KOBISClient(
            transport: transport(network, maximumBodySize: KOBISClient.maximumBodySize, isDamaged: KOBISClient.isDamagedBody, meter: budget),
            key: key, baseURL: baseURL, cache: cache, budget: budget)
    }

    /// HTTP for one service: libcurl (``CurlTransport``) sized for the concurrency, under the retry
    /// policy, with a retry quota of its own (so one service's outage cannot spend the other's
    /// retries), taking the run's shared request slots only while on the wire.
    package func transport(
        _ options: NetworkSettings, maximumBodySize: Int, isDamaged: @escaping @Sendable (Data) -> Bool, meter: (any RequestMeter)? = nil
    ) -> RetryingTransport {
        RetryingTransport(
            CurlTransport(maxConnectionsPerHost: options.concurrency, timeout: options.timeout, maximumBodySize: maximumBodySize),
            policy: options.retryPolicy, quota: RetryQuota(downAfter: options.concurrency), slots: requestSlots, meter: meter,
            isDamaged: isDamaged)
    }

    package static let noCredentialsReason = "no TMDB credentials (set TMDB_API_TOKEN or TMDB_API_KEY to add posters, ratings and keywords)"

    /// Whether to say that TMDB is off: never when the user chose it (`--no-tmdb`), once per state
    /// folder when there are no credentials (a cron job without a TMDB key stays silent after its
    /// first run; the marker is `$XDG_STATE_HOME/boxoffice/tmdb-off-noted`), and every time for a
    /// problem (an overrides file that cannot be read).
    package static func shouldSayTMDBOff(reason: String, environment: [String: String]) -> Bool {
        if reason == EnrichmentPlan.noTMDBReason { return false }
        guard reason == noCredentialsReason else { return true }
        let marker = QuotaLedger.defaultFile(environment).deletingLastPathComponent().appendingPathComponent("tmdb-off-noted")
        if FileManager.default.fileExists(atPath: marker.path) { return false }
        // Said when the marker cannot be written too: better every run than never.
        try? FileManager.default.createDirectory(at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: marker.path, contents: Data("TMDB off: said once\n".utf8))
        return true
    }

    /// How the run uses TMDB: enabled with a matcher, or disabled with the reason.
    package func enrichment(_ options: TMDBSettings, network: NetworkSettings, cache: CacheAccess?, upcoming: Bool) throws -> EnrichmentPlan {
        if options.off { return .disabled(reason: EnrichmentPlan.noTMDBReason) }
        guard let credentials = tmdbCredentials else {
            if options.required { throw ConfigurationError.missingKey(variable: "TMDB_API_TOKEN (or TMDB_API_KEY)", service: "TMDB") }
            return .disabled(reason: Self.noCredentialsReason)
        }
        return try matching(options) { overrides in
            let client = TMDBClient(
                transport: transport(network, maximumBodySize: TMDBClient.maximumBodySize, isDamaged: TMDBClient.isDamagedBody),
                credentials: credentials, baseURL: try url("TMDB_BASE_URL") ?? TMDBClient.defaultBaseURL, requestsPerSecond: options.rate,
                cache: cache)
            return .enabled(matcher: TMDBMatcher(client: client, overrides: overrides), upcoming: upcoming)
        }
    }

    /// The plan `make` builds with the user's overrides, or TMDB off when the overrides file in
    /// the config folder exists and cannot be read: no match is shown rather than one it may forbid.
    private func matching(_ options: TMDBSettings, _ make: (TMDBOverrides) throws -> EnrichmentPlan) throws -> EnrichmentPlan {
        switch try TMDBOverrides.load(path: options.overrides, environment: environment) {
        case .pins(let overrides): try make(overrides)
        case .unreadable(let why): .disabled(reason: "\(why): no TMDB match is shown rather than one it may forbid")
        }
    }

    /// For `--offline` without TMDB credentials: a matcher that reads TMDB's cached answers only.
    package func cachedTMDB(_ options: TMDBSettings, cache: CacheAccess?) throws -> EnrichmentPlan {
        try matching(options) { overrides in
            let client = TMDBClient(transport: OfflineTransport(), credentials: .bearer("offline"), requestsPerSecond: 1_000, cache: cache)
            return .enabled(matcher: TMDBMatcher(client: client, overrides: overrides), upcoming: false)
        }
    }

    /// An http or https URL from an environment variable; nil when unset.
    package func url(_ variable: String) throws -> URL? {
        guard let text = environment[variable], !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ConfigurationError.invalidValue(name: variable, expected: "an http or https URL")
        }
        return url
    }
}

/// A transport for `--offline` runs without a key: any request that reaches it is a bug, since the
/// cache answers or the client refuses first.
package struct OfflineTransport: HTTPTransport {
    package init() {}

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw TransportError.cannotConnect(host: "offline")
    }
}

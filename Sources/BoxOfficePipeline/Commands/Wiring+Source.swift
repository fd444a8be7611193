import BoxOfficeModel
import BoxOfficeServices
import Foundation

extension Wiring {
    /// Runs `body` with the run's KOBIS client and cache: the one place a run chooses between the
    /// bundled sample (its simulated KOBIS: no key, no cache, no ledger, no network) and the live
    /// service through the cache (the cache alone for `--offline`).
    ///
    /// `recordEveryCall` (`fetch`): the ledger must be writable before the first call, and a cache
    /// write that fails stops the run; otherwise such problems are warned about and the run goes on.
    func withKOBIS<Result>(
        _ context: RunContext, recordEveryCall: Bool = false, _ body: (KOBISClient, CacheAccess?) async throws -> Result
    ) async throws -> Result {
        if context.source == .sample { return try await body(KOBISClient(transport: SampleData.transport(), key: "sample"), nil) }
        let offline = context.source == .offline
        if !offline { preloadNetwork(offline: false) }
        return try await withCache(context.cache, offline: offline, writePolicy: recordEveryCall ? .fail : .warn) { cache in
            let client = try await kobisClient(context.network, cacheOptions: context.cache, cache: cache, recordEveryCall: recordEveryCall)
            return try await body(client, cache)
        }
    }

    /// How the run uses TMDB for `source`: the sample's simulated TMDB, TMDB's cached answers alone
    /// for `--offline` when there are no credentials (`cachedWhenOffline`), else the live service.
    func enrichment(
        _ context: RunContext, settings: TMDBSettings? = nil, cache: CacheAccess?, upcoming: Bool, cachedWhenOffline: Bool = false
    ) throws -> EnrichmentPlan {
        let settings = settings ?? context.tmdb
        if context.source == .sample { return settings.off ? .disabled(reason: EnrichmentPlan.noTMDBReason) : SampleData.enrichment() }
        let plan = try enrichment(settings, network: context.network, cache: cache, upcoming: upcoming)
        if cachedWhenOffline, context.source == .offline, !settings.off, plan.matcher == nil { return try cachedTMDB(settings, cache: cache) }
        return plan
    }
}

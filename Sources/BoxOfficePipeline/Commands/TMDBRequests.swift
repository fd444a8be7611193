import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice tmdb review`: every film of a range matched only "likely" or not at all, with its
/// candidates and lines for the overrides file.
package struct TMDBReviewRequest: PipelineRequest {
    /// The range as typed; yesterday (the sample's week) when nil.
    package var range: String?
    package var filters: KOBISFilters
    /// Every film, exact matches too.
    package var all: Bool

    package init(range: String?, filters: KOBISFilters, all: Bool) { (self.range, self.filters, self.all) = (range, filters, all) }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let wiring = try run.wiring()
        let range = try ReportScope.range(asked: self.range, sample: run.isSample, calendar: wiring.calendar)
        let plan = FetchStage.Plan(days: range.days, filters: filters)
        let fetched = try await wiring.withKOBIS(run.context) { client, cache in
            let enrichment = try wiring.enrichment(run.context, cache: cache, upcoming: false, cachedWhenOffline: true)
            guard enrichment.matcher != nil else {
                throw ConfigurationError.missingKey(variable: "TMDB_API_TOKEN (or TMDB_API_KEY)", service: "TMDB")
            }
            return try await FetchStage(client: client, width: run.width, enrichment: enrichment).fetch(plan)
        }
        try ReportPipeline.requireComplete(fetched, offline: run.offline, resume: plan.fetchCommand(range))
        if let error = fetched.enrichmentError { throw error }
        TMDBReview(fetched: fetched, range: range).lines(all: all).forEach(run.console.line)
        return []
    }
}

/// `boxoffice tmdb now-playing`: the films TMDB says are in Korean cinemas, those on a day's KOBIS
/// chart first.
package struct NowPlayingRequest: PipelineRequest {
    /// The day as typed; yesterday (the sample's last day) when nil.
    package var day: String?
    package var language: ReportLanguage?

    package init(day: String?, language: ReportLanguage?) { (self.day, self.language) = (day, language) }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let wiring = try run.wiring()
        let range = try ReportScope.range(
            asked: day ?? (run.isSample ? SampleData.week.end.iso : nil), sample: run.isSample, calendar: wiring.calendar)
        guard range.start == range.end else { throw NowPlayingError.notOneDay(range.displayText) }
        // The bundled sample has none of your films.
        let watched = run.isSample ? Watchlist() : try WatchlistFile.standard(run.environment).load()
        let settings = TMDBSettings(off: false, required: true, rate: 20, overrides: nil)
        let playing = try await wiring.withKOBIS(run.context) { client, cache in
            let enrichment = try wiring.enrichment(run.context, settings: settings, cache: cache, upcoming: false, cachedWhenOffline: true)
            guard let matcher = enrichment.matcher else {
                if case .disabled(let reason) = enrichment, reason != Wiring.noCredentialsReason { throw NowPlayingError.tmdbOff(reason) }
                throw ConfigurationError.missingKey(variable: "TMDB_API_TOKEN (or TMDB_API_KEY)", service: "TMDB")
            }
            let stage = FetchStage(client: client, width: run.width, enrichment: .enabled(matcher: matcher, upcoming: false))
            return try await NowPlayingPipeline(stage: stage, matcher: matcher, width: run.width).run(
                day: range.end, watched: watched, offline: run.offline)
        }
        let words = Words(language: language ?? ReportLanguage.fromEnvironment(run.environment))
        NowPlayingText.lines(playing, words: words).forEach(run.console.line)
        return []
    }
}

/// What stops `tmdb now-playing` before it asks anything.
package enum NowPlayingError: UserFacingError {
    case notOneDay(String)
    case tmdbOff(String)

    package var errorDescription: String? {
        switch self {
        case .notOneDay(let range): "now-playing compares one day's chart, not \(range): give a day (yyyy-MM-dd) or yesterday"
        case .tmdbOff(let reason): "TMDB is off: \(reason)"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .notOneDay: .usage
        case .tmdbOff: .configuration
        }
    }
}

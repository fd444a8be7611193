import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// `boxoffice tmdb now-playing`: TMDB's now-playing list for Korea (up to three pages) joined with
/// a day's KOBIS chart and the watchlist.
///
/// The chart comes as a report's does (cache first; one call when it is not cached) with each
/// charted film matched on TMDB; a watched film off the chart is matched from its KOBIS movie info
/// (cached, or one call), so that it can be marked in TMDB's list by id, never by title.
package struct NowPlayingPipeline: Sendable {
    package let stage: FetchStage
    package let matcher: TMDBMatcher
    package let width: Int

    package init(stage: FetchStage, matcher: TMDBMatcher, width: Int) {
        self.stage = stage
        self.matcher = matcher
        self.width = width
    }

    package func run(day: Day, watched: Watchlist, offline: Bool) async throws -> NowPlaying {
        let plan = FetchStage.Plan(days: [day])
        let fetched = try await stage.fetch(plan)
        try ReportPipeline.requireComplete(fetched, offline: offline, resume: plan.fetchCommand(DateRange(start: day, end: day)))
        if let error = fetched.enrichmentError { throw error }
        let chart = fetched.charts.first?.entries ?? []
        var matches = fetched.matches
        for film in watched.films where matches[film.movieCode] == nil {
            matches[film.movieCode] = try await match(film)
        }
        let list = try await TMDBListPages.read(.nowPlaying, client: matcher.client, width: width)
        return NowPlaying.join(
            day: day, listed: list.films, window: list.window, pagesRead: list.pagesRead, totalPages: list.totalPages,
            chart: chart.map { ($0.rank, $0.movieCode, $0.title) }, matches: TMDBMatch.resolvingSharedIDs(matches), watched: watched.codes)
    }

    /// A watched film's match from its movie info; nil when the info is not cached and cannot be
    /// fetched (`--offline`, or KOBIS no longer knows the code): that film is simply not marked.
    private func match(_ film: Watchlist.Film) async throws -> TMDBMatch? {
        let info: MovieInfo?
        do {
            info = try await stage.client.movieInfo(code: film.movieCode)
        } catch KOBISError.notCached {
            return nil
        }
        guard let info else { return nil }
        // KOBIS's title before the one the list was given (a hand-edited list may hold anything).
        let query = FilmQuery(movieCode: film.movieCode, title: info.title.isEmpty ? film.title : info.title, openDate: nil, info: info)
        return try await matcher.match(query)
    }
}

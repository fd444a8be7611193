import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// What `boxoffice watch` asks of KOBIS and the cache: a film's code and title for `watch add`,
/// and each watched film's latest charted day for `watch list`.
package struct WatchlistLookup: Sendable {
    package let client: KOBISClient
    package let offline: Bool

    package init(client: KOBISClient, offline: Bool) {
        self.client = client
        self.offline = offline
    }

    /// The film a user named, by code or title, as `boxoffice film` resolves it (a title matching
    /// several films is an error listing them), with its KOBIS title when the cache or KOBIS has
    /// its movie info (empty when `--offline` and not cached). A code KOBIS has no film for is
    /// ``FilmError/noSuchCode(code:)`` (66): nothing is added.
    package func film(_ named: String) async throws -> (code: String, title: String) {
        let code = try await FilmPipeline(client: client, width: 1, simulated: false, offline: offline).code(for: named)
        do {
            guard let info = try await client.movieInfo(code: code) else { throw FilmError.noSuchCode(code: code) }
            return (code, info.title)
        } catch KOBISError.notCached {
            return (code, "")
        }
    }

    /// Each film's latest charted day in the cached daily charts from `yesterday` back
    /// ``Watchlist/latestLookBackDays`` days: its rank and KOBIS's cumulative then, and its
    /// multiplier so far when its opening weekend's chart is cached (``FilmRanking/noteOpeningWeekend(_:)``).
    /// Sends nothing.
    package func latest(_ codes: Set<String>, yesterday: Day) -> [String: (day: Day, rank: Int, cumulative: Int64, multiplier: Double?)] {
        var found: [String: (day: Day, rank: Int, cumulative: Int64, multiplier: Double?)] = [:]
        var day = yesterday
        while found.count < codes.count, day >= max(DateRange.earliest, yesterday - (Watchlist.latestLookBackDays - 1)) {
            for entry in client.cachedDailyChart(on: day)?.entries ?? [] where codes.contains(entry.movieCode) && found[entry.movieCode] == nil {
                let multiplier = FilmRanking.multiplier(
                    of: entry, openingWeekend: FilmRanking.openingWeekendPeriod(entry.openDate).flatMap { client.cachedWeeklyChart($0) })
                found[entry.movieCode] = (day, entry.rank, entry.audienceCumulative, multiplier)
            }
            day = day - 1
        }
        return found
    }

    /// Each film's break-even as a projection (``Projection/Milestone``) from the cached charts of
    /// the four weeks to `yesterday` (and last year's holidays), for the films with a break-even they have not passed and a
    /// run to project. Sends nothing.
    package func breakEvens(_ list: Watchlist, yesterday: Day) -> [String: Projection.Milestone] {
        let films = list.films.filter { $0.breakEven != nil }
        guard !films.isEmpty else { return [:] }
        let charts = Array(client.projectionCharts(through: yesterday).values)
        var found: [String: Projection.Milestone] = [:]
        for film in films {
            guard let target = film.breakEven else { continue }
            found[film.movieCode] = Projection.project(film.movieCode, charts: charts, asOf: yesterday)?.milestone(target)
        }
        return found
    }
}

import Foundation

/// TMDB's now-playing list for Korea joined with a day's KOBIS chart: which of the films TMDB
/// believes are in Korean cinemas are on the chart, which are not, and which the user watches.
///
/// TMDB's list is its own view (its `dates` window reaches about six weeks back), not KOBIS's: a
/// film is "on the chart" only when the chart's film was matched to that TMDB id (`exact` or
/// `likely`, as reports link them), never by title alone.
package struct NowPlaying: Sendable, Equatable {
    package struct Film: Sendable, Equatable {
        package var movie: TMDBMovie
        /// The KOBIS film it is matched to, when that film is on the day's chart or watched.
        package var movieCode: String?
        /// Its rank on the day's chart; nil when it is not on it.
        package var rank: Int?
        package var watched: Bool
    }

    /// A film on the day's chart that TMDB's list does not hold.
    package struct Unlisted: Sendable, Equatable {
        package var rank: Int
        package var movieCode: String
        package var title: String
    }

    /// The chart the list is compared with.
    package var day: Day
    /// The window TMDB says its list covers; nil when it sent none.
    package var window: ClosedRange<Day>?
    package var pagesRead: Int
    package var totalPages: Int
    /// On the chart by rank, then the rest in TMDB's order (by popularity), each TMDB film once.
    package var films: [Film]
    /// Charted films TMDB does not list (or that have no TMDB match), by rank.
    package var unlisted: [Unlisted]

    package var onChart: [Film] { films.filter { $0.rank != nil } }
    package var offChart: [Film] { films.filter { $0.rank == nil } }

    /// Joins `listed` (TMDB's pages in order, repeats included: TMDB repeats items across pages, so
    /// each id is kept once, where it first appears) with the day's chart.
    ///
    /// - Parameters:
    ///   - chart: the day's chart as (rank, KOBIS code, title), in any order.
    ///   - matches: KOBIS code → TMDB match, for the charted films and the watched ones.
    ///   - watched: the watchlist's KOBIS codes.
    package static func join(
        day: Day, listed: [TMDBMovie], window: ClosedRange<Day>?, pagesRead: Int, totalPages: Int,
        chart: [(rank: Int, code: String, title: String)], matches: [String: TMDBMatch], watched: Set<String>
    ) -> NowPlaying {
        func tmdbID(_ code: String) -> Int? {
            guard let match = matches[code], match.confidence != .none else { return nil }
            return match.details?.movie.id
        }
        var codeByID: [Int: String] = [:]
        for code in watched.sorted() { if let id = tmdbID(code) { codeByID[id] = code } }
        var rankByID: [Int: Int] = [:]
        for entry in chart.sorted(by: { $0.rank < $1.rank }) {
            guard let id = tmdbID(entry.code), rankByID[id] == nil else { continue }
            rankByID[id] = entry.rank
            codeByID[id] = entry.code
        }
        var seen = Set<Int>()
        let films = listed.filter { seen.insert($0.id).inserted }.map { movie in
            Film(
                movie: movie, movieCode: codeByID[movie.id], rank: rankByID[movie.id],
                watched: codeByID[movie.id].map(watched.contains) ?? false)
        }
        let charted = films.filter { $0.rank != nil }.sorted { $0.rank! < $1.rank! }
        let unlisted = chart.sorted { $0.rank < $1.rank }.filter { entry in
            tmdbID(entry.code).map { !seen.contains($0) } ?? true
        }.map { Unlisted(rank: $0.rank, movieCode: $0.code, title: $0.title) }
        return NowPlaying(
            day: day, window: window, pagesRead: pagesRead, totalPages: totalPages, films: charted + films.filter { $0.rank == nil },
            unlisted: unlisted)
    }
}

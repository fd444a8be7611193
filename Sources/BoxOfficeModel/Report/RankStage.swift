import Foundation

/// Orders films over the range. Pure and synchronous.
package enum RankStage {
    /// Films sorted by `key` (descending), ties broken by sales, then by movie code; ranks numbered from 1.
    package static func rank(_ films: [FilmRanking], by key: RankKey) -> [FilmRanking] {
        let sorted = films.sorted { a, b in
            let (primaryA, primaryB) = key == .audience ? (a.audience, b.audience) : (a.sales, b.sales)
            if primaryA != primaryB { return primaryA > primaryB }
            if a.sales != b.sales { return a.sales > b.sales }
            return a.movieCode < b.movieCode
        }
        return sorted.enumerated().map { index, film in
            var ranked = film
            ranked.rank = index + 1
            return ranked
        }
    }
}

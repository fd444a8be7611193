import Foundation

/// Orders films over the range. Pure and synchronous.
package enum RankStage {
    /// Films sorted by `key` (descending), ties broken by sales, then by movie code; ranks numbered from 1.
    package static func rank(_ films: [FilmRanking], by key: RankKey) -> [FilmRanking] {
        // The sort moves small keys, not the films: a film is a large value with a dozen
        // references, and sorting 3,700 of them by moving them was a third of a 20-year report's
        // build stage.
        let keys = films.indices.map { index in
            let film = films[index]
            return (primary: key == .audience ? film.audience : film.sales, sales: film.sales, index: index)
        }
        let order = keys.sorted { a, b in
            if a.primary != b.primary { return a.primary > b.primary }
            if a.sales != b.sales { return a.sales > b.sales }
            if films[a.index].movieCode != films[b.index].movieCode { return films[a.index].movieCode < films[b.index].movieCode }
            return a.index < b.index
        }
        var ranked: [FilmRanking] = []
        ranked.reserveCapacity(films.count)
        for (position, key) in order.enumerated() {
            ranked.append(films[key.index])
            ranked[position].rank = position + 1
        }
        return ranked
    }
}

import Foundation

/// The diversity films (다양성영화) of a period (KOFIC's tables 20–23): KOBIS's charts with
/// `multiMovieYn=Y`, daily for a period of a month or less, weekly (Monday to Sunday, ``ChartPeriod/weeks(thursdaysIn:endingBy:)``) for a
/// longer one, each film's admissions and sales summed over the charts it made; their count, admissions and
/// share, and the top 10 of all of them, of the Korean ones and of the foreign ones.
package struct DiversityFilms: Codable, Sendable, Equatable {
    /// Which KOBIS charts the figures sum.
    package enum Basis: String, Codable, Sendable {
        /// The daily top 10s of the period's days.
        case daily
        /// The weekly top 10s of the weeks whose Thursday is in the period (ISO weeks).
        case weekly
    }

    /// A diversity film's figures over the charts it made.
    package struct Film: Codable, Sendable, Equatable {
        package var rank: Int
        package var movieCode: String
        package var title: String
        /// True for a Korean film, false for a foreign one (its first listed nation in KOBIS's movie
        /// info); nil without its movie info.
        package var korean: Bool?
        package var audience: Int64
        package var sales: Int64
        /// The charts it made.
        package var charts: Int
        /// Its share of the diversity films' admissions, %.
        package var sharePercent: Double

        enum CodingKeys: String, CodingKey {
            case rank
            case movieCode = "movie_cd"
            case title
            case korean
            case audience
            case sales
            case charts
            case sharePercent = "diversity_share_pct"
        }
    }

    package var basis: Basis
    /// The charts summed, and the first days of those not had (`--offline` and not cached, the budget spent).
    package var charts: Int
    package var missing: [Day]
    /// Every film, by admissions.
    package var films: [Film]
    package var audience: Int64
    package var sales: Int64
    /// Their admissions against the period's charted admissions (the daily top 10s), %: KOFIC's share
    /// of the market, here of the charts, and summed from other charts (an approximation, said).
    package var sharePercent: Double?

    enum CodingKeys: String, CodingKey {
        case basis
        case charts
        case missing = "charts_missing"
        case films
        case audience
        case sales
        case sharePercent = "share_of_charted_pct"
    }

    /// Periods of at most this many days are summed from the daily charts; longer ones from the weekly.
    package static let dailyUpTo = 31

    /// Which charts a period's diversity films are summed from.
    package static func basis(of range: DateRange) -> Basis { range.dayCount <= dailyUpTo ? .daily : .weekly }

    /// The films of `charts` (each chart's rows), summed; `korean` gives a film's side.
    package init(basis: Basis, charts: [[ChartEntry]], missing: [Day], korean: (String) -> Bool?, chartedAudience: Int64) {
        self.basis = basis
        self.charts = charts.count
        self.missing = missing.sorted()
        var sums: [String: Film] = [:]
        for row in charts.joined() {
            var film =
                sums[row.movieCode]
                ?? Film(rank: 0, movieCode: row.movieCode, title: row.title, korean: nil, audience: 0, sales: 0, charts: 0, sharePercent: 0)
            film.audience += row.audience
            film.sales += row.sales
            film.charts += 1
            sums[row.movieCode] = film
        }
        audience = sums.values.reduce(0) { $0 + $1.audience }
        sales = sums.values.reduce(0) { $0 + $1.sales }
        let total = audience
        films = sums.values.sorted { ($0.audience, $1.movieCode) > ($1.audience, $0.movieCode) }.enumerated().map { index, film in
            var film = film
            film.rank = index + 1
            film.korean = korean(film.movieCode)
            film.sharePercent = JoinStage.percent(film.audience, of: total)
            return film
        }
        sharePercent = chartedAudience > 0 ? JoinStage.percent(audience, of: chartedAudience) : nil
    }

    /// The top 10 of all of them, of the Korean ones, of the foreign ones.
    package var top: [Film] { Array(films.prefix(10)) }
    package var koreanTop: [Film] { Array(films.filter { $0.korean == true }.prefix(10)) }
    package var foreignTop: [Film] { Array(films.filter { $0.korean == false }.prefix(10)) }
}

import Foundation

/// A film's place on the ladder (issue 50, item 2): its admissions against the lifetimes the cached
/// daily charts hold (each film's highest cumulative in them), over every cached year and over the
/// year it opened; the next film it will pass, the gap, and when it would pass it at its last seven
/// days' pace (a projection); and, past 1,000만, which 천만 film it is in the cached charts.
///
/// A lifetime here is what the cached charts show, never "ever": a film's highest cumulative on a
/// day it charted, from the first cached day (``chartsFrom``) to the last.
package struct FilmLadder: Encodable, Sendable, Equatable {
    /// A film the ladder names.
    package struct Film: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        /// Its highest cumulative in the cached charts.
        package var lifetime: Int64

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case lifetime = "highest_cumulative"
        }
    }

    /// What the cached charts show of one film.
    package struct Lifetime: Sendable, Equatable {
        package var highest: Int64
        /// The day it was seen at ``highest``: the chart to find its title in.
        package var highestDay: Day
        package var firstDay: Day
        /// The first cached day it was at 1,000만 or more.
        package var reachedTenMillion: Day?

        package init(highest: Int64, firstDay: Day, highestDay: Day? = nil, reachedTenMillion: Day? = nil) {
            self.highest = highest
            self.firstDay = firstDay
            self.highestDay = highestDay ?? firstDay
            self.reachedTenMillion = reachedTenMillion
        }

        /// `self` with a charted day's cumulative seen on `day` (days in any order).
        package mutating func note(_ cumulative: Int64, on day: Day) {
            if cumulative > highest { (highest, highestDay) = (cumulative, day) }
            firstDay = min(firstDay, day)
            if cumulative >= FilmPace.threshold { reachedTenMillion = min(reachedTenMillion ?? day, day) }
        }
    }

    /// Which 천만 film it is, counted by the day each was first at 1,000만 in the cached charts.
    package struct TenMillion: Codable, Sendable, Equatable {
        package var nth: Int
        /// Its place among the Korean ones; nil when it is not Korean, or when a 천만 film's nation
        /// is not in the cache (the count would be a guess).
        package var nthKorean: Int?
        package var reached: Day

        enum CodingKeys: String, CodingKey {
            case nth
            case nthKorean = "nth_korean"
            case reached
        }
    }

    /// Its admissions compared: the last charted day's cumulative.
    package var audienceCumulative: Int64
    /// 1 for the biggest, among ``films`` (itself counted).
    package var place: Int
    package var films: Int
    /// The same among the films first charted in ``year`` (the year it opened).
    package var year: Int
    package var yearPlace: Int
    package var yearFilms: Int
    /// The film with the smallest lifetime above its admissions, and how many admissions it lacks.
    package var next: Film?
    package var gap: Int64?
    package var tenMillion: TenMillion?
    package var chartsFrom: Day
    package var chartsThrough: Day
    /// The cached charts begin before 2011, when KOBIS's coverage was partial.
    package var reachesBefore2011: Bool

    enum CodingKeys: String, CodingKey {
        case audienceCumulative = "audience_cumulative"
        case place, films, year
        case yearPlace = "year_place"
        case yearFilms = "year_films"
        case next, gap
        case tenMillion = "ten_million"
        case chartsFrom = "charts_from"
        case chartsThrough = "charts_through"
        case reachesBefore2011 = "reaches_before_2011"
    }

    /// The ladder of `run` among `lifetimes` (KOBIS code → what the cached charts show; the film
    /// itself is left out and measured by its run), over the cached charts' `span`. `title` names a
    /// film by code; `isKorean` says whether a film is Korean (nil when unknown). Nil without a
    /// charted day. Where it is heading is the run's ``FilmRun/projection``.
    package static func compute(
        _ run: FilmRun, lifetimes: [String: Lifetime], span: DateRange, title: (String) -> String, isKorean: (String) -> Bool?
    ) -> FilmLadder? {
        guard let last = run.days.last else { return nil }
        let cumulative = last.audienceCumulative
        let others = lifetimes.filter { $0.key != run.movieCode }
        let year = (run.openDate ?? run.days[0].date).year
        let ofYear = others.filter { $0.value.firstDay.year == year }
        let above = others.filter { $0.value.highest > cumulative }
        let next = above.min { ($0.value.highest, $0.key) < ($1.value.highest, $1.key) }
        var ladder = FilmLadder(
            audienceCumulative: cumulative, place: above.count + 1, films: others.count + 1, year: year,
            yearPlace: ofYear.filter { $0.value.highest > cumulative }.count + 1, yearFilms: ofYear.count + 1,
            next: next.map { Film(movieCode: $0.key, title: title($0.key), lifetime: $0.value.highest) },
            gap: next.map { $0.value.highest - cumulative }, chartsFrom: span.start, chartsThrough: span.end,
            reachesBefore2011: span.start < PeriodRanking.fullCoverageFrom)
        if let reached = run.days.first(where: { $0.audienceCumulative >= FilmPace.threshold })?.date {
            var hits: [(code: String, day: Day)] = others.compactMap { code, lifetime in lifetime.reachedTenMillion.map { (code, $0) } }
            hits.append((run.movieCode, reached))
            let order = hits.sorted { ($0.day, $0.code) < ($1.day, $1.code) }
            let nth = order.firstIndex { $0.code == run.movieCode }! + 1
            var nthKorean: Int?
            if isKorean(run.movieCode) == true {
                let before: [Bool?] = order.prefix(nth - 1).map { isKorean($0.code) }
                if !before.contains(where: { $0 == nil }) { nthKorean = before.filter { $0 == true }.count + 1 }
            }
            ladder.tenMillion = TenMillion(nth: nth, nthKorean: nthKorean, reached: reached)
        }
        return ladder
    }
}

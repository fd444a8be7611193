import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// Every film the cached daily charts show, with what they show of it: its lifetime there (highest
/// cumulative, first day, first day at 1,000만) and its highest cumulative in each year. Read
/// through the cache's ``DailyTotalsIndex``, sending nothing: a stat per cached day once each year's
/// index is built (the first time, each cached chart is read once). What `film`'s pace and ladder
/// and the `company` and `person` pages compare with.
struct ChartedFilms {
    var span: DateRange
    var lifetimes: [String: FilmLadder.Lifetime] = [:]
    /// KOBIS code → year → its highest cumulative seen that year.
    var yearly: [String: [Int: Int64]] = [:]
    /// KOBIS code → year → its admissions summed over the year's charted days.
    var charted: [String: [Int: Int64]] = [:]

    /// The films of the cached (unfiltered) daily charts through `last`; `atHand` gives a day's
    /// chart when the run has it already. Nil when the cache holds no daily chart.
    static func cached(_ client: KOBISClient, through last: Day, atHand: (Day) -> DailyChart? = { _ in nil }) -> ChartedFilms? {
        guard let cache = client.cache?.cache else { return nil }
        let index = DailyTotalsIndex(cache: cache, filters: KOBISFilters())
        defer { index.save() }
        var films = ChartedFilms(span: DateRange(start: last, end: last))
        var (first, latest): (Day?, Day?) = (nil, nil)
        var day = DateRange.earliest
        while day <= last {
            // Read for the index only, not kept: on a cold index that would hold every cached chart at once.
            if let totals = index.totals(on: day, chart: { atHand(day) ?? client.cachedDailyChart(on: day) }) {
                first = first ?? day
                latest = day
                for film in totals.films { films.note(film.movieCode, film.cumulative, film.audience, on: day) }
            }
            day = day + 1
        }
        guard let first, let latest else { return nil }
        films.span = DateRange(start: first, end: latest)
        return films
    }

    /// The films of `charts` (the bundled sample's week); nil without one.
    static func of(_ charts: [DailyChart]) -> ChartedFilms? {
        guard let first = charts.map(\.date).min(), let last = charts.map(\.date).max() else { return nil }
        var films = ChartedFilms(span: DateRange(start: first, end: last))
        for chart in charts {
            for entry in chart.entries { films.note(entry.movieCode, entry.audienceCumulative, entry.audience, on: chart.date) }
        }
        return films
    }

    mutating func note(_ code: String, _ cumulative: Int64, _ audience: Int64, on day: Day) {
        lifetimes[code, default: FilmLadder.Lifetime(highest: 0, firstDay: day)].note(cumulative, on: day)
        yearly[code, default: [:]][day.year] = max(yearly[code]?[day.year] ?? 0, cumulative)
        charted[code, default: [:]][day.year, default: 0] += audience
    }

    /// The films that went on to 1,000만, as ``FilmPace`` compares with them.
    var sightings: [String: FilmPace.Sighting] {
        lifetimes.compactMapValues { lifetime in lifetime.reachedTenMillion.map { FilmPace.Sighting(firstDay: $0, highest: lifetime.highest) } }
    }

    /// What the company and person pages read of them.
    var pages: Filmography.Charted { Filmography.Charted(span: span, yearly: yearly, charted: charted) }
}

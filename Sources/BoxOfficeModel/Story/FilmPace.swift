import Foundation

/// A film's pace against past hits (issue 29, item 3): its cumulative admissions on day N of its
/// release against those of the films that went on to 1,000만, at the same day of theirs.
///
/// The hits are the films the cached daily charts show at 1,000만 or more; each one's figure is
/// KOBIS's cumulative on its day N (off-chart days included, as KOBIS counts them), or, when it
/// was off the chart that day, on its last charted day before (``Hit/atDay`` says which). A hit
/// only counts as one within the charts the cache holds (``span``): never "ever".
package struct FilmPace: Encodable, Sendable, Equatable {
    /// 1,000만: the admissions that make a film a hit in Korean box-office news.
    package static let threshold: Int64 = 10_000_000

    package struct Hit: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        package var openDate: Day
        /// Its cumulative on day ``atDay`` of its release: day N, or its last charted day before N.
        package var cumulative: Int64
        package var atDay: Int
        /// The day of its release it was first seen at 1,000만 or more, in the cached charts.
        package var reachedDay: Int
        /// Its highest cumulative in the cached charts.
        package var highest: Int64

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case openDate = "open_date"
            case cumulative = "audience_cumulative"
            case atDay = "at_day"
            case reachedDay = "reached_10m_day"
            case highest = "highest_cumulative"
        }
    }

    /// What the cached charts show of one hit: the first day at 1,000만 or more and its highest cumulative.
    package struct Sighting: Sendable, Equatable {
        package var firstDay: Day
        package var highest: Int64

        package init(firstDay: Day, highest: Int64) {
            self.firstDay = firstDay
            self.highest = highest
        }
    }

    /// The film's day of release compared: its last charted day's.
    package var day: Int
    package var date: Day
    package var cumulative: Int64
    /// The hits with a figure at day N, most admissions first.
    package var hits: [Hit]
    /// How many of them had fewer admissions than the film by that day.
    package var ahead: Int
    /// The span of the cached daily charts looked in: the first and the last cached day.
    package var chartsFrom: Day
    package var chartsThrough: Day
    /// The charts looked in, or a hit, reach before 2011, when KOBIS's coverage was partial.
    package var reachesBefore2011: Bool

    enum CodingKeys: String, CodingKey {
        case day
        case date
        case cumulative = "audience_cumulative"
        case hits
        case ahead
        case chartsFrom = "charts_from"
        case chartsThrough = "charts_through"
        case reachesBefore2011 = "reaches_before_2011"
    }

    /// The pace of `run` at its last charted day of release, against `sightings` (KOBIS code → what
    /// the charts show of it; the film itself is left out). `chart` gives a cached daily chart.
    /// Nil when the film has no charted day of release (previews only).
    package static func compute(
        _ run: FilmRun, sightings: [String: Sighting], span: DateRange, chart: (Day) -> DailyChart?
    ) -> FilmPace? {
        guard let last = run.days.last(where: { ($0.dayOfRelease ?? 0) >= 1 }), let n = last.dayOfRelease else { return nil }
        var hits: [Hit] = []
        for (code, sighting) in sightings where code != run.movieCode {
            guard let seen = chart(sighting.firstDay)?.entries.first(where: { $0.movieCode == code }), let open = seen.openDate,
                open <= sighting.firstDay
            else { continue }
            // Day N, else the last charted day before it (a hit is off the chart for a day now and then), back to its opening.
            var day = open + (n - 1)
            var found: (Day, Int64)?
            while found == nil, day >= open {
                if let entry = chart(day)?.entries.first(where: { $0.movieCode == code }) { found = (day, entry.audienceCumulative) }
                day = day - 1
            }
            guard let (date, cumulative) = found else { continue }
            hits.append(
                Hit(
                    movieCode: code, title: seen.title, openDate: open, cumulative: cumulative, atDay: Milestone.dayOfRelease(open, on: date),
                    reachedDay: Milestone.dayOfRelease(open, on: sighting.firstDay), highest: sighting.highest))
        }
        hits.sort { ($0.cumulative, $1.openDate, $1.movieCode) > ($1.cumulative, $0.openDate, $0.movieCode) }
        return FilmPace(
            day: n, date: last.date, cumulative: last.audienceCumulative, hits: hits,
            ahead: hits.filter { $0.cumulative < last.audienceCumulative }.count, chartsFrom: span.start, chartsThrough: span.end,
            reachesBefore2011: span.start < PeriodRanking.fullCoverageFrom || hits.contains { $0.openDate < PeriodRanking.fullCoverageFrom })
    }
}

import Foundation

/// A watched film as a daily report sees it: where it stands on the report's last day, its
/// cumulative, and how far it is from its break-even, for the "Your films" section every format
/// opens with.
package struct WatchedFilm: Codable, Sendable, Equatable {
    package var movieCode: String
    package var title: String
    /// Its rank on the report's last day; nil when it was not on that day's chart.
    package var rank: Int?
    /// The last day's admissions and their change against a week earlier (when it is on the chart).
    package var audience: Int64?
    package var audienceChangeLastWeekPercent: Double?
    /// The latest charted day the report knows (its range and look-back), and KOBIS's cumulative then.
    package var lastChartDate: Day?
    package var audienceCumulative: Int64?
    /// Admissions summed over its charted days in the range.
    package var rangeAudience: Int64
    /// Days in release on its last charted day, the open date being day 1.
    package var daysInRelease: Int?
    package var note: String?
    package var breakEven: BreakEven?

    /// A film's progress to its break-even audience (손익분기점), from KOBIS's cumulative.
    package struct BreakEven: Codable, Sendable, Equatable {
        package var audience: Int64
        /// The cumulative as a percentage of it, one decimal.
        package var percent: Double
        /// The day the cumulative passed it, when a chart at hand shows it (the range or look-back);
        /// `crossedBy` when it had passed it already on the first charted day known.
        package var crossed: Day?
        package var crossedBy: Day?
        /// A **projection** (``Projection``): when the run passes it, as a range of days, or not
        /// expected; nil when passed, off the chart, or too early in the run to project.
        package var projection: Projection.Milestone?

        enum CodingKeys: String, CodingKey {
            case audience
            case percent = "pct"
            case crossed
            case crossedBy = "crossed_by"
            case projection
        }
    }

    enum CodingKeys: String, CodingKey {
        case movieCode = "movie_cd"
        case title
        case rank
        case audience
        case audienceChangeLastWeekPercent = "audience_change_lw_pct"
        case lastChartDate = "last_chart_date"
        case audienceCumulative = "audience_cumulative"
        case rangeAudience = "range_audience"
        case daysInRelease = "days_in_release"
        case note
        case breakEven = "break_even"
    }

    /// The watchlist's films as `report` sees them, in the list's order. `charts` are every daily
    /// chart at hand (the range's and the look-back's), for the latest charted day, the crossing
    /// and the seven days' pace.
    package static func statuses(_ list: Watchlist, report: BoxOfficeReport, charts: [Day: DailyChart]) -> [WatchedFilm] {
        guard report.periodKind == nil, let last = report.days.last else { return [] }
        let end = last.date
        let films = Dictionary(report.films.map { ($0.movieCode, $0) }) { first, _ in first }
        // Each watched film's rows by day, from every chart at hand.
        var rows: [String: [(day: Day, entry: ChartEntry)]] = [:]
        let codes = list.codes
        for (day, chart) in charts where day <= end {
            for entry in chart.entries where codes.contains(entry.movieCode) { rows[entry.movieCode, default: []].append((day, entry)) }
        }
        return list.films.map { watched in
            let film = films[watched.movieCode]
            let known = (rows[watched.movieCode] ?? []).sorted { $0.day < $1.day }
            let today = last.entries.first { $0.movieCode == watched.movieCode }
            let latest = known.last
            var status = WatchedFilm(
                movieCode: watched.movieCode, title: film?.title ?? latest?.entry.title ?? watched.title,
                rank: today?.rank, audience: today?.audience, audienceChangeLastWeekPercent: today?.audienceChangeLastWeekPercent,
                lastChartDate: latest?.day, audienceCumulative: latest?.entry.audienceCumulative, rangeAudience: film?.audience ?? 0,
                daysInRelease: latest.flatMap { row in row.entry.openDate.map { row.day.ordinal - $0.ordinal + 1 } }.flatMap { $0 >= 1 ? $0 : nil },
                note: watched.note)
            if let target = watched.breakEven, let cumulative = latest?.entry.audienceCumulative {
                var breakEven = BreakEven(audience: target, percent: (Double(cumulative) / Double(target) * 1000).rounded() / 10)
                if let first = known.first, first.entry.audienceCumulative - first.entry.audience >= target {
                    breakEven.crossedBy = first.day
                } else {
                    breakEven.crossed = known.first { $0.entry.audienceCumulative >= target }?.day
                }
                if breakEven.crossed == nil, breakEven.crossedBy == nil, today != nil, latest?.day == end {
                    breakEven.projection = Projection.project(watched.movieCode, charts: Array(charts.values), asOf: end)?.milestone(target)
                }
                status.breakEven = breakEven
            }
            return status
        }
    }

    /// A highlight for each watched film that passed its break-even on a day of `range`.
    package static func breakEvenHighlights(_ films: [WatchedFilm], range: DateRange) -> [Highlight] {
        films.compactMap { film in
            guard let breakEven = film.breakEven, let day = breakEven.crossed, range.contains(day) else { return nil }
            var fact = Highlight(kind: .breakEven, start: day, end: day)
            fact.film(film.movieCode, film.title)
            fact.threshold = breakEven.audience
            return fact
        }
    }
}

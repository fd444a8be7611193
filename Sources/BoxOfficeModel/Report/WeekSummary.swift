import Foundation

/// A Monday-to-Sunday week of the range (clipped to it): totals over its charted days and its top film.
package struct WeekSummary: Codable, Sendable, Equatable {
    package struct TopFilm: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        /// Charted audience in this week.
        package var audience: Int64

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case audience
        }
    }

    package var start: Day
    package var end: Day
    package var chartedAudience: Int64
    package var chartedSales: Int64
    /// Films charted on some day of the week.
    package var films: Int
    /// Films new to the chart this week: marked `NEW` and first charted in the range this week
    /// (``ReportSummary/entries(_:firstCharted:)``, which the report's summary sets; re-entries
    /// are not counted). Made from the days alone it counts every `NEW` row.
    package var newEntries: Int
    /// The film with the largest charted audience this week (ties: the lower movie code).
    package var topFilm: TopFilm?

    enum CodingKeys: String, CodingKey {
        case start
        case end
        case chartedAudience = "charted_audience"
        case chartedSales = "charted_sales"
        case films
        case newEntries = "new_entries"
        case topFilm = "top_film"
    }

    /// The weeks of `days`, clipped to `range`, in order.
    package static func weeks(of days: [DayReport], in range: DateRange) -> [WeekSummary] {
        // Each week read in place, by index: grouping copies of the days and flattening their
        // rows twice copied every row of the range (16 ms of a twenty-year report's build, `perf`).
        var weeks: [WeekSummary] = []
        var first = 0
        while first < days.count {
            let start = max(days[first].date.weekStart, range.start)
            var end = first + 1
            while end < days.count, max(days[end].date.weekStart, range.start) == start { end += 1 }
            var byFilm: [String: (title: String, audience: Int64)] = [:]
            var audience: Int64 = 0, sales: Int64 = 0
            var newEntries = 0
            for day in first..<end {
                audience += days[day].audience
                sales += days[day].sales
                for row in days[day].entries.indices {
                    byFilm[days[day].entries[row].movieCode, default: (days[day].entries[row].title, 0)].audience += days[day].entries[row].audience
                    if days[day].entries[row].isNew { newEntries += 1 }
                }
            }
            let top = byFilm.max { ($0.value.audience, $1.key) < ($1.value.audience, $0.key) }
            weeks.append(
                WeekSummary(
                    start: start, end: min(start.weekStart + 6, range.end), chartedAudience: audience, chartedSales: sales, films: byFilm.count,
                    newEntries: newEntries, topFilm: top.map { TopFilm(movieCode: $0.key, title: $0.value.title, audience: $0.value.audience) }))
            first = end
        }
        return weeks
    }
}

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
    /// Rows KOBIS marked `NEW` this week.
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
        var groups: [(start: Day, days: [DayReport])] = []
        for day in days {
            let start = max(day.date.weekStart, range.start)
            if groups.last?.start == start { groups[groups.count - 1].days.append(day) } else { groups.append((start, [day])) }
        }
        return groups.map { group in
            var byFilm: [String: (title: String, audience: Int64)] = [:]
            for entry in group.days.flatMap(\.entries) {
                byFilm[entry.movieCode, default: (entry.title, 0)].audience += entry.audience
            }
            let top = byFilm.max { ($0.value.audience, $1.key) < ($1.value.audience, $0.key) }
            return WeekSummary(
                start: group.start, end: min(group.start.weekStart + 6, range.end),
                chartedAudience: group.days.reduce(0) { $0 + $1.audience },
                chartedSales: group.days.reduce(0) { $0 + $1.sales },
                films: byFilm.count,
                newEntries: group.days.flatMap(\.entries).filter(\.isNew).count,
                topFilm: top.map { TopFilm(movieCode: $0.key, title: $0.value.title, audience: $0.value.audience) })
        }
    }
}

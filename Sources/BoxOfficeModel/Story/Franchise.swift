import Foundation

/// A film's franchise, where TMDB puts it in a collection (issue 50, item 2): the collection's films
/// the cache knows (their KOBIS movie info and a cached exact TMDB match in the same collection),
/// each with its opening weekend from KOBIS's weekend chart and its lifetime in the cached charts, and
/// the film's pace against its predecessor on the same day of release.
package struct Franchise: Encodable, Sendable, Equatable {
    package struct Entry: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        package var openDate: Day?
        /// Its opening weekend in KOBIS's weekend chart, when cached.
        package var openingWeekend: Int64?
        /// Its highest cumulative in the cached charts (the film's own: its last charted day's).
        package var lifetime: Int64?
        /// The film the page is about.
        package var isFilm: Bool

        package init(movieCode: String, title: String, openDate: Day?, openingWeekend: Int64?, lifetime: Int64?, isFilm: Bool) {
            (self.movieCode, self.title, self.openDate) = (movieCode, title, openDate)
            (self.openingWeekend, self.lifetime, self.isFilm) = (openingWeekend, lifetime, isFilm)
        }

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case openDate = "open_date"
            case openingWeekend = "opening_weekend_chart"
            case lifetime = "highest_cumulative"
            case isFilm = "is_film"
        }
    }

    /// The film against the entry before it, on the same day of release.
    package struct Pace: Codable, Sendable, Equatable {
        package var predecessor: String
        /// The film's last charted day of release, and its cumulative then.
        package var day: Int
        package var cumulative: Int64
        /// The predecessor's cumulative on its day ``day``, or on its last charted day before it (``atDay``).
        package var predecessorCumulative: Int64
        package var atDay: Int
        package var changePercent: Double?

        enum CodingKeys: String, CodingKey {
            case predecessor, day
            case cumulative = "audience_cumulative"
            case predecessorCumulative = "predecessor_cumulative"
            case atDay = "predecessor_at_day"
            case changePercent = "change_pct"
        }
    }

    /// TMDB's name for the collection.
    package var collection: String
    /// Oldest first.
    package var entries: [Entry]
    package var pace: Pace?

    package init(collection: String, entries: [Entry], pace: Pace? = nil) {
        (self.collection, self.entries, self.pace) = (collection, entries, pace)
    }

    /// The title a franchise's films share: the title before a colon, less a trailing number
    /// (`범죄도시3` and `범죄도시 2`: `범죄도시`), folded as titles are compared.
    package static func stem(_ title: String) -> String {
        let head = title.split(separator: ":", maxSplits: 1).first.map(String.init) ?? title
        let trimmed = head.trimmingCharacters(in: .whitespaces).reversed().drop { $0.isNumber || $0.isWhitespace || "-.".contains($0) }.reversed()
        return String(trimmed).lowercased().filter { !$0.isWhitespace }
    }

    /// The pace of a film at its last charted day of release (`day`, `cumulative`) against
    /// `predecessor`, opened `open`: its cumulative on day `day`, else its last charted day before
    /// it; `chart` gives a cached daily chart. Nil when no such day is charted.
    package static func pace(
        day: Int, cumulative: Int64, predecessor: Entry, chart: (Day) -> DailyChart?
    ) -> Pace? {
        guard let open = predecessor.openDate else { return nil }
        var date = open + (day - 1)
        while date >= open {
            if let entry = chart(date)?.entries.first(where: { $0.movieCode == predecessor.movieCode }) {
                return Pace(
                    predecessor: predecessor.title, day: day, cumulative: cumulative, predecessorCumulative: entry.audienceCumulative,
                    atDay: Milestone.dayOfRelease(open, on: date), changePercent: RunFacts.change(cumulative, from: entry.audienceCumulative))
            }
            date = date - 1
        }
        return nil
    }
}

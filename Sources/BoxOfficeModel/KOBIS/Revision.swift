import Foundation

/// A figure KOBIS changed after the fact: a provisional day's chart fetched again and found
/// different (issue 30, item 4). One per film and field.
package struct Revision: Codable, Sendable, Equatable {
    package enum Field: String, Codable, Sendable, CaseIterable {
        case audience, sales, rank, screens, showings
        /// The film joined or left the chart (`before` or `after` is then 0).
        case charted
    }

    /// The chart's day.
    package var date: Day
    package var movieCode: String
    package var title: String
    package var field: Field
    package var before: Int64
    package var after: Int64
    /// When it was seen, in seconds since 1970.
    package var seenAt: Int64

    package init(date: Day, movieCode: String, title: String, field: Field, before: Int64, after: Int64, seenAt: Int64) {
        self.date = date
        self.movieCode = movieCode
        self.title = title
        self.field = field
        self.before = before
        self.after = after
        self.seenAt = seenAt
    }

    enum CodingKeys: String, CodingKey {
        case date
        case movieCode = "movie_cd"
        case title
        case field
        case before
        case after
        case seenAt = "seen_at"
    }

    /// What changed between a day's chart as first fetched and as fetched again.
    package static func between(_ old: DailyChart, _ new: DailyChart, seenAt: Int64) -> [Revision] {
        let before = Dictionary(old.entries.map { ($0.movieCode, $0) }) { first, _ in first }
        let after = Dictionary(new.entries.map { ($0.movieCode, $0) }) { first, _ in first }
        var revisions: [Revision] = []
        for code in Set(before.keys).union(after.keys).sorted() {
            let then = before[code], now = after[code]
            let title = now?.title ?? then?.title ?? ""
            func add(_ field: Field, _ a: Int64, _ b: Int64) {
                if a != b {
                    revisions.append(Revision(date: new.date, movieCode: code, title: title, field: field, before: a, after: b, seenAt: seenAt))
                }
            }
            guard let then, let now else {
                add(.charted, then == nil ? 0 : 1, now == nil ? 0 : 1)
                continue
            }
            add(.rank, Int64(then.rank), Int64(now.rank))
            add(.audience, then.audience, now.audience)
            add(.sales, then.sales, now.sales)
            add(.screens, then.screens, now.screens)
            add(.showings, then.showings, now.showings)
        }
        return revisions
    }
}

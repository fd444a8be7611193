import Foundation

/// `boxoffice calendar`: the releases in Korea over a range, and the dates watched films are
/// projected to pass their break-even and their next 100만 step, one event a day and film.
///
/// Releases come from KOBIS's movie list (its open dates, 개봉 and 개봉예정) and TMDB's upcoming
/// list for Korea; a TMDB film with the title and the date of a KOBIS release is that release (one
/// event, KOBIS's, with TMDB's id), any other is an event of its own. Projections are tentative:
/// they say so, and are made only from charts the cache holds.
package struct ReleaseCalendar: Encodable, Sendable, Equatable {
    package static let schemaVersion = BoxOfficeReport.schemaVersion
    package var schemaVersion = ReleaseCalendar.schemaVersion
    package var start: Day
    package var end: Day
    package var simulated: Bool
    package var events: [Event]
    /// What could not be read (TMDB off or failing): the calendar is then KOBIS's alone, and says so.
    package var notes: [String] = []

    package struct Event: Encodable, Sendable, Equatable {
        package enum Kind: String, Encodable, Sendable {
            /// A film opening in Korea (KOBIS's movie list, or TMDB's upcoming list alone).
            case release
            /// A watched film projected to pass its break-even audience.
            case breakEven = "break_even"
            /// A watched film projected to pass its next 100만 step.
            case milestone
        }

        package var date: Day
        package var kind: Kind
        package var title: String
        package var movieCode: String?
        package var tmdbID: Int?
        /// KOBIS's status for a release (개봉, 개봉예정); nil for one TMDB alone lists.
        package var status: String?
        /// The audience a projection is of (a break-even, a 100만 step); nil for a release.
        package var audience: Int64?
        /// The pace a projection assumes, admissions a day over the last seven days.
        package var pacePerDay: Int64?
        /// Where it comes from: `KOBIS`, `TMDB`, `KOBIS+TMDB`, or `projection`.
        package var source: String

        /// A stable id, the same in every run: `kobis-<code>-<kind>@boxoffice`, `tmdb-<id>-release@boxoffice`.
        package var uid: String {
            let subject = movieCode.map { "kobis-\($0)" } ?? tmdbID.map { "tmdb-\($0)" } ?? "film"
            return "\(subject)-\(kind.rawValue)\(kind == .milestone ? "-\(audience ?? 0)" : "")@boxoffice"
        }

        /// Tentative: a projection, not a date anyone has set.
        package var tentative: Bool { kind != .release }

        package init(
            date: Day, kind: Kind, title: String, movieCode: String? = nil, tmdbID: Int? = nil, status: String? = nil, audience: Int64? = nil,
            pacePerDay: Int64? = nil, source: String
        ) {
            self.date = date
            self.kind = kind
            self.title = title
            self.movieCode = movieCode
            self.tmdbID = tmdbID
            self.status = status
            self.audience = audience
            self.pacePerDay = pacePerDay
            self.source = source
        }

        enum CodingKeys: String, CodingKey {
            case date, kind, title, status, audience, source
            case movieCode = "movie_cd"
            case tmdbID = "tmdb_id"
            case pacePerDay = "pace_per_day"
        }
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case start, end, simulated, events, notes
    }

    package init(range: DateRange, simulated: Bool, events: [Event], notes: [String] = []) {
        (start, end) = (range.start, range.end)
        self.simulated = simulated
        self.events = events.sorted { ($0.date, $0.kind.rawValue, $0.title, $0.uid) < ($1.date, $1.kind.rawValue, $1.title, $1.uid) }
        self.notes = notes
    }

    /// The releases in `range`: KOBIS's films opening then (개봉 and 개봉예정; not a film 기타 or in
    /// production), and TMDB's upcoming films for Korea there, a TMDB film matching a KOBIS one
    /// (its title, Korean or original, and its date within three days) merged into it.
    package static func releases(
        in range: DateRange, kobis: [(info: MovieInfo, status: String)], tmdb: [TMDBMovie]
    ) -> [Event] {
        var events: [Event] = []
        var seen = Set<String>()
        for (info, status) in kobis where ["개봉", "개봉예정"].contains(status) {
            guard let day = info.openDate, range.contains(day), seen.insert(info.code).inserted else { continue }
            events.append(Event(date: day, kind: .release, title: info.title, movieCode: info.code, status: status, source: "KOBIS"))
        }
        func key(_ title: String) -> String { title.lowercased().filter { $0.isLetter || $0.isNumber } }
        var seenTMDB = Set<Int>()
        for movie in tmdb {
            guard let day = movie.releaseDate, range.contains(day), seenTMDB.insert(movie.id).inserted else { continue }
            let titles = [key(movie.title), key(movie.originalTitle)].filter { !$0.isEmpty }
            if let index = events.firstIndex(where: { event in
                event.tmdbID == nil && abs(event.date.distance(to: day)) <= 3 && titles.contains(key(event.title))
            }) {
                events[index].tmdbID = movie.id
                events[index].source = "KOBIS+TMDB"
            } else {
                events.append(Event(date: day, kind: .release, title: movie.title, tmdbID: movie.id, source: "TMDB"))
            }
        }
        return events
    }

    /// The projections of watched films within `range`: from each film's last charted day in the
    /// cached charts (`charts`, the two weeks to yesterday), at the pace of the last seven days (its
    /// cumulative then against a charted day seven or more days before), the day it passes its
    /// break-even and its next 100만 step, each when that is no more than 60 days on.
    package static func projections(_ films: [Watchlist.Film], charts: [DailyChart], in range: DateRange) -> [Event] {
        let byDay = charts.sorted { $0.date < $1.date }
        var events: [Event] = []
        for film in films {
            let seen = byDay.compactMap { chart in chart.entries.first { $0.movieCode == film.movieCode }.map { (chart.date, $0) } }
            guard let (lastDay, last) = seen.last,
                let (earlierDay, earlier) = seen.last(where: { $0.0.distance(to: lastDay) >= 7 })
            else { continue }
            let pace = Pace.perDay(from: (earlierDay, earlier.audienceCumulative), to: (lastDay, last.audienceCumulative))
            guard pace > 0 else { continue }
            let cumulative = last.audienceCumulative
            let step: Int64 = 1_000_000
            var targets: [(Event.Kind, Int64)] = [(.milestone, (cumulative / step + 1) * step)]
            if let breakEven = film.breakEven, breakEven > cumulative { targets.append((.breakEven, breakEven)) }
            for (kind, target) in targets {
                guard let day = Pace.projected(from: lastDay, gap: target - cumulative, pace: pace, within: FilmLadder.projectionDays),
                    range.contains(day)
                else { continue }
                events.append(
                    Event(
                        date: day, kind: kind, title: last.title, movieCode: film.movieCode, audience: target, pacePerDay: pace,
                        source: "projection"))
            }
        }
        return events
    }
}

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
        /// A projection's range (``Projection/Milestone``): the earliest day and the latest (nil
        /// when the low end of the interval never gets there); `date` is the likeliest.
        package var earliest: Day?
        package var latest: Day?
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
            earliest: Day? = nil, latest: Day? = nil, source: String
        ) {
            self.date = date
            self.kind = kind
            self.title = title
            self.movieCode = movieCode
            self.tmdbID = tmdbID
            self.status = status
            self.audience = audience
            (self.earliest, self.latest) = (earliest, latest)
            self.source = source
        }

        enum CodingKeys: String, CodingKey {
            case date, kind, title, status, audience, source
            case movieCode = "movie_cd"
            case tmdbID = "tmdb_id"
            case earliest, latest
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

    /// The projections of watched films within `range` (``Projection``, from the cached charts
    /// `charts`, the four weeks to yesterday): the likeliest day each passes its break-even and its
    /// next 100만 step, with the range around it, for the milestones the mid reaches; a milestone
    /// it is not expected to reach is no event.
    package static func projections(_ films: [Watchlist.Film], charts: [DailyChart], in range: DateRange) -> [Event] {
        guard let asOf = charts.map(\.date).max() else { return [] }
        var events: [Event] = []
        for film in films {
            guard let projection = Projection.project(film.movieCode, charts: charts, asOf: asOf) else { continue }
            // Its title on its latest charted day (`charts` in any order).
            let title = charts.filter { $0.entries.contains { $0.movieCode == film.movieCode } }.max { $0.date < $1.date }?
                .entries.first { $0.movieCode == film.movieCode }?.title
            var targets: [(Event.Kind, Projection.Milestone?)] = [(.milestone, projection.nextStep(1_000_000))]
            if let breakEven = film.breakEven { targets.append((.breakEven, projection.milestone(breakEven))) }
            for case let (kind, milestone?) in targets {
                guard milestone.expected, let day = milestone.mid, range.contains(day) else { continue }
                events.append(
                    Event(
                        date: day, kind: kind, title: title ?? film.title, movieCode: film.movieCode, audience: milestone.admissions,
                        earliest: milestone.earliest, latest: milestone.latest, source: "projection"))
            }
        }
        return events
    }
}

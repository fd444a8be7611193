import Foundation

/// `/movie/{id}` with keywords, release dates, translations and alternative titles appended (one call).
public struct TMDBDetails: Sendable, Equatable {
    public struct Release: Sendable, Equatable {
        public var date: Day?
        /// 1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV.
        public var type: Int
        /// The rating board's certification (`15`, `청소년관람불가`), often empty.
        public var certification: String

        public init(date: Day?, type: Int, certification: String = "") {
            self.date = date
            self.type = type
            self.certification = certification
        }
    }

    /// What else the same call carries, at no extra cost.
    public struct Extras: Sendable, Equatable {
        public var imdbID: String?
        /// The collection (franchise) the film belongs to.
        public var collection: String?
        /// `origin_country`, else the production countries' codes.
        public var originCountries: [String]
        /// US dollars; nil when TMDB has 0 (unknown).
        public var budget: Int64?
        public var revenue: Int64?
        /// Titles the film also goes by: the Korean translation's title and the alternative titles.
        public var otherTitles: [String]
        /// `runtime`; nil when TMDB has 0 (unknown).
        public var runtimeMinutes: Int?

        public init(
            imdbID: String? = nil, collection: String? = nil, originCountries: [String] = [], budget: Int64? = nil, revenue: Int64? = nil,
            otherTitles: [String] = [], runtimeMinutes: Int? = nil
        ) {
            self.runtimeMinutes = runtimeMinutes
            self.imdbID = imdbID
            self.collection = collection
            self.originCountries = originCountries
            self.budget = budget
            self.revenue = revenue
            self.otherTitles = otherTitles
        }
    }

    public var movie: TMDBMovie
    public var keywords: [String]
    /// Releases by country code (`KR`); empty when not appended.
    public var releases: [String: [Release]]
    public var extras: Extras

    public init(movie: TMDBMovie, keywords: [String], releases: [String: [Release]], extras: Extras = .init()) {
        self.movie = movie
        self.keywords = keywords
        self.releases = releases
        self.extras = extras
    }

    /// The Korean certification: of the theatrical releases first, else of any Korean release.
    public var koreanCertification: String? {
        let korean = releases["KR"] ?? []
        let theatrical = korean.filter { $0.type == 2 || $0.type == 3 }
        return (theatrical + korean).map(\.certification).first { !$0.isEmpty }
    }

    /// Korean theatrical releases (types 2 and 3).
    public var koreanTheatricalDates: [Day] {
        (releases["KR"] ?? []).filter { $0.type == 2 || $0.type == 3 }.compactMap(\.date)
    }
}

import Foundation

/// `/movie/{id}` with keywords, release dates, translations and alternative titles appended (one call).
package struct TMDBDetails: Sendable, Equatable {
    package struct Release: Sendable, Equatable {
        package var date: Day?
        /// 1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV.
        package var type: Int
        /// The rating board's certification (`15`, `청소년관람불가`), often empty.
        package var certification: String

        package init(date: Day?, type: Int, certification: String = "") {
            self.date = date
            self.type = type
            self.certification = certification
        }
    }

    /// What else the same call carries, at no extra cost.
    package struct Extras: Sendable, Equatable {
        package var imdbID: String?
        /// The collection (franchise) the film belongs to.
        package var collection: String?
        /// `origin_country`, else the production countries' codes.
        package var originCountries: [String]
        /// US dollars; nil when TMDB has 0 (unknown).
        package var budget: Int64?
        package var revenue: Int64?
        /// Titles the film also goes by: the Korean translation's title and the alternative titles.
        package var otherTitles: [String]
        /// `runtime`; nil when TMDB has 0 (unknown).
        package var runtimeMinutes: Int?

        package init(
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

    package var movie: TMDBMovie
    package var keywords: [String]
    /// Releases by country code (`KR`); empty when not appended.
    package var releases: [String: [Release]]
    package var extras: Extras

    package init(movie: TMDBMovie, keywords: [String], releases: [String: [Release]], extras: Extras = .init()) {
        self.movie = movie
        self.keywords = keywords
        self.releases = releases
        self.extras = extras
    }

    /// The Korean certification: of the theatrical releases first, else of any Korean release.
    package var koreanCertification: String? {
        let korean = releases["KR"] ?? []
        let theatrical = korean.filter { $0.type == 2 || $0.type == 3 }
        return (theatrical + korean).map(\.certification).first { !$0.isEmpty }
    }

    /// Korean theatrical releases (types 2 and 3).
    package var koreanTheatricalDates: [Day] {
        (releases["KR"] ?? []).filter { $0.type == 2 || $0.type == 3 }.compactMap(\.date)
    }
}

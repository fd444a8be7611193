import Foundation

/// A film as TMDB lists it in searches and paged lists.
public struct TMDBMovie: Hashable, Sendable, Codable {
    public var id: Int
    public var title: String
    public var originalTitle: String
    public var originalLanguage: String
    public var overview: String
    /// With `region=KR`, the Korean release date (re-releases included); nil when TMDB sends "".
    public var releaseDate: Day?
    public var posterPath: String?
    public var popularity: Double
    public var voteAverage: Double
    public var voteCount: Int

    public init(id: Int, title: String, originalTitle: String = "", originalLanguage: String = "", overview: String = "",
                releaseDate: Day? = nil, posterPath: String? = nil, popularity: Double = 0, voteAverage: Double = 0, voteCount: Int = 0) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.originalLanguage = originalLanguage
        self.overview = overview
        self.releaseDate = releaseDate
        self.posterPath = posterPath
        self.popularity = popularity
        self.voteAverage = voteAverage
        self.voteCount = voteCount
    }
}

/// One page of a paged list.
public struct TMDBPage: Sendable, Equatable {
    public var page: Int
    public var totalPages: Int
    public var totalResults: Int
    public var results: [TMDBMovie]
}

/// `/movie/{id}` with keywords and release dates appended.
public struct TMDBDetails: Sendable, Equatable {
    public struct Release: Sendable, Equatable {
        public var date: Day?
        /// 1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV.
        public var type: Int
    }

    public var movie: TMDBMovie
    public var keywords: [String]
    /// Releases by country code (`KR`); empty when not appended.
    public var releases: [String: [Release]]

    /// Korean theatrical releases (types 2 and 3).
    public var koreanTheatricalDates: [Day] {
        (releases["KR"] ?? []).filter { $0.type == 2 || $0.type == 3 }.compactMap(\.date)
    }
}

/// TMDB's poster sizes used in reports: never the original.
public enum TMDBImage {
    public static let host = "https://image.tmdb.org"

    public static func poster(_ path: String?, size: String = "w185") -> String? {
        guard let path, path.hasPrefix("/"), !path.contains(".."), path.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "<" }) else { return nil }
        return "\(host)/t/p/\(size)\(path)"
    }

    public static func page(_ id: Int) -> String { "https://www.themoviedb.org/movie/\(id)" }
}

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

    public init(
        id: Int, title: String, originalTitle: String = "", originalLanguage: String = "", overview: String = "",
        releaseDate: Day? = nil, posterPath: String? = nil, popularity: Double = 0, voteAverage: Double = 0, voteCount: Int = 0
    ) {
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

import Foundation

/// A film as TMDB lists it in searches and paged lists.
package struct TMDBMovie: Hashable, Sendable, Codable {
    package var id: Int
    package var title: String
    package var originalTitle: String
    package var originalLanguage: String
    package var overview: String
    /// With `region=KR`, the Korean release date (re-releases included); nil when TMDB sends "".
    package var releaseDate: Day?
    package var posterPath: String?
    package var popularity: Double
    package var voteAverage: Double
    package var voteCount: Int

    package init(
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

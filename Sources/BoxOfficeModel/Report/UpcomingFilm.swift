import Foundation

/// A film TMDB lists as coming to Korean cinemas.
package struct UpcomingFilm: Codable, Sendable, Equatable {
    package var id: Int
    package var title: String
    package var originalTitle: String
    package var releaseDate: Day?
    package var posterPath: String?

    package init(_ movie: TMDBMovie) {
        id = movie.id
        title = movie.title
        originalTitle = movie.originalTitle
        releaseDate = movie.releaseDate
        posterPath = movie.posterPath
    }

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case originalTitle = "original_title"
        case releaseDate = "release_date"
        case posterPath = "poster_path"
    }
}

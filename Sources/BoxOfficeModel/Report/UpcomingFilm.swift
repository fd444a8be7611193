import Foundation

/// A film TMDB lists as coming to Korean cinemas.
public struct UpcomingFilm: Codable, Sendable, Equatable {
    public var id: Int
    public var title: String
    public var originalTitle: String
    public var releaseDate: Day?
    public var posterPath: String?

    public init(_ movie: TMDBMovie) {
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

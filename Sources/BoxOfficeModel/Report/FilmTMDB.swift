import Foundation

/// A film's TMDB entry, when one was matched with at least `likely` confidence.
public struct FilmTMDB: Codable, Sendable, Equatable {
    public var id: Int
    public var title: String
    public var originalTitle: String
    /// TMDB's vote average (0–10) and vote count.
    public var rating: Double
    public var votes: Int
    public var posterPath: String?
    public var keywords: [String]

    public init(_ details: TMDBDetails) {
        id = details.movie.id
        title = details.movie.title
        originalTitle = details.movie.originalTitle
        rating = details.movie.voteAverage
        votes = details.movie.voteCount
        posterPath = details.movie.posterPath
        keywords = details.keywords
    }

    public var pageURL: String { TMDBImage.page(id) }

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case originalTitle = "original_title"
        case rating
        case votes
        case posterPath = "poster_path"
        case keywords
    }
}

import Foundation

/// A film's TMDB entry, when one was matched with at least `likely` confidence.
package struct FilmTMDB: Codable, Sendable, Equatable {
    package var id: Int
    package var title: String
    package var originalTitle: String
    /// TMDB's vote average (0–10) and vote count.
    package var rating: Double
    package var votes: Int
    package var posterPath: String?
    package var keywords: [String]
    /// What the same details call carries: the IMDb id, the collection (franchise), the origin
    /// countries, budget and revenue in US dollars (nil when TMDB has none), the Korean certification.
    package var imdbID: String?
    package var collection: String?
    package var originCountries: [String]
    package var budget: Int64?
    package var revenue: Int64?
    package var koreanCertification: String?

    package init(_ details: TMDBDetails) {
        id = details.movie.id
        title = details.movie.title
        originalTitle = details.movie.originalTitle
        rating = details.movie.voteAverage
        votes = details.movie.voteCount
        posterPath = details.movie.posterPath
        keywords = details.keywords
        imdbID = details.extras.imdbID
        collection = details.extras.collection
        originCountries = details.extras.originCountries
        budget = details.extras.budget
        revenue = details.extras.revenue
        koreanCertification = details.koreanCertification
    }

    package var pageURL: String { TMDBImage.page(id) }

    /// `https://www.imdb.com/title/tt0137523/`, for an id of IMDb's form only.
    package var imdbURL: String? {
        guard let imdbID, imdbID.hasPrefix("tt"), imdbID.count <= 12, imdbID.dropFirst(2).allSatisfy(\.isASCII),
            imdbID.dropFirst(2).allSatisfy(\.isNumber)
        else { return nil }
        return "https://www.imdb.com/title/\(imdbID)/"
    }

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case originalTitle = "original_title"
        case rating
        case votes
        case posterPath = "poster_path"
        case keywords
        case imdbID = "imdb_id"
        case collection
        case originCountries = "origin_countries"
        case budget = "budget_usd"
        case revenue = "revenue_usd"
        case koreanCertification = "kr_certification"
    }
}

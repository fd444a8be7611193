import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// A deterministic stand-in for TMDB v3: search, details with appended keywords and release
/// dates, and the upcoming and now-playing lists, in TMDB's JSON (null posters, "" dates, repeated list items).
package struct SimulatedTMDB: Sendable {
    package struct Entry: Sendable {
        package var movie: TMDBMovie
        package var keywords: [String]
        /// Korean theatrical release dates (type 3).
        package var koreanReleases: [Day]
        /// The Korean certification on those releases.
        package var certification: String
        /// IMDb id, collection, countries, budget, revenue, and the other titles (the Korean
        /// translation's and alternative ones), which search also matches, as TMDB's does.
        package var extras: TMDBDetails.Extras

        package init(
            _ movie: TMDBMovie, keywords: [String] = [], koreanReleases: [Day] = [], certification: String = "", extras: TMDBDetails.Extras = .init()
        ) {
            self.movie = movie
            self.keywords = keywords
            self.koreanReleases = koreanReleases
            self.certification = certification
            self.extras = extras
        }
    }

    package let entries: [Entry]
    package let upcoming: [TMDBMovie]
    /// `/movie/now_playing?region=KR`: what TMDB believes is in Korean cinemas.
    package let nowPlaying: [TMDBMovie]
    /// Items per list page: small, so the lists span pages.
    package let pageSize: Int

    /// Each entry's titles as search compares them, and its years, made once: normalizing every
    /// title for every query was a twentieth of `report --sample`.
    private let searchable: [(titles: [String], years: [Int])]

    package init(entries: [Entry], upcoming: [TMDBMovie], nowPlaying: [TMDBMovie] = [], pageSize: Int = 4) {
        self.entries = entries
        self.upcoming = upcoming
        self.nowPlaying = nowPlaying
        self.pageSize = pageSize
        searchable = entries.map { entry in
            (
                ([entry.movie.title, entry.movie.originalTitle] + entry.extras.otherTitles).map(TMDBMatcher.normalize).filter { !$0.isEmpty },
                ([entry.movie.releaseDate] + entry.koreanReleases.map { Optional($0) }).compactMap { $0?.year }
            )
        }
    }

    package func response(to request: HTTPRequest) -> HTTPResponse {
        let path = request.url.path
        if path.hasSuffix("/search/movie") {
            let query = TMDBMatcher.normalize(request.queryValue("query") ?? "")
            guard !query.isEmpty else { return Self.json(["errors": ["query must be provided"]], status: 422) }
            let year = request.queryValue("year").flatMap(Int.init)
            let found = zip(entries, searchable).filter { _, searched in
                searched.titles.contains { $0.contains(query) } && (year == nil || searched.years.contains(year!))
            }.map(\.0)
            return Self.json(["page": 1, "results": found.map { Self.object($0.movie) }, "total_pages": 1, "total_results": found.count])
        }
        if path.hasSuffix("/movie/upcoming") {
            return Self.list(upcoming, page: request.queryValue("page"), pageSize: pageSize, window: ("2025-03-10", "2025-04-30"))
        }
        if path.hasSuffix("/movie/now_playing") {
            return Self.list(nowPlaying, page: request.queryValue("page"), pageSize: pageSize, window: ("2025-01-27", "2025-03-10"))
        }
        let components = path.split(separator: "/")
        if components.count >= 2, components[components.count - 2] == "movie", let id = Int(components[components.count - 1]) {
            guard let entry = entries.first(where: { $0.movie.id == id }) else {
                return Self.json(["status_code": 34, "status_message": "The resource you requested could not be found."], status: 404)
            }
            var object = Self.object(entry.movie)
            object["keywords"] = ["keywords": entry.keywords.enumerated().map { ["id": 1000 + $0, "name": $1] }]
            object["release_dates"] = [
                "results": entry.koreanReleases.isEmpty
                    ? []
                    : [
                        [
                            "iso_3166_1": "KR",
                            "release_dates": entry.koreanReleases.map {
                                [
                                    "certification": entry.certification, "iso_639_1": "", "note": "", "release_date": $0.iso + "T00:00:00.000Z",
                                    "type": 3,
                                ]
                                    as [String: Any]
                            },
                        ] as [String: Any]
                    ]
            ]
            let extras = entry.extras
            object["imdb_id"] = extras.imdbID ?? NSNull()
            object["belongs_to_collection"] = extras.collection.map { ["id": 1, "name": $0] as [String: Any] } ?? NSNull()
            object["origin_country"] = extras.originCountries
            object["budget"] = extras.budget ?? 0
            object["revenue"] = extras.revenue ?? 0
            object["runtime"] = extras.runtimeMinutes ?? 0
            object["translations"] = [
                "translations": extras.otherTitles.prefix(1).map { ["iso_639_1": "ko", "iso_3166_1": "KR", "data": ["title": $0]] }
            ]
            object["alternative_titles"] = ["titles": extras.otherTitles.dropFirst().map { ["iso_3166_1": "KR", "title": $0, "type": ""] }]
            return Self.json(object)
        }
        return Self.json(["status_code": 34, "status_message": "The resource you requested could not be found."], status: 404)
    }

    /// A paged list as TMDB sends it. TMDB repeats items across pages: here each page after the
    /// first starts with the previous page's last item.
    static func list(_ films: [TMDBMovie], page asked: String?, pageSize: Int, window: (String, String)) -> HTTPResponse {
        let page = max(1, asked.flatMap(Int.init) ?? 1)
        let pages = stride(from: 0, to: films.count, by: pageSize - 1).map { start in
            Array(films[start..<min(start + pageSize, films.count)])
        }
        let items = page <= pages.count ? pages[page - 1] : []
        return Self.json([
            "dates": ["maximum": window.1, "minimum": window.0], "page": page,
            "results": items.map(Self.object), "total_pages": pages.count, "total_results": films.count,
        ])
    }

    static func object(_ movie: TMDBMovie) -> [String: Any] {
        [
            "adult": false, "id": movie.id, "title": movie.title, "original_title": movie.originalTitle,
            "original_language": movie.originalLanguage, "overview": movie.overview,
            "release_date": movie.releaseDate?.iso ?? "", "poster_path": movie.posterPath ?? NSNull(), "backdrop_path": NSNull(),
            "genre_ids": [Int](), "popularity": movie.popularity, "video": false,
            // TMDB writes whole averages without a decimal point, as here.
            "vote_average": movie.voteAverage == movie.voteAverage.rounded() ? Int(movie.voteAverage) as Any : movie.voteAverage as Any,
            "vote_count": movie.voteCount,
        ]
    }

    static func json(_ object: [String: Any], status: Int = 200) -> HTTPResponse {
        let body = SimulatedJSON.data(object)
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json;charset=utf-8"], body: body)
    }
}

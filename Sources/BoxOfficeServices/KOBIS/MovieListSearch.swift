import BoxOfficeModel

/// How a title is searched in KOBIS's movie list (`searchMovieList`).
package enum MovieListSearch {
    /// Films asked for in one call: a common title lists hundreds, most never released or charted;
    /// the first hundred (newest first) hold any film a user follows.
    package static let pageSize = 100

    /// The title as matched and cached: spaces and case do not count.
    package static func normalized(_ title: String) -> String {
        title.lowercased().filter { !$0.isWhitespace }
    }
}

/// A page of KOBIS's movie list: how many films the search finds in all, and this page's, each
/// with its production status (`prdtStatNm`: 개봉, 개봉예정, 기타 …).
package struct MovieListPage: Sendable {
    package var total: Int
    package var films: [(info: MovieInfo, status: String)]

    package init(total: Int, films: [(info: MovieInfo, status: String)]) {
        self.total = total
        self.films = films
    }
}

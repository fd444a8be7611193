import Foundation

/// What the matcher knows of a KOBIS film.
package struct FilmQuery: Hashable, Sendable {
    package var movieCode: String
    package var title: String
    package var titleEnglish: String
    package var openDate: Day?
    /// From KOBIS movie info; nil when unknown.
    package var isKorean: Bool?
    /// The first day the film is on a chart the run reads: a re-release charts long after its open date.
    package var chartDate: Day?
    /// Its nations as KOBIS movie info names them (`미국`); empty when unknown.
    package var nations: [String]
    /// KOBIS's `showTm`; nil when unknown.
    package var runtimeMinutes: Int?

    package init(
        movieCode: String, title: String, titleEnglish: String = "", openDate: Day? = nil, isKorean: Bool? = nil, chartDate: Day? = nil,
        nations: [String] = [], runtimeMinutes: Int? = nil
    ) {
        self.nations = nations
        self.runtimeMinutes = runtimeMinutes
        self.movieCode = movieCode
        self.title = title
        self.titleEnglish = titleEnglish
        self.openDate = openDate
        self.isKorean = isKorean
        self.chartDate = chartDate
    }

    /// A film as a chart (or a watchlist) names it, with what its KOBIS movie info adds: the English
    /// title, the nation, the runtime; the chart's title and open date first, the movie info's when
    /// the chart has none.
    package init(movieCode: String, title: String, openDate: Day?, chartDate: Day? = nil, info: MovieInfo?) {
        self.init(
            movieCode: movieCode, title: title.isEmpty ? info?.title ?? "" : title, titleEnglish: info?.titleEnglish ?? "",
            openDate: openDate ?? info?.openDate, isKorean: info.map(\.isKorean), chartDate: chartDate, nations: info?.nations ?? [],
            runtimeMinutes: info?.runtimeMinutes)
    }
}

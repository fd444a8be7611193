import Foundation

/// What the matcher knows of a KOBIS film.
public struct FilmQuery: Hashable, Sendable {
    public var movieCode: String
    public var title: String
    public var titleEnglish: String
    public var openDate: Day?
    /// From KOBIS movie info; nil when unknown.
    public var isKorean: Bool?
    /// The first day the film is on a chart the run reads: a re-release charts long after its open date.
    public var chartDate: Day?
    /// Its nations as KOBIS movie info names them (`미국`); empty when unknown.
    public var nations: [String]
    /// KOBIS's `showTm`; nil when unknown.
    public var runtimeMinutes: Int?

    public init(
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
}

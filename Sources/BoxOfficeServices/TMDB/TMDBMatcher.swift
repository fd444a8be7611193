import BoxOfficeModel
import Foundation

/// Finds a KOBIS film on TMDB with the ladder and scoring of the API notes.
///
/// The ladder: the Korean title with the open year, then without a year, then the English title
/// with the year; the first query with a candidate of at least `likely` confidence wins. A Korean
/// theatrical release near the KOBIS open date confirms a match.
public struct TMDBMatcher: Sendable {
    /// How far a KR theatrical release may be from the KOBIS open date and still confirm a match.
    public static let confirmationWindowDays = 45

    public let client: TMDBClient
    public let overrides: TMDBOverrides

    public init(client: TMDBClient, overrides: TMDBOverrides = .init()) {
        self.client = client
        self.overrides = overrides
    }

    public func match(_ film: FilmQuery) async throws -> TMDBMatch {
        switch overrides.pin(for: film.movieCode) {
        case .forbidden:
            return TMDBMatch(confidence: .none, details: nil, how: "never matched (overrides file)")
        case .pinned(let id):
            guard let details = try await client.details(id: id) else {
                return TMDBMatch(confidence: .none, details: nil, how: "pinned TMDB id \(id) does not exist")
            }
            return TMDBMatch(confidence: .exact, details: details, how: "pinned (overrides file)")
        case nil:
            break
        }
        let year = film.openDate?.year
        var queries: [(text: String, year: Int?)] = [(film.title, year)]
        if year != nil { queries.append((film.title, nil)) }
        if !film.titleEnglish.isEmpty { queries.append((film.titleEnglish, year)) }
        for (index, query) in queries.enumerated() where !Self.normalize(query.text).isEmpty {
            let candidates = try await client.search(query.text, year: query.year)
            guard let best = Self.best(candidates, for: film) else { continue }
            guard let details = try await client.details(id: best.movie.id) else { continue }
            let confidence = Self.confirm(best.confidence, details: details, openDate: film.openDate)
            return TMDBMatch(confidence: confidence, details: details, how: "search \(index + 1) of \(queries.count)")
        }
        return TMDBMatch(confidence: .none, details: nil, how: "no confident candidate")
    }

    // MARK: - Scoring (pure)

    /// Titles compared without case, spacing or punctuation, after NFKC: `범죄도시3` equals `범죄도시 3`.
    public static func normalize(_ title: String) -> String {
        String(
            String.UnicodeScalarView(
                title.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }))
    }

    /// The best candidate of at least `likely` confidence: by confidence, then year distance, then
    /// fitting language, then popularity.
    public static func best(_ candidates: [TMDBMovie], for film: FilmQuery) -> (movie: TMDBMovie, confidence: MatchConfidence)? {
        let scored = candidates.map { (movie: $0, score: score($0, for: film)) }.filter { $0.score.confidence != .none }
        let best = scored.max { a, b in
            if a.score.confidence != b.score.confidence { return a.score.confidence < b.score.confidence }
            if a.score.yearDistance != b.score.yearDistance { return (a.score.yearDistance ?? 99) > (b.score.yearDistance ?? 99) }
            if a.score.languageFits != b.score.languageFits { return !a.score.languageFits }
            if a.movie.popularity != b.movie.popularity { return a.movie.popularity < b.movie.popularity }
            return a.movie.id > b.movie.id
        }
        return best.map { ($0.movie, $0.score.confidence) }
    }

    public struct Score: Equatable, Sendable {
        public var confidence: MatchConfidence
        public var yearDistance: Int?
        public var languageFits: Bool
    }

    public static func score(_ movie: TMDBMovie, for film: FilmQuery) -> Score {
        let names = [film.title, film.titleEnglish].map(normalize).filter { !$0.isEmpty }
        let titleMatches = [movie.title, movie.originalTitle].map(normalize).contains { !$0.isEmpty && names.contains($0) }
        let yearDistance = zip2(movie.releaseDate?.year, film.openDate?.year).map { abs($0 - $1) }
        let languageFits = film.isKorean.map { $0 == (movie.originalLanguage == "ko") } ?? true
        let confidence: MatchConfidence
        switch (titleMatches, yearDistance, languageFits) {
        case (false, _, _): confidence = .none
        case (true, 0?, true): confidence = .exact
        case (true, 0?, false), (true, 1?, _), (true, nil, true): confidence = .likely
        default: confidence = .none
        }
        return Score(confidence: confidence, yearDistance: yearDistance, languageFits: languageFits)
    }

    /// A Korean theatrical release near the open date confirms a likely match; Korean theatrical
    /// releases all far from it cast doubt on an exact one.
    public static func confirm(_ confidence: MatchConfidence, details: TMDBDetails, openDate: Day?) -> MatchConfidence {
        guard let openDate, !details.koreanTheatricalDates.isEmpty else { return confidence }
        let near = details.koreanTheatricalDates.contains { abs($0.distance(to: openDate)) <= confirmationWindowDays }
        if near { return confidence == .none ? .none : .exact }
        return confidence == .exact ? .likely : confidence
    }

    private static func zip2(_ a: Int?, _ b: Int?) -> (Int, Int)? {
        guard let a, let b else { return nil }
        return (a, b)
    }
}

import Foundation

/// How sure a KOBIS-to-TMDB match is.
public enum MatchConfidence: String, Sendable, Codable, Comparable {
    /// Same title, same year, consistent original language (or pinned by the user, or confirmed by a
    /// Korean theatrical release near the KOBIS open date).
    case exact
    /// Same title, a year off or no year to compare, or a language that does not fit.
    case likely
    /// Nothing good enough: the film stays unmatched rather than guessed.
    case none

    private var order: Int { self == .exact ? 2 : self == .likely ? 1 : 0 }
    public static func < (lhs: MatchConfidence, rhs: MatchConfidence) -> Bool { lhs.order < rhs.order }
}

/// What the matcher knows of a KOBIS film.
public struct FilmQuery: Hashable, Sendable {
    public var movieCode: String
    public var title: String
    public var titleEnglish: String
    public var openDate: Day?
    /// From KOBIS movie info; nil when unknown.
    public var isKorean: Bool?

    public init(movieCode: String, title: String, titleEnglish: String = "", openDate: Day? = nil, isKorean: Bool? = nil) {
        self.movieCode = movieCode
        self.title = title
        self.titleEnglish = titleEnglish
        self.openDate = openDate
        self.isKorean = isKorean
    }
}

/// The result of matching one film.
public struct TMDBMatch: Sendable, Equatable {
    public var confidence: MatchConfidence
    public var details: TMDBDetails?
    /// Why there is no match, or how it was made: for notes and tests.
    public var how: String
}

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
        String(String.UnicodeScalarView(title.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars.filter {
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

/// Matches the user pinned or forbade: a CSV file of `movie_cd,tmdb_id` lines, `tmdb_id` 0 meaning
/// never match. A header line, blank lines and `#` comments are allowed.
public struct TMDBOverrides: Sendable, Equatable {
    public enum Pin: Equatable, Sendable {
        case pinned(Int)
        case forbidden
    }

    private var pins: [String: Pin]

    public init(_ pins: [String: Pin] = [:]) {
        self.pins = pins
    }

    public func pin(for movieCode: String) -> Pin? { pins[movieCode] }
    public var count: Int { pins.count }

    public static func parse(_ text: String, origin: String) throws(ConfigurationError) -> TMDBOverrides {
        var pins: [String: Pin] = [:]
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "")
            if line.isEmpty || line.hasPrefix("#") || line.lowercased().hasPrefix("movie_cd") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2, !fields[0].isEmpty, fields[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                  let id = Int(fields[1]), id >= 0 else {
                throw .invalidValue(name: "\(origin):\(index + 1)", expected: "a line 'movie_cd,tmdb_id' (tmdb_id 0 never matches)")
            }
            pins[fields[0]] = id == 0 ? .forbidden : .pinned(id)
        }
        return TMDBOverrides(pins)
    }

    /// Reads `path`; nil path means the default location, where a missing file is fine.
    public static func load(path: String?, environment: [String: String]) throws(ConfigurationError) -> TMDBOverrides {
        let explicit = path != nil
        let location = path ?? defaultPath(environment)
        guard let location else { return .init() }
        guard let data = FileManager.default.contents(atPath: location) else {
            if explicit { throw .invalidValue(name: "--tmdb-overrides", expected: "a readable file (\(location) cannot be read)") }
            return .init()
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidValue(name: location, expected: "UTF-8 text")
        }
        return try parse(text, origin: location)
    }

    /// `$XDG_CONFIG_HOME/boxoffice/tmdb-overrides.csv`, else `~/.config/boxoffice/tmdb-overrides.csv`.
    public static func defaultPath(_ environment: [String: String]) -> String? {
        XDG.file("XDG_CONFIG_HOME", fallback: ".config", name: "tmdb-overrides.csv", environment: environment).path
    }
}

/// Chart filters KOBIS applies server-side.
public struct KOBISFilters: Hashable, Sendable, Codable {
    /// `repNationCd`: the film's representative nation.
    public enum Nation: String, CaseIterable, Sendable, Codable {
        case korean, foreign
    }

    /// `multiMovieYn`: diversity (independent, art-house) or commercial films.
    public enum FilmKind: String, CaseIterable, Sendable, Codable {
        case diversity, commercial
    }

    public var nation: Nation?
    public var films: FilmKind?
    /// `wideAreaCd`, a region code from KOBIS's code list (e.g. `0105001` Seoul).
    public var area: String?

    public init(nation: Nation? = nil, films: FilmKind? = nil, area: String? = nil) {
        self.nation = nation
        self.films = films
        self.area = area
    }

    public var isEmpty: Bool { nation == nil && films == nil && area == nil }

    /// True for a plausible region code: digits only, as KOBIS's code list issues them.
    public static func isValidArea(_ code: String) -> Bool {
        (1...10).contains(code.count) && code.allSatisfy(\.isASCIIDigitCharacter)
    }

    /// "Korean films, diversity films, area 0105001", for report headings; empty when unfiltered.
    public var displayText: String {
        var parts: [String] = []
        if let nation { parts.append(nation == .korean ? "Korean films" : "foreign films") }
        if let films { parts.append(films == .diversity ? "diversity films" : "commercial films") }
        if let area { parts.append("area \(area)") }
        return parts.joined(separator: ", ")
    }
}

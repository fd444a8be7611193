/// Chart filters KOBIS applies server-side.
package struct KOBISFilters: Hashable, Sendable, Codable {
    /// `repNationCd`: the film's representative nation.
    package enum Nation: String, CaseIterable, Sendable, Codable {
        case korean, foreign
    }

    /// `multiMovieYn`: diversity (independent, art-house) or commercial films.
    package enum FilmKind: String, CaseIterable, Sendable, Codable {
        case diversity, commercial
    }

    package var nation: Nation?
    package var films: FilmKind?
    /// `wideAreaCd`, a region code from KOBIS's code list (e.g. `0105001` Seoul).
    package var area: String?

    package init(nation: Nation? = nil, films: FilmKind? = nil, area: String? = nil) {
        self.nation = nation
        self.films = films
        self.area = area
    }

    package var isEmpty: Bool { nation == nil && films == nil && area == nil }

    /// True for a plausible region code: digits only, as KOBIS's code list issues them.
    package static func isValidArea(_ code: String) -> Bool {
        (1...10).contains(code.count) && code.allSatisfy(\.isASCIIDigitCharacter)
    }

    /// "Korean films, diversity films, area 0105001", for report headings; empty when unfiltered.
    package var displayText: String {
        var parts: [String] = []
        if let nation { parts.append(nation == .korean ? "Korean films" : "foreign films") }
        if let films { parts.append(films == .diversity ? "diversity films" : "commercial films") }
        // The region by name (KOBIS's code when it is not one of the 17 known).
        if let area { parts.append(KOBISRegion.englishNames[area] ?? "area \(area)") }
        return parts.joined(separator: ", ")
    }
}

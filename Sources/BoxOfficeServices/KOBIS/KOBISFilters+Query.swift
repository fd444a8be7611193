import BoxOfficeModel

extension KOBISFilters {
    /// The query items KOBIS expects for these filters.
    var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if let films { items.append(("multiMovieYn", films.code)) }
        if let nation { items.append(("repNationCd", nation.code)) }
        if let area { items.append(("wideAreaCd", area)) }
        return items
    }
}

extension KOBISFilters.Nation {
    /// `repNationCd`'s value.
    var code: String { self == .korean ? "K" : "F" }
}

extension KOBISFilters.FilmKind {
    /// `multiMovieYn`'s value.
    var code: String { self == .diversity ? "Y" : "N" }
}

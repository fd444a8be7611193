import BoxOfficeModel

/// Where KOBIS answers live in the cache.
package enum KOBISCacheKeys {
    /// `kobis/daily/<filters>/<yyyy>/<yyyyMMdd>.json`.
    package static func chart(_ day: Day, filters: KOBISFilters) -> String {
        "kobis/daily/\(filterFolder(filters))/\(day.year)/\(day.compact).json"
    }

    /// `kobis/weekly/<week|weekend|weekdays>/<filters>/<yyyy>/<yyyyMMdd of its first day>.json`.
    package static func weeklyChart(_ period: ChartPeriod, filters: KOBISFilters) -> String {
        "kobis/weekly/\(period.kind.rawValue)/\(filterFolder(filters))/\(period.start.year)/\(period.start.compact).json"
    }

    /// `kobis/movie/<first four characters>/<code>.json`, both from the code's letters and digits
    /// only (``CacheKeys/safe(_:)``): a code from a company's film list (`/../victim`) never names a
    /// path outside `kobis/movie/`.
    package static func movieInfo(_ code: String) -> String {
        let safe = CacheKeys.safe(code)
        return "kobis/movie/\(safe.prefix(4))/\(safe).json"
    }

    /// `kobis/movielist/<FNV-1a of the title as searched, hex>.json`: a title search's answer
    /// (the title is mostly Korean, which a file name keeps none of, so it is hashed).
    package static func movieList(title: String) -> String {
        "kobis/movielist/\(hashed(title)).json"
    }

    /// `kobis/releases/<yyyy>/<page>.json`: a page of the films KOBIS lists as opening in a year.
    package static func releases(year: Int, page: Int) -> String {
        "kobis/releases/\(year)/\(page).json"
    }

    /// `kobis/companylist/<hash>.json` and `kobis/peoplelist/<hash>.json`: a name search's answer.
    package static func directoryList(_ kind: Filmography.Kind, name: String) -> String {
        "kobis/\(kind == .company ? "companylist" : "peoplelist")/\(hashed(name)).json"
    }

    /// `kobis/company/<code>.json` and `kobis/people/<code>.json`: a company's or person's info.
    package static func directoryEntry(_ kind: Filmography.Kind, code: String) -> String {
        "kobis/\(kind == .company ? "company" : "people")/\(CacheKeys.safe(code)).json"
    }

    /// FNV-1a of a name as searched (spaces and case aside), in hex.
    static func hashed(_ name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in MovieListSearch.normalized(name).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// `kobis/codes/<parent code>.json`: a list of KOBIS's codes (the regions: `0105000000`).
    package static func codeList(_ parent: String) -> String {
        "kobis/codes/\(CacheKeys.safe(parent)).json"
    }

    /// `all`, or `nation-K_films-Y_area-0105001`.
    package static func filterFolder(_ filters: KOBISFilters) -> String {
        var parts: [String] = []
        if let nation = filters.nation { parts.append("nation-" + nation.code) }
        if let films = filters.films { parts.append("films-" + films.code) }
        if let area = filters.area { parts.append("area-" + CacheKeys.safe(area)) }
        return parts.isEmpty ? "all" : parts.joined(separator: "_")
    }
}

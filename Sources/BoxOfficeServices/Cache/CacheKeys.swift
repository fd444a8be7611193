import BoxOfficeModel
import Foundation

/// Where each kind of response lives in the cache, and how long it stays fresh.
public enum CacheKeys {
    /// `kobis/daily/<filters>/<yyyy>/<yyyyMMdd>.json`.
    public static func chart(_ day: Day, filters: KOBISFilters) -> String {
        "kobis/daily/\(filterFolder(filters))/\(day.year)/\(day.compact).json"
    }

    public static func movieInfo(_ code: String) -> String {
        "kobis/movie/\(code.prefix(4))/\(safe(code)).json"
    }

    public static func tmdbSearch(_ query: String, year: Int?) -> String {
        "tmdb/search/" + SHA256.hex("\(TMDBClient.language)|\(year.map(String.init) ?? "")|\(query)").prefix(32) + ".json"
    }

    public static func tmdbDetails(_ id: Int) -> String { "tmdb/movie/\(id).json" }

    public static func tmdbList(_ list: TMDBList, page: Int) -> String { "tmdb/\(list.rawValue)/page-\(page).json" }

    /// `all`, or `nation-K_films-Y_area-0105001`.
    static func filterFolder(_ filters: KOBISFilters) -> String {
        var parts: [String] = []
        if let nation = filters.nation { parts.append("nation-" + nation.code) }
        if let films = filters.films { parts.append("films-" + films.code) }
        if let area = filters.area { parts.append("area-" + safe(area)) }
        return parts.isEmpty ? "all" : parts.joined(separator: "_")
    }

    /// Letters and digits only, so a code can never climb out of its folder.
    static func safe(_ text: String) -> String {
        let kept = text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return kept.isEmpty ? "_" : String(kept.prefix(40))
    }
}

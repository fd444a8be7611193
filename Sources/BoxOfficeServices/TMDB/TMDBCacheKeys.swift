/// Where TMDB answers live in the cache. A search is named by a hash of what it asked, so no title
/// becomes a file name.
package enum TMDBCacheKeys {
    package static func search(_ query: String, year: Int?) -> String {
        "tmdb/search/" + SHA256.hex("\(TMDBClient.language)|\(year.map(String.init) ?? "")|\(query)").prefix(32) + ".json"
    }

    /// `details-2`: the details with translations and alternative titles appended (older cached
    /// details lack them, so they are fetched once more).
    package static func details(_ id: Int) -> String { "tmdb/details-2/\(id).json" }

    package static func list(_ list: TMDBList, page: Int) -> String { "tmdb/\(list.rawValue)/page-\(page).json" }
}

import Foundation

/// TMDB's poster sizes used in reports: never the original.
package enum TMDBImage {
    package static let host = "https://image.tmdb.org"

    package static func poster(_ path: String?, size: String = "w185") -> String? {
        guard let path, path.hasPrefix("/"), !path.contains(".."), path.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "<" })
        else { return nil }
        return "\(host)/t/p/\(size)\(path)"
    }

    package static func page(_ id: Int) -> String { "https://www.themoviedb.org/movie/\(id)" }
}

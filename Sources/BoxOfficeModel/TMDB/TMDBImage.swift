import Foundation

/// TMDB's poster sizes used in reports: never the original.
public enum TMDBImage {
    public static let host = "https://image.tmdb.org"

    public static func poster(_ path: String?, size: String = "w185") -> String? {
        guard let path, path.hasPrefix("/"), !path.contains(".."), path.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "<" })
        else { return nil }
        return "\(host)/t/p/\(size)\(path)"
    }

    public static func page(_ id: Int) -> String { "https://www.themoviedb.org/movie/\(id)" }
}

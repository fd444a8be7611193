/// The rule every service's cache keys (and every file named after a code) follow. Each client owns its own keys
/// (``KOBISCacheKeys``, ``TMDBCacheKeys``): entries are named after what they hold, never after a
/// key or token.
package enum CacheKeys {
    /// Letters and digits only, so a code can never climb out of its folder.
    package static func safe(_ text: String) -> String {
        let kept = text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return kept.isEmpty ? "_" : String(kept.prefix(40))
    }
}

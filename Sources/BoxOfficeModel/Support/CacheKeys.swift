/// The rule every service's cache keys (and every file named after a code) follow. Each client owns its own keys
/// (``KOBISCacheKeys``, ``TMDBCacheKeys``): entries are named after what they hold, never after a
/// key or token.
package enum CacheKeys {
    /// Letters and digits only, so a code can never climb out of its folder.
    package static func safe(_ text: String) -> String {
        // All ASCII (every real code): each byte is a Character of its own (CR LF aside, which is
        // neither letter nor digit), so the bytes are filtered without asking each Character's
        // Unicode properties, 2 ms of a twenty-year weekly report's 2,849 films.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var kept: [UInt8] = []
            for byte in text.utf8 where isASCIILetterOrDigit(byte) {
                kept.append(byte)
                if kept.count == 40 { break }
            }
            return kept.isEmpty ? "_" : String(decoding: kept, as: UTF8.self)
        }
        return characterWise(text)
    }

    /// ``safe(_:)`` for any text: a letter or digit joined to a combining mark is not ASCII, and
    /// goes with it.
    static func characterWise(_ text: String) -> String {
        let kept = text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return kept.isEmpty ? "_" : String(kept.prefix(40))
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}

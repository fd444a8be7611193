import Foundation
import Mustache

/// Markdown text (CommonMark with GitHub's tables): characters Markdown would read as syntax or as
/// HTML are backslash-escaped, bare URLs are kept from becoming links, and line breaks become
/// spaces, so a value always stays inside its table cell and never turns into markup.
package struct MarkdownContentType: MustacheContentType {
    package static let name = "MARKDOWN"

    package init() {}

    /// ASCII punctuation CommonMark lets a backslash escape, and that matters inside text and cells.
    static let escaped: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "!"]

    package func escapeText(_ text: String) -> String {
        Self.needsNothing(text) ? text : escapeEach(text)
    }

    /// ``escapeText(_:)`` Character by Character.
    func escapeEach(_ text: String) -> String {
        if Self.isPlainURL(text) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var lastWasBreak = false
        for character in text {
            if character.isNewline {
                if !lastWasBreak { result.append(" ") }
                lastWasBreak = true
                continue
            }
            lastWasBreak = false
            if Self.escaped.contains(character) || startsAutolink(character, after: result) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

extension MarkdownContentType {
    /// A whole value that is an https URL of unreserved characters only (the TMDB links the reports
    /// build) needs no escaping in a link destination, and escaping would make the raw text unreadable.
    static func isPlainURL(_ text: String) -> Bool {
        guard text.hasPrefix("https://"), text.count < 300 else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-._~/:".unicodeScalars.contains(scalar))
        }
    }

    /// Whether `text` holds nothing ``escapeText(_:)`` would change, read from its UTF-8 bytes in
    /// place: most cells (numbers, dates, Korean titles). Walking every Character against a Set
    /// was half of rendering a twenty-year Markdown report.
    static func needsNothing(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            func follows(_ word: StaticString, at end: Int) -> Bool {
                let count = word.utf8CodeUnitCount
                guard end >= count else { return false }
                for offset in 0..<count where bytes[end - count + offset] | 0x20 != word.utf8Start[offset] { return false }
                return true
            }
            func next(_ offset: Int, of index: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
            for index in bytes.indices {
                switch bytes[index] {
                // The escaped punctuation; line breaks.
                case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
                    UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "&"), UInt8(ascii: "#"),
                    UInt8(ascii: "!"), 0x0A...0x0D:
                    return false
                // U+0085 (C2 85) and U+2028, U+2029 (E2 80 A8, E2 80 A9) are line breaks too; the other
                // characters of these lead bytes (the "–" of every empty cell, "·", "▲") are plain
                // text, and sent 23,000 cells of a twenty-year weekly Markdown report Character by
                // Character through ``escapeEach(_:)``.
                case 0xC2:
                    if next(1, of: index) == 0x85 { return false }
                case 0xE2:
                    if next(1, of: index) == 0x80, let third = next(2, of: index), third == 0xA8 || third == 0xA9 { return false }
                case UInt8(ascii: "."): if follows("www", at: index) { return false }
                case UInt8(ascii: ":"): if follows("http", at: index) || follows("https", at: index) || follows("ftp", at: index) { return false }
                default: continue
                }
            }
            return true
        }
    }

    /// True for the `:` of `http:`/`https:`/`ftp:` and the `.` of `www.`, which GitHub would turn into
    /// links; escaping that one character keeps the text plain.
    func startsAutolink(_ character: Character, after text: String) -> Bool {
        switch character {
        case ":": ["http", "https", "ftp"].contains { text.lowercased().hasSuffix($0) }
        case ".": text.lowercased().hasSuffix("www")
        default: false
        }
    }
}

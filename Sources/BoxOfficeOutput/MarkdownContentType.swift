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

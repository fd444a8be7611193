import Foundation
import Mustache

/// CSV cells for spreadsheets: RFC 4180 quoting, line breaks kept as CRLF inside quotes, and text
/// that a spreadsheet would run as a formula prefixed with `'`.
///
/// Template authors never escape by hand: every `{{value}}` in a template whose first line is
/// `{{% CONTENT_TYPE: CSV}}` passes through `escapeText`. A cell that is a plain number (`-2`,
/// `+3.5`) is never prefixed, since a spreadsheet reads it as the number it is.
public struct CSVContentType: MustacheContentType {
    public static let name = "CSV"

    public init() {}

    public func escapeText(_ text: String) -> String {
        var cell = text
        if let first = cell.unicodeScalars.first, Self.formulaStarts.contains(first), !Self.isPlainNumber(cell) {
            cell = "'" + cell
        }
        if cell.contains(where: \.isNewline) {
            // "\r\n" is one Character in Swift, so each break of any kind becomes exactly one CRLF.
            cell = String(cell.flatMap { $0.isNewline ? ["\r\n"] : [$0] })
        }
        let needsQuotes = cell.contains { $0 == "," || $0 == "\"" || $0.isNewline }
            || cell.first == " " || cell.last == " "
        return needsQuotes ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
    }

    /// First characters that make a spreadsheet evaluate a cell.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    static func isPlainNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        let parts = String(scalars).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
    }

    /// Turns every line break the template wrote (LF) into CRLF, leaving the CRLFs inside cells alone.
    public static func normalizeRecordSeparators(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / 32)
        for character in text {
            // A cell's break is already the single Character "\r\n"; only bare "\n" comes from the template.
            if character == "\n" { result.append("\r\n") } else { result.append(character) }
        }
        return result
    }
}

/// Markdown text (CommonMark with GitHub's tables): characters Markdown would read as syntax or as
/// HTML are backslash-escaped, bare URLs are kept from becoming links, and line breaks become
/// spaces, so a value always stays inside its table cell and never turns into markup.
public struct MarkdownContentType: MustacheContentType {
    public static let name = "MARKDOWN"

    public init() {}

    /// ASCII punctuation CommonMark lets a backslash escape, and that matters inside text and cells.
    static let escaped: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "!"]

    public func escapeText(_ text: String) -> String {
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

/// Registers the project's content types with swift-mustache, once, before any template is parsed.
enum ContentTypeRegistry {
    static let registered: Void = {
        MustacheContentTypes.register(CSVContentType(), named: CSVContentType.name)
        MustacheContentTypes.register(MarkdownContentType(), named: MarkdownContentType.name)
    }()
}

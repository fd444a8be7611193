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
        // Most cells (numbers, dates, plain titles) need nothing: decide from the UTF-8 bytes alone.
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        // Quotes, commas and line breaks (0xC2 and 0xE2 lead U+0085, U+2028 and U+2029) need the slow path.
        var needsWork = Self.formulaStartBytes.contains(first) || first == UInt8(ascii: " ") || last == UInt8(ascii: " ")
        if !needsWork {
            for byte in utf8
            where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || (0x0A...0x0D).contains(byte)
                || byte == 0xC2 || byte == 0xE2
            {
                needsWork = true
                break
            }
        }
        return needsWork ? escapeSlowly(text) : text
    }

    private func escapeSlowly(_ text: String) -> String {
        var cell = text
        if let first = cell.unicodeScalars.first, Self.formulaStarts.contains(first), !Self.isPlainNumber(cell) {
            cell = "'" + cell
        }
        if cell.contains(where: \.isNewline) {
            // "\r\n" is one Character in Swift, so each break of any kind becomes exactly one CRLF.
            cell = String(cell.flatMap { $0.isNewline ? ["\r\n"] : [$0] })
        }
        let needsQuotes =
            cell.contains { $0 == "," || $0 == "\"" || $0.isNewline }
            || cell.first == " " || cell.last == " "
        return needsQuotes ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
    }

    static let formulaStartBytes: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]

    /// First characters that make a spreadsheet evaluate a cell.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    static func isPlainNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var digitsBefore = 0, digitsAfter = 0, points = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): if points == 0 { digitsBefore += 1 } else { digitsAfter += 1 }
            case UInt8(ascii: "."): points += 1
            default: return false
            }
        }
        return digitsBefore > 0 && (points == 0 || (points == 1 && digitsAfter > 0))
    }

    /// The bytes of a CSV file from a rendered template: every line break the template wrote (LF)
    /// becomes CRLF, the CRLFs inside quoted cells stay as they are, and a UTF-8 byte-order mark
    /// leads when asked for.
    public static func file(from rendered: String, byteOrderMark: Bool) -> Data {
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        bytes.reserveCapacity(rendered.utf8.count + rendered.utf8.count / 32 + 3)
        var previous: UInt8 = 0
        for byte in rendered.utf8 {
            // A cell's break is already CRLF; only a bare LF comes from the template.
            if byte == 0x0A, previous != 0x0D { bytes.append(0x0D) }
            bytes.append(byte)
            previous = byte
        }
        return Data(bytes)
    }
}

import BoxOfficeModel
import Foundation
import Mustache

/// CSV cells for spreadsheets: RFC 4180 quoting, line breaks inside a cell kept as written, and
/// text that a spreadsheet would run as a formula prefixed with `'`.
///
/// Template authors never escape by hand: every `{{value}}` in a template whose first line is
/// `{{% CONTENT_TYPE: CSV}}` passes through `escapeText`. A cell that is a plain number (`-2`,
/// `+3.5`) is never prefixed, since a spreadsheet reads it as the number it is.
///
/// Any cell holding a character an importer might take for a separator (`,` `;` tab), a quote or
/// a line break is quoted, so LibreOffice's default import (Tab, Comma and Semicolon all ticked)
/// and Excel in a semicolon locale read the same columns as a strict RFC 4180 reader.
package struct CSVContentType: MustacheContentType {
    package static let name = "CSV"

    package init() {}

    package func escapeText(_ text: String) -> String {
        // Most cells (numbers, dates, plain titles) need nothing: decide from the UTF-8 bytes alone,
        // read in place (through `utf8`'s iterator, this check was a fifth of a daily CSV's rows).
        var text = text
        return text.withUTF8(Self.needsNothing) ? text : escapeSlowly(text)
    }

    /// Whether a cell of these UTF-8 bytes is written as it is (no quotes, no `'`).
    static func needsNothing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if isFormulaStart(first) {
            // A negative (or signed) number is no formula and needs no quotes: most change columns.
            return (first == UInt8(ascii: "-") || first == UInt8(ascii: "+")) && isPlainNumber(bytes)
        }
        if first == UInt8(ascii: " ") || last == UInt8(ascii: " ") { return false }
        for byte in bytes where needsLook(byte) { return false }
        return true
    }

    private static func isFormulaStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: true
        default: false
        }
    }

    /// Separators, quotes and line breaks (0xC2 and 0xE2 lead U+0085, U+2028 and U+2029) need the
    /// slow path. The bytes below 64 as one bit mask: `Set<UInt8>.contains` hashed every byte of a
    /// 20-year daily CSV (0.2 s), and a switch compared each byte with each case (1.3% of the
    /// report's instructions, over 2.9 million cells).
    private static func needsLook(_ byte: UInt8) -> Bool {
        // Tab and 0x0A–0x0D (bits 9–13), `"` (34), `,` (44) and `;` (59).
        let below64: UInt64 = 0b11111 << 9 | 1 << 34 | 1 << 44 | 1 << 59
        return byte < 64 ? (below64 >> UInt64(byte)) & 1 == 1 : byte == 0xC2 || byte == 0xE2
    }

    /// `text` with `'` before it when a spreadsheet would run it as a formula (a plain number,
    /// such as `-2`, is left as it is).
    static func formulaGuarded(_ text: String) -> String {
        if let first = text.unicodeScalars.first, formulaStarts.contains(first), !isPlainNumber(text) { return "'" + text }
        return text
    }

    private func escapeSlowly(_ text: String) -> String {
        let cell = Self.formulaGuarded(text)
        let needsQuotes =
            cell.unicodeScalars.contains { Self.separators.contains($0) || $0 == "\"" || Character($0).isNewline }
            || cell.first == " " || cell.last == " "
        return needsQuotes ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
    }

    /// Characters an importer may take for a field separator: a cell holding one is always quoted.
    static let separators: Set<Unicode.Scalar> = [",", ";", "\t"]

    /// First characters that make a spreadsheet evaluate a cell.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    static func isPlainNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlainNumber($0) }
    }

    static func isPlainNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var bytes = text[...]
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

    /// The bytes of a CSV file from a rendered template. Outside quoted cells, every line break the
    /// template wrote (LF) becomes CRLF and every comma becomes `dialect.delimiter`; inside a quoted
    /// cell nothing changes, so a title's own line break comes back exactly as written. A UTF-8
    /// byte-order mark leads when asked for.
    ///
    /// Templates (the bundled ones and users' own) always separate with commas: the delimiter is the
    /// file's, not the template's. This is safe because every cell holding `,` `;` or a tab is quoted.
    package static func file(from rendered: String, dialect: CSVDialect) -> Data {
        var rendered = rendered
        return rendered.withUTF8 { file(fromUTF8: $0, dialect: dialect) }
    }

    /// ``file(from:dialect:)`` for a rendering's UTF-8 bytes.
    static func file(fromUTF8 text: UnsafeBufferPointer<UInt8>, dialect: CSVDialect) -> Data {
        // At most a byte-order mark and a CR before every LF more than the text: written once,
        // straight into the Data's own buffer (a twenty-year daily CSV is 18 MB; an array
        // converted to Data held it twice more).
        let bound = text.count + lineFeeds(in: text) + 3
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bound)
        var count = 0
        if dialect.byteOrderMark {
            buffer[0] = 0xEF
            buffer[1] = 0xBB
            buffer[2] = 0xBF
            count = 3
        }
        // Only quotes, line feeds and (for another delimiter) commas change anything: the runs
        // of bytes between them are copied whole. Byte by byte, this was 2.5% of a twenty-year
        // report's CPU, on the long CSV's lane.
        let delimiter = dialect.delimiter.byte
        let special = delimiter == UInt8(ascii: ",") ? Self.quotesAndLineFeeds : Self.quotesLineFeedsAndCommas
        var quoted = false
        var run = 0
        var index = 0
        special.withUnsafeBufferPointer { special in
            while index < text.count {
                let byte = text[index]
                guard special[Int(byte)] else {
                    index += 1
                    continue
                }
                if index > run {
                    (buffer + count).update(from: text.baseAddress! + run, count: index - run)
                    count += index - run
                }
                var written = byte
                if byte == UInt8(ascii: "\"") {
                    quoted.toggle()  // a doubled quote toggles twice: still inside
                } else if !quoted {
                    if byte == 0x0A, index == 0 || text[index - 1] != 0x0D {
                        buffer[count] = 0x0D
                        count += 1
                    } else if byte == UInt8(ascii: ",") {
                        written = delimiter
                    }
                }
                buffer[count] = written
                count += 1
                index += 1
                run = index
            }
        }
        if text.count > run {
            (buffer + count).update(from: text.baseAddress! + run, count: text.count - run)
            count += text.count - run
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// The line feeds in `text`, a word at a time.
    private static func lineFeeds(in text: UnsafeBufferPointer<UInt8>) -> Int {
        var found = 0
        var index = 0
        let raw = UnsafeRawBufferPointer(text)
        // A byte of a word is a line feed where (word ^ 0x0A…) has a zero byte.
        while index + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if zeros != 0 {
                for offset in 0..<8 where text[index + offset] == 0x0A { found += 1 }
            }
            index += 8
        }
        while index < text.count {
            if text[index] == 0x0A { found += 1 }
            index += 1
        }
        return found
    }

    private static let quotesAndLineFeeds = table([UInt8(ascii: "\""), 0x0A])
    private static let quotesLineFeedsAndCommas = table([UInt8(ascii: "\""), 0x0A, UInt8(ascii: ",")])
    private static func table(_ bytes: [UInt8]) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in bytes { table[Int(byte)] = true }
        return table
    }
}

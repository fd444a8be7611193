/// Text from a service made safe to show: control characters other than tab and line feed are
/// dropped (NUL, escape sequences, C1 controls), and so are the invisible bidirectional controls
/// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which could make a title read backwards
/// or swap table cells around it in a CSV, a Markdown table, an HTML page or a terminal.
package enum PlainText {
    /// ``clean(_:)``, then every line break and tab as one space: for places where a line is a
    /// record (a txt report's row, a `tmdb review` line, a message), so service text cannot start one.
    package static func oneLine(_ text: String) -> String {
        let cleaned = clean(text)
        guard cleaned.contains(where: { $0.isNewline || $0 == "\t" }) else { return cleaned }
        return cleaned.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }

    /// True when ``clean(_:)`` would drop something from `text` (or it holds a line break or tab):
    /// for refusing such text where a user types it (`--note`).
    package static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { isRemoved($0) || $0 == "\t" || $0 == "\n" }
    }

    package static func clean(_ text: String) -> String {
        // Checked on the bytes in place (through `utf8`'s iterator, 800 instructions a title).
        var bytes = text
        guard bytes.withUTF8(needsCleaning) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isRemoved($0) })
        return String(scalars)
    }

    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
        default: false
        }
    }

    /// Most text has none of these: decided from the UTF-8 bytes alone.
    private static func needsCleaning(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20, byte != 0x09, byte != 0x0A { return true }
            if byte == 0x7F { return true }
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }  // C1 controls
            if previous == 0x9C, beforePrevious == 0xD8 { return true }  // U+061C
            if beforePrevious == 0xE2, previous == 0x80, byte == 0x8E || byte == 0x8F || (0xAA...0xAE).contains(byte) { return true }
            if beforePrevious == 0xE2, previous == 0x81, (0xA6...0xA9).contains(byte) { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}

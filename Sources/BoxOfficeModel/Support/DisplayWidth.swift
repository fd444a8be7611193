/// How many terminal columns text takes: East Asian wide and fullwidth characters (Hangul, CJK,
/// fullwidth forms, most emoji) take two, combining marks none, everything else one. What a
/// monospaced chat or mail client shows follows the same rule, so a table aligns there too.
package enum DisplayWidth {
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// A character (a grapheme cluster) takes the width of its first scalar.
    package static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return width(scalar)
    }

    static func width(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200D, 0xFE00...0xFE0F: 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            2
        default: 1
        }
    }

    /// `text` padded with spaces to `columns`, on the right (`leading: false`) or the left; cut to
    /// fit with `…` when it is wider.
    package static func pad(_ text: String, to columns: Int, leading: Bool = false) -> String {
        let fitted = fit(text, columns)
        let padding = String(repeating: " ", count: max(0, columns - of(fitted)))
        return leading ? padding + fitted : fitted + padding
    }

    /// `text` wrapped to `columns` display columns at spaces, the first line indented by `indent`
    /// and the rest by `hanging` (by `indent` when not given); a word wider than a line stands alone.
    package static func wrap(_ text: String, columns: Int, indent: Int = 0, hanging: Int? = nil) -> String {
        var lines: [String] = []
        var line = String(repeating: " ", count: indent)
        var lineHasWord = false
        for word in text.components(separatedBy: " ") {
            let joiner = lineHasWord ? " " : ""
            if lineHasWord, of(line) + of(joiner + word) > columns {
                lines.append(line)
                line = String(repeating: " ", count: hanging ?? indent) + word
            } else {
                line += joiner + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// `text` cut to at most `columns`, ending in `…` when it was cut.
    package static func fit(_ text: String, _ columns: Int) -> String {
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }
}

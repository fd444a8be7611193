import Foundation

/// Trims a `CharacterSet`'s members from both ends of a text, as `trimmingCharacters(in:)` does for
/// sets whose members are single scalars (white space, line breaks), without bridging to NSString:
/// that bridging was a fifth of decoding a film's info and a twentieth of the sample report's CPU
/// in reading its templates' tags. ASCII scalars are answered from a table made once.
package struct ScalarTrimmer: Sendable {
    private let set: CharacterSet
    private let ascii: [Bool]

    package init(_ set: CharacterSet) {
        self.set = set
        ascii = (0..<128).map { set.contains(Unicode.Scalar(UInt8($0))) }
    }

    /// `.whitespaces`: blanks and tabs.
    package static let blanks = ScalarTrimmer(.whitespaces)
    /// `.whitespacesAndNewlines`.
    package static let spaces = ScalarTrimmer(.whitespacesAndNewlines)

    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ascii[Int(scalar.value)] : set.contains(scalar)
    }

    /// `text` without the set's members at either end; `text` itself when it has none there.
    package func trimmed(_ text: String) -> String {
        let range = trimmedRange(text[...])
        return range == text.startIndex..<text.endIndex ? text : String(text[range])
    }

    /// `text` without the set's members at either end.
    package func trimmed(_ text: Substring) -> String { String(text[trimmedRange(text)]) }

    private func trimmedRange(_ text: Substring) -> Range<String.Index> {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, contains(scalars[start]) { start = scalars.index(after: start) }
        while start < end, contains(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return start..<end
    }
}

import BoxOfficeModel

/// A sentence of a report, as runs of the report's own words and of values, so that one sentence
/// written once per language is marked up by each format its own way: Markdown bolds with `**`,
/// HTML with `<strong>`, plain text not at all; and values (titles above all) are escaped as the
/// format needs while the words are written as they are.
///
/// Written as a string literal: the literal's text is words, `\(value)` a value, `\(strong: title)`
/// a value in bold, `\(words: chosen)` words chosen at run time,
/// `\(strongWords: "Provisional:")` words in bold, `\(sentence)` another sentence.
///
///     let sentence: Sentence = "\(strong: title) takes #1 on \(when)."
package struct Sentence: Sendable, Equatable {
    package enum Run: Sendable, Equatable {
        /// The report's own words: written unescaped (`{{{w}}}`), so `#1` stays `#1` in Markdown.
        case words(String)
        /// A value: escaped by the template's content type.
        case value(String)
        /// A value in bold (a film's title).
        case strong(String)
        /// The report's words in bold (a sentence's label, "Provisional:").
        case strongWords(String)
    }

    package private(set) var runs: [Run]

    package init(runs: [Run] = []) {
        self.runs = runs
    }

    /// The sentence as the templates see it: one dictionary a run, holding one of `w` (words),
    /// `v` (a value), `b` (a value in bold) and `bw` (words in bold), so a template writes
    /// `{{#sentence}}{{{w}}}{{v}}{{#b}}**{{b}}**{{/b}}{{#bw}}**{{{bw}}}**{{/bw}}{{/sentence}}`.
    /// A value that is a figure or a date (``isUnbreakable(_:)``) also has `nb`, so HTML keeps it
    /// on one line: `{{#nb}}<span class="nobr">{{/nb}}{{v}}{{#nb}}</span>{{/nb}}`.
    package var view: [[String: String]] {
        runs.map { run in
            switch run {
            case .words(let text): ["w": text]
            case .value(let text): Self.isUnbreakable(text) ? ["v": text, "nb": "1"] : ["v": text]
            case .strong(let text): ["b": text]
            case .strongWords(let text): ["bw": text]
            }
        }
    }

    /// A figure or a date: short, with a digit (123,155; Sun 2025-03-09; 2025년 3월 9일 (일); +4.1%).
    /// A browser breaks such a value at its hyphens or spaces, and between a figure and its unit
    /// (명); a title with a digit in it is short enough to keep whole too.
    static func isUnbreakable(_ text: String) -> Bool { text.count <= 24 && text.contains(where: \.isNumber) }

    /// The text without markup.
    package var plain: String {
        runs.map { run in
            switch run {
            case .words(let text), .value(let text), .strong(let text), .strongWords(let text): text
            }
        }.joined()
    }

    package static func + (lhs: Sentence, rhs: Sentence) -> Sentence {
        var joined = lhs
        for run in rhs.runs { joined.append(run) }
        return joined
    }

    /// Appends a run, joining neighbouring words into one. A value (a title, a name) is made one
    /// line first (``PlainText/oneLine(_:)``): a sentence is one line of a txt report or a list
    /// item, and a line break in a title must not start another.
    mutating func append(_ run: Run) {
        switch run {
        case .value(let text) where text.contains(where: \.isNewline): return append(.value(PlainText.oneLine(text)))
        case .strong(let text) where text.contains(where: \.isNewline): return append(.strong(PlainText.oneLine(text)))
        default: break
        }
        if case .words(let next) = run {
            if next.isEmpty { return }
            if case .words(let last)? = runs.last {
                runs[runs.count - 1] = .words(last + next)
                return
            }
        }
        runs.append(run)
    }
}

extension Sentence: ExpressibleByStringInterpolation {
    package init(stringLiteral value: String) {
        self.init()
        append(.words(value))
    }

    package init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.sentence
    }

    package struct StringInterpolation: StringInterpolationProtocol {
        var sentence = Sentence()

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) { sentence.append(.words(literal)) }
        package mutating func appendInterpolation(_ value: String) { sentence.append(.value(value)) }
        package mutating func appendInterpolation(words: String) { sentence.append(.words(words)) }
        package mutating func appendInterpolation(strong value: String) { sentence.append(.strong(value)) }
        package mutating func appendInterpolation(strongWords words: String) { sentence.append(.strongWords(words)) }
        package mutating func appendInterpolation(_ part: Sentence) { sentence = sentence + part }
    }
}

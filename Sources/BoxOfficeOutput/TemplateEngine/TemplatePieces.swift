import BoxOfficeModel
import Foundation
import Mustache

/// A template parsed as the pieces its text has between top-level line ends, rendered one after
/// another: the same text as the template rendered whole, for a fraction of the parsing.
///
/// swift-mustache 2.1.1's parser measures the distance to the end of the text, in Characters, at
/// every `{` it meets (`Parser.read(count:)`), so parsing a template costs its tags times its
/// length: report.html (12 KB, 392 tags) and report.md (7 KB, 356 tags) took 13–15% of the CPU of
/// a month's warm report, and as much of the sample's, on every run. Cut where no section is open,
/// at line ends (so no standalone tag's line is split), into pieces of about a kilobyte, each
/// parsed on its own with the template's content-type pragma, the same tags cost a tenth.
/// Partials are parsed whole: Mustache looks them up by name.
// Unchecked Sendable: immutable; its lazy parts guard themselves with locks.
struct TemplatePieces: @unchecked Sendable {
    /// The pieces, in order.
    let pieces: [Piece]
    /// Each piece with the sections on `lists` (a view model's top-level lists) left to
    /// ``RowSection`` (nil for a piece without).
    func rowPieces(lists: Set<String>) -> [(template: Piece, sections: [RowSection])?] { rows.value(lists: lists) }
    private let rows: LazyRows

    /// The pieces rewritten around their lists, read from their text only when a long report is
    /// first rendered, once for each set of top-level lists (a daily report's, a period report's).
    private final class LazyRows: Sendable {
        private let texts: [String]
        private let made = Locked<[Set<String>: [(template: Piece, sections: [RowSection])?]]>([:])

        init(texts: [String]) { self.texts = texts }

        func value(lists: Set<String>) -> [(template: Piece, sections: [RowSection])?] {
            made.withLock { made in
                if let known = made[lists] { return known }
                let rows = texts.enumerated().map { index, text in
                    RowSection.rewrite(text, pieceIndex: index, lists: lists).map {
                        (template: Piece(text: $0.text, parsed: nil), sections: $0.sections.map(\.section))
                    }
                }
                made[lists] = rows
                return rows
            }
        }
    }
    /// A top-level list weighing at least this much (``weight(_:)``) is rendered by ``RowSection``;
    /// a piece without one is rendered as written. Taking a section costs about 25 M instructions
    /// whatever its length (its piece and its probe parsed again: swift-mustache's parser measures
    /// the distance to the end of the text at every delimiter), so a short list is left to
    /// Mustache. Measured (callgrind, instructions of the whole run) against the rule before it
    /// (``everyListFrom`` alone): a day, a week and two weeks unchanged (±1%), a month 0.85×, a
    /// `--weekly` half year 0.87× and year 0.74×; every list taken (a weight of 9) made the sample
    /// 18% dearer, a weight of 100 a week 6%.
    static let rowSectionsFrom = 200

    static func topLevelElements(_ root: ViewObject) -> Int {
        root.values.reduce(0) { total, value in
            guard case .list(let list) = value else { return total }
            return total + list.elements.count
        }
    }

    /// From this many elements in all the top-level lists together, every list is taken (the rule
    /// before ``rowSectionsFrom``, kept for long reports: a twenty-year `--weekly` report's eight
    /// highlights, weighing 135, cost 4% more instructions left to Mustache).
    static let everyListFrom = 1_000

    /// The names of the view model's top-level lists that ``RowSection`` takes: every list of a
    /// long report (``everyListFrom``), else those weighing at least ``rowSectionsFrom``.
    static func longLists(_ root: ViewObject) -> Set<String> {
        let every = topLevelElements(root) >= everyListFrom
        return Set(
            zip(root.columns.names, root.values).compactMap { name, value in
                guard case .list(let list) = value, every || weight(list) >= rowSectionsFrom else { return nil }
                return name
            })
    }

    /// A list's elements and those of the lists in them (a day and its chart's rows).
    static func weight(_ list: BudgetedList) -> Int {
        list.elements.reduce(list.elements.count) { total, element in
            guard case .object(let object) = element else { return total }
            return object.values.reduce(total) { total, value in
                guard case .list(let inner) = value else { return total }
                return total + weight(inner)
            }
        }
    }

    /// A piece's template, parsed when first rendered (a piece rewritten around its lists is
    /// parsed only when a long report renders it).
    // Unchecked Sendable: `parsed` is set under `lock` only.
    final class Piece: @unchecked Sendable {
        private let lock = NSLock()
        private let text: String
        private var parsed: MustacheTemplate?

        init(text: String, parsed: MustacheTemplate?) {
            self.text = text
            self.parsed = parsed
        }

        /// nil only for text that does not parse (never a bundled template's: a test renders each).
        var template: MustacheTemplate? {
            lock.withLock {
                if parsed == nil { parsed = try? MustacheTemplate(string: text) }
                return parsed
            }
        }
    }

    /// About how long a piece is, in bytes, before it is cut at the next top-level line end.
    static let pieceBytes = 1024

    /// nil when the text does not parse (or uses what a cut could change: changed delimiters).
    init?(_ text: String) {
        guard let cuts = Self.cuts(in: text) else { return nil }
        let bytes = Array(text.utf8)
        let pragma: String = text.hasPrefix("{{%") ? String(text.prefix { $0 != "\n" }) + "\n" : ""
        var pieces: [Piece] = []
        var texts: [String] = []
        var start = 0
        for end in cuts + [bytes.count] where end > start {
            let piece = (start == 0 ? "" : pragma) + String(decoding: bytes[start..<end], as: UTF8.self)
            guard let template = try? MustacheTemplate(string: piece) else { return nil }
            pieces.append(Piece(text: piece, parsed: template))
            texts.append(piece)
            start = end
        }
        self.pieces = pieces
        self.rows = LazyRows(texts: texts)
    }

    /// Byte offsets just after top-level line ends, about ``pieceBytes`` apart.
    static func cuts(in text: String) -> [Int]? {
        let tags = ReportTemplates.tags(in: text)
        guard !tags.contains(where: { $0.kind == "=" }) else { return nil }
        let bytes = Array(text.utf8)
        var cuts: [Int] = []
        var depth = 0
        var next = 0
        var lastCut = 0
        var position = 0
        while position < bytes.count {
            // Every tag that starts before this line end changes the depth first.
            if bytes[position] == UInt8(ascii: "\n") {
                while next < tags.count, tags[next].start < position {
                    switch tags[next].kind {
                    case "#", "^", "$", "<": depth += 1
                    case "/": depth -= 1
                    default: break
                    }
                    next += 1
                }
                if depth == 0, position + 1 - lastCut >= pieceBytes, position + 1 < bytes.count {
                    cuts.append(position + 1)
                    lastCut = position + 1
                }
            }
            position += 1
        }
        return cuts
    }

    /// The pieces rendered with `context` and joined. They read the same view model and nothing
    /// else, so they are rendered on every core, each piece charged to the rendering's budget
    /// account wherever it runs.
    func render(_ context: Any, library: MustacheLibrary) -> String {
        let root = context as? ViewObject
        let lists = root.map(Self.longLists) ?? []
        let rowPieces = lists.isEmpty ? Array(repeating: nil, count: pieces.count) : self.rowPieces(lists: lists)
        let shared = SharedContext(context: context, rowPieces: rowPieces)
        let (pieces, account) = (self.pieces, RenderBudget.Account.current)
        return BoundedTaskGroup.mapEach(pieces.count) { index in
            RenderBudget.Account.charging(account) {
                if let rows = shared.rowPieces[index], let root, let rendered = Self.render(rows, root: root, library: library) { return rendered }
                return pieces[index].template?.render(shared.context, library: library) ?? ""
            }
        }.joined()
    }

    /// A rendering's view model and row pieces, only read by the pieces rendered side by side.
    // Unchecked Sendable: immutable; the view model is only read while the pieces render.
    private struct SharedContext: @unchecked Sendable {
        let context: Any
        let rowPieces: [(template: Piece, sections: [RowSection])?]
    }

    /// A piece with its long lists rendered by ``RowSection``; nil when one of them must be left
    /// to Mustache (the caller then renders the piece as written).
    static func render(_ rows: (template: Piece, sections: [RowSection]), root: ViewObject, library: MustacheLibrary) -> String? {
        guard let template = rows.template.template else { return nil }
        let rendered = template.render(root, library: library)
        // Each section's rendering goes where Mustache rendered its placeholder's line (nowhere when
        // a section around it hid it, and then the section renders nothing). The placeholders are
        // found in the piece's own short rendering, before any section's rows join it.
        var spliced: [(range: Range<String.Index>, text: String)] = []
        for section in rows.sections {
            guard let text = section.render(root: root, library: library) else { return nil }
            if let range = Self.firstRange(of: section.placeholder, in: rendered) {
                spliced.append((range, text))
            } else if !text.isEmpty {
                return nil
            }
        }
        spliced.sort { $0.range.lowerBound < $1.range.lowerBound }
        var output = ""
        output.reserveCapacity(rendered.utf8.count + spliced.reduce(0) { $0 + $1.text.utf8.count })
        var position = rendered.startIndex
        for (range, text) in spliced {
            output += rendered[position..<range.lowerBound]
            output += text
            position = range.upperBound
        }
        output += rendered[position...]
        return output
    }
}

extension TemplatePieces {
    /// Where `needle` first occurs in `text`, by their UTF-8 bytes, each candidate found with
    /// `memchr` (a placeholder starts with U+0001, which rendered text hardly has): the generic
    /// `text.utf8.firstRange(of:)` walks the view element by element through the standard
    /// library's string searcher, 100 M instructions for the 20 placeholders of a twenty-year
    /// weekly report's documents (callgrind), on the path of the lane that finishes last.
    static func firstRange(of needle: String, in text: String) -> Range<String.Index>? {
        var needle = needle
        var text = text
        let offset = text.withUTF8 { haystack in
            needle.withUTF8 { wanted -> Int? in
                guard let first = wanted.first else { return 0 }
                guard let base = haystack.baseAddress else { return nil }
                var start = 0
                while haystack.count - start >= wanted.count {
                    guard let hit = memchr(base + start, Int32(first), haystack.count - start - wanted.count + 1) else { return nil }
                    let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + index, wanted.baseAddress!, wanted.count) == 0 { return index }
                    start = index + 1
                }
                return nil
            }
        }
        guard let offset else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.utf8.count)
    }
}

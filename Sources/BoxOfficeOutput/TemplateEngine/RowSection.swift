import BoxOfficeModel
import Foundation
import Mustache

/// A list section of a bundled document template (the films, runs, new-entry and week tables, a
/// period report's charts), rendered row by row by a smaller interpreter instead of swift-mustache.
///
/// Why: over twenty years the first four tables are 10,700 rows in the Markdown and as many in the
/// HTML, about 250,000 tags, and swift-mustache spends about two microseconds on each (it splits
/// every name, and casts every value it meets to five protocols): 0.62 s of the run's 2.6 s CPU,
/// and most of the documents' lane (`perf` on the release binary). A 20-year weekly report's
/// 1,043 charts were then the larger part of its documents' rendering.
///
/// It reads the subset these sections are written in: text, `{{name}}`, `{{{name}}}`, `{{&name}}`,
/// dotted names, comments, and `{{#name}}`/`{{^name}}` sections (on a list, once per element),
/// inside a line or alone on their lines (which Mustache then drops); the section itself is one of
/// the view model's top-level lists, alone on its lines. Anything else (partials, transforms,
/// `{{.}}`) leaves the section to Mustache, as does, when rendering, any value it does not know (it
/// knows the wrapped view model: ``ViewObject``, ``TemplateText``, `Bool` and ``BudgetedList``).
/// Names are looked up as swift-mustache looks them up: in the row, in the objects sections pushed,
/// then in the report's root, a dotted name's later parts only in what its first part found.
///
/// Before a list is rendered this way, its first rows are rendered by Mustache too and the two must
/// agree, or the section is left to Mustache; `RowSectionTests` holds the two to the same bytes
/// over the bundled templates and hostile titles.
// Unchecked Sendable: immutable after init: parsed once, then only read.
struct RowSection: @unchecked Sendable {
    indirect enum Node {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, inverted: Bool, body: [Node])
    }

    /// A name in a section's body: its parts, and where the positions of its parts in the columns
    /// of the rows they are found in are kept (``Positions``), `slot` for the first part and the
    /// slots after it for the later ones.
    struct Name: Equatable {
        let path: [String]
        let slot: Int
    }

    /// The list's name: `films` (a dotted name's parts).
    let list: [String]
    /// The sections around it in its piece, outermost first: each must push nothing (a `Bool` or
    /// text, or nothing) for the section to be rendered here.
    let enclosing: [(path: [String], inverted: Bool)]
    /// The line of text that stands, in its piece, for the section's lines (its line end included
    /// when they had one); the piece's rendering has it where the section's rendering goes. It
    /// names this process's random ``token``, so that no value a report shows can be taken for it.
    let placeholder: String
    let body: [Node]
    /// Slots the body's names use (``Name/slot``).
    let slots: Int
    /// The section as written, its list named ``probeName``, for Mustache (parsed when first used).
    let probe: TemplatePieces.Piece
    let escape: @Sendable (String) -> String

    static let probeName = "__row_section_probe"
    /// Random for each process: part of every placeholder.
    static let token = UUID().uuidString
    /// Rows rendered both ways before a list is rendered here: the first ones, until they and the
    /// elements of the lists in them number this many (eight films; one day and its chart's ten
    /// rows). Eight whole days were eighty of a month's chart rows rendered by swift-mustache as
    /// well, in each document: a warm month's report took 582 M instructions, 520 M with one day
    /// (callgrind).
    static let probeRows = 8

    /// How many of `rows` are compared: at least one, and enough to weigh ``probeRows``.
    static func probeCount(_ rows: [ViewValue]) -> Int {
        var weight = 0
        for (index, row) in rows.enumerated() {
            weight += 1
            if case .object(let object) = row {
                for case .list(let inner) in object.values { weight += TemplatePieces.weight(inner) }
            }
            if weight >= probeRows { return index + 1 }
        }
        return rows.count
    }

    // MARK: Rendering

    /// What Mustache would render for the section (rendered by Mustache where this interpreter
    /// cannot render it), or nil when a section around it pushes an object or a list, so that the
    /// piece must be left to Mustache whole.
    func render(root: ViewObject, library: MustacheLibrary) -> String? {
        // From the outermost section in: a hidden one hides the rest; one that pushes an object or
        // a list would have the placeholder rendered in another context (or once per element).
        var stack = [Frame.object(root)]
        var once = Positions(slots: 0)
        for (path, inverted) in enclosing {
            let shown: Bool
            switch Self.lookUp(Name(path: path, slot: -1), in: stack, positions: &once) {
            case .missing: shown = inverted
            case .found(.flag(let flag)): shown = flag != inverted
            case .found(.text): shown = !inverted
            case .found, .unknown: return nil
            }
            if !shown { return "" }
        }
        let rows: BudgetedList
        switch Self.lookUp(Name(path: list, slot: -1), in: stack, positions: &once) {
        case .missing: return ""
        case .unknown: return nil
        case .found(.list(let list)): rows = list
        // One object, a flag or text: Mustache renders it, with the same context.
        case .found(let value): return renderProbe(root: root, value: value, library: library)
        }
        // A list no longer than the rows compared: Mustache renders it, as it would compare it.
        guard rows.elements.count > Self.probeRows else {
            return rows.elements.isEmpty ? "" : renderProbe(root: root, value: .list(rows), library: library)
        }
        let first = Array(rows.elements.prefix(Self.probeCount(rows.elements)))
        // Rows this interpreter cannot render, or renders otherwise than Mustache: Mustache renders
        // the section as written, in the same context.
        var probed = ""
        var positions = Positions(slots: slots)
        for row in first {
            stack.append(Frame(row))
            defer { stack.removeLast() }
            if !render(body, stack: &stack, into: &probed, positions: &positions) {
                return renderProbe(root: root, value: .list(rows), library: library)
            }
        }
        let expected = renderProbe(root: root, value: .list(BudgetedList(elements: first, budget: rows.budget)), library: library)
        guard probed == expected else { return renderProbe(root: root, value: .list(rows), library: library) }
        let all = Rows(elements: rows.elements, budget: rows.budget, bytesPerRow: probed.utf8.count / first.count)
        let rendered: String?
        if all.elements.count >= Self.rowsInHalves {
            let middle = all.elements.count / 2
            // Both halves spend from the rendering's account, whichever thread renders them.
            let account = RenderBudget.Account.current
            let (head, tail) = BoundedTaskGroup.both(
                { RenderBudget.Account.charging(account) { render(all, 0..<middle, root: root) } },
                { RenderBudget.Account.charging(account) { render(all, middle..<all.elements.count, root: root) } })
            rendered = head.flatMap { head in tail.map { head + $0 } }
        } else {
            rendered = render(all, all.elements.indices, root: root)
        }
        return rendered ?? renderProbe(root: root, value: .list(rows), library: library)
    }

    /// Rows at least this many are rendered in two halves, on two cores: the films and runs tables
    /// of a twenty-year report (3,700 rows each) were a third of its documents' rendering.
    static let rowsInHalves = 2_000

    /// A list's rows, as the halves rendered side by side read them.
    // Unchecked Sendable: immutable; the halves only read the rows.
    private struct Rows: @unchecked Sendable {
        let elements: [ViewValue]
        let budget: RenderBudget
        let bytesPerRow: Int
    }

    /// The section rendered for the rows at `indices`, each visit spent from the list's budget as
    /// Mustache's iteration spends it; nil at a value this interpreter does not know.
    private func render(_ rows: Rows, _ indices: Range<Int>, root: ViewObject) -> String? {
        var output = ""
        output.reserveCapacity(rows.bytesPerRow * indices.count + 64)
        var stack = [Frame.object(root)]
        var positions = Positions(slots: slots)
        for index in indices {
            guard rows.budget.spend() else { break }
            stack.append(Frame(rows.elements[index]))
            defer { stack.removeLast() }
            if !render(body, stack: &stack, into: &output, positions: &positions) { return nil }
        }
        return output
    }

    private func renderProbe(root: ViewObject, value: ViewValue, library: MustacheLibrary) -> String? {
        probe.template?.render(root.setting(Self.probeName, to: value), library: library)
    }

    /// Renders `nodes` with `stack` (the root first, left as it was found); false at a value this
    /// interpreter does not know.
    private func render(_ nodes: [Node], stack: inout [Frame], into output: inout String, positions: inout Positions) -> Bool {
        for node in nodes {
            switch node {
            case .text(let text): output += text
            case .variable(let name, let escaped):
                switch Self.lookUp(name, in: stack, positions: &positions) {
                case .missing: break
                case .found(.text(let text)): output += escaped ? escape(text) : text
                case .found(.flag(let flag)): output += flag ? "true" : "false"
                case .found, .unknown: return false
                }
            case .section(let name, let inverted, let body):
                let pushed: Frame
                switch Self.lookUp(name, in: stack, positions: &positions) {
                case .missing:
                    if inverted, !render(body, stack: &stack, into: &output, positions: &positions) { return false }
                    continue
                case .found(.flag(let flag)):
                    if flag != inverted, !render(body, stack: &stack, into: &output, positions: &positions) { return false }
                    continue
                case .found(.text): pushed = .leaf
                case .found(.object(let object)): pushed = .object(object)
                case .found(.list(let list)):
                    // Once per element, each visit spent as Mustache's iteration spends it; an
                    // inverted section on a list shows when it is empty.
                    if inverted {
                        if list.elements.isEmpty, !render(body, stack: &stack, into: &output, positions: &positions) { return false }
                        continue
                    }
                    for element in list.elements {
                        guard list.budget.spend() else { break }
                        stack.append(Frame(element))
                        defer { stack.removeLast() }
                        if !render(body, stack: &stack, into: &output, positions: &positions) { return false }
                    }
                    continue
                case .found, .unknown: return false
                }
                if inverted { continue }
                stack.append(pushed)
                defer { stack.removeLast() }
                if !render(body, stack: &stack, into: &output, positions: &positions) { return false }
            }
        }
        return true
    }

    /// What a name can stand for on the context stack.
    enum Frame {
        /// A view object: names are looked up in it.
        case object(ViewObject)
        /// Text or a flag: it has no names of its own (Mustache reflects text, and a String's
        /// mirror has no children), so the lookup goes on down the stack.
        case leaf
        /// Anything else: Mustache might find names in it, so this interpreter gives up.
        case opaque

        init(_ value: ViewValue) {
            switch value {
            case .object(let object): self = .object(object)
            case .text, .flag: self = .leaf
            case .list, .other: self = .opaque
            }
        }
    }

    enum LookUp {
        case missing
        case found(ViewValue)
        /// Something on the way this interpreter cannot look into.
        case unknown
    }

    /// Where each name of a section's body was found in the columns of the rows it was last looked
    /// up in, for each depth of the context stack: a table's rows share their columns
    /// (``ViewRow``), so after its first row each name is found by comparing one reference.
    struct Positions {
        /// Stack depths kept apart; deeper frames are looked up without.
        static let depths = 4
        private var columns: [TemplateColumns?]
        /// The name's position in those columns; -1 when they do not have it.
        private var found: [Int]

        init(slots: Int) {
            columns = Array(repeating: nil, count: slots * Self.depths)
            found = Array(repeating: -1, count: slots * Self.depths)
        }

        /// `name`'s position in `columns`, looked up when these columns are not the ones last seen
        /// for this slot at this depth.
        mutating func position(of name: String, in columns: TemplateColumns, slot: Int, depth: Int) -> Int? {
            guard slot >= 0, depth < Self.depths else { return columns.position(of: name) }
            let index = slot * Self.depths + depth
            if self.columns[index] !== columns {
                self.columns[index] = columns
                found[index] = columns.position(of: name) ?? -1
            }
            let position = found[index]
            return position < 0 ? nil : position
        }
    }

    /// `name` looked up as swift-mustache does: its first part in the stack from the top, the rest
    /// only in what that found.
    static func lookUp(_ name: Name, in stack: [Frame], positions: inout Positions) -> LookUp {
        var depth = stack.count
        while depth > 0 {
            depth -= 1
            switch stack[depth] {
            case .leaf: continue
            case .opaque: return .unknown
            case .object(let object):
                guard let position = positions.position(of: name.path[0], in: object.columns, slot: name.slot, depth: depth) else { continue }
                return name.path.count == 1 ? found(object.values[position]) : lookUp(name, after: object.values[position], positions: &positions)
            }
        }
        return .missing
    }

    private static func found(_ value: ViewValue) -> LookUp {
        if case .other = value { return .unknown }
        return .found(value)
    }

    /// A dotted name's later parts, looked up only in what its first part found.
    private static func lookUp(_ name: Name, after first: ViewValue, positions: inout Positions) -> LookUp {
        var value = first
        for (index, part) in name.path.enumerated().dropFirst() {
            switch value {
            case .object(let object):
                guard let position = positions.position(of: part, in: object.columns, slot: name.slot < 0 ? -1 : name.slot + index, depth: 0)
                else { return .missing }
                value = object.values[position]
            // Text has no children (see ``Frame/leaf``).
            case .text, .flag: return .missing
            case .list, .other: return .unknown
            }
        }
        return found(value)
    }

    // MARK: Reading a template

    /// The sections of `text` (one parsed piece of a bundled template, its content-type pragma first
    /// when it has one) on the view model's top-level lists named in `lists` that this interpreter
    /// can render, outermost first, and the text with each section's lines replaced by its
    /// placeholder line; nil when there is none.
    static func rewrite(_ text: String, pieceIndex: Int, lists: Set<String>) -> (text: String, sections: [RowSectionSource])? {
        // The CSV and Markdown content types must be known before a template naming them parses.
        _ = ContentTypeRegistry.registered
        guard let escape = escaping(text) else { return nil }
        let bytes = Array(text.utf8)
        let tags = ReportTemplates.tags(in: text)
        let pragma = text.hasPrefix("{{%") ? String(text.prefix { $0 != "\n" }) + "\n" : ""
        var sections: [RowSectionSource] = []
        var open: [(tag: Int, inverted: Bool)] = []
        for (index, tag) in tags.enumerated() {
            switch tag.kind {
            case "#", "^": open.append((index, tag.kind == "^"))
            case "/":
                guard let opening = open.popLast(), tags[opening.tag].name == tag.name else { return nil }
                guard !opening.inverted, lists.contains(tag.name), let list = path(tag.name),
                    let first = standaloneLine(of: tags[opening.tag], in: bytes), let last = standaloneLine(of: tag, in: bytes),
                    let body = parse(String(decoding: bytes[first.upperBound..<last.lowerBound], as: UTF8.self))
                else { continue }
                let enclosing = open.compactMap { outer in path(tags[outer.tag].name).map { (path: $0, inverted: outer.inverted) } }
                guard enclosing.count == open.count else { continue }
                // The section as written, its list named `probeName`.
                let openingTag = tags[opening.tag]
                var probeBytes = Array(bytes[first.lowerBound..<openingTag.start])
                probeBytes += "{{#\(probeName)}}".utf8
                probeBytes += bytes[openingTag.end..<tag.start]
                probeBytes += "{{/\(probeName)}}".utf8
                probeBytes += bytes[tag.end..<last.upperBound]
                let probe = TemplatePieces.Piece(text: pragma + String(decoding: probeBytes, as: UTF8.self), parsed: nil)
                let lineEnd = bytes[last.upperBound - 1] == UInt8(ascii: "\n") ? "\n" : ""
                sections.append(
                    RowSectionSource(
                        range: first.lowerBound..<last.upperBound,
                        section: RowSection(
                            list: list, enclosing: enclosing, placeholder: "\u{1}row-section-\(token)-\(pieceIndex)-\(sections.count)\u{1}" + lineEnd,
                            body: body.nodes, slots: body.slots, probe: probe, escape: escape)))
            default: break
            }
        }
        // A section inside another taken one is rendered by it (sections close inner first).
        sections = sections.filter { section in !sections.contains { $0.range != section.range && $0.range.contains(section.range.lowerBound) } }
        guard !sections.isEmpty else { return nil }
        var output: [UInt8] = []
        var position = 0
        for section in sections.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            output += bytes[position..<section.range.lowerBound]
            output += section.section.placeholder.utf8
            position = section.range.upperBound
        }
        output += bytes[position...]
        return (String(decoding: output, as: UTF8.self), sections)
    }

    /// A section found in a piece: where it was, and how to render it.
    struct RowSectionSource {
        let range: Range<Int>
        let section: RowSection
    }

    /// The byte range of `tag`'s whole line, its line end included, when nothing but blanks shares
    /// the line with it (Mustache then drops the line with the tag).
    static func standaloneLine(of tag: ReportTemplates.Tag, in bytes: [UInt8]) -> Range<Int>? {
        var start = tag.start
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") {
            guard bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 else { return nil }
            start -= 1
        }
        var end = tag.end
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
            guard bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D else { return nil }
            end += 1
        }
        // The line end itself, when there is one (the last line may have none).
        return start..<min(end + 1, bytes.count)
    }

    /// The escaping of the content type declared on the text's first line (HTML without one), when
    /// it is declared nowhere else.
    static func escaping(_ text: String) -> (@Sendable (String) -> String)? {
        guard let declared = declaredContentType(text) else { return nil }
        guard let name = declared, name != "HTML" else { return htmlEscape }
        switch name {
        case CSVContentType.name: return { CSVContentType().escapeText($0) }
        case MarkdownContentType.name: return { MarkdownContentType().escapeText($0) }
        case "TEXT": return { $0 }
        default: return nil
        }
    }

    /// The content type `text` declares: its name when `{{% CONTENT_TYPE: NAME}}` is the start of
    /// its first line and no other pragma follows, nil inside when it declares none at all (the
    /// text is then HTML), and nil when a pragma stands anywhere else or reads otherwise.
    static func declaredContentType(_ text: String) -> String?? {
        let pragmas = text.ranges(of: "{{%").count
        guard pragmas > 0 else { return .some(nil) }
        guard pragmas == 1, text.hasPrefix("{{%"), let end = text.range(of: "}}") else { return nil }
        let parts = text[text.index(text.startIndex, offsetBy: 3)..<end.lowerBound].split(separator: ":", maxSplits: 1)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts[0] == "CONTENT_TYPE" else { return nil }
        return parts[1]
    }

    /// swift-mustache's HTML escaping (`String.htmlEscape`, internal to it): `< > & " '` replaced,
    /// Character by Character (a quote with a combining mark is one Character, and left alone).
    static let htmlEscape: @Sendable (String) -> String = { text in
        var text = text
        let plain = text.withUTF8 { bytes in
            !bytes.contains {
                $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
            }
        }
        if plain { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The nodes of a section's body and the slots their names use; nil at anything outside the subset.
    static func parse(_ body: String) -> (nodes: [Node], slots: Int)? {
        let tags = ReportTemplates.tags(in: body)
        let bytes = Array(body.utf8)
        var stack: [(name: Name, inverted: Bool, nodes: [Node])] = [(Name(path: [], slot: -1), false, [])]
        var slots = 0
        func name(_ path: [String]) -> Name {
            defer { slots += path.count }
            return Name(path: path, slot: slots)
        }
        var position = 0
        for tag in tags {
            // A section tag or comment alone on its line takes the line with it, as in Mustache.
            let line = "#^/!".contains(tag.kind) ? standaloneLine(of: tag, in: bytes) : nil
            let textEnd = line?.lowerBound ?? tag.start
            if textEnd > position {
                stack[stack.count - 1].nodes.append(.text(String(decoding: bytes[position..<textEnd], as: UTF8.self)))
            }
            position = line?.upperBound ?? tag.end
            var escaped = true
            switch tag.kind {
            case "!": continue
            case "{":
                // `{{{name}}}`: the tag scanner stops at the first `}}`; the third brace follows.
                guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else { return nil }
                position += 1
                escaped = false
            case "&": escaped = false
            case " ", "#", "^", "/": break
            default: return nil
            }
            guard let path = Self.path(tag.name) else { return nil }
            switch tag.kind {
            case "#", "^": stack.append((name(path), tag.kind == "^", []))
            case "/":
                guard stack.count > 1, let section = stack.popLast(), section.name.path == path else { return nil }
                stack[stack.count - 1].nodes.append(.section(section.name, inverted: section.inverted, body: section.nodes))
            default: stack[stack.count - 1].nodes.append(.variable(name(path), escaped: escaped))
            }
        }
        guard stack.count == 1 else { return nil }
        if position < bytes.count { stack[0].nodes.append(.text(String(decoding: bytes[position...], as: UTF8.self))) }
        return (stack[0].nodes, slots)
    }

    /// A plain or dotted name's parts; nil for `.`, transforms and anything else.
    static func path(_ name: String) -> [String]? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty,
            parts.allSatisfy({ part in !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } })
        else { return nil }
        return parts
    }
}

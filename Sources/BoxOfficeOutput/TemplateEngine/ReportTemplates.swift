import BoxOfficeModel
import Foundation
import Mustache

/// The Mustache templates reports are rendered with: the bundled defaults, each replaceable by a
/// user's file of the same name.
package struct ReportTemplates: Sendable {
    /// The parsed templates, made as they are first rendered.
    private let parsed: LazyLibrary
    /// Each template's text, for splitting a long list section across cores.
    private let texts: [String: String]
    /// Where each template came from: a user's file path, or the bundled default.
    package let origins: [String: String]
    /// Each template's ``staticBytesBySection(in:)``, read once with its structure.
    private let staticBytes: [String: [String: Int]]

    /// The bundled defaults only.
    package static func bundled() throws(TemplateError) -> ReportTemplates {
        try load(overrides: nil)
    }

    /// The defaults, with every `NAME.mustache` in `directory` replacing the default of that name.
    ///
    /// Every template is parsed now, so a broken one fails before any network call; a file whose
    /// name is not a template's, or a partial naming no template, is an error too.
    package static func load(overrides directory: URL?) throws(TemplateError) -> ReportTemplates {
        var sources = Dictionary(
            uniqueKeysWithValues: DefaultTemplates.sources.map { name, text in
                (name, (text: text, origin: "bundled Templates/\(name).mustache"))
            })
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .missingDirectory(path: directory.path)
            }
            let files: [String]
            do {
                files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".mustache") }.sorted()
            } catch {
                throw .unreadable(path: directory.path)
            }
            for file in files {
                let name = String(file.dropLast(".mustache".count))
                let path = directory.appendingPathComponent(file).path
                guard DefaultTemplates.sources[name] != nil || DefaultTemplates.languageVariants.contains(name) else {
                    throw .unknown(name: name, origin: path)
                }
                guard let data = RegularFile.contents(atPath: path, limit: 1 << 20), let text = String(data: data, encoding: .utf8) else {
                    throw .unreadable(path: path)
                }
                sources[name] = (text, path)
            }
        }
        return try ReportTemplates(sources: sources)
    }

    /// The bundled templates, each parsed once per process when a run first renders it: most runs
    /// (and every fuzz input) replace few or none, and render only a few (a daily English report
    /// needs neither the Korean nor the film templates; parsing all seventeen was 28% of the
    /// sample report's time).
    static let bundledParsed = BundledTemplates()

    /// The defaults with some templates' text replaced, as if read from files named `origin`/NAME:
    /// the loader without the file system, for the fuzz target.
    package static func load(replacing texts: [String: String], origin: String) throws(TemplateError) -> ReportTemplates {
        var sources = DefaultTemplates.sources.mapValues { (text: $0, origin: "bundled") }
        for (name, text) in texts { sources[name] = (text, "\(origin)/\(name).mustache") }
        return try ReportTemplates(sources: sources)
    }

    /// Every template that is not a bundled default is parsed here, so a broken one fails before
    /// any network call; the bundled ones are parsed when first rendered.
    package init(sources: [String: (text: String, origin: String)]) throws(TemplateError) {
        _ = ContentTypeRegistry.registered
        // Before parsing: Mustache's parser recurses once per nested section.
        let tags = sources.mapValues { Self.tags(in: $0.text) }
        let partials = try Self.checkStructure(sources, tags: tags)
        var own: [String: MustacheTemplate] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) where source.text != DefaultTemplates.sources[name] {
            do {
                own[name] = try MustacheTemplate(string: source.text)
            } catch let error as MustacheTemplate.ParserError {
                throw .syntax(
                    origin: source.origin, line: error.context.lineNumber, column: error.context.columnNumber,
                    reason: Self.describe(error.error))
            } catch {
                throw .syntax(origin: source.origin, line: 1, column: 1, reason: "\(error)")
            }
        }
        self.parsed = LazyLibrary(names: Set(sources.keys), own: own, partials: partials)
        self.origins = sources.mapValues(\.origin)
        self.texts = sources.mapValues(\.text)
        self.staticBytes = tags.mapValues(Self.staticBytesBySection(tags:))
    }

    /// The template a report document of `format` renders with: `report.html` in every language,
    /// or the user's own `report.ko.html` for a Korean report when they gave one.
    package func documentTemplate(_ format: ReportFormat, language: ReportLanguage) -> String {
        let variant = "report\(language.infix).\(format.rawValue)"
        return language != .en && origins[variant] != nil ? variant : "report.\(format.rawValue)"
    }

    /// Whether the template called `name` is the user's own, not the bundled default.
    package func isOwn(_ name: String) -> Bool {
        texts[name].map { $0 != DefaultTemplates.sources[name] } ?? false
    }

    /// Parses the templates called `names` and their partials now, so rendering them later does
    /// not wait for it (a report parses them while its data is fetched).
    package func prepare(_ names: [String]) {
        for name in names where origins[name] != nil { parsed.prepare(name) }
    }

    /// Renders the template called `name` (file name without `.mustache`) with a view model.
    ///
    /// Rendering is bounded (``RenderBudget``): a template that would visit far more list elements
    /// than the view model holds (lists nested in themselves) fails with ``TemplateError/tooMuchOutput``.
    package func render(_ name: String, _ context: Any) throws(TemplateError) -> String {
        try render(name, wrapped: WrappedView(context))
    }

    /// A view model made ready for Mustache once (``RenderBudget/wrapping(_:)``), for documents
    /// rendered one after another from it: wrapping a twenty-year report's took 0.06 s a document.
    // Unchecked Sendable: immutable after init; the wrapped view model is only read.
    struct WrappedView: @unchecked Sendable {
        let budget: RenderBudget
        let context: Any

        init(_ context: Any) { (budget, self.context) = RenderBudget.wrapping(context) }
    }

    /// Renders `name` with a view model wrapped before, with a whole budget of its own
    /// (``RenderBudget/Account``): renderings of one wrapped view model may overlap.
    func render(_ name: String, wrapped view: WrappedView) throws(TemplateError) -> String {
        try checkOutputSize(name, elementsByKey: view.budget.elementsByKey)
        let account = RenderBudget.Account(visits: view.budget.limit)
        guard let text = account.charging({ parsed.render(name, view.context) }) else { throw .unknown(name: name, origin: nil) }
        if account.exceeded { throw .tooMuchOutput(origin: origins[name] ?? name, visits: view.budget.limit) }
        return text
    }

    /// The most a report's file may be, as estimated from its template before rendering.
    package static let maximumOutput = 64 << 20

    /// Refuses, before rendering, a template whose list sections would repeat more text than
    /// ``maximumOutput``: the static text inside each section named like a list, times the elements
    /// of the lists of that name. (A template of a megabyte whose text sits inside the daily rows'
    /// section made a 286 MB CSV and held 877 MB.) Values filled in are not counted: the view
    /// model's own size bounds them.
    func checkOutputSize(_ name: String, elementsByKey: [String: Int]) throws(TemplateError) {
        guard let sections = staticBytes[name] else { return }
        for (section, bytes) in sections {
            guard let count = elementsByKey[section], count > 0 else { continue }
            let (total, overflow) = bytes.multipliedReportingOverflow(by: count)
            if overflow || total > Self.maximumOutput {
                throw .outputTooLarge(origin: origins[name] ?? name, megabytes: overflow ? Int.max >> 20 : total >> 20, section: section)
            }
        }
    }

    /// For each section name, the most static text (bytes outside tags) one of its sections holds,
    /// nested sections' text included.
    static func staticBytesBySection(in text: String) -> [String: Int] {
        staticBytesBySection(tags: tags(in: text))
    }

    /// ``staticBytesBySection(in:)`` from a text's ``tags(in:)``.
    static func staticBytesBySection(tags: [Tag]) -> [String: Int] {
        var result: [String: Int] = [:]
        var open: [(name: String, bytes: Int)] = []
        var previousEnd = 0
        for tag in tags {
            let gap = max(0, tag.start - previousEnd)
            for index in open.indices { open[index].bytes += gap }
            switch tag.kind {
            case "#", "^": open.append((tag.name, 0))
            case "/":
                if let closed = open.popLast() { result[closed.name] = max(result[closed.name] ?? 0, closed.bytes) }
            default: break
            }
            previousEnd = tag.end
        }
        return result
    }

    /// A Mustache tag: the character that says its kind (`#` `^` `/` `>` `<` `$` `=` `!` `{` `&`, or
    /// a space for a plain variable), its name, and where it starts (its line, 1-based).
    struct Tag {
        var kind: Character
        var name: String
        var line: Int
        /// Where the tag's line starts, and where the tag starts and ends, in the text's UTF-8 bytes.
        var lineStart = 0
        var start = 0
        var end = 0

        /// The tag's column in `text` (the text it was read from), 1-based, in characters as an
        /// editor counts them (Korean text is three bytes a character). Only an error names it:
        /// counting it for every tag was 44% of reading a template's tags.
        func column(in text: String) -> Int {
            let utf8 = text.utf8
            let from = utf8.index(utf8.startIndex, offsetBy: lineStart), to = utf8.index(utf8.startIndex, offsetBy: start)
            return text[from..<to].count + 1
        }
    }

    /// Every tag of a template's text, with the default `{{ }}` delimiters.
    static func tags(in text: String) -> [Tag] {
        // Read as UTF-8 bytes: with String.range(of:) and String.distance this was 15% of the
        // sample report's CPU.
        var found: [Tag] = []
        let bytes = Array(text.utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var line = 1
        var lineStart = 0
        var index = 0
        while index + 1 < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard byte == open, bytes[index + 1] == open else {
                index += 1
                continue
            }
            var bodyStart = index + 2
            while bodyStart < bytes.count, bytes[bodyStart] == 0x20 || bytes[bodyStart] == 0x09 { bodyStart += 1 }
            // The tag ends at the next "}}" on its line; an unclosed tag ends the line's tags.
            var end = bodyStart
            while end + 1 < bytes.count, bytes[end] != UInt8(ascii: "\n"), !(bytes[end] == close && bytes[end + 1] == close) { end += 1 }
            guard end + 1 < bytes.count, bytes[end] == close, bytes[end + 1] == close else {
                index = end
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            let inside = String(decoding: bytes[bodyStart..<end], as: UTF8.self)
            let kind = inside.first.map { "#^/><$=!{&".contains($0) ? $0 : " " } ?? " "
            let name = ScalarTrimmer.blanks.trimmed(kind == " " ? inside[...] : inside.dropFirst())
            found.append(Tag(kind: kind, name: name, line: line, lineStart: lineStart, start: index, end: end + 2))
            index = end + 2
        }
        return found
    }

    /// Sections nested deeper than this, counting through partials, are refused when templates load.
    package static let maximumNesting = 32

    /// Refuses, before anything is parsed or rendered, a partial naming no template and what could
    /// take the process down: a partial that includes itself (directly or through others, or through a parent template), sections nested
    /// deeper than ``maximumNesting``, and the two features that would hide either from this check
    /// (changed delimiters, dynamic partials).
    ///
    /// - Returns: the partials (and parents) each template names.
    @discardableResult
    static func checkStructure(_ sources: [String: (text: String, origin: String)]) throws(TemplateError) -> [String: [String]] {
        try checkStructure(sources, tags: sources.mapValues { Self.tags(in: $0.text) })
    }

    /// ``checkStructure(_:)`` with each source's ``tags(in:)`` read before.
    static func checkStructure(_ sources: [String: (text: String, origin: String)], tags: [String: [Tag]]) throws(TemplateError) -> [String: [String]]
    {
        var depths: [String: Int] = [:]
        var visiting: [String] = []
        func nesting(of name: String) throws(TemplateError) -> Int {
            if let known = depths[name] { return known }
            let origin = sources[name]?.origin ?? name
            let text = sources[name]?.text ?? ""
            visiting.append(name)
            var depth = 0
            var deepest = 0
            for tag in tags[name] ?? [] {
                switch tag.kind {
                case "=":
                    throw .unsupported(origin: origin, line: tag.line, column: tag.column(in: text), feature: "changing the delimiters ({{=…=}})")
                case ">" where tag.name.hasPrefix("*"):
                    throw .unsupported(origin: origin, line: tag.line, column: tag.column(in: text), feature: "dynamic partials ({{>*name}})")
                case "#", "^", "$":
                    depth += 1
                case "/":
                    depth -= 1
                case ">" where !tag.name.isEmpty && sources[tag.name] == nil:
                    throw .unknownPartial(origin: origin, line: tag.line, column: tag.column(in: text), name: tag.name)
                case ">", "<":
                    if tag.kind == "<" { depth += 1 }
                    if let start = visiting.firstIndex(of: tag.name) {
                        let chain = (visiting[start...] + [tag.name]).joined(separator: " → ")
                        throw .partialCycle(origin: origin, line: tag.line, column: tag.column(in: text), chain: chain)
                    }
                    if sources[tag.name] != nil { deepest = max(deepest, depth + (try nesting(of: tag.name))) }
                default:
                    break
                }
                deepest = max(deepest, depth)
                if deepest > maximumNesting {
                    throw .tooDeep(origin: origin, line: tag.line, column: tag.column(in: text), maximum: maximumNesting)
                }
            }
            visiting.removeLast()
            depths[name] = deepest
            return deepest
        }
        for name in sources.keys.sorted() { _ = try nesting(of: name) }
        return tags.mapValues { $0.filter { ($0.kind == ">" || $0.kind == "<") && !$0.name.isEmpty }.map(\.name) }
    }

    /// A parser error as a phrase.
    static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with a different name than it was opened with"
        case .unfinishedName: return "a tag is not closed with }}"
        case .expectedSectionEnd: return "a section is never closed ({{/name}} missing)"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform is applied to an inheritance section"
        case .illegalTokenInsideInheritSection: return "a tag not allowed inside an inheritance section"
        case .textInsideInheritSection: return "text inside an inheritance section"
        case .invalidConfigVariableSyntax: return "a {{% … }} pragma is malformed"
        case .unrecognisedConfigVariable: return "an unknown {{% … }} pragma or content type"
        }
    }
}

/// A template that cannot be used.

/// A set of templates' Mustache library, filled as templates are rendered: each template with the
/// partials it names, the user's own already parsed, the bundled ones parsed once per process.
// Unchecked Sendable: the library and its names change under `lock` only.
private final class LazyLibrary: @unchecked Sendable {
    private let lock = NSLock()
    private var library = MustacheLibrary()
    private var registered: Set<String> = []
    private let names: Set<String>
    private let own: [String: MustacheTemplate]
    private let partials: [String: [String]]
    /// Templates some template names as a partial: these are parsed whole, to be registered.
    private let named: Set<String>

    init(names: Set<String>, own: [String: MustacheTemplate], partials: [String: [String]]) {
        self.names = names
        self.own = own
        self.partials = partials
        self.named = Set(partials.values.joined())
    }

    /// The library holding `name` and every partial it reaches (a copy: rendering needs no lock).
    /// A bundled template no other template names is left out: it renders from its pieces.
    func library(for name: String) -> MustacheLibrary {
        lock.withLock {
            var pending = [name]
            while let next = pending.popLast() {
                guard names.contains(next), registered.insert(next).inserted else { continue }
                let whole = next != name || own[next] != nil || named.contains(next) || ReportTemplates.bundledParsed.pieces(next) == nil
                if whole, let template = own[next] ?? ReportTemplates.bundledParsed.template(next) { library.register(template, named: next) }
                pending += partials[next] ?? []
            }
            return library
        }
    }

    /// Parses `name` and its partials now.
    func prepare(_ name: String) { _ = library(for: name) }

    /// `name` rendered with `context`: a user's template whole, a bundled one piece by piece
    /// (``TemplatePieces``); nil for a name that is no template.
    func render(_ name: String, _ context: Any) -> String? {
        let library = library(for: name)
        if own[name] == nil, !named.contains(name), names.contains(name), let pieces = ReportTemplates.bundledParsed.pieces(name) {
            return pieces.render(context, library: library)
        }
        return library.render(context, withTemplate: name)
    }
}

/// The bundled templates, each parsed the first time any run in this process asks for it.
// Unchecked Sendable: both caches change under `lock` only.
final class BundledTemplates: @unchecked Sendable {
    private let lock = NSLock()
    private var parsed: [String: MustacheTemplate] = [:]
    private var pieces: [String: TemplatePieces] = [:]

    func template(_ name: String) -> MustacheTemplate? {
        lock.withLock {
            if let known = parsed[name] { return known }
            // The CSV and Markdown content types must be known before a template naming them parses.
            _ = ContentTypeRegistry.registered
            guard let text = DefaultTemplates.sources[name], let template = try? MustacheTemplate(string: text) else { return nil }
            parsed[name] = template
            return template
        }
    }

    /// The bundled template `name` parsed in pieces (``TemplatePieces``).
    func pieces(_ name: String) -> TemplatePieces? {
        lock.withLock {
            if let known = pieces[name] { return known }
            _ = ContentTypeRegistry.registered
            guard let text = DefaultTemplates.sources[name], let made = TemplatePieces(text) else { return nil }
            pieces[name] = made
            return made
        }
    }
}

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
    // Unchecked Sendable: `made` changes under `lock` only.
    private final class LazyRows: @unchecked Sendable {
        private let lock = NSLock()
        private let texts: [String]
        private var made: [Set<String>: [(template: Piece, sections: [RowSection])?]] = [:]

        init(texts: [String]) { self.texts = texts }

        func value(lists: Set<String>) -> [(template: Piece, sections: [RowSection])?] {
            lock.withLock {
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

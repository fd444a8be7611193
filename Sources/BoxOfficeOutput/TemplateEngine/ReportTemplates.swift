import BoxOfficeFiles
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
private final class LazyLibrary: Sendable {
    /// The library, and the templates registered in it.
    private let state = Locked<(library: MustacheLibrary, registered: Set<String>)>((MustacheLibrary(), []))
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
        state.withLock { state in
            var pending = [name]
            while let next = pending.popLast() {
                guard names.contains(next), state.registered.insert(next).inserted else { continue }
                let whole = next != name || own[next] != nil || named.contains(next) || ReportTemplates.bundledParsed.pieces(next) == nil
                if whole, let template = own[next] ?? ReportTemplates.bundledParsed.template(next) { state.library.register(template, named: next) }
                pending += partials[next] ?? []
            }
            return state.library
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
final class BundledTemplates: Sendable {
    private let parsed = Locked<[String: MustacheTemplate]>([:])
    private let pieces = Locked<[String: TemplatePieces]>([:])

    func template(_ name: String) -> MustacheTemplate? {
        parsed.withLock { parsed in
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
        pieces.withLock { pieces in
            if let known = pieces[name] { return known }
            _ = ContentTypeRegistry.registered
            guard let text = DefaultTemplates.sources[name], let made = TemplatePieces(text) else { return nil }
            pieces[name] = made
            return made
        }
    }
}

import BoxOfficeModel
import BoxOfficePipeline
import Foundation
import Mustache
import Testing
import UnitTestSupport

@testable import BoxOfficeOutput

/// The long tables of the bundled documents are rendered by ``RowSection``, not swift-mustache:
/// they must come out exactly as swift-mustache renders the template whole.
@Suite("Row sections of the bundled documents")
struct RowSectionTests {
    /// Titles every escaping has something to do with, and one that looks like a tag.
    static let hostile = [
        "<b>&amp;</b> \"q\" 'a'", "*별* _x_ [링크](u) | 파이프 ~ # ! `c`", "www.example.com http://x ftp:y HTTPS:z WWW.Y",
        "줄\n바꿈\r\n\u{2028}끝\u{85}", "\"\u{301} 결합 <\u{301}", "  공백  ", "{{title}} {{{l.film}}}", "\\역슬래시 ", "",
    ]

    /// The sample stretched to 400 new entries and enough films for ``RowSection`` to render their
    /// tables in halves, hostile titles from the ninth on (past the rows both renderers are
    /// compared on while rendering).
    static func long(_ sample: BoxOfficeReport) -> BoxOfficeReport {
        var report = sample
        report.films = (0..<(RowSection.rowsInHalves + 101)).map { index in
            var film = sample.films[index % sample.films.count]
            film.rank = index + 1
            film.movieCode = "X\(index)"
            if index >= RowSection.probeRows { film.title = hostile[index % hostile.count] }
            return film
        }
        report.summary.newEntries = (0..<400).map { index in
            var entry = sample.summary.newEntries[index % sample.summary.newEntries.count]
            if index >= RowSection.probeRows { entry.title = hostile[(index + 3) % hostile.count] }
            return entry
        }
        return report
    }

    /// The sample's weekend stretched to 300 periods (their rows' titles hostile past the probed
    /// periods) and the long films list: a period report whose charts ``RowSection`` renders.
    static func longPeriods(_ sample: BoxOfficeReport) async throws -> BoxOfficeReport {
        let report = try await TestReports.weekend()
        var long = report
        long.films = Self.long(sample).films
        let first = try #require(report.periods.first)
        long.periods = (0..<300).map { index in
            var period = first
            period.start = first.start + 7 * index
            period.provisional = index % 7 == 3
            period.audienceChangePercent = index % 2 == 0 ? nil : Double(index) / 10
            if index % 50 == 49 { period.entries = [] }
            for row in period.entries.indices where index >= RowSection.probeRows {
                period.entries[row].title = hostile[(index + row) % hostile.count]
            }
            return period
        }
        return long
    }

    static func library() throws -> MustacheLibrary {
        let bundled = BundledTemplates()
        var library = MustacheLibrary()
        for name in ["html-style", "html-chart"] { library.register(try #require(bundled.template(name)), named: name) }
        return library
    }

    @Test("the long tables render as swift-mustache renders the whole template, hostile titles and both languages included")
    func sameAsMustache() async throws {
        let bundled = BundledTemplates()
        let library = try Self.library()
        let sample = try await TestReports.sample()
        let long = Self.long(sample)
        let periods = try await Self.longPeriods(sample)
        #expect(TemplatePieces.longLists(try #require(RenderBudget.wrapping(ReportView.make(long)).context as? ViewObject)).contains("films"))
        for report in [sample, long, periods, FixedReports.threeDays] {
            for language in [ReportLanguage.en, .ko] {
                for name in ["report.md", "report.html"] {
                    let context = ReportView.make(report, style: .init(language: language))
                    let pieces = try #require(bundled.pieces(name))
                    let whole = try #require(bundled.template(name)).render(context, library: library)
                    let root = try #require(RenderBudget.wrapping(context).context as? ViewObject)
                    #expect(pieces.render(root, library: library) == whole, "\(name) \(language)")
                }
            }
        }
    }

    @Test("the films, runs, new-entry, week and period tables are among the sections taken, and rendered here")
    func tablesAreTaken() async throws {
        let bundled = BundledTemplates()
        let library = try Self.library()
        let sample = try await TestReports.sample()
        for (report, tables) in [
            (Self.long(sample), ["films", "runs", "new_entries", "weeks", "days"]),
            (try await Self.longPeriods(sample), ["films", "runs", "periods"]),
        ] {
            for name in ["report.md", "report.html"] {
                let pieces = try #require(bundled.pieces(name))
                let root = try #require(RenderBudget.wrapping(ReportView.make(report)).context as? ViewObject)
                let rowPieces = pieces.rowPieces(lists: TemplatePieces.topLevelLists(root))
                let taken = rowPieces.compactMap { $0 }.flatMap { $0.sections.map { $0.list.joined(separator: ".") } }
                #expect(Set(tables).isSubset(of: Set(taken)), "\(name): \(taken)")
                for rows in rowPieces.compactMap({ $0 }) {
                    #expect(TemplatePieces.render(rows, root: root, library: library) != nil, "\(name): \(rows.sections.map(\.list))")
                }
            }
        }
    }

    @Test("a value the interpreter does not know leaves the table to Mustache, with the same output")
    func unknownValueFallsBack() async throws {
        let bundled = BundledTemplates()
        let library = try Self.library()
        var context = ReportView.make(try await TestReports.sample())
        var films = try #require(context["films"] as? [ViewRow])
        films[films.count - 1] = films[films.count - 1].setting("title", to: 42)
        context["films"] = films
        let root = try #require(RenderBudget.wrapping(context).context as? ViewObject)
        let pieces = try #require(bundled.pieces("report.md"))
        let filmsPiece = try #require(
            pieces.rowPieces(lists: TemplatePieces.topLevelLists(root)).compactMap { $0 }.first { $0.sections.contains { $0.list == ["films"] } })
        let whole = try #require(bundled.template("report.md")).render(context, library: library)
        let rendered = try #require(TemplatePieces.render(filmsPiece, root: root, library: library))
        #expect(rendered.contains("42"))
        #expect(pieces.render(root, library: library) == whole)
    }

    @Test("a value the interpreter does not know in the second half of a long table leaves it to Mustache")
    func unknownValueInSecondHalf() async throws {
        let bundled = BundledTemplates()
        let library = try Self.library()
        var context = ReportView.make(Self.long(try await TestReports.sample()))
        var films = try #require(context["films"] as? [ViewRow])
        #expect(films.count >= RowSection.rowsInHalves)
        films[films.count - 2] = films[films.count - 2].setting("title", to: 42)
        context["films"] = films
        let root = try #require(RenderBudget.wrapping(context).context as? ViewObject)
        let pieces = try #require(bundled.pieces("report.md"))
        let whole = try #require(bundled.template("report.md")).render(context, library: library)
        #expect(whole.contains("| 42 |"))
        #expect(pieces.render(root, library: library) == whole)
    }

    @Test("a section outside the subset is not taken: partials, transforms, `.`, an inverted list, a name that is not a top-level list")
    func subset() {
        let pragma = "{{% CONTENT_TYPE: MARKDOWN}}\n"
        func taken(_ text: String, lists: Set<String> = ["rows", "more"]) -> [String] {
            RowSection.rewrite(pragma + text, pieceIndex: 0, lists: lists)?.sections.map { $0.section.list.joined(separator: ".") } ?? []
        }
        #expect(taken("head\n{{#rows}}\n| {{a}} | {{{b}}} | {{#c}}x{{/c}}{{^d}}y{{/d}} | {{l.e}} |\n{{/rows}}\n") == ["rows"])
        #expect(taken("head\n{{#rows}}\n{{> part}}\n{{/rows}}\n") == [])
        #expect(taken("head\n{{#rows}}\n{{uppercased(a)}}\n{{/rows}}\n") == [])
        #expect(taken("head\n{{^rows}}\nnone\n{{/rows}}\n") == [])
        #expect(taken("head\n{{#rows}}\n{{.}}\n{{/rows}}\n") == [])
        #expect(taken("head\n{{#rows}}\n{{a}}\n{{/rows}}\n", lists: ["other"]) == [], "not a top-level list")
        #expect(taken("head\n{{#rows}} x\n{{a}}\n{{/rows}}\n") == [], "the section's own tags must be alone on their lines")
        // Standalone tags inside, a list inside, no text line before it, no line end after it.
        #expect(taken("head\n{{#rows}}\n{{#c}}\nx\n{{/c}}\n  {{! note }}\n{{#more}}\n{{a}}\n{{/more}}\n{{/rows}}\n") == ["rows"], "outermost only")
        #expect(taken("{{#x}}\n{{#rows}}\n{{a}}\n{{/rows}}\n{{/x}}\n") == ["rows"])
        #expect(taken("head\n{{#rows}}\n{{a}}\n{{/rows}}") == ["rows"])
    }

    @Test("standalone lines, lists inside, and placeholders render as Mustache renders them; a value that looks like a placeholder is text")
    func standaloneAndNested() async throws {
        _ = ContentTypeRegistry.registered
        let texts = [
            "{{% CONTENT_TYPE: MARKDOWN}}\n# {{title}}\n{{#show}}\n{{#rows}}\n## {{name}}\n{{#items}}\n  {{! a comment }}\n- {{v}}\n{{/items}}\n{{^items}}\nnone\n{{/items}}\n  {{#flag}}  \nflagged {{l.word}}\n  {{/flag}}\n\n{{/rows}}\n{{/show}}\nend {{title}}\n",
            "{{#rows}}\n{{#kids}}\n<li>{{name}} {{{raw}}}</li>\n{{/kids}}\n{{/rows}}",
        ]
        for text in texts {
            let rows: [[String: Any]] = (0..<1_200).map { index in
                [
                    "name": index % 5 == 0 ? "\u{1}row-section-\(RowSection.token)-0-0\u{1}\n" : "<n&\(index)> *",
                    "items": index % 3 == 0 ? [] : [["v": "a\(index)"], ["v": "b|\(index)"]],
                    "flag": index % 2 == 0,
                    "raw": "<b>\(index)</b>",
                    "kids": (0..<(index % 3)).map { ["name": "k\($0)", "raw": "&"] },
                ]
            }
            let context: [String: Any] = ["title": "T", "show": true, "rows": rows, "l": ["word": "w"]]
            let whole = try MustacheTemplate(string: text).render(context)
            let pieces = try #require(TemplatePieces(text))
            let root = try #require(RenderBudget.wrapping(context).context as? ViewObject)
            let rowPieces = pieces.rowPieces(lists: TemplatePieces.topLevelLists(root))
            #expect(rowPieces.compactMap { $0 }.flatMap(\.sections).map(\.list) == [["rows"]], "\(text)")
            #expect(pieces.render(root, library: MustacheLibrary()) == whole, "\(text)")
        }
    }

    @Test("rows of other columns in one list (table rows in two orders, dictionaries, names only at the root) render as Mustache renders them")
    func rowsOfManyColumns() throws {
        _ = ContentTypeRegistry.registered
        let text =
            "{{% CONTENT_TYPE: MARKDOWN}}\n{{#rows}}\n| {{a}} | {{b}} | {{only_root}} | {{l.word}} | {{#o}}{{o.x}}{{x}}{{/o}} | {{#f}}F{{/f}}{{^f}}-{{/f}} |\n{{/rows}}\n"
        let first = ViewTable(), second = ViewTable()
        let rows: [Any] = (0..<1_500).map { index -> Any in
            let object: [String: Any] = ["x": "x\(index)"]
            switch index % 5 {
            case 0: return first.row(["a": "a\(index)", "b": "*\(index)*", "f": true, "o": object])
            case 1: return second.row(["f": false, "b": "b\(index)", "a": "<\(index)>"])
            case 2: return ["a": "d\(index)", "only_root": "mine \(index)", "l": ["word": "own"]] as [String: Any]
            case 3: return first.row(["a": "a\(index)", "b": "|", "f": false, "o": ["y": "no x"] as [String: Any]])
            default: return second.row(["f": true, "b": "", "a": "a\(index)", "l": ["word": "row's"] as [String: Any]])
            }
        }
        let context: [String: Any] = ["rows": rows, "only_root": "root", "l": ["word": "w"], "x": "root x"]
        let whole = try MustacheTemplate(string: text).render(context)
        #expect(whole.contains("| a0 | \\*0\\* | root | w | x0x0 | F |") && whole.contains("| d2 |  | mine 2 | own |  | - |"))
        #expect(whole.contains("| a3 | \\| | root | w | root x | - |") && whole.contains("| a4 |  | root | row's |  | F |"))
        let pieces = try #require(TemplatePieces(text))
        let root = try #require(RenderBudget.wrapping(context).context as? ViewObject)
        #expect(pieces.rowPieces(lists: TemplatePieces.topLevelLists(root)).compactMap { $0 }.flatMap(\.sections).map(\.list) == [["rows"]])
        #expect(pieces.render(root, library: MustacheLibrary()) == whole)
    }

    @Test("a table's rows share their columns; a row named otherwise gets its own; Mustache reads a row as the dictionary")
    func viewTableRows() throws {
        let table = ViewTable()
        let one = table.row(["title": "A", "rank": "1", "is_new": true])
        let two = table.row(["title": "B", "rank": "2", "is_new": false])
        #expect(one.columns === two.columns)
        let other = table.row(["rank": "3", "title": "C", "is_new": false])
        #expect(other.columns !== one.columns && other.columns.names == ["rank", "title", "is_new"])
        #expect(table.row(["rank": "4", "title": "D", "is_new": true]).columns === other.columns, "the latest columns are the ones shared")
        #expect(two["title"] as? String == "B" && two["is_new"] as? Bool == false && two["missing"] == nil)
        #expect(two.setting("title", to: 42)["title"] as? Int == 42 && two["title"] as? String == "B")
        let template = try MustacheTemplate(string: "{{#rows}}{{rank}}. {{title}}{{#is_new}} new{{/is_new}} ({{count(.)}}); {{/rows}}")
        let expected = template.render(["rows": [one.dictionary, two.dictionary]])
        #expect(expected == "1. A new (3); 2. B (3); ")
        #expect(template.render(["rows": [one, two]]) == expected)
        #expect(try template.render(RenderBudget.wrapping(["rows": [one, two]]).context) == expected)
    }

    @Test("Markdown escaping skips only text it would leave as it is")
    func markdownFastPath() {
        let alphabet: [String] = [
            "a", "W", "w", "h", "t", "p", "f", ".", ":", "s", "영", "1", " ", "*", "\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{A0}", "–", "·", "▲",
            "\u{301}", "|", "#", "H", "T", "P",
        ]
        var generator = SystemRandomNumberGenerator()
        let markdown = MarkdownContentType()
        var skipped = 0
        for _ in 0..<30_000 {
            let text = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            if MarkdownContentType.needsNothing(text) {
                skipped += 1
                #expect(markdown.escapeEach(text) == text, "\(text.debugDescription)")
            }
        }
        #expect(skipped > 1_000)
        for text in ["www.x", "WwW.x", "http:", "HTTPS:", "ftp:", "a*b", "x\ny", "\u{2028}", "a\u{2029}", "\u{85}b"] {
            #expect(!MarkdownContentType.needsNothing(text), "\(text)")
        }
        for text in ["12.5", "2026-11-25", "시뮬레이션 영화 12", "ww.x", "htt:", "–", "+12.5% ▲", "a·b", "\u{A0}"] {
            #expect(MarkdownContentType.needsNothing(text), "\(text)")
        }
    }

    /// A runaway text template (a list nested in itself four times) beside a Markdown one that
    /// lists the rows once, a wrapped view model of 1,000 rows, and that Markdown's text.
    static func runawayBesideRows() throws -> (templates: ReportTemplates, view: ReportTemplates.WrappedView, expected: String) {
        let templates = try ReportTemplates.load(
            replacing: [
                "report.txt": "{{#rows}}{{#rows}}{{#rows}}{{#rows}}x{{/rows}}{{/rows}}{{/rows}}{{/rows}}", "report.md": "{{#rows}}{{a}},{{/rows}}",
            ],
            origin: "test")
        let view = ReportTemplates.WrappedView(["rows": (0..<1000).map { ["a": "\($0)"] }])
        return (templates, view, (0..<1000).map { "\($0)," }.joined())
    }

    @Test("one wrapped view model renders document after document, each with the whole budget")
    func wrappedViewRendersTwice() throws {
        let (templates, view, expected) = try Self.runawayBesideRows()
        #expect(try templates.render("report.md", wrapped: view) == expected)
        #expect(throws: TemplateError.self) { try templates.render("report.txt", wrapped: view) }
        #expect(try templates.render("report.md", wrapped: view) == expected)
    }

    @Test("two documents render one wrapped view model side by side, each with a whole budget of its own")
    func wrappedViewRendersSideBySide() throws {
        let (templates, view, expected) = try Self.runawayBesideRows()
        for _ in 0..<5 {
            // The runaway template spends its whole budget while the other renders: one budget
            // shared by both would cut the Markdown short or fail it.
            let (markdown, text) = BoundedTaskGroup.both(
                { Result { try templates.render("report.md", wrapped: view) } }, { Result { try templates.render("report.txt", wrapped: view) } })
            #expect((try? markdown.get()) == expected, "the Markdown, whole")
            // (The runaway text is never printed: a megabyte of it.)
            guard case .failure(let error) = text, case .tooMuchOutput(let origin, _) = error as? TemplateError else {
                Issue.record("the runaway template did not stop with tooMuchOutput")
                continue
            }
            #expect(origin.contains("report.txt"))
        }
    }

    @Test(
        "a list is taken by a row section from a weight of 200 (its elements and those of the lists in them), every list from 1,000 elements in all")
    func longListsByWeight() async throws {
        let days = (0..<3).map { day in ["date": "d\(day)", "rows": (0..<66).map { ["rank": "\($0)"] }] as [String: Any] }
        let context: [String: Any] = ["days": days, "films": (0..<199).map { ["title": "\($0)"] }, "flat": (0..<200).map { "\($0)" }, "title": "t"]
        let root = try #require(RenderBudget.wrapping(context).context as? ViewObject)
        guard case .list(let dayList) = try #require(root["days"]) else { throw CancellationError() }
        #expect(TemplatePieces.weight(dayList) == 3 + 3 * 66)
        #expect(TemplatePieces.longLists(root) == ["days", "flat"], "201 and 200 are taken, 199 is not")
        // With a thousand elements in all the lists together, every list is taken, however short.
        var long = context
        long["more"] = (0..<(TemplatePieces.everyListFrom - 402)).map { "\($0)" }
        long["one"] = ["x"]
        let longRoot = try #require(RenderBudget.wrapping(long).context as? ViewObject)
        #expect(TemplatePieces.longLists(longRoot) == ["days", "films", "flat", "more", "one"])
        // The sample's lists are short: it renders every piece as written.
        let sample = try #require(RenderBudget.wrapping(ReportView.make(try await TestReports.sample())).context as? ViewObject)
        #expect(TemplatePieces.longLists(sample).isEmpty)
    }

    @Test("visits are charged to the rendering's account on every thread that renders it, else to the budget")
    func accountsAcrossThreads() {
        let (budget, _) = RenderBudget.wrapping(["rows": ["a", "b"]])
        let account = RenderBudget.Account(visits: 3)
        #expect(account.charging { (0..<3).allSatisfy { _ in budget.spend() } })
        #expect(!account.exceeded)
        // Another thread, charging the same account: the fourth visit is refused.
        let refused = BoundedTaskGroup.both({ RenderBudget.Account.charging(account) { budget.spend() } }, { 0 }).0
        #expect(!refused && account.exceeded && account.used == 3)
        // Outside any account, the budget's own count (1,000,000 and more) is spent.
        #expect(budget.spend() && RenderBudget.Account.current == nil)
    }

    @Test("a long table's halves, rendered on two threads, spend from the rendering's account")
    func halvesSpendFromTheAccount() async throws {
        let bundled = BundledTemplates()
        let library = try Self.library()
        let context = ReportView.make(Self.long(try await TestReports.sample()))
        let root = try #require(RenderBudget.wrapping(context).context as? ViewObject)
        // The lists long enough to be rendered in halves (the films and their runs).
        let halved = root.values.map { value -> Int in
            guard case .list(let list) = value, list.elements.count >= RowSection.rowsInHalves else { return 0 }
            return list.elements.count
        }.reduce(0, +)
        #expect(halved >= 2 * RowSection.rowsInHalves)
        let pieces = try #require(bundled.pieces("report.md"))
        let account = RenderBudget.Account(visits: 10_000_000)
        let rendered = account.charging { pieces.render(root, library: library) }
        #expect(rendered == (try #require(bundled.template("report.md")).render(context, library: library)))
        // Every row of those lists is visited once, half of them on another thread: all charged
        // to the account (half of them would be, were the other thread's charged elsewhere).
        #expect(account.used >= halved, "\(account.used) visits charged for \(halved) rows rendered in halves")
    }
}

@Suite struct PlaceholderSearchTests {
    /// The byte search finds what the standard library's `firstRange(of:)` finds, as the same
    /// `String.Index` range.
    @Test func findsWhatTheGenericSearchFinds() {
        let needle = "\u{1}row-section-ab-0-1\u{1}\n"
        let texts = [
            "", needle, "영화 " + needle + " 끝", "x\u{1}row-section-ab-0-\u{1}row-section-ab-0-1\u{1}\n",
            String(repeating: "\u{1}", count: 30) + needle,
            "no placeholder here", "\u{1}row-section-ab-0-1\u{1}", "🎬🎬" + needle + needle, String(repeating: "가", count: 1_000) + needle,
        ]
        for text in texts {
            #expect(TemplatePieces.firstRange(of: needle, in: text) == text.utf8.firstRange(of: needle.utf8), "\(text.debugDescription)")
        }
        #expect(TemplatePieces.firstRange(of: "", in: "abc") == "abc".startIndex..<"abc".startIndex)
    }
}

extension TemplatePieces {
    /// The names of the view model's top-level lists: every section ``RowSection`` may take, for
    /// the tests that have it take them all whatever their weight (``longLists(_:)`` decides in a run).
    static func topLevelLists(_ root: ViewObject) -> Set<String> {
        Set(
            zip(root.columns.names, root.values).compactMap { name, value in
                guard case .list = value else { return nil }
                return name
            })
    }
}

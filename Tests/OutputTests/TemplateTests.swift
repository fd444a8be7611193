import BoxOfficeModel
import BoxOfficePipeline
import Foundation
import Mustache
import Testing
import UnitTestSupport

@testable import BoxOfficeOutput

@Suite("Bundled templates, parsed lazily")
struct BundledTemplateTests {
    @Test("every bundled template parses, though a run parses only those it renders")
    func everyBundledTemplateParses() {
        let bundled = BundledTemplates()
        #expect(DefaultTemplates.names == DefaultTemplates.purposes.keys.sorted(), "every template says what it renders")
        for name in DefaultTemplates.sources.keys.sorted() { #expect(bundled.template(name) != nil, "\(name)") }
    }

    @Test("a template rendered alone brings its partials along")
    func partialsComeAlong() throws {
        let templates = try ReportTemplates.bundled()
        let html = try templates.render("report.html", ReportView.make(FixedReports.threeDays))
        #expect(html.contains("<style") && html.contains("<svg"), "the style and chart partials were rendered")
    }

    @Test("a bundled template parsed in pieces renders what it renders parsed whole, in both languages")
    func piecesRenderAsTheWhole() async throws {
        let bundled = BundledTemplates()
        var library = MustacheLibrary()
        for name in ["html-style", "html-chart"] { library.register(try #require(bundled.template(name)), named: name) }
        let period = ChartPeriod(.weekend, inWeekOf: SampleData.week.start)
        let daily = try await TestReports.sample()
        let weekend = try await TestReports.sample {
            $0.range = DateRange(start: period.start, end: period.end)
            $0.periods = (.weekend, [period])
        }
        for report in [daily, weekend, FixedReports.threeDays] {
            for language in [ReportLanguage.en, .ko] {
                let words = Words(language: language)
                let contexts: [String: [String: Any]] = [
                    "report.html": ReportView.make(report, style: .init(language: language)),
                    "report.md": ReportView.make(report, style: .init(language: language)),
                    "report.txt": TextView.make(report, words: words),
                ]
                for (name, context) in contexts {
                    let pieces = try #require(bundled.pieces(name))
                    let whole = try #require(bundled.template(name)).render(context, library: library)
                    #expect(pieces.render(context, library: library) == whole, "\(name) \(language)")
                }
            }
        }
        // The long templates are cut, each cut at a line end with no section open.
        for name in ["report.html", "report.md"] {
            let text = try #require(DefaultTemplates.sources[name])
            let cuts = try #require(TemplatePieces.cuts(in: text))
            #expect(cuts.count >= 4, "\(name): \(cuts.count) cuts")
            let bytes = Array(text.utf8)
            for cut in cuts {
                #expect(bytes[cut - 1] == UInt8(ascii: "\n"))
                let before = String(decoding: bytes[..<cut], as: UTF8.self)
                let opened = ReportTemplates.tags(in: before).reduce(0) { depth, tag in
                    depth + ("#^$<".contains(tag.kind) ? 1 : tag.kind == "/" ? -1 : 0)
                }
                #expect(opened == 0, "\(name): a section is open at byte \(cut)")
            }
        }
        // A section spanning the text leaves it whole; changed delimiters are not cut at all.
        let spanning = "{{#a}}\n" + String(repeating: "line {{b}}\n", count: 400) + "{{/a}}\n"
        #expect(TemplatePieces.cuts(in: spanning) == [])
        #expect(TemplatePieces.cuts(in: "{{=<% %>=}}\n" + String(repeating: "x\n", count: 900)) == nil)
    }
}

@Suite("Templates: override, fallback, export, errors")
struct TemplateTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("the bundled set is the Templates folder, compiled in, and a CSV template per table, made from its columns")
    func bundled() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestData.repositoryRoot.appendingPathComponent("Templates").path)
            .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }.sorted()
        let tables = ReportTable.allCases.filter(\.hasTemplate).map(\.template)
        #expect(Set(names).isDisjoint(with: tables), "a CSV template is not also a file")
        #expect(DefaultTemplates.names == (names + tables).sorted())
        for name in names {
            let onDisk = try String(contentsOf: TestData.repositoryRoot.appendingPathComponent("Templates/\(name).mustache"), encoding: .utf8)
            #expect(DefaultTemplates.sources[name] == onDisk, "\(name) compiled in as it is on disk")
        }
        // The daily table, as it has been published: the header, then a tag per column.
        let daily = try #require(DefaultTemplates.sources["daily.csv"]).split(separator: "\n").map(String.init)
        #expect(daily.count == 5 && daily[0] == "{{% CONTENT_TYPE: CSV}}" && daily[2] == "{{#rows}}" && daily[4] == "{{/rows}}")
        #expect(daily[1].hasPrefix("date,rank,rank_change,is_new,movie_cd,title,open_date,day_of_release,audience,"))
        #expect(daily[3] == daily[1].split(separator: ",").map { "{{\($0)}}" }.joined(separator: ","))
        #expect(Set(DefaultTemplates.purposes.keys) == Set(names + tables))
    }

    @Test("every template and partial declares its content type on its first line")
    func contentTypes() {
        for (name, text) in DefaultTemplates.sources {
            #expect(text.hasPrefix("{{% CONTENT_TYPE: "), "\(name)")
        }
    }

    @Test("a user's template replaces the default of its name; the others fall back")
    func overrideAndFallback() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{% CONTENT_TYPE: MARKDOWN}}\nCustom: {{title}} has {{summary.films}} films\n{{#films}}\n* {{title}}\n{{/films}}\n"
            .write(to: folder.appendingPathComponent("report.md.mustache"), atomically: true, encoding: .utf8)
        let templates = try ReportTemplates.load(overrides: folder)
        #expect(templates.origins["report.md"] == folder.appendingPathComponent("report.md.mustache").path)
        #expect(templates.origins["report.html"]?.hasPrefix("bundled") == true)

        let files = try await ReportRenderer(templates: templates).render(CSVTests.hostileReport(), formats: [.md, .html])
        let markdown = String(decoding: files[0].contents, as: UTF8.self)
        #expect(markdown.hasPrefix("Custom: Korean box office, 2024-01-10 has 10 films\n* 쉼표, 그리고 \"따옴표\"\n"))
        #expect(markdown.contains(#"* \<script\>alert(1)\</script\>"#), "escaping still belongs to the content type")
        let html = String(decoding: files[1].contents, as: UTF8.self)
        #expect(html.contains("<!DOCTYPE html>"), "the HTML falls back to the bundled default")
    }

    @Test("a partial can be overridden on its own")
    func partialOverride() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{% CONTENT_TYPE: HTML}}\n<style>body { color: rebeccapurple; }</style>\n"
            .write(to: folder.appendingPathComponent("html-style.mustache"), atomically: true, encoding: .utf8)
        let files = try await ReportRenderer(templates: try ReportTemplates.load(overrides: folder)).render(FixedReports.threeDays, formats: [.html])
        let html = String(decoding: files[0].contents, as: UTF8.self)
        #expect(html.contains("rebeccapurple") && !html.contains("font-variant-numeric"))
    }

    @Test("tags are found with their kind, name, line and column in characters, past Korean text and unclosed tags")
    func tagPositions() {
        let text = "제목 {{title}} and {{# list }}\n{{! note }}x{{/list}}\n{{ unclosed\n  한 {{> part}}{{{raw}}}\n"
        let tags = ReportTemplates.tags(in: text).map { "\($0.kind)\($0.name)@\($0.line):\($0.column(in: text))" }
        #expect(tags == [" title@1:4", "#list@1:18", "!note@2:1", "/list@2:13", ">part@4:5", "{raw@4:15"])
    }

    @Test("tag names are trimmed of exactly what Foundation calls white space, and no more")
    func tagNameTrimming() {
        let blanks = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter { CharacterSet.whitespaces.contains($0) }
        #expect(blanks.count >= 15)
        var texts = [
            "", "name", " name ", "\tl.x\t", " \n name\n ", "\u{3000}이름\u{3000}", "a b", "\u{200B}z", "e\u{301} ", " \u{301}x", "\u{85}y\u{85}",
        ]
        texts += blanks.map { "\($0)값\($0)\($0)" } + blanks.map { String($0) }
        for text in texts {
            #expect(ScalarTrimmer.blanks.trimmed(text[...]) == text.trimmingCharacters(in: .whitespaces), "\(String(reflecting: text))")
        }
    }

    @Test("a syntax error names the file, line and column")
    func syntaxError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("films.csv.mustache")
        try "{{% CONTENT_TYPE: CSV}}\nrank\n{{#films}}\n{{rank}}\n{{/filmz}}\n".write(to: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: TemplateError.self) { try ReportTemplates.load(overrides: folder) }
        guard case let .syntax(origin, line, _, reason)? = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        #expect(origin == path.path && line == 5 && reason.contains("closed with a different name"))
        #expect(error?.errorDescription?.hasPrefix("\(path.path):5:") == true)
        #expect(error?.exitStatus == .configuration)
    }

    @Test("a list nested in itself stops at the render budget with an error; the same lists walked side by side render in full")
    func renderBudget() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{% CONTENT_TYPE: MARKDOWN}}\n{{#films}}{{#films}}{{#films}}{{title}}{{/films}}{{/films}}{{/films}}\n".write(
            to: folder.appendingPathComponent("report.md.mustache"), atomically: true, encoding: .utf8)
        try "{{% CONTENT_TYPE: HTML}}\n{{#films}}{{title}}{{/films}}{{#films}}{{title}}{{/films}}{{#first(films)}}{{title}}{{/first(films)}}\n".write(
            to: folder.appendingPathComponent("report.html.mustache"), atomically: true, encoding: .utf8)
        let templates = try ReportTemplates.load(overrides: folder)
        let context: [String: Any] = ["films": (0..<1_000).map { ["title": "t\($0)"] }]
        let error = #expect(throws: TemplateError.self) { try templates.render("report.md", context) }
        #expect(error?.errorDescription?.contains("rendering stopped after 1050000 list elements") == true)
        #expect(error?.exitStatus == .configuration)
        let html = try templates.render("report.html", context)
        #expect(html.components(separatedBy: "t999").count == 3 && html.hasSuffix("t0\n"), "both walks in full, and transforms still work")
    }

    @Test("a user's template sees the view model as Mustache would: string and dictionary transforms, dotted names, sections on strings, escaping")
    func viewModelAsMustacheSeesIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = """
            {{% CONTENT_TYPE: HTML}}
            {{uppercased(title)}}|{{lowercased(title)}}|{{capitalized(note)}}|{{reversed(title)}}|{{#empty(blank)}}blank{{/empty(blank)}}\
            {{^empty(title)}}titled{{/empty(title)}}|{{count(summary)}}|{{#sorted(summary)}}{{key}}={{value}};{{/sorted(summary)}}|\
            {{summary.films}}|{{#note}}[{{note}}/{{.}}/{{title}}]{{/note}}|{{#summary}}{{films}}{{title}}{{/summary}}|\
            {{#films}}{{rank}}{{title}}{{#is_new}}*{{/is_new}}{{^is_new}}-{{/is_new}}{{text}}{{/films}}|{{{raw}}}|{{raw}}|{{missing}}

            """
        try text.write(to: folder.appendingPathComponent("report.html.mustache"), atomically: true, encoding: .utf8)
        let context: [String: Any] = [
            "title": "Ab <C>", "note": "two words", "blank": "", "raw": "<b>&'\"",
            "summary": ["films": "3", "audience": "1,234"],
            "films": [["rank": "1", "title": "x", "is_new": true], ["rank": "2", "is_new": false]],
        ]
        let rendered = try ReportTemplates.load(overrides: folder).render("report.html", context)
        // swift-mustache itself, on the plain dictionaries.
        _ = ContentTypeRegistry.registered
        let expected = try MustacheTemplate(string: text).render(context)
        #expect(rendered == expected)
        #expect(
            rendered.hasPrefix(
                "AB &lt;C&gt;|ab &lt;c&gt;|Two Words|&gt;C&lt; bA|blanktitled|2|audience=1,234;films=3;|3|[two words/two words/Ab &lt;C&gt;]|3Ab &lt;C&gt;|1x*2Ab &lt;C&gt;-|<b>&'\"|"
            ), "\(rendered)")
    }

    @Test("an unknown template file, an unknown partial and a missing folder are errors")
    func unknownNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "hello".write(to: folder.appendingPathComponent("report.pdf.mustache"), atomically: true, encoding: .utf8)
        #expect(throws: TemplateError.unknown(name: "report.pdf", origin: folder.appendingPathComponent("report.pdf.mustache").path)) {
            try ReportTemplates.load(overrides: folder)
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("report.pdf.mustache"))

        let md = folder.appendingPathComponent("report.md.mustache")
        try "{{% CONTENT_TYPE: MARKDOWN}}\n# {{title}}\n  {{> html-stlye}}\n".write(to: md, atomically: true, encoding: .utf8)
        #expect(throws: TemplateError.unknownPartial(origin: md.path, line: 3, column: 3, name: "html-stlye")) {
            try ReportTemplates.load(overrides: folder)
        }

        let missing = folder.appendingPathComponent("nope")
        #expect(throws: TemplateError.missingDirectory(path: missing.path)) { try ReportTemplates.load(overrides: missing) }
        #expect(throws: TemplateError.unknown(name: "report.pdf", origin: nil)) { try ReportTemplates.bundled().render("report.pdf", [:]) }
    }

    @Test("export writes every default, refuses to overwrite without force, and round-trips")
    func export() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try DefaultTemplates.export(to: folder, overwrite: false)
        #expect(written.map(\.lastPathComponent) == DefaultTemplates.names.map { $0 + ".mustache" })
        for url in written {
            let name = String(url.lastPathComponent.dropLast(".mustache".count))
            #expect(try String(contentsOf: url, encoding: .utf8) == DefaultTemplates.sources[name])
        }
        #expect(throws: TemplateExportError.self) { try DefaultTemplates.export(to: folder, overwrite: false) }
        _ = try DefaultTemplates.export(to: folder, overwrite: true)

        // Exported templates, used as overrides, render exactly what the defaults render.
        let fromExport = try await ReportRenderer(templates: try ReportTemplates.load(overrides: folder)).render(
            FixedReports.threeDays, formats: ReportFormat.byDefault)
        let fromDefaults = try await ReportRenderer(templates: try ReportTemplates.bundled()).render(
            FixedReports.threeDays, formats: ReportFormat.byDefault)
        #expect(fromExport == fromDefaults)
    }
}

@Suite("The committed sample in Reports/")
struct CommittedSampleTests {
    static let reports = TestData.repositoryRoot.appendingPathComponent("Reports")

    @Test("Reports/ holds exactly what 'boxoffice report --sample' writes today, with --weekend and with --depth 20")
    func committedSampleIsCurrent() async throws {
        let weekend = ChartPeriod(.weekend, inWeekOf: SampleData.week.start)
        var files: [RenderedFile] = []
        var headlines: [String: ReportHeadline] = [:]
        for report in [
            try await TestReports.sample(),
            try await TestReports.sample {
                $0.range = DateRange(start: weekend.start, end: weekend.end)
                $0.periods = (.weekend, [weekend])
            },
            try await TestReports.sample { $0.depth = .top20 },
        ] {
            files += try await ReportRenderer(templates: try ReportTemplates.bundled()).render(report, formats: ReportFormat.byDefault)
            headlines[ReportRenderer.baseName(for: report)] = ReportHeadline(report)
        }
        // The Korean report of the week, as `--lang ko` writes it (its CSV and JSON are the English run's).
        files += try await ReportRenderer(templates: try ReportTemplates.bundled(), options: .init(style: .init(language: .ko)))
            .render(try await TestReports.sample(), formats: [.md, .html, .txt])
        // The archive index each run rebuilds, listing the three reports.
        // The folder's own id is committed with it, as a run keeps it.
        let folderID = try #require(try ArchiveIndex.readFolderID(Self.reports.appendingPathComponent(ArchiveIndex.folderIDFile)))
        files += try ArchiveIndex(directory: Self.reports, templates: try ReportTemplates.bundled())
            .files(listing: files.map(\.name), headlines: headlines, folderID: folderID)
        // …and the headlines it keeps beside the index, as a run writes them.
        Golden.check(try ArchiveIndex.encode(headlines), against: Self.reports.appendingPathComponent(ArchiveIndex.stateFile))
        for file in files {
            Golden.check(file.contents, against: Self.reports.appendingPathComponent(file.name))
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: Self.reports.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(committed == files.map(\.name).sorted(), "Reports/ has exactly the sample's files")
    }
}

@Suite("Report writer")
struct ReportWriterTests {
    @Test("staged files stay hidden until committed, and vanish when discarded, dropped or committed wrongly")
    func staging() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-staging-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = ReportWriter(directory: folder)
        func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

        let staged = try writer.stage()
        try staged.add(RenderedFile(name: "boxoffice-b.json", contents: Data("{}".utf8)))
        try staged.add(RenderedFile(name: "boxoffice-b.csv", contents: Data("a,b".utf8)))
        #expect(try listing().count == 2 && listing().allSatisfy { $0.hasPrefix(".boxoffice-b.") && $0.hasSuffix(".tmp") })
        let paths = try staged.commit(["boxoffice-b.json", "boxoffice-b.csv"])
        #expect(paths.map(\.lastPathComponent) == ["boxoffice-b.json", "boxoffice-b.csv"])
        #expect(try listing() == ["boxoffice-b.csv", "boxoffice-b.json"])

        let discarded = try writer.stage()
        try discarded.add(RenderedFile(name: "boxoffice-c.json", contents: Data("{}".utf8)))
        discarded.discard()
        #expect(try listing() == ["boxoffice-b.csv", "boxoffice-b.json"])

        do {
            let dropped = try writer.stage()
            try dropped.add(RenderedFile(name: "boxoffice-d.json", contents: Data("{}".utf8)))
        }
        #expect(try listing() == ["boxoffice-b.csv", "boxoffice-b.json"])

        let wrong = try writer.stage()
        try wrong.add(RenderedFile(name: "boxoffice-e.json", contents: Data("{}".utf8)))
        #expect(throws: OutputError.self) { try wrong.commit(["boxoffice-e.json", "boxoffice-e.md"]) }
        #expect(try listing() == ["boxoffice-b.csv", "boxoffice-b.json"])
    }

    @Test("files appear whole or not at all; a failure leaves no temporary file; stale temporaries are cleared")
    func atomicWrites() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = ReportWriter(directory: folder)
        let paths = try writer.write([
            RenderedFile(name: "boxoffice-a.json", contents: Data("{}".utf8)),
            RenderedFile(name: "boxoffice-a.md", contents: Data("# a".utf8)),
        ])
        #expect(paths.map(\.lastPathComponent) == ["boxoffice-a.json", "boxoffice-a.md"])

        // A name that cannot be created fails the whole write: nothing replaced, nothing left over.
        #expect(throws: OutputError.self) {
            try writer.write([
                RenderedFile(name: "boxoffice-a.json", contents: Data("new".utf8)),
                RenderedFile(name: "missing-folder/boxoffice-b.md", contents: Data("b".utf8)),
            ])
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("boxoffice-a.json"), encoding: .utf8) == "{}")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["boxoffice-a.json", "boxoffice-a.md"])

        // A temporary file a killed run left an hour ago is removed; a fresh one (a live run's) is not.
        let stale = folder.appendingPathComponent(".boxoffice-a.json.DEADBEEF.tmp")
        let fresh = folder.appendingPathComponent(".boxoffice-a.md.0BADF00D.tmp")
        _ = FileManager.default.createFile(atPath: stale.path, contents: Data("half".utf8))
        _ = FileManager.default.createFile(atPath: fresh.path, contents: Data("half".utf8))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: stale.path)
        _ = try writer.write([RenderedFile(name: "boxoffice-c.csv", contents: Data("c".utf8))])
        #expect(!FileManager.default.fileExists(atPath: stale.path) && FileManager.default.fileExists(atPath: fresh.path))

        // While another run commits (it holds the folder's lock), its kept links, as old as the
        // files they keep, are left alone; once the lock is free the sweep goes on.
        let kept = folder.appendingPathComponent(".index.html.0A1B2C3D.tmp")
        _ = FileManager.default.createFile(atPath: kept.path, contents: Data("old index".utf8))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: kept.path)
        let committing = open(folder.path, O_RDONLY | O_DIRECTORY)
        #expect(flock(committing, LOCK_EX) == 0)
        writer.removeStaleTemporaries()
        #expect(FileManager.default.fileExists(atPath: kept.path), "not swept during another run's commit")
        flock(committing, LOCK_UN)
        close(committing)
        writer.removeStaleTemporaries()
        #expect(!FileManager.default.fileExists(atPath: kept.path))
    }
}

@Suite("Tables: one definition, every machine format")
struct TableTests {
    /// Rows whose titles need every kind of care: separators, quotes, line breaks, formulas, spaces.
    static func awkward(_ report: BoxOfficeReport) -> BoxOfficeReport {
        var report = report
        let titles = ["쉼표, \"따옴표\"\n줄", "=HYPERLINK(\"x\")", " 앞뒤 공백 ", "영화 <b>&</b>; 세미콜론", "-2", "탭\t문자"]
        for index in report.days.indices {
            for row in report.days[index].entries.indices { report.days[index].entries[row].title = titles[(index + row) % titles.count] }
        }
        for index in report.periods.indices {
            for row in report.periods[index].entries.indices { report.periods[index].entries[row].title = titles[(index + row) % titles.count] }
        }
        for index in report.films.indices { report.films[index].title = titles[index % titles.count] }
        return report
    }

    @Test("a table's CSV is the bytes Mustache renders from its starter template, in every dialect", arguments: [false, true])
    func starterTemplateEquivalence(periods: Bool) async throws {
        let report = Self.awkward(try await periods ? TestReports.weekend() : TestReports.sample())
        let templates = try ReportTemplates.bundled()
        for name in ReportTables.tables(periods: report.periodKind != nil) {
            let table = ReportTables.table(name, of: report)
            #expect(table.count > 0, "\(name)")
            for dialect in [CSVDialect(), CSVDialect(byteOrderMark: false, delimiter: .semicolon), CSVDialect(delimiter: .tab)] {
                let rendered = CSVContentType.file(from: try templates.render(name.template, CSVTable.context(table)), dialect: dialect)
                #expect(CSVTable.data(table, dialect: dialect) == rendered, "\(name), \(dialect)")
            }
        }
    }

    @Test("a user's CSV template replaces the table's CSV, and only the CSV")
    func ownTemplate() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-own-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{% CONTENT_TYPE: CSV}}\ntitle,audience\n{{#films}}\n{{title}},{{audience}}\n{{/films}}\n".write(
            to: folder.appendingPathComponent("films.csv.mustache"), atomically: true, encoding: .utf8)
        let templates = try ReportTemplates.load(overrides: folder)
        #expect(templates.isOwn("films.csv") && !templates.isOwn("daily.csv"))
        let report = try await TestReports.sample()
        let films = ReportTables.table(.films, of: report)
        let own = String(decoding: try CSVTable.data(films, dialect: .init(byteOrderMark: false), templates: templates), as: UTF8.self)
        #expect(own.hasPrefix("title,audience\r\n") && own.split(separator: "\r\n").count == report.films.count + 1)
        let daily = ReportTables.table(.daily, of: report)
        #expect(try CSVTable.data(daily, dialect: .init(), templates: templates) == CSVTable.data(daily, dialect: .init()))
    }

    @Test("every table is defined with distinct, described columns, and keys that are its own columns")
    func definitions() {
        for name in ReportTable.allCases {
            let columns = ReportTables.columns(name)
            let names = columns.map(\.name)
            #expect(Set(names).count == names.count, "\(name)")
            #expect(columns.allSatisfy { !$0.about.isEmpty && !$0.about.contains("\n") }, "\(name)")
            #expect(Set(name.primaryKey).isSubset(of: names), "\(name)")
            for key in name.foreignKeys {
                #expect(names.contains(key.column) && ReportTables.columns(key.table).map(\.name).contains(key.references), "\(name)")
            }
        }
    }

    @Test("the SQLite database refuses two rows for one key, naming them (a malformed answer, 76), rather than keep either")
    func duplicateKey() async throws {
        var report = try await TestReports.sample()
        report.days[0].entries[1].movieCode = report.days[0].entries[0].movieCode
        let tables = ReportTables.tables(periods: false).map { ReportTables.table($0, of: report) }
        let expected = SQLiteError.duplicateRow(table: "daily", key: "\(report.days[0].date.iso), \(report.days[0].entries[0].movieCode)")
        #expect(throws: expected) { try SQLiteTables.database(ReportFacts(report), tables: tables) }
        #expect(expected.exitStatus == .malformedResponse)
    }

    @Test("a CSV cell copied as it is would be escaped to itself")
    func csvCellsCopiedUnchanged() {
        let alphabet = [
            "a", "1", "-", "+", "=", "@", " ", ",", ";", "\"", "\t", "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "é", "영", "–", ".", "'", "\u{A0}",
        ]
        var generator = SplitMix(state: 26)
        var copied = 0
        for _ in 0..<20_000 {
            var text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let unchanged = text.withUTF8(CSVContentType.needsNothing)
            if unchanged {
                copied += 1
                #expect(CSVContentType().escapeText(text) == text, "\(text.debugDescription)")
            }
        }
        #expect(copied > 1_000)
    }
}

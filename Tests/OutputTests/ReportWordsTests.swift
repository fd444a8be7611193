import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// One template per document format, fed with the words of the run's language: the labels'
/// table and the highlights' sentences are the only homes of the report's words.
@Suite("Report words: one table, both languages")
struct ReportWordsTests {
    /// Words a Korean text keeps: names of services, products, options and units.
    static let kept: Set<String> = ["KOBIS", "KST", "TMDB", "API", "LW", "boxoffice", "image", "tmdb", "org", "no", "posters", "ko", "CSV"]

    static func englishWords(_ text: String) -> [String] {
        text.split { !$0.isASCII || !$0.isLetter }.map(String.init)
    }

    static func hasHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    /// Each document family's labels (with those every page shares) and the templates that use them.
    static let families: [(name: String, labels: [(name: String, en: String, ko: String)], templates: [String])] = [
        ("report", ReportLabels.table + ReportLabels.shared, ["report.md", "report.html", "report.txt"]),
        ("film", FilmView.labels + ReportLabels.shared, ["film.md", "film.html"]),
        ("rank", RankView.labels + RankView.koficLabels + ReportLabels.shared, ["rank.md", "rank.html", "rank.txt"]),
    ]

    @Test("every label the templates use is in their table, and every label in the table is used", arguments: families.indices)
    func labelsMatchTemplates(family index: Int) throws {
        let family = Self.families[index]
        let names = Set(family.labels.map(\.name))
        #expect(names.count == family.labels.count, "\(family.name): a label is defined twice")
        let pattern = try Regex(#"\{\{\{?l\.([a-z_]+)"#)
        var used = Set<String>()
        for template in family.templates {
            let text = try #require(DefaultTemplates.sources[template])
            for match in text.matches(of: pattern) { used.insert(String(text[match.range].split(separator: ".").last!)) }
        }
        #expect(used.subtracting(names).isEmpty, "\(family.name): used, not defined: \(used.subtracting(names).sorted())")
        #expect(names.subtracting(used).isEmpty, "\(family.name): defined, never used: \(names.subtracting(used).sorted())")
        #expect(DefaultTemplates.names.allSatisfy { !$0.hasPrefix("report.ko.") }, "one template per format, not per language")
    }

    @Test("every label has its Korean: Hangul wherever the English has a word, and no English word left", arguments: families.indices)
    func everyLabelInKorean(family index: Int) {
        // A phrase around a value is two labels, NAME_before and NAME_after, whose words can move
        // from one side to the other between languages: they are checked together.
        var phrases: [String: (name: String, en: String, ko: String)] = [:]
        for label in Self.families[index].labels where label.name != "lang" {
            let name = label.name.replacing(try! Regex("_(before|after)$"), with: "")
            let joined = phrases[name].map { ($0.name, $0.en + " " + label.en, $0.ko + " " + label.ko) } ?? label
            phrases[name] = (name, joined.1, joined.2)
        }
        for label in phrases.values {
            let english = Self.englishWords(label.en).filter { !Self.kept.contains($0) }
            if !english.isEmpty { #expect(Self.hasHangul(label.ko), "\(label.name): \(label.ko)") }
            let left = Self.englishWords(label.ko).filter { !Self.kept.contains($0) }
            #expect(left.isEmpty, "\(label.name): \(left)")
        }
    }

    /// One highlight of every kind, with every figure set.
    static let everyKind: [Highlight] = Highlight.Kind.allCases.map { kind in
        var fact = Highlight(
            kind: kind, start: Day("2025-03-03"), end: kind == .rangeLeader || kind == .milestone ? Day("2025-03-09") : Day("2025-03-03"))
        (fact.movieCode, fact.title, fact.rank, fact.audience, fact.count) = ("20259001", "검은 파도", 3, 123_155, 12)
        (fact.atLeast, fact.since, fact.threshold, fact.percent, fact.previousTitle) = (true, Day("2025-02-26"), 4_000_000, -12.5, "작은 용")
        fact.films = [.init(movieCode: "20259002", title: "푸른 밤", rank: 4), .init(movieCode: "20259003", title: "달", rank: 7)]
        return fact
    }

    @Test("every highlight kind has a sentence in both languages, long and brief, with the title in bold")
    func everyHighlightInBothLanguages() throws {
        for words in [Words.english, Words.korean] {
            let views = HighlightView.make(Self.everyKind, period: nil, words: words)
            for (fact, view) in zip(Self.everyKind, views) {
                for key in ["sentence", "brief"] {
                    let runs = try #require(view[key] as? [[String: String]], "\(fact.kind) \(key)")
                    let text = runs.compactMap { $0.values.first }.joined()
                    let ours = runs.compactMap { $0["w"] ?? $0["bw"] }.joined()
                    #expect(text.hasSuffix("."), "\(fact.kind) \(key): \(text)")
                    if words.language == .ko {
                        #expect(Self.hasHangul(ours), "\(fact.kind) \(key): \(text)")
                        #expect(Self.englishWords(ours).allSatisfy(Self.kept.contains), "\(fact.kind) \(key): \(ours)")
                    } else {
                        #expect(!Self.hasHangul(ours), "\(fact.kind) \(key): \(ours)")
                    }
                    // A sentence about one film names it, in bold; values are never mistaken for words.
                    if ![.provisional, .weekendStreak, .newEntries, .totalChange, .yearChange, .yearToDate, .placeAmongYears].contains(fact.kind) {
                        #expect(runs.contains { $0["b"] == "검은 파도" }, "\(fact.kind) \(key)")
                    }
                    #expect(!ours.contains("검은 파도") && !ours.contains("123,155"), "\(fact.kind) \(key)")
                }
            }
        }
        // The brief form leaves out what chat can do without.
        let rise = try #require(Self.everyKind.first { $0.kind == .biggestRise })
        let figures = HighlightView.Figures(
            title: "검은 파도", when: "Mon 2025-03-03", audience: "123,155", rank: "3", count: "12", unit: "days", since: nil,
            percent: "-12.5%", threshold: "", thresholdKorean: "")
        #expect(
            HighlightView.sentence(rise, figures, words: .english, brief: false).plain
                == "Biggest rise against a week earlier: 검은 파도, -12.5% to 123,155 (#3, Mon 2025-03-03).")
        #expect(
            HighlightView.sentence(rise, figures, words: .english, brief: true).plain
                == "Biggest rise on a week earlier: 검은 파도, -12.5% to 123,155 on Mon 2025-03-03.")
    }

    @Test("each format marks up the same sentence its own way, escaping the values and not the words")
    func markupPerFormat() throws {
        var report = FixedReports.threeDays
        var fact = Highlight(kind: .opening, start: report.range.dateRange.end, end: report.range.dateRange.end)
        (fact.title, fact.rank, fact.audience) = ("*Star* <b> & #1", 2, 1_000)
        report.highlights = [fact]
        let templates = try ReportTemplates.bundled()
        let view = ReportView.make(report)
        let markdown = try templates.render("report.md", view)
        #expect(markdown.contains(##"- **\*Star\* \<b\> \& \#1** opened at #2 on Fri 2023-03-03 with 1,000 admissions."##))
        let html = try templates.render("report.html", view)
        // Figures and dates are kept on one line in HTML (never broken at a hyphen or before a unit).
        #expect(
            html.contains(
                #"<li><strong>*Star* &lt;b&gt; &amp; #1</strong> opened at #<span class="nobr">2</span> on <span class="nobr">Fri 2023-03-03</span> with <span class="nobr">1,000</span> admissions.</li>"#
            ), "\(html.components(separatedBy: "opened at").dropFirst().first?.prefix(300) ?? "")")
        let text = try templates.render("report.txt", TextView.make(report))
        #expect(text.contains("- *Star* <b> & #1 opened at #2 on Fri 2023-03-03 with 1,000 admissions."))
    }

    @Test("a Korean report carries no English label, in Markdown, HTML or text")
    func noEnglishLabelInKorean() async throws {
        let report = try await TestReports.sample()
        let templates = try ReportTemplates.bundled()
        let korean = Words.korean
        let style = ReportView.Style(language: .ko)
        let html = try templates.render("report.html", ReportView.make(report, style: style))
        let documents = [
            try templates.render("report.md", ReportView.make(report, style: style)),
            // The page's text: no style sheet, chart drawing or tags.
            html.replacing(try Regex("(?s)<style.*?</style>|<svg.*?</svg>|<[^>]*>"), with: " "),
            try templates.render("report.txt", TextView.make(report, words: korean)),
        ]
        #expect(html.contains(#"<html lang="ko">"#))
        for document in documents {
            #expect(Self.hasHangul(document))
            for label in ReportLabels.table where label.en.count > 3 && label.en.contains(" ") && label.en != label.ko {
                #expect(!document.contains(label.en), "\(label.name): \(label.en)")
            }
        }
    }

    @Test("a user's report.ko.md replaces report.md for Korean reports only; another language's name is unknown")
    func languageVariantOverride() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-variant-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundled = try ReportTemplates.bundled()
        #expect(bundled.documentTemplate(.md, language: .ko) == "report.md")
        try "{{% CONTENT_TYPE: MARKDOWN}}\n# 나의 {{title}}\n".write(
            to: folder.appendingPathComponent("report.ko.md.mustache"), atomically: true, encoding: .utf8)
        let mine = try ReportTemplates.load(overrides: folder)
        #expect(mine.documentTemplate(.md, language: .ko) == "report.ko.md")
        #expect(mine.documentTemplate(.md, language: .en) == "report.md")
        #expect(mine.documentTemplate(.html, language: .ko) == "report.html")
        let rendered = try mine.render("report.ko.md", ReportView.make(FixedReports.threeDays, style: .init(language: .ko)))
        #expect(rendered == "# 나의 한국 박스오피스, 2023년 3월 1일 \\~ 3일\n")
        try "x".write(to: folder.appendingPathComponent("report.ja.md.mustache"), atomically: true, encoding: .utf8)
        #expect(throws: TemplateError.unknown(name: "report.ja.md", origin: folder.appendingPathComponent("report.ja.md.mustache").path)) {
            try ReportTemplates.load(overrides: folder)
        }
    }
}

/// Issue 62, item 9: highlight sentences that read right for one as for many.
@Suite("Highlight copy")
struct HighlightCopyTests {
    static func sentence(_ fact: Highlight, _ words: Words) -> String {
        HighlightView.sentence(fact, HighlightView.Figures(fact, period: nil, words: words), words: words, brief: false).plain
    }

    @Test("one weekend at #1 is not 'a row'; a return to #1 says the day first, then how long it was away")
    func oneAndMany() {
        var weekend = Highlight(kind: .weekendStreak, start: Day(iso: "2025-03-07")!, end: Day(iso: "2025-03-09")!)
        weekend.count = 1
        #expect(Self.sentence(weekend, .english).hasPrefix("It also led the weekend chart of "))
        #expect(Self.sentence(weekend, .korean).hasPrefix("주말 박스오피스도 1위 ("))
        weekend.count = 3
        #expect(Self.sentence(weekend, .english).hasPrefix("It also led 3 weekend charts in a row, the latest "))
        #expect(Self.sentence(weekend, .korean).hasPrefix("주말 박스오피스도 3주 연속 1위"))
        var again = Highlight(kind: .numberOneAgain, start: Day(iso: "2023-05-05")!, end: Day(iso: "2023-05-05")!)
        again.film("A", "작은 가족")
        again.audience = 262_814
        again.count = 10
        again.since = Day(iso: "2023-04-25")!
        #expect(
            Self.sentence(again, .english)
                == "작은 가족 is back at #1 on Fri 2023-05-05 with 262,814 admissions, after 10 days away (last #1 on Tue 2023-04-25).")
    }
}

@Suite("Korean sentences write dates as Korean readers do")
struct KoreanDateWordsTests {
    @Test("the 천만 count and the unknown rank changes name their day 2024년 2월 22일, not 2024-02-22 (issue 62, item 7)")
    func koreanDates() {
        let day = Day(iso: "2024-02-22")!
        let korean = Words(language: .ko)
        let count = korean.say.tenMillion(FilmLadder.TenMillion(nth: 3, nthKorean: 2, reached: day), since: day)
        #expect(count.hasPrefix("2024년 2월 22일 이후") && !count.contains("2024-02-22"), "\(count)")
        let note = korean.note(.rankChangesUnknown(day))
        #expect(note.contains("2024년 2월 22일의 순위 변동") && !note.contains("2024-02-22"), "\(note)")
        #expect(Words.english.say.tenMillion(FilmLadder.TenMillion(nth: 3, nthKorean: 2, reached: day), since: day).contains("2024-02-22"))
    }
}

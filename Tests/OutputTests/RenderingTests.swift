import Foundation
import TestSupport
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Rendering: golden files, escaping, Markdown and HTML validity")
struct RenderingTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("every template renders a fixed report exactly as recorded")
    func goldenFiles() async throws {
        for (name, contents) in try await FixedReports.render(FixedReports.threeDays, ReportFormat.byDefault) {
            Golden.check(contents, against: Self.golden.appendingPathComponent("three-days/" + name))
        }
        for (name, contents) in try await FixedReports.render(try await FixedReports.fortyDays(), [.md, .html]) {
            Golden.check(contents, against: Self.golden.appendingPathComponent("forty-days/" + name))
        }
        // Korean: the same reports through the Korean templates and words.
        for (name, contents) in try await FixedReports.render(FixedReports.threeDays, [.md, .html, .txt], language: .ko) {
            #expect(name.contains(".ko."), "\(name): a Korean document is named ….ko.*")
            Golden.check(contents, against: Self.golden.appendingPathComponent("three-days/" + name))
        }
        for (name, contents) in try await FixedReports.render(try await FixedReports.fortyDays(), [.md, .html], language: .ko) {
            Golden.check(contents, against: Self.golden.appendingPathComponent("forty-days/" + name))
        }
    }

    @Test("every chart row in Markdown and HTML shows admissions per showing and the average ticket, as KOBIS defines them, in both languages")
    func perShowingAndTicket() async throws {
        let report = try await TestReports.sample()
        let rows = report.days.flatMap(\.entries)
        #expect(rows.count > 40)
        for language in ReportLanguage.allCases {
            let files = try await FixedReports.render(report, [.md, .html], language: language)
            let markdown = String(decoding: try #require(files.first { $0.key.hasSuffix(".md") }?.value), as: UTF8.self)
            let html = String(decoding: try #require(files.first { $0.key.hasSuffix(".html") }?.value), as: UTF8.self)
            for entry in rows {
                // The truth from the row's own figures: audiCnt / showCnt, and salesAmt / audiCnt to the won.
                let perShowing = String(format: "%.1f", Double(entry.audience) / Double(entry.showings))
                let price = PeopleFormat.grouped(Int64((Double(entry.sales) / Double(entry.audience)).rounded()))
                let ticket = language == .ko ? "\(price)원" : "₩\(price)"
                let screens = "| \(PeopleFormat.grouped(entry.screens)) | "
                #expect(
                    markdown.split(separator: "\n").contains {
                        $0.contains("| \(entry.title) |") && $0.contains(screens) && $0.contains(" | \(perShowing) | \(ticket) | ")
                    },
                    "\(language) md: \(entry.title)")
                #expect(
                    html.contains("<td class=\"num paper-omit lg-hide\">\(perShowing)</td><td class=\"num paper-omit lg-hide\">\(ticket)</td>"),
                    "\(language) html: \(entry.title)")
            }
        }
    }

    @Test("hostile titles are text in Markdown: no HTML, no broken table, no markup")
    func markdownEscaping() async throws {
        let data = try #require(try await FixedReports.render(CSVTests.hostileReport(), [.md]).first?.value)
        let markdown = String(decoding: data, as: UTF8.self)
        #expect(markdown.contains(#"\<script\>alert(1)\</script\> \& \|파이프\|"#))
        #expect(markdown.contains("줄 바꿈 |"), "a line break inside a title becomes a space")
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains(#"=HYPERLINK("http\://example.com","click")"#), "no autolink; and Markdown has no formulas to guard")
    }

    @Test("hostile titles are text in HTML")
    func htmlEscaping() async throws {
        let data = try #require(try await FixedReports.render(CSVTests.hostileReport(), [.html]).first?.value)
        let html = String(decoding: data, as: UTF8.self)
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; |파이프|"))
        #expect(!html.contains("<script"))
        #expect(html.contains("쉼표, 그리고 &quot;따옴표&quot;"))
        #expect(!html.contains("=cmd|' /C"), "apostrophes are escaped too")
        try WellFormed.check(Data(html.utf8))
    }

    @Test("the HTML is well-formed, self-contained and locked down by its CSP")
    func htmlStructure() async throws {
        for report in [FixedReports.threeDays, try await FixedReports.fortyDays(), try await TestReports.sample()] {
            let data = try #require(try await FixedReports.render(report, [.html]).first?.value)
            try WellFormed.check(data)
            let html = String(decoding: data, as: UTF8.self)
            // Images come from TMDB only, and only when the page shows a poster.
            let images = html.contains("<img ")
            #expect(
                html.contains(
                    #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src "#
                        + (images ? "https://image.tmdb.org;" : "'none';")))
            #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src=\"http://") && !html.contains("@import"))
            #expect(html.contains("<svg") && html.contains("Audience per"))
        }
    }

    /// The widths the layout is built for, and what a page leaves a chart at each (the CSS's
    /// paddings: main 24 + section 24 on each side from 641 px, 12 + 14 below).
    static func contentWidth(viewport: Double) -> Double { viewport - (viewport > 640 ? 96 : 52) }

    @Test("every width from 360 to 1920 px: viewport meta, tables in scrolling wrappers, chart text ≥ 11 px, Korean titles kept whole")
    func responsiveStructure() async throws {
        for language in ReportLanguage.allCases {
            for report in [FixedReports.threeDays, try await FixedReports.fortyDays(), try await TestReports.sample()] {
                let data = try #require(try await FixedReports.render(report, [.html], language: language).first?.value)
                let html = String(decoding: data, as: UTF8.self)
                #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1" />"#))
                // On a 360 px phone the first columns are what fits: the films table's audience comes
                // right after the title, before the dates and counts.
                let header = try #require(html.range(of: #"<th class="film">"#).map { html[$0.lowerBound...].prefix { $0 != "\n" } })
                // On paper (A4 and Letter portrait) the tables print at 8 pt or more, the columns the
                // CSV and Markdown hold anyway left off so the films table fits the page.
                let print = try #require(html.range(of: "@media print {").map { html[$0.upperBound...].prefix(2_500) })
                #expect(print.contains("table { font-size: 8pt;") && print.contains(".paper-omit, .votes { display: none; }"))
                #expect(!print.contains("font-size: 7"), "nothing printed under 8 pt")
                // On paper too: a subtitle no larger than its title, dates kept whole, headers repeated, rows whole.
                #expect(print.contains(".title-en { font-size: 8pt; }") && print.contains("td.date, .nobr, .marker { white-space: nowrap; }"))
                #expect(print.contains("tr, .card, figure { break-inside: avoid; }"))
                // No table wider than the paper (the browser would shrink the whole printout under 8 pt).
                #expect(print.contains("th.num, td.film, td.dist { min-width: 0; }") && print.contains("td.num { white-space: normal; }"))
                #expect(header.contains(#"<th class="num paper-omit lg-hide">"#), "the per-screen column is left off paper")
                let audience = language == .ko ? "관객 수" : "Audience", opened = language == .ko ? "개봉일" : "Opened"
                let afterFilm = header.split(separator: "<th").dropFirst().first.map(String.init) ?? ""
                #expect(afterFilm.contains(">\(audience)<") && header.range(of: audience)!.lowerBound < header.range(of: opened)!.lowerBound)
                #expect(html.contains("<html lang=\"\(language.rawValue)\">"))
                // Every table scrolls inside its own card, never the page.
                #expect(html.components(separatedBy: "<table>").count == html.components(separatedBy: "<div class=\"table-wrap\">\n<table>").count)
                #expect(html.contains(".table-wrap { overflow-x: auto;"))
                #expect(html.contains("word-break: keep-all"), "Korean titles break between words")
                // Three drawings of the chart, each shown where its text is 11 to 18 px: the wide one
                // from 800 px (and on paper), the medium one on tablets, the narrow one on phones.
                #expect(html.contains("@media (max-width: 799px) {\n    .chart-wide { display: none; }\n    .chart-medium { display: block; }"))
                #expect(html.contains("@media (max-width: 519px) {\n    .chart-medium { display: none; }\n    .chart-narrow { display: block; }"))
                for (layout, narrowest, widest) in [("wide", 800.0, nil), ("medium", 520.0, 799.0), ("narrow", 360.0, 519.0)] {
                    let tag = try #require(html.components(separatedBy: "<svg class=\"chart chart-\(layout)\"").dropFirst().first)
                    let viewBox = try #require(tag.components(separatedBy: "viewBox=\"0 0 ").dropFirst().first?.split(separator: " ").first)
                    let font = try #require(tag.components(separatedBy: "font-size=\"").dropFirst().first?.split(separator: "\"").first)
                    let (size, units) = (try #require(Double(font)), try #require(Double(viewBox)))
                    func pixels(_ viewport: Double) -> Double { size * Self.contentWidth(viewport: viewport) / units }
                    #expect(pixels(narrowest) >= 11, "\(layout) chart text is \(pixels(narrowest)) px at \(narrowest) px wide")
                    if let widest { #expect(pixels(widest) <= 18, "\(layout) chart text is \(pixels(widest)) px at \(widest) px wide") }
                }
                // Printing: sections flow, headers repeat, no page size forced.
                #expect(
                    html.contains("thead { display: table-header-group; }") && !html.contains("break-inside: avoid-page")
                        && !html.contains("size: A4"))
            }
        }
    }

    /// The narrowest screen at which each column tier is shown, as `html-style` says.
    static let tiers = ["sm-hide": 768, "md-hide": 1_024, "lg-hide": 1_280]

    /// Each `<table>` in `html` as its header's cells' tiers and each body row's, in order (`""` for
    /// a column every width shows).
    static func columnTiers(_ html: String) -> [(header: [String], rows: [[String]])] {
        func cellTiers(_ row: Substring, cell: String) -> [String] {
            row.components(separatedBy: "<\(cell)").dropFirst().filter { $0.first == " " || $0.first == ">" }.map { cell in
                let attributes = cell.prefix { $0 != ">" }
                return Self.tiers.keys.first { attributes.contains($0) } ?? ""
            }
        }
        return html.components(separatedBy: "<table>").dropFirst().map { table in
            let table = table.components(separatedBy: "</table>")[0]
            let head = table.components(separatedBy: "<tbody>")[0]
            let body = table.components(separatedBy: "<tbody>").dropFirst().first ?? ""
            return (cellTiers(head[...], cell: "th"), body.components(separatedBy: "<tr").dropFirst().map { cellTiers($0[...], cell: "td") })
        }
    }

    @Test("narrow screens: a table hides the same columns in its header and rows, never rank, film or audience, and one box shows them all")
    func columnsByWidth() async throws {
        // Every HTML template: a column's tier in its header is its tier in its row.
        for name in DefaultTemplates.names where name.hasSuffix(".html") {
            let text = try #require(DefaultTemplates.sources[name])
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var widest = 0
            for (index, line) in lines.enumerated() where line.hasPrefix("<thead>") {
                let header = Self.columnTiers("<table>" + line + "</table>")[0].header
                let row = Self.columnTiers("<table><tbody>" + lines[index + 3] + "</tbody></table>")[0].rows.first ?? []
                #expect(header == row, "\(name), line \(index + 1): header tiers \(header), row tiers \(row)")
                widest = max(widest, header.compactMap { Self.tiers[$0] }.max() ?? 0)
            }
            // The "Show every column" box is shown exactly where the page hides something.
            let boxes = [("below-lg", 1_280), ("below-md", 1_024), ("below-sm", 768)]
            let box = boxes.first { text.contains("<label class=\"every-column \($0.0)\">") }?.1 ?? 0
            #expect(box == widest, "\(name): the box shows below \(box) px, columns hide below \(widest) px")
        }
        let style = try #require(DefaultTemplates.sources["html-style"])
        for (tier, width) in Self.tiers {
            #expect(style.contains("@media screen and (max-width: \(width - 1)px) {\n    .\(tier) { display: none; }"), "\(tier)")
        }
        #expect(style.contains("body:has(#every-column:checked) :is(.sm-hide, .md-hide, .lg-hide) { display: table-cell; }"))
        // Rendered: every row of every table matches its header, and a phone keeps rank, film and audience.
        for language in ReportLanguage.allCases {
            for report in [FixedReports.threeDays, try await FixedReports.fortyDays(), try await TestReports.sample()] {
                let data = try #require(try await FixedReports.render(report, [.html], language: language).first?.value)
                let html = String(decoding: data, as: UTF8.self)
                for table in Self.columnTiers(html) {
                    for row in table.rows { #expect(row == table.header, "\(language): \(row) against \(table.header)") }
                }
                // The films table: rank, film and audience show at every width.
                let header = try #require(html.range(of: "<thead><tr><th class=\"num rank\">").map { html[$0.lowerBound...].prefix { $0 != "\n" } })
                let cells = header.components(separatedBy: "<th").dropFirst().map { $0.prefix { $0 != ">" } }
                let film = try #require(cells.firstIndex(of: #" class="film""#))
                for cell in [cells[0], cells[film], cells[film + 1]] { #expect(!cell.contains("-hide"), "\(language): \(cell)") }
                #expect(html.contains(#"<input type="checkbox" id="every-column" />"#))
            }
        }
    }

    @Test("posters: loaded from TMDB over a grey card (no broken icon offline), said in the footer; --no-posters loads nothing")
    func posters() async throws {
        var report = try await TestReports.sample()
        let index = try #require(report.films.firstIndex { $0.tmdb != nil })
        report.films[index].tmdb?.posterPath = "/poster.jpg"
        let with = String(decoding: try #require(try await FixedReports.render(report, [.html]).first?.value), as: UTF8.self)
        #expect(with.contains("img-src https://image.tmdb.org;"))
        #expect(with.contains(#"<span class="frame"><img src="https://image.tmdb.org/t/p/w92/poster.jpg""#))
        #expect(with.contains("Posters are loaded from image.tmdb.org when this page is opened"))
        let renderer = ReportRenderer(templates: try ReportTemplates.bundled(), options: .init(style: .init(posters: false)))
        let without = String(decoding: try #require(try await renderer.render(report, formats: [.html]).first?.contents), as: UTF8.self)
        #expect(without.contains("img-src 'none';") && !without.contains("<img") && !without.contains("image.tmdb.org/t/p"))
        #expect(!without.contains("Posters are loaded"))
    }

    @Test("a weekly chart leaves partial weeks out and says so; its ticks are Mondays; a shared title gets its year")
    func chartHonesty() async throws {
        let report = try await FixedReports.fortyDays()
        let data = ChartView.data(report)
        // 2024-01-01 is a Monday, 2024-02-09 a Friday: five whole weeks, the sixth left out.
        #expect(data.buckets == (0..<5).map { Day("2024-01-01") + 7 * $0 })
        #expect(data.buckets.allSatisfy { $0.isoWeekday == 1 })
        #expect(data.leftOut == [DateRange(start: Day("2024-02-05"), end: Day("2024-02-09"))])
        let view = ChartView.make(report)
        #expect((view["caption_note"] as? String)?.contains("Partial weeks (2024-02-05 – 2024-02-09) are left out") == true)

        var films = Array(FixedReports.threeDays.films.prefix(3))
        films[1].title = films[0].title
        films[1].openDate = Day("2019-05-01")
        films[2].title = films[0].title
        films[2].openDate = films[0].openDate
        let names = ChartView.legendNames(films)
        #expect(names[1] == "\(films[0].title) (2019)")
        #expect(names[0] == "\(films[0].title) (\(films[0].movieCode))" && names[2] == "\(films[0].title) (\(films[2].movieCode))")
        #expect(Set(names).count == 3)
    }

    @Test("the value axis steps in round numbers (1, 2, 2.5 or 5 × 10ⁿ), at most four, the least that reach the peak")
    func chartScale() {
        var generator = SystemRandomNumberGenerator()
        /// 1, 2, 2.5 or 5 times a power of ten.
        func isRound(_ step: Int64) -> Bool {
            var mantissa = step * 10
            while mantissa % 10 == 0, mantissa >= 100 { mantissa /= 10 }
            return [10, 20, 25, 50].contains(mantissa)
        }
        let peaks: [Int64] = [1, 3, 4, 9, 10, 2_400, 625_000, 2_500_000, 7_500_000, 13_000_000, 999_999_999]
        for peak in peaks + (0..<2_000).map({ _ in Int64.random(in: 1...2_000_000_000, using: &generator) }) {
            let scale = ChartView.Scale(peak: peak)
            #expect(isRound(scale.step), "step \(scale.step) for \(peak)")
            #expect((1...4).contains(scale.steps) && scale.top >= peak && scale.top - scale.step < peak, "\(peak): \(scale)")
            // No rounder step reaches it in four: the next smaller round step would need five or more.
            let smaller = [scale.step / 2, scale.step * 2 / 5, scale.step * 4 / 5].filter { $0 > 0 && $0 < scale.step }
            for step in smaller where isRound(step) {
                #expect((peak + step - 1) / step > 4, "\(peak): \(step) would do")
            }
            for tick in scale.ticks {
                let label = Words.english.compact(tick)
                #expect(!label.contains(".") || label.split(separator: ".").last!.filter(\.isNumber).count == 1, "\(label)")
            }
        }
        #expect(ChartView.Scale(peak: 2_500_000).ticks == [0, 1_000_000, 2_000_000, 3_000_000])
        #expect(ChartView.Scale(peak: 7_500_000).ticks.map { Words.english.compact($0) } == ["0", "2M", "4M", "6M", "8M"])
        #expect(ChartView.Scale(peak: 686_576).ticks.map { Words.korean.compact($0) } == ["0", "20만", "40만", "60만", "80만"])
    }

    @Test("x labels never touch: every layout, 2 to 400 points, English and Korean dates")
    func chartLabels() {
        for layout in ChartView.Layout.all {
            for count in 2...400 {
                for label in ["09-25", "12월 25일"] {
                    let width = ChartView.textWidth(label, fontSize: layout.fontSize)
                    let plot = layout.plotRight - layout.plotLeft
                    let indices = ChartView.labelledIndices(count: count, labelWidth: width, plotWidth: plot)
                    let spacing = plot / Double(count - 1)
                    #expect(indices.last == count - 1 && indices == indices.sorted() && Set(indices).count == indices.count)
                    #expect(indices.first == 0 || indices == [count - 1], "\(layout.name) \(count)")
                    // Centred labels: a label's width apart; the last, anchored at its end: a label and a half.
                    for (left, right) in zip(indices, indices.dropFirst()) {
                        let needed = right == count - 1 ? width * 1.5 : width
                        #expect(Double(right - left) * spacing >= needed, "\(layout.name) \(count) \(label): \(indices)")
                    }
                }
            }
        }
        // A 30-day range on a phone: no "09-2509-30".
        let month = ChartView.labelledIndices(count: 30, labelWidth: ChartView.textWidth("09-25", fontSize: 13), plotWidth: 290)
        #expect(month == [0, 5, 10, 15, 20, 29])
    }

    @Test("weekly summary replaces daily tables beyond 31 days, and says so")
    func weekly() async throws {
        let files = try await FixedReports.render(try await FixedReports.fortyDays(), [.md])
        let markdown = String(decoding: try #require(files.first?.value), as: UTF8.self)
        #expect(markdown.contains("## Weekly summary") && !markdown.contains("## Daily top 10"))
        #expect(markdown.contains("longer than 31 days"))
        // 2024-01-01 is a Monday: 40 days make 5 full weeks and a 5-day sixth.
        #expect(markdown.contains("| 2024-02-05 – 2024-02-09 |"))
    }

    @Test(
        "the Markdown renders on GitHub's cmark-gfm with the intended table shapes and no raw HTML",
        .enabled(if: GFM.available || GFM.required, "python3 with the cmarkgfm package is not installed (python3 -m pip install cmarkgfm)"))
    func markdownOnGFM() async throws {
        let reports = [
            ("three days", FixedReports.threeDays), ("hostile", CSVTests.hostileReport()),
            ("sample", try await TestReports.sample()), ("forty days", try await FixedReports.fortyDays()),
        ]
        for (label, report) in reports {
            // Summary, films, runs, distributors, new entries, coming soon, then a table per day or one weekly table.
            let tableCount =
                5 + ((report.upcoming ?? []).isEmpty ? 0 : 1) + (report.range.days <= ReportView.dailyTablesMaxDays ? report.days.count : 1)
            let markdown = try #require(try await FixedReports.render(report, [.md]).first?.value)
            guard let rendered = try await GFM.render(markdown) else { return }
            let tables = try #require(rendered["tables"] as? [[String: Any]])
            #expect(tables.count == tableCount, "\(label): \(tables.count) tables")
            for table in tables {
                let header = try #require(table["header"] as? Int)
                let rows = try #require(table["rows"] as? [Int])
                #expect(header >= 2 && rows.allSatisfy { $0 == header }, "\(label): a row's cell count differs from its header's")
            }
            let elements = try #require(rendered["elements"] as? [String: Int])
            let allowed: Set<String> = [
                "h1", "h2", "h3", "p", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "blockquote", "strong", "hr", "a",
            ]
            #expect(Set(elements.keys).subtracting(allowed).isEmpty, "\(label): unexpected elements \(Set(elements.keys).subtracting(allowed))")
            // The only links are the TMDB and IMDb pages the report means to link.
            let html = try #require(rendered["html"] as? String)
            let hrefs = html.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(hrefs.count == elements["a", default: 0])
            #expect(
                hrefs.allSatisfy {
                    ($0.hasPrefix("https://www.themoviedb.org/movie/") && Int($0.dropFirst(33)) != nil)
                        || ($0.hasPrefix("https://www.imdb.com/title/tt") && $0.hasSuffix("/"))
                }, "\(label): \(hrefs)")
        }
    }
}

/// Parses HTML as XML: the report is written as polyglot markup, so any unclosed tag, stray `&` or
/// unquoted attribute fails here.
enum WellFormed {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var error: String?
        var stack: [String] = []
        var elements = 0
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            stack.append(name)
            elements += 1
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            error = "line \(parser.lineNumber), column \(parser.columnNumber): \(parseError)"
        }
    }

    static func check(_ data: Data) throws {
        // The HTML5 doctype is the one thing XML does not need; drop it and parse the rest.
        var text = String(decoding: data, as: UTF8.self)
        text = text.replacingOccurrences(of: "<!DOCTYPE html>", with: "")
        let parser = XMLParser(data: Data(text.utf8))
        let delegate = Delegate()
        parser.delegate = delegate
        let ok = parser.parse()
        if !ok || delegate.error != nil { throw Failure(description: "not well-formed: \(delegate.error ?? "parse failed")") }
        guard delegate.elements > 10, delegate.stack.isEmpty else { throw Failure(description: "unbalanced elements") }
    }
}

/// GitHub's Markdown renderer, through Tests/Tools/gfm_tables.py and the cmarkgfm package.
enum GFM {
    static let script = TestData.repositoryRoot.appendingPathComponent("Tests/Tools/gfm_tables.py")

    /// True when python3 can import cmarkgfm; the test that needs it is skipped, saying so, when not.
    static let available = Python.canImport("cmarkgfm")

    /// In CI (`CI=true`, where .ci/run installs it) the check runs, and a missing renderer fails it.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The script's JSON, or nil (the failure recorded) when python3 or cmarkgfm is missing.
    static func render(_ markdown: Data) async throws -> [String: Any]? {
        let result: Subprocess.Result
        do { result = try await Subprocess.run("/usr/bin/env", ["python3", script.path], input: markdown) } catch {
            return missing("python3 could not be started")
        }
        let data = result.output
        if result.status == 3 || result.status == 127 {
            return missing("the cmarkgfm package is not installed (python3 -m pip install cmarkgfm)")
        }
        guard result.status == 0 else {
            Issue.record("gfm_tables.py exited \(result.status)")
            return nil
        }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    private static func missing(_ why: String) -> [String: Any]? {
        Issue.record("the GitHub Markdown check cannot run: \(why)")
        return nil
    }
}

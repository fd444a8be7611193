import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline

/// The chat payloads keep within the platforms' limits however long the titles are.
@Suite("Chat payloads")
struct ChatPayloadTests {
    @Test("titles of 900 characters: Discord's content stays within 2,000 with its title and source line; Slack's texts within theirs")
    func longTitles() async throws {
        var report = try await TestReports.sample()
        for index in report.films.indices { report.films[index].title = String(repeating: "긴", count: 900) + "\(index)" }
        for index in report.highlights.indices where report.highlights[index].title != nil {
            report.highlights[index].title = String(repeating: "긴", count: 900)
        }
        for words in [Words.english, Words.korean] {
            let discord = try #require(JSONSerialization.jsonObject(with: ChatPayload.discord(report, words: words)) as? [String: Any])
            let content = try #require(discord["content"] as? String)
            #expect(content.utf16.count <= 2_000, "\(content.utf16.count)")
            #expect(content.hasPrefix("**" + TextView.title(report, words: words) + "**\n1. **긴긴"), "the title and at least one film")
            #expect(content.hasSuffix(ChatPayload.summary(report, words: words).context), "the source line stays")

            let slack = try #require(JSONSerialization.jsonObject(with: ChatPayload.slack(report, words: words)) as? [String: Any])
            let blocks = try #require(slack["blocks"] as? [[String: Any]])
            let sections = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
            #expect(sections.count == 3 && sections.allSatisfy { $0.utf16.count <= 3_000 })
            #expect(sections[1].split(separator: "\n").count == 3, "three 900-character lines fit a section, a fourth does not")
            #expect((slack["text"] as? String)?.utf16.count ?? 999 <= 300)
        }
    }

    @Test("Slack's notification text is mrkdwn: a #1 titled with a mention and Slack's control characters is escaped there")
    func slackFallbackEscaped() async throws {
        var report = try await TestReports.sample()
        let first = try #require(report.days.last?.entries.first?.movieCode)
        for index in report.days.indices {
            for row in report.days[index].entries.indices where report.days[index].entries[row].movieCode == first {
                report.days[index].entries[row].title = "<!channel> & <@U123> >_<"
            }
        }
        for index in report.films.indices where report.films[index].movieCode == first { report.films[index].title = "<!channel> & <@U123> >_<" }
        let slack = try #require(JSONSerialization.jsonObject(with: ChatPayload.slack(report, words: .english)) as? [String: Any])
        let text = try #require(slack["text"] as? String)
        #expect(text.contains("&lt;!channel&gt; &amp; &lt;@U123&gt; &gt;_&lt;") && !text.contains("<") && !text.contains(">"), "\(text)")
    }
}

/// The text report reads in a mail client's 80 columns.
@Suite("Text report width")
struct TextWidthTests {
    @Test("every sentence of the sample's text report, English and Korean, within 80 columns; a long highlight wraps under its text")
    func wrapped() async throws {
        let report = try await TestReports.sample()
        for language in ReportLanguage.allCases {
            let renderer = ReportRenderer(templates: try ReportTemplates.bundled(), options: .init(style: .init(language: language)))
            let file = try #require(try await renderer.render(report, formats: [.txt]).first)
            let lines = String(decoding: file.contents, as: UTF8.self).split(separator: "\n").map(String.init)
            // The table's rows end with a title, whole, by design: the sentences are what wraps.
            let sentences = lines.filter { $0.firstMatch(of: /^ *(#|\d+) {2,}/) == nil }
            for line in sentences { #expect(DisplayWidth.of(line) <= 80, "\(language): \(line)") }
            // The Korean sample's first highlight is 88 columns long: it goes on under its text.
            guard language == .ko else { continue }
            let first = try #require(lines.firstIndex { $0.hasPrefix("- ") })
            #expect(lines[first + 1].hasPrefix("  ") && !lines[first + 1].hasPrefix("   "), "indented under its text: \(lines[first + 1])")
            #expect((lines[first] + " " + lines[first + 1].dropFirst(2)).hasSuffix("12일 연속 (2025년 2월 26일 (수)부터)."), "no word lost")
        }
    }
}

/// The ICS file's lines as RFC 5545 wants them.
@Suite("Calendar ICS")
struct CalendarICSTests {
    @Test("TEXT escaped; lines folded at 75 octets between characters, CRLF, a space before each continuation")
    func folding() {
        #expect(CalendarICS.escape("a;b,c\\d\ne\u{7}") == "a\\;b\\,c\\\\d\\ne")
        let line = "SUMMARY:" + String(repeating: "검은 파도 ", count: 20)
        let folded = CalendarICS.fold(line)
        let parts = folded.components(separatedBy: "\r\n")
        #expect(parts.count > 1 && parts.allSatisfy { $0.utf8.count <= 75 } && parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(parts.first! + parts.dropFirst().map { String($0.dropFirst()) }.joined() == line, "unfolding gives the line back")
    }
}

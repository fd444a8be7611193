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
}

import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline

/// The archive index's one line per report: its headline, kept beside the index.
@Suite("Archive index headlines")
struct ArchiveIndexTests {
    @Test("a report's headline: the film with the most admissions, the charted total, provisional or not, in both languages")
    func headline() async throws {
        let report = try await TestReports.sample()
        let headline = ReportHeadline(report)
        #expect(headline.en == "most admissions: 검은 파도, 686,576 of 1,626,964 charted")
        #expect(headline.ko == "최다 관객 검은 파도 686,576명, 순위권 합계 1,626,964명")
        let top = try #require(report.films.max { $0.audience < $1.audience })
        #expect(top.audience == 686_576 && report.summary.chartedAudience == 1_626_964, "the figures are the report's own")
        // Run the day after the week: its last day is provisional, and the headline says so.
        let early = try await TestReports.sample { $0.today = SampleData.week.end + 1 }
        #expect(ReportHeadline(early).en.hasSuffix(" · provisional") && ReportHeadline(early).ko.hasSuffix(" · 잠정치"))
        var empty = report
        empty.films = []
        #expect(ReportHeadline(empty) == ReportHeadline(en: "no film charted", ko: "순위권 영화 없음"))
    }

    @Test("rebuilding keeps the headlines of the reports still in the folder, drops the others, and survives a damaged file")
    func rebuildKeepsHeadlines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = ArchiveIndex(directory: folder, templates: try ReportTemplates.bundled())
        for name in ["boxoffice-2025-03-05.md", "boxoffice-2025-03-06.md"] { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let state = folder.appendingPathComponent(ArchiveIndex.stateFile)

        let first = try index.rebuild(headlines: ["boxoffice-2025-03-05": .init(en: "day five", ko: "닷새")])
        #expect(first.map(\.lastPathComponent).sorted() == ["feed.xml", "index.html", "index.md"], "the state file is not listed as written")
        try index.rebuild(headlines: ["boxoffice-2025-03-06": .init(en: "day six", ko: "엿새")])
        var markdown = try String(contentsOf: folder.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(markdown.contains("2025-03-06 — day six:") && markdown.contains("2025-03-05 — day five:"), "\(markdown)")

        // A report removed from the folder loses its headline; a later one replaces an earlier one.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("boxoffice-2025-03-05.md"))
        try index.rebuild(headlines: ["boxoffice-2025-03-06": .init(en: "day six, again", ko: "엿새")])
        #expect(try ArchiveIndex.readHeadlines(state) == ["boxoffice-2025-03-06": .init(en: "day six, again", ko: "엿새")])

        // A damaged file is read as none, and replaced.
        try Data("{ not json".utf8).write(to: state)
        try index.rebuild()
        markdown = try String(contentsOf: folder.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(try !markdown.contains("—") && ArchiveIndex.readHeadlines(state).isEmpty)
        #expect(try Data(contentsOf: state) == Data("{\n\n}".utf8))
    }
}

@Suite("The folder's index lists every command's pages")
struct ArchiveIndexPagesTests {
    @Test("rank, film, company and person pages each under their heading, their tables' CSVs with them, other names left out")
    func pages() throws {
        let names = [
            "boxoffice-2025-03-09.html", "rank-2024.html", "rank-2024-distributors.csv", "rank-sample-2025-03-03_2025-03-09.md", "rank-2023.json",
            "film-20259001.html", "film-20259001.ko.html", "film-20259001-weekends.csv", "film-20259001.csv", "company-20104201.md",
            "company-20104201-company_years.csv", "person-10095874.ko.html", "film-.html", "rank-x.y.html", "notes.txt", "filmography.html",
            "film-20259001-20259002.html", "film-20259001-20259002.csv",
        ]
        let view = ArchiveIndex.view(of: names)
        let pages = try #require(view["pages"] as? [[String: Any]])
        #expect(pages.map { $0["heading"] as? String } == ["Rankings", "Films", "Companies", "People"])
        func rows(_ index: Int) -> [(name: String, labels: [String])] {
            (pages[index]["rows"] as? [[String: Any]] ?? []).map { row in
                (row["name"] as? String ?? "", (row["files"] as? [[String: Any]] ?? []).map { $0["label"] as? String ?? "" })
            }
        }
        #expect(rows(0).map(\.name) == ["2025-03-03 – 2025-03-09 (sample)", "2024", "2023"], "newest first")
        #expect(rows(0)[1].labels == ["HTML", "distributors CSV"])
        #expect(
            rows(1).map(\.name) == ["20259001", "20259001 · 20259002"] && rows(1)[0].labels == ["HTML", "HTML (한국어)", "CSV", "weekends CSV"]
                && rows(1)[1].labels == ["HTML", "CSV"], "\(rows(1)): films compared, by their codes")
        #expect(rows(2)[0].labels == ["Markdown", "years CSV"] && rows(3).map(\.name) == ["10095874"])
        let reports = try #require(view["reports"] as? [[String: Any]])
        #expect(reports.count == 1)
        let korean = try #require(ArchiveIndex.view(of: names, words: Words(language: .ko))["pages"] as? [[String: Any]])
        #expect(korean.map { $0["heading"] as? String } == ["결산", "영화", "영화사", "영화인"])
    }
}

import BoxOfficeOutput
import FakeServices
import Foundation
import Testing

@Suite("boxoffice templates and --templates, end to end", .serialized)
struct TemplatesCommandTests {
    @Test("list names every template; export writes them and will not overwrite without --force")
    func listAndExport() async throws {
        let folder = try TemporaryFolder()
        let list = try await BoxOfficeProcess.run(["templates", "list"], in: folder.url)
        #expect(list.status == 0 && list.stderr.isEmpty)
        #expect(list.stdoutLines.map { String($0.prefix { $0 != " " }) } == DefaultTemplates.names)

        let export = try await BoxOfficeProcess.run(["templates", "export", "mine"], in: folder.url)
        #expect(export.status == 0 && export.stderr.isEmpty)
        #expect(export.stdoutLines == DefaultTemplates.names.map { "mine/\($0).mustache" })
        #expect(folder.files(in: "mine") == DefaultTemplates.names.map { "\($0).mustache" })

        let again = try await BoxOfficeProcess.run(["templates", "export", "mine"], in: folder.url)
        #expect(again.status == 64 && again.stderrLines.count == 1 && again.stderr.contains("--force"))
        let forced = try await BoxOfficeProcess.run(["templates", "export", "mine", "--force"], in: folder.url)
        #expect(forced.status == 0)
        // Into a file: one line about templates, naming neither a report nor --output (issue 62, item 9).
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("a-file"))
        let intoFile = try await BoxOfficeProcess.run(["templates", "export", "a-file"], in: folder.url)
        #expect(intoFile.status == 73 && intoFile.stderrLines.count == 1 && intoFile.stderr.contains("cannot write the templates to"))
        #expect(!intoFile.stderr.contains("report") && !intoFile.stderr.contains("--output"), "\(intoFile.stderr)")
    }

    @Test("an overridden template is used; the rest fall back to the bundled ones")
    func override() async throws {
        let folder = try TemporaryFolder()
        let mine = folder.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: MARKDOWN}}\n# {{title}}\n{{#films}}\n{{rank}}. {{title}} — {{audience}}\n{{/films}}\n"
            .write(to: mine.appendingPathComponent("report.md.mustache"), atomically: true, encoding: .utf8)
        let result = try await BoxOfficeProcess.run(["report", "--sample", "--templates", "mine", "--format", "md,html"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-sample-2025-03-03_2025-03-09.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# Korean box office, 2025-03-03 – 2025-03-09\n1. 검은 파도 — 686,576\n"))
        let html = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-sample-2025-03-03_2025-03-09.html"), encoding: .utf8)
        #expect(html.contains("<svg"))
    }

    @Test("one template per format serves both languages; a folder's report.ko.txt replaces it for Korean runs only, and list shows it")
    func languageVariant() async throws {
        let folder = try TemporaryFolder()
        let mine = folder.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: TEXT}}\n나의 {{title}}\n".write(
            to: mine.appendingPathComponent("report.ko.txt.mustache"), atomically: true, encoding: .utf8)
        let korean = try await BoxOfficeProcess.run(["report", "--sample", "--lang", "ko", "-f", "txt,md", "--templates", "mine"], in: folder.url)
        let english = try await BoxOfficeProcess.run(["report", "--sample", "--lang", "en", "-f", "txt", "--templates", "mine"], in: folder.url)
        #expect(korean.status == 0 && english.status == 0, "\(korean.stderr)\(english.stderr)")
        let reports = folder.url.appendingPathComponent("Reports")
        func text(_ suffix: String) throws -> String {
            try String(contentsOf: reports.appendingPathComponent("boxoffice-sample-2025-03-03_2025-03-09\(suffix)"), encoding: .utf8)
        }
        #expect(try text(".ko.txt") == "나의 한국 박스오피스, 2025년 3월 3일 ~ 9일\n")
        #expect(try text(".txt").hasPrefix("Korean box office, 2025-03-03 - 2025-03-09\n"), "the English run keeps the bundled report.txt")
        #expect(try text(".ko.md").hasPrefix("# 한국 박스오피스"), "Korean Markdown from the bundled report.md")
        let list = try await BoxOfficeProcess.run(["templates", "list", "--templates", "mine"], in: folder.url)
        #expect(
            list.stdoutLines.contains {
                $0.hasPrefix("report.ko.txt") && $0.contains("replaces report.txt for --lang ko") && $0.hasSuffix("mine/report.ko.txt.mustache]")
            })
    }

    @Test("a template whose row section would repeat a megabyte per row is refused before rendering: 78, the section named, nothing written")
    func outputTooLarge() async throws {
        let folder = try TemporaryFolder()
        let export = try await BoxOfficeProcess.run(["templates", "export", "mine"], in: folder.url)
        #expect(export.status == 0)
        let daily = folder.url.appendingPathComponent("mine/daily.csv.mustache")
        var text = try String(contentsOf: daily, encoding: .utf8)
        let open = try #require(text.range(of: "{{#rows}}"))
        text.insert(contentsOf: String(repeating: "X", count: 900_000), at: open.upperBound)
        try text.write(to: daily, atomically: true, encoding: .utf8)
        // 20 rows a day for 7 days: 140 × 900 KB is about 120 MB of text, over the 64 MB bound.
        let result = try await BoxOfficeProcess.run(["report", "--sample", "--depth", "20", "--templates", "mine", "-f", "csv"], in: folder.url)
        HostileCase.record(3, "a template repeating 900 KB per row", result)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("{{#rows}}") && result.stderr.contains("64 MB"), "\(result.stderr)")
        #expect(folder.allFiles(in: "Reports").isEmpty, "nothing written")
        // The same text once, outside the rows, is only a large header: the report is written.
        var once = try String(contentsOf: daily, encoding: .utf8)
        once = once.replacingOccurrences(of: String(repeating: "X", count: 900_000), with: "")
        try (String(repeating: "X", count: 900_000) + "\n" + once).write(to: daily, atomically: true, encoding: .utf8)
        let fine = try await BoxOfficeProcess.run(["report", "--sample", "--depth", "20", "--templates", "mine", "-f", "csv"], in: folder.url)
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test("a broken template stops the run before any request: exit 78, path:line:column, no files")
    func brokenTemplate() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let mine = folder.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: HTML}}\n<p>{{#films}}{{title}}</p>\n".write(
            to: mine.appendingPathComponent("report.html.mustache"), atomically: true, encoding: .utf8)
        let result = try await BoxOfficeProcess.run(
            ["report", "2025-03-05", "--templates", "mine"],
            environment: BoxOfficeProcess.environment(["KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString]),
            in: folder.url)
        #expect(result.status == 78)
        #expect(result.stderrLines.count == 1)
        let line = try #require(result.stderrLines.first)
        #expect(line.contains("mine/report.html.mustache:") && line.contains("never closed"))
        #expect(server.server.requests.isEmpty)
        #expect(folder.files(in: "Reports").isEmpty)
    }

    @Test(
        "templates that would take the process down are refused when they load: exit 78, path:line:column, no request, no file",
        arguments: [
            (
                ["report.md": "{{% CONTENT_TYPE: MARKDOWN}}\n# x\n{{#films}}{{> report.md}}{{/films}}\n"], "report.md.mustache:3:11",
                "report.md → report.md"
            ),
            (
                ["html-style": "{{% CONTENT_TYPE: TEXT}}\n{{> html-chart}}\n", "html-chart": "{{% CONTENT_TYPE: TEXT}}\n\n{{> html-style}}\n"],
                "html-chart.mustache:3:1", "html-style → html-chart → html-style"
            ),
            (
                [
                    "report.md": "{{% CONTENT_TYPE: MARKDOWN}}\n" + String(repeating: "{{#films}}", count: 20_000)
                        + String(repeating: "{{/films}}", count: 20_000)
                ],
                "report.md.mustache:2:", "nest more than 32 deep"
            ),
            (["report.md": "{{% CONTENT_TYPE: MARKDOWN}}\n{{=<% %>=}}\n"], "report.md.mustache:2:1", "changing the delimiters"),
        ])
    func hostileTemplates(files: [String: String], location: String, says: String) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let mine = folder.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: mine.appendingPathComponent("\(name).mustache"), atomically: true, encoding: .utf8)
        }
        let environment = BoxOfficeProcess.environment(["KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString])
        for arguments in [["report", "2025-03-05", "--templates", "mine"], ["templates", "list", "--templates", "mine"]] {
            let result = try await BoxOfficeProcess.run(arguments, environment: environment, in: folder.url)
            #expect(result.status == 78, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(location) && result.stderr.contains(says), "\(result.stderr)")
        }
        #expect(server.server.requests.isEmpty)
        #expect(folder.files(in: "Reports").isEmpty)
    }
}

import Foundation
import TestSupport
import Testing

/// The promises of the README and the guide in `docs/` that a binary can keep on its own: every
/// example that needs no key runs (against the release binary in CI, through `BOXOFFICE_BINARY`),
/// ends 0, and writes the files it names; every sample file they link to exists.
@Suite("The README's and the guide's examples, run as a user would", .serialized)
struct ReadmeTests {
    /// The README, then every page of the guide, as one text.
    static let readme: String = {
        let root = TestPaths.repositoryRoot
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return (["README.md"] + pages).compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }()

    /// Every command line in the README's code blocks (`sh` blocks, and `$ ` lines in others), with
    /// `swift run` and trailing comments taken off.
    static var commandLines: [String] {
        var lines: [String] = []
        var inBlock = false
        var isShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                isShell = inBlock && line.hasPrefix("```sh")
                continue
            }
            guard inBlock else { continue }
            var command = String(line)
            if command.hasPrefix("$ ") { command.removeFirst(2) } else if !isShell { continue }
            if command.hasPrefix("swift run ") { command.removeFirst("swift run ".count) }
            guard command.hasPrefix("boxoffice ") else { continue }
            if let comment = command.range(of: "  #") { command = String(command[..<comment.lowerBound]) }
            lines.append(command.trimmingCharacters(in: .whitespaces))
        }
        return lines
    }

    /// The examples a new user can run with no key and no network: the sample, the quota, the
    /// templates, the completions. An output redirection is dropped (stdout is checked instead).
    /// An example the README and a page of the guide both give is run once, as a user following
    /// both would not run it twice.
    static var keyFreeExamples: [[String]] {
        var seen: Set<String> = []
        return commandLines.filter { seen.insert($0).inserted }.compactMap { line -> [String]? in
            let words = split(line.components(separatedBy: " > ").first!)
            guard !line.contains("|"), words.first == "boxoffice" else { return nil }
            let keyFree = words.contains("--sample") || ["quota", "templates", "--generate-completion-script", "-V", "--version"].contains(words[1])
            return keyFree ? Array(words.dropFirst()) : nil
        }
    }

    /// Splits a command line into words, keeping double-quoted text together.
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            switch character {
            case "\"":
                quoted.toggle()
                started = true
            case " " where !quoted:
                if started { words.append(word) }
                word = ""
                started = false
            default:
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    @Test("every key-free example ends 0 and writes every file it lists; the first prints the sample's HTML path")
    func keyFreeExamplesRun() async throws {
        let examples = Self.keyFreeExamples
        #expect(examples.count >= 8, "found \(examples.map { $0.joined(separator: " ") })")
        #expect(examples.contains(["film", "--sample", "검은 파도"]), "quoted Korean titles stay one word")
        let folder = try TemporaryFolder()
        let environment = BoxOfficeProcess.environment([
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path,
        ])
        for example in examples {
            let result = try await BoxOfficeProcess.run(example, environment: environment, in: folder.url)
            let shown = "boxoffice " + example.joined(separator: " ")
            #expect(result.status == 0, "\(shown): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(shown) is silent on success: \(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(shown) prints what it did")
            if ["report", "film"].contains(example[0]) {
                for path in result.stdoutLines {
                    let size = (try? FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(path).path)[.size] as? Int) ?? 0
                    #expect(size > 0, "\(shown) lists \(path), which it did not write")
                }
            }
        }
        let first = try await BoxOfficeProcess.run(["report", "--sample"], environment: environment, in: folder.url)
        #expect(first.stdoutLines.contains("Reports/boxoffice-sample-2025-03-03_2025-03-09.html"))
    }

    @Test("the guide's CSV headers are the headers of the binary's default CSV templates, every table, every column in order")
    func csvHeaders() async throws {
        let start = try #require(Self.readme.range(of: "Headers are a stable contract"))
        let block = try #require(Self.readme[start.upperBound...].firstMatch(of: /```\n((?:[a-z]+: [a-z_,]+\n)+)```/))
        let listed = Dictionary(
            uniqueKeysWithValues: block.output.1.split(separator: "\n").map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
            })
        let folder = try TemporaryFolder()
        let export = try await BoxOfficeProcess.run(["templates", "export", "t"], in: folder.url)
        #expect(export.status == 0)
        let tables = folder.files(in: "t").filter { $0.hasSuffix(".csv.mustache") }.map { String($0.dropLast(".csv.mustache".count)) }
        #expect(Set(tables) == Set(listed.keys), "templates \(tables), README \(listed.keys.sorted())")
        for table in tables {
            let text = try String(contentsOf: folder.url.appendingPathComponent("t/\(table).csv.mustache"), encoding: .utf8)
            let header = text.split(separator: "\n")[1]
            #expect(listed[table] == String(header), "\(table)")
        }
    }

    @Test("the guide's columns of rank's market tables are the headers of the files rank writes")
    func marketHeaders() async throws {
        let start = try #require(Self.readme.range(of: "Their columns (a test holds the list to"))
        let block = try #require(Self.readme[start.upperBound...].firstMatch(of: /```\n((?:[a-z]+: [a-z_,]+\n)+)```/))
        var listed = block.output.1.split(separator: "\n").map { line in line.split(separator: ":", maxSplits: 1).map(String.init) }
        // The sample's week has one whole weekend: its weekend table, listed in a block of its own.
        // And KOFIC's other tables that every week has (docs/tables.md lists them in a block of their own).
        for table in ["month_nations", "releases", "diversity_films", "weekend_totals"] {
            let line = try #require(Self.readme.firstMatch(of: try Regex("\n\(table): ([a-z_,]+)\n")), "\(table)")
            listed.append([table, String(line.output[1].substring ?? "")])
        }
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(["rank", "--sample", "-f", "csv"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let base = "Reports/rank-sample-2025-03-03_2025-03-09"
        #expect(run.stdoutLines == [base + ".csv"] + listed.map { "\(base)-\($0[0]).csv" })
        for table in listed {
            let text = try String(contentsOf: folder.url.appendingPathComponent("\(base)-\(table[0]).csv"), encoding: .utf8)
            let header = text.split(separator: "\r\n")[0].replacingOccurrences(of: "\u{FEFF}", with: "")
            #expect(header == table[1].trimmingCharacters(in: .whitespaces), "\(table[0])")
        }
    }

    @Test("the guide's columns of film's weekends are the header of the weekends file film writes")
    func weekendsHeader() async throws {
        let line = try #require(Self.readme.firstMatch(of: /\nweekends: ([a-z_,]+)\n/))
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(["film", "--sample", "20259001", "-f", "csv"], in: folder.url)
        #expect(run.status == 0 && run.stdoutLines.contains("Reports/film-sample-20259001-weekends.csv"), "\(run.stdout)\(run.stderr)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-sample-20259001-weekends.csv"), encoding: .utf8)
        #expect(text.split(separator: "\r\n")[0].replacingOccurrences(of: "\u{FEFF}", with: "") == String(line.output.1))
    }

    @Test("the guide's columns of the regions table are the header of the regions file report --regions writes")
    func regionsHeader() async throws {
        let line = try #require(Self.readme.firstMatch(of: /\nregions: ([a-z_,]+)\n/))
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(["report", "--sample", "--weekend", "--regions", "-f", "csv"], in: folder.url)
        let path = "Reports/boxoffice-sample-weekend-regions-2025-03-07_2025-03-09-regions.csv"
        #expect(run.status == 0 && run.stdoutLines.contains(path), "\(run.stdout)\(run.stderr)")
        let text = try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
        #expect(text.split(separator: "\r\n")[0].replacingOccurrences(of: "\u{FEFF}", with: "") == String(line.output.1))
    }

    @Test("the guide's columns of the calendar table are the header of the CSV calendar writes")
    func calendarHeader() async throws {
        let line = try #require(Self.readme.firstMatch(of: /\ncalendar: ([a-z_,]+)\n/))
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(["calendar", "--sample", "-f", "csv", "-o", "-"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\r\n")[0].replacingOccurrences(of: "\u{FEFF}", with: "") == String(line.output.1))
    }

    @Test("the mail example hands mail the text report alone: standard output is the one file, no paths")
    func mailExample() async throws {
        #expect(Self.commandLines.contains("boxoffice report --format txt -o - | mail -s \"박스오피스\" desk@example.com"))
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(["report", "--sample", "--format", "txt", "-o", "-"], in: folder.url)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Korean box office, 2025-03-03") && run.stdout.contains("SIMULATED DATA"), "\(run.stdout.prefix(200))")
        #expect(!run.stdout.contains("index.html") && !run.stdout.contains("Reports/"), "no file names")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Reports").path), "nothing written")
        #expect(run.stdout.split(separator: "\n").count < 60, "one day's text, not the index too")
    }

    @Test("every sample file the README and the guide link to is committed in Reports/")
    func linkedSamplesExist() throws {
        let links = Self.readme.matches(of: /\]\((?:\.\.\/)?(Reports\/[^)]+)\)/).map { String($0.output.1) }
        #expect(links.count >= 6)
        for link in links {
            #expect(FileManager.default.fileExists(atPath: TestPaths.repositoryRoot.appendingPathComponent(link).path), "\(link)")
        }
    }
}

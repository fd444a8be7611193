import Foundation
import TestSupport
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// The command line's conventions (issue 15): short options, one-line errors, standard output,
/// repeated --format, the archive index and --latest, the CSV delimiter. All on the bundled sample.
@Suite("Command-line conventions")
struct ConventionsTests {
    static let stem = "boxoffice-sample-2025-03-03_2025-03-09"

    @Test("-o - writes one format whole to standard output, creates no folder named '-', lists nothing else")
    func standardOutput() async throws {
        let folder = try TemporaryFolder()
        let txt = try await BoxOfficeProcess.run(["report", "--sample", "-f", "txt", "-o", "-"], in: folder.url)
        #expect(txt.status == 0 && txt.stderr.isEmpty, "\(txt.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("-").path))
        #expect(folder.allFiles(in: ".").isEmpty, "nothing written to the folder")
        let written = try await BoxOfficeProcess.run(["report", "--sample", "-f", "txt", "-o", "out"], in: folder.url)
        #expect(written.status == 0)
        let expected = try String(contentsOf: folder.url.appendingPathComponent("out/\(Self.stem).txt"), encoding: .utf8)
        #expect(txt.stdout == expected, "the txt report, byte for byte, and no file list")

        // csv on standard output is the films table.
        let csv = try await BoxOfficeProcess.run(["report", "--sample", "-f", "csv", "-o", "-", "--no-bom"], in: folder.url)
        #expect(csv.status == 0)
        #expect(csv.stdout.hasPrefix("rank,movie_cd,title,"))

        let several = try await BoxOfficeProcess.run(["report", "--sample", "-o", "-"], in: folder.url)
        #expect(several.status == 64 && several.stdout.isEmpty)
        #expect(several.stderrLines.count == 1 && several.stderr.contains("one format"), "\(several.stderr)")
    }

    /// A daily report's workbook: its tables, as their definitions list them, then the facts.
    static let dailySheets = ReportTables.tables(periods: false).map(\.rawValue) + ["report"]

    @Test("-f xlsx: one workbook beside nothing else, its sheets the CSVs' tables, listed on stdout and in the index; not written unless asked")
    func workbook() async throws {
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "--sample", "-f", "xlsx,csv"], in: folder.url)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdoutLines.first == "Reports/\(Self.stem).xlsx", "\(result.stdout)")
        let workbook = try XLSXReader(Data(contentsOf: folder.url.appendingPathComponent("Reports/\(Self.stem).xlsx")))
        #expect(workbook.sheetNames == Self.dailySheets, "the tables, then what the figures are")
        let films = try workbook.rows(ofSheet: 1)
        let csv = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/\(Self.stem)-films.csv")))
        #expect(films.count == csv.count + 1 && films[1][2]?.value == csv[0]["title"], "the films sheet is the films CSV")
        let index = try String(contentsOf: folder.url.appendingPathComponent("Reports/index.md"), encoding: .utf8)
        #expect(index.contains("· [Excel](\(Self.stem.replacingOccurrences(of: "_", with: "\\_")).xlsx)"), "\(index)")
        // The default set has no workbook.
        let plain = try TemporaryFolder()
        #expect(try await BoxOfficeProcess.run(["report", "--sample"], in: plain.url).status == 0)
        #expect(!plain.files(in: "Reports").contains { $0.hasSuffix(".xlsx") })
        // To standard output: the workbook's bytes, a ZIP archive.
        let piped = try await BoxOfficeProcess.run(["report", "--sample", "-f", "xlsx", "-o", "-"], in: plain.url)
        #expect(piped.status == 0 && piped.stdoutBytes.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        #expect(try XLSXReader(piped.stdoutBytes).sheetNames == Self.dailySheets)
        // film has no workbook.
        let film = try await BoxOfficeProcess.run(["film", "--sample", "20259001", "-f", "xlsx"], in: plain.url)
        #expect(film.status == 64 && film.stderr.contains("no xlsx form"), "\(film.stderr)")
    }

    @Test("a filtered and an unfiltered report of one range both stay in the folder, and the index tells them apart")
    func filteredNames() async throws {
        let folder = try TemporaryFolder()
        let plain = try await BoxOfficeProcess.run(["report", "--sample", "-f", "md", "-o", "out"], in: folder.url)
        let filtered = try await BoxOfficeProcess.run(
            ["report", "--sample", "--nation", "korean", "--area", "0105001", "-f", "md", "-o", "out"], in: folder.url)
        #expect(plain.status == 0 && filtered.status == 0, "\(plain.stderr)\(filtered.stderr)")
        let out = folder.url.appendingPathComponent("out")
        let korean = "boxoffice-sample-korean-area0105001-2025-03-03_2025-03-09.md"
        let both = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".md") && $0 != "index.md" }.sorted()
        #expect(both == ["\(Self.stem).md", korean])
        let plainText = try String(contentsOf: out.appendingPathComponent("\(Self.stem).md"), encoding: .utf8)
        let koreanText = try String(contentsOf: out.appendingPathComponent(korean), encoding: .utf8)
        #expect(plainText != koreanText && koreanText.contains("Korean films"))
        let index = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(index.contains("2 reports in this folder"))
        #expect(index.contains("Daily 2025-03-03 – 2025-03-09 (sample)"))
        #expect(index.contains("Daily 2025-03-03 – 2025-03-09, Korean films, Seoul (sample)"))
    }

    @Test(
        "-o - whose reader goes away or that was closed at start is 74, a full device is 73 with its reason; never 0",
        arguments: [
            ("| head -c 100 >/dev/null", Int32(74), "standard output was closed"),
            (">&-", Int32(74), "standard output was closed"),
            (">/dev/full", Int32(73), "No space left on device"),
        ])
    func standardOutputFailures(redirect: String, status: Int32, message: String) async throws {
        let folder = try TemporaryFolder()
        var ends: [Int32] = [-1, -1]
        let output: SpawnedProcess.Output
        var devFull: Int32 = -1
        switch redirect {
        case ">&-": output = .closed
        case ">/dev/full":
            devFull = open("/dev/full", O_WRONLY)
            output = .descriptor(devFull)
        default:
            #expect(pipe(&ends) == 0)
            output = .descriptor(ends[1])
        }
        // The top-20 sample JSON (160 KB) is far larger than a pipe's buffer: the write meets the closed pipe.
        let result = try await BoxOfficeProcess.launch(
            ["report", "--sample", "--depth", "20", "-f", "json", "-o", "-"],
            environment: BoxOfficeProcess.environment(["HOME": folder.url.path]), in: folder.url, standardOutput: output
        ) { _ in
            if devFull >= 0 { close(devFull) }
            guard ends[0] >= 0 else { return }
            close(ends[1])
            // `| head -c 100`: read 100 bytes, then go away.
            var buffer = [UInt8](repeating: 0, count: 100)
            var read = 0
            while read < 100 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(ends[0], $0.baseAddress! + read, 100 - read) }
                if count <= 0 { break }
                read += count
            }
            close(ends[0])
        }
        HostileCase.record(8, "-o - \(redirect)", result)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(folder.allFiles(in: ".").isEmpty, "nothing written to the folder")
    }

    @Test("the guide's Options table (docs/usage.md) and report --help-hidden name the same options")
    func optionsTable() async throws {
        let folder = try TemporaryFolder()
        let help = try await BoxOfficeProcess.run(["report", "--help-hidden"], in: folder.url)
        #expect(help.status == 0)
        let helpOptions = Set(
            help.stdout.split(separator: "\n").compactMap { $0.firstMatch(of: /^  (?:-[a-zA-Z], )?(--[a-z-]+)/)?.output.1 }.map(String.init))
        let usage = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        let table = try #require(usage.components(separatedBy: "## Options\n").last?.components(separatedBy: "\n## ").first)
        let readmeOptions = Set(
            table.split(separator: "\n").filter { $0.hasPrefix("| `") }
                .flatMap { $0.split(separator: "|")[0].matches(of: /`(?:-[a-zA-Z], )?(--[a-z-]+)/).map { String($0.output.1) } })
        #expect(readmeOptions.count > 30)
        #expect(
            helpOptions.subtracting(["--help"]) == readmeOptions,
            "help only: \(helpOptions.subtracting(readmeOptions)); README only: \(readmeOptions.subtracting(helpOptions))")
        #expect(!help.stdout.contains(" - \n"), "no blank description line per value")
    }

    /// Every file and folder under `folder`, the runner's own capture files aside.
    static func everything(under folder: TemporaryFolder) -> [String] {
        (FileManager.default.enumerator(atPath: folder.url.path)?.allObjects as? [String] ?? []).filter { !$0.hasPrefix(".std") }.sorted()
    }

    @Test("--offline writes nothing, not even the cache folder or its lock; a run with no key creates nothing and says one line")
    func nothingWritten() async throws {
        let folder = try TemporaryFolder()
        let environment = BoxOfficeProcess.environment([
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ])
        let offline = try await BoxOfficeProcess.run(["report", "2025-03-05", "--offline"], environment: environment, in: folder.url)
        #expect(offline.status == 75 && offline.stderrLines.count == 1, "\(offline.stderr)")
        #expect(Self.everything(under: folder).isEmpty, "\(Self.everything(under: folder))")

        // A range the weekly chart snaps would warn; with no key the run fails, and says only that.
        let noKey = try await BoxOfficeProcess.run(["report", "2024-07", "--weekly"], environment: environment, in: folder.url)
        #expect(noKey.status == 78, "\(noKey.stderr)")
        #expect(noKey.stderrLines.count == 1 && noKey.stderr.contains("KOBIS_API_KEY"), "\(noKey.stderr)")
        #expect(Self.everything(under: folder).isEmpty, "\(Self.everything(under: folder))")
    }

    @Test("-V is --version for the root and every command")
    func shortVersion() async throws {
        let folder = try TemporaryFolder()
        let long = try await BoxOfficeProcess.run(["--version"], in: folder.url)
        for arguments in [["-V"], ["report", "-V"], ["film", "-V"], ["templates", "list", "-V"]] {
            let result = try await BoxOfficeProcess.run(arguments, in: folder.url)
            #expect(result.status == 0 && result.stdout == long.stdout && !long.stdout.isEmpty, "\(arguments): \(result.stderr)")
        }
        // `make build` (CI's release binary) passes the commit in; a plain `swift build` says it has none.
        let released = ProcessInfo.processInfo.environment["BOXOFFICE_BINARY"].map { !$0.isEmpty } ?? false
        let pattern =
            released ? #"^0\.1\.0 \(commit [0-9a-f]{12}(?:\+changes)?, \d{4}-\d\d-\d\d\)\n$"# : #"^0\.1\.0 \(commit unknown: not built by make\)\n$"#
        #expect(try long.stdout.firstMatch(of: Regex(pattern)) != nil, "\(long.stdout)")
    }

    @Test(
        "a signal while -o - writes into a pipe nobody reads ends the run with its code, never 0",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129))])
    func signalWhileBlockedOnStandardOutput(signal: Int32, status: Int32) async throws {
        let folder = try TemporaryFolder()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Nobody reads: if the signal were ignored the run would stay blocked; the watchdog then kills it (9).
        let result = try await BoxOfficeProcess.launch(
            ["report", "--sample", "--depth", "20", "-f", "json", "-o", "-"],
            environment: BoxOfficeProcess.environment(["HOME": folder.url.path]), in: folder.url,
            standardOutput: .descriptor(ends[1]), watchdog: 90
        ) { process in
            close(ends[1])
            // Blocked: the pipe's buffer (64 KiB) is full and nobody reads it; the JSON is 160 KB.
            var buffered: Int32 = 0
            for _ in 0..<3_000 where process.isRunning {
                _ = ioctl(ends[0], UInt(FIONREAD), &buffered)
                if buffered >= 65_536 { break }
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            #expect(buffered >= 65_536 && process.isRunning, "the run is blocked writing standard output")
            process.signal(signal)
        }
        let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
        HostileCase.record(2, "\(name) while blocked writing -o - into a full pipe", result)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
    }

    @Test("repeated --format options add up; -f, -o and -q are short for --format, --output and --quiet")
    func repeatedFormats() async throws {
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(
            ["report", "--sample", "-f", "md", "--format", "json,md", "-f", "txt", "-o", "out"], in: folder.url)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(folder.files(in: "out") == ["\(Self.stem).json", "\(Self.stem).md", "\(Self.stem).txt"])
        #expect(
            result.stdoutLines == [
                "out/\(Self.stem).md", "out/\(Self.stem).json", "out/\(Self.stem).txt", "out/index.html", "out/index.md", "out/feed.xml",
            ],
            "in the order given, each once")
        // -q: silent on success, the files written all the same.
        let quiet = try await BoxOfficeProcess.run(["report", "--sample", "-f", "md", "-o", "quiet", "-q"], in: folder.url)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
        #expect(folder.files(in: "quiet").contains("\(Self.stem).md"))
        // -q silences what is said about the run, never the answer asked for: -o - still prints the report.
        let piped = try await BoxOfficeProcess.run(["report", "--sample", "-f", "json", "-o", "-", "-q"], in: folder.url)
        #expect(piped.status == 0 && piped.stdout.hasPrefix("{") && piped.stderr.isEmpty, "\(piped.stderr)")
    }

    @Test("every bad argument is one line on stderr and exit 64 (no usage block); -V prints the version")
    func oneLineErrors() async throws {
        let folder = try TemporaryFolder()
        for arguments in [
            ["report", "--depth", "7"], ["report", "--nonsense"], ["report", "--sample", "-f", "pdf"], ["report", "--csv-delimiter", "pipe"],
            ["film"], ["fetch"], ["report", "--concurrency", "99", "--sample"],
        ] {
            let result = try await BoxOfficeProcess.run(arguments, in: folder.url)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("boxoffice: ") && !result.stderr.contains("Error:"), "\(result.stderr)")
        }
        let version = try await BoxOfficeProcess.run(["-V"], in: folder.url)
        let long = try await BoxOfficeProcess.run(["--version"], in: folder.url)
        #expect(version.status == 0 && version.stdout == long.stdout && !version.stdout.isEmpty)
    }

    @Test("a folder that cannot be made: 73 with a reason a person can act on, no Foundation error domain")
    func cannotWrite() async throws {
        let folder = try TemporaryFolder()
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("notes"))
        let result = try await BoxOfficeProcess.run(["report", "--sample", "-o", "notes/reports"], in: folder.url)
        #expect(result.status == 73)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("is a file, not a folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("could not be completed"))
    }

    @Test("fetch --help lists fetch's own exit codes; report --help and fetch --help show examples")
    func help() async throws {
        let folder = try TemporaryFolder()
        let fetch = try await BoxOfficeProcess.run(["fetch", "--help"], in: folder.url)
        #expect(fetch.stdout.contains("the whole range is cached") && fetch.stdout.contains("EXAMPLES:"))
        #expect(!fetch.stdout.contains("every report written") && !fetch.stdout.contains("66 "))
        let report = try await BoxOfficeProcess.run(["report", "--help"], in: folder.url)
        #expect(report.stdout.contains("EXAMPLES:") && report.stdout.contains("every report written"))
        #expect(report.stdout.contains("-o, --output") && report.stdout.contains("-f, --format") && report.stdout.contains("-q, --quiet"))
        // What --help leaves out, --help-hidden shows, and --help says where to find it.
        let hidden = try await BoxOfficeProcess.run(["report", "--help-hidden"], in: folder.url)
        #expect(!report.stdout.contains("--retries") && hidden.stdout.contains("--retries") && report.stdout.contains("--help-hidden"))
        #expect(!hidden.stdout.contains("More options"))
        // The README names the options only --help-hidden shows.
        func options(_ text: String) -> Set<String> {
            Set(text.split(separator: "\n").compactMap { $0.firstMatch(of: /^  (?:-[a-zA-Z], )?(--[a-z-]+)/)?.output.1 }.map(String.init))
        }
        let readme = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let sentence = try #require(readme.components(separatedBy: "`--help-hidden` adds the tuning ones: ").last?.components(separatedBy: ")").first)
        let named = Set(sentence.matches(of: /`(--[a-z-]+)`/).map { String($0.output.1) })
        #expect(options(hidden.stdout).subtracting(options(report.stdout)) == named && named.count == 12)
    }

    @Test(
        "every command's help at 80 columns: at most 60 lines, USAGE first, options next, examples and exit codes last, continuations indented",
        arguments: [
            [], ["report"], ["fetch"], ["film"], ["rank"], ["company"], ["person"], ["calendar"], ["watch"], ["watch", "add"], ["watch", "remove"],
            ["watch", "list"], ["revisions"], ["tmdb"],
            ["tmdb", "review"], ["tmdb", "now-playing"], ["quota"], ["templates"], ["templates", "list"], ["templates", "export"],
        ])
    func helpLayout(command: [String]) async throws {
        let folder = try TemporaryFolder()
        var environment = BoxOfficeProcess.environment()
        environment["COLUMNS"] = "80"
        let run = try await BoxOfficeProcess.run(command + ["--help"], environment: environment, in: folder.url)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 60, "\(command): \(lines.count) lines")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "\(command): a line wider than 80 columns")
        #expect(lines.first?.hasPrefix("USAGE: boxoffice") == true)
        let headers = lines.filter { $0.first?.isUppercase == true && $0.hasSuffix(":") }.map(String.init)
        // Options (or subcommands) come before anything else; examples and exit codes end the page.
        #expect(headers.first == "ARGUMENTS:" || headers.first == "SUBCOMMANDS:" || headers.first == "OPTIONS:", "\(command): \(headers)")
        // Every command that runs something (all but the groups) shows examples and its exit codes,
        // in its own words: "every report written" only where reports are written.
        let groups: Set<[String]> = [["watch"], ["tmdb"], ["templates"]]
        if !groups.contains(command) {
            let writesReports: Set<[String]> = [[], ["report"], ["film"], ["rank"], ["company"], ["person"], ["calendar"]]
            #expect(writesReports.contains(command) || !run.stdout.contains("every report written"), "\(command)")
            #expect(headers.suffix(2) == ["EXAMPLES:", "EXIT CODES:"], "\(command): \(headers)")
            #expect(headers.filter { $0 == "EXAMPLES:" || $0 == "EXIT CODES:" }.count == 2)
        }
        // Past the description every line is a header, a blank, the pointer to more, or indented.
        let body = lines.drop { !($0.first?.isUppercase == true && $0.hasSuffix(":") && $0 != lines.first) }
        for line in body where !line.isEmpty && !line.hasSuffix(":") && !line.hasPrefix("More options:") {
            #expect(line.hasPrefix("  "), "\(command): a line at column 0: \(line)")
        }
    }

    @Test("--latest writes stable names beside the dated ones; index.html and index.md list every report, newest first")
    func latestAndIndex() async throws {
        let folder = try TemporaryFolder()
        let first = try await BoxOfficeProcess.run(["report", "--sample", "-f", "html,md,json", "--latest", "-o", "web"], in: folder.url)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let weekend = try await BoxOfficeProcess.run(["report", "--sample", "--weekend", "-f", "html", "-o", "web"], in: folder.url)
        #expect(weekend.status == 0, "\(weekend.stderr)")
        let files = folder.allFiles(in: "web")
        #expect(files.contains("boxoffice-sample-latest.html") && files.contains("boxoffice-sample-latest.md"))
        #expect(files.contains("index.html") && files.contains("index.md"))
        #expect(!files.contains { $0.hasPrefix(".") && $0 != ArchiveIndex.stateFile && $0 != ArchiveIndex.folderIDFile }, "no temporary file left")
        let dated = try Data(contentsOf: folder.url.appendingPathComponent("web/\(Self.stem).html"))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("web/boxoffice-sample-latest.html")) == dated)
        // The JSON, written to its file as it is encoded, has its stable name too.
        let json = try Data(contentsOf: folder.url.appendingPathComponent("web/\(Self.stem).json"))
        let latestJSON = try Data(contentsOf: folder.url.appendingPathComponent("web/boxoffice-sample-latest.json"))
        #expect(json.count > 50_000 && latestJSON == json)
        // One file under two names (README: "a hard link to its dated file").
        for suffix in [".json", ".html", ".md"] {
            let dated = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("web/\(Self.stem)\(suffix)").path)
            let stable = try FileManager.default.attributesOfItem(
                atPath: folder.url.appendingPathComponent("web/boxoffice-sample-latest\(suffix)").path)
            #expect(dated[.systemFileNumber] as? Int == stable[.systemFileNumber] as? Int && dated[.referenceCount] as? Int == 2, "\(suffix)")
        }

        let index = try String(contentsOf: folder.url.appendingPathComponent("web/index.md"), encoding: .utf8)
        let lines = index.split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(lines.count == 3, "\(index)")
        #expect(lines[0].hasPrefix("- Latest daily (sample)"))
        // Newest first: the weekend (ending 03-09, starting 03-07) before the week (ending 03-09, starting 03-03).
        #expect(lines[1].hasPrefix("- Weekend 2025-03-07 – 2025-03-09") && lines[2].hasPrefix("- Daily 2025-03-03 – 2025-03-09"))
        let html = try String(contentsOf: folder.url.appendingPathComponent("web/index.html"), encoding: .utf8)
        #expect(html.contains("href=\"boxoffice-sample-weekend-2025-03-07_2025-03-09.html\""))
        #expect(html.contains("<meta name=\"viewport\""))

        // --no-index leaves the index as it was.
        let before = try Data(contentsOf: folder.url.appendingPathComponent("web/index.md"))
        _ = try await BoxOfficeProcess.run(["report", "--sample", "--depth", "20", "-f", "md", "-o", "web", "--no-index"], in: folder.url)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("web/index.md")) == before)
    }

    @Test("--csv-delimiter semicolon: every CSV separated by ; with list cells quoted")
    func semicolon() async throws {
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["report", "--sample", "-f", "csv", "--csv-delimiter", "semicolon", "-o", "out"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let films = try Data(contentsOf: folder.url.appendingPathComponent("out/\(Self.stem)-films.csv"))
        #expect(films.starts(with: [0xEF, 0xBB, 0xBF]), "the BOM stays: Excel needs it for Korean")
        let text = String(decoding: films.dropFirst(3), as: UTF8.self)
        #expect(text.hasPrefix("rank;movie_cd;title;title_en;"))
        #expect(text.contains(";\"범죄; 액션\";"))
        #expect(!text.contains("sep="), "no sep= line: Excel would then ignore the BOM")
    }

    @Test("--lang ko (or a Korean LANG) writes Korean documents named ….ko.*; --lang en wins over LANG")
    func korean() async throws {
        let folder = try TemporaryFolder()
        var environment = BoxOfficeProcess.environment()
        environment["LANG"] = "ko_KR.UTF-8"
        let fromLang = try await BoxOfficeProcess.run(
            ["report", "--sample", "-f", "txt,md,csv", "-o", "out"], environment: environment, in: folder.url)
        #expect(fromLang.status == 0, "\(fromLang.stderr)")
        #expect(folder.files(in: "out").contains("\(Self.stem).ko.txt") && folder.files(in: "out").contains("\(Self.stem)-films.csv"))
        let text = try String(contentsOf: folder.url.appendingPathComponent("out/\(Self.stem).ko.txt"), encoding: .utf8)
        #expect(text.hasPrefix("한국 박스오피스, 2025년 3월 3일 ~ 9일\n"))
        #expect(text.contains("2025년 3월 9일 (일)") && text.contains("출처: KOBIS 모의 데이터"))
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("out/\(Self.stem).ko.md"), encoding: .utf8)
        #expect(markdown.contains("## 주요 소식") && markdown.contains("181억 원"))

        let english = try await BoxOfficeProcess.run(
            ["report", "--sample", "-f", "txt", "-o", "-", "--lang", "en"], environment: environment, in: folder.url)
        #expect(english.stdout.hasPrefix("Korean box office"))
        // A film's pages in Korean, beside the English ones, with no English label left.
        let film = try await BoxOfficeProcess.run(["film", "--sample", "20259001", "--lang", "ko", "-f", "md,html", "-o", "films"], in: folder.url)
        #expect(film.status == 0, "\(film.stderr)")
        #expect(folder.files(in: "films").sorted() == ["film-sample-20259001.ko.html", "film-sample-20259001.ko.md"])
        let page = try String(contentsOf: folder.url.appendingPathComponent("films/film-sample-20259001.ko.md"), encoding: .utf8)
        #expect(page.hasPrefix("# 검은 파도 (Black Tide) 흥행 기록\n") && page.contains("| 최고 순위 | 1위 |") && page.contains("(수)"))
        #expect(page.contains("모의 데이터") && page.contains("일별 차트는 하루 10위까지만"), "notes in Korean")
        // Outside the film's own names, only KOBIS, boxoffice and the %± LW label are Latin letters.
        let latin = Set(page.replacingOccurrences(of: "Black Tide", with: "").split { !$0.isASCII || !$0.isLetter }.map(String.init))
        #expect(latin.isSubset(of: ["KOBIS", "boxoffice", "LW"]), "\(latin)")
        let html = try String(contentsOf: folder.url.appendingPathComponent("films/film-sample-20259001.ko.html"), encoding: .utf8)
        #expect(html.contains("<html lang=\"ko\">") && html.contains("<h2>관객 돌파 기록</h2>"))
        let englishFilm = try await BoxOfficeProcess.run(
            ["film", "--sample", "20259001", "--lang", "en", "-f", "html", "-o", "films"], in: folder.url)
        #expect(englishFilm.status == 0)
        let englishHTML = try String(contentsOf: folder.url.appendingPathComponent("films/film-sample-20259001.html"), encoding: .utf8)
        #expect(englishHTML.contains("<html lang=\"en\">") && englishHTML.contains("<h2>Milestones</h2>"))
        // The trajectory is drawn for each width like the report's chart, in the page's units, in
        // round steps; a card's dates break between them, never at a hyphen.
        func charts(_ html: String) -> [String] {
            html.components(separatedBy: "<svg class=\"chart chart-").dropFirst().map { $0.components(separatedBy: "</svg>")[0] }
        }
        let englishCharts = charts(englishHTML)
        #expect(englishCharts.map { String($0.prefix { $0 != "\"" }) } == ["wide", "medium", "narrow"])
        #expect(
            englishCharts.allSatisfy { !$0.contains("만") && $0.contains(">500k</text>") && $0.contains(">1.5M</text>") && $0.contains(">2M</text>") })
        #expect(englishHTML.contains(#"<div class="value">123,696</div><div class="label"><span class="nobr">2025-02-26</span>, #1</div>"#))
        // A Korean run rebuilds the folder's index in Korean, films and both languages' files listed.
        let koreanHTML = try String(contentsOf: folder.url.appendingPathComponent("films/film-sample-20259001.ko.html"), encoding: .utf8)
        #expect(charts(koreanHTML).count == 3 && charts(koreanHTML).allSatisfy { $0.contains(">50만</text>") && $0.contains(">200만</text>") })
        // Korean dates and money on a Korean page: no ISO date, no ₩ (issue 62, item 7).
        #expect(koreanHTML.contains("2025년 2월 26일") && koreanHTML.firstMatch(of: /20\d\d-\d\d-\d\d/) == nil && !koreanHTML.contains("₩"))
        let koreanReport = try await BoxOfficeProcess.run(["report", "--sample", "--lang", "ko", "-f", "md", "-o", "films"], in: folder.url)
        #expect(koreanReport.status == 0, "\(koreanReport.stderr)")
        let index = try String(contentsOf: folder.url.appendingPathComponent("films/index.md"), encoding: .utf8)
        #expect(index.hasPrefix("# 한국 박스오피스 보고서\n\n이 폴더의 보고서 1개, 최신순."), "\(index)")
        #expect(
            index.contains("- 일별 2025년 3월 3일 \\~ 9일 (샘플) — 최다 관객 검은 파도 686,576명, 순위권 합계 1,626,964명 · 잠정치: [Markdown (한국어)]"),
            "run on 03-10: 03-09 is provisional")
        #expect(index.contains("[HTML (영어)](film-sample-20259001.html) · [HTML (한국어)](film-sample-20259001.ko.html)"))
        let indexHTML = try String(contentsOf: folder.url.appendingPathComponent("films/index.html"), encoding: .utf8)
        #expect(indexHTML.contains("<html lang=\"ko\">") && indexHTML.contains("<h2>영화</h2>"))
    }
}

@Suite("Man page and completions")
struct ManualTests {
    @Test("the man page names every subcommand and every option their --help-hidden lists, and keeps its Korean examples")
    func manPageIsCurrent() async throws {
        let manual = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("man/boxoffice.1"), encoding: .utf8)
        let folder = try TemporaryFolder()
        // Every command the help lists, down to the leaves (watch add, tmdb review …), so that a
        // new command fails here until the page has it.
        var commands: [[String]] = []
        var pending: [[String]] = [[]]
        while let command = pending.popLast() {
            let help = try await BoxOfficeProcess.run(command + ["--help"], in: folder.url)
            let listed = Self.subcommands(inHelp: help.stdout)
            if listed.isEmpty { commands.append(command) } else { pending += listed.map { command + [$0] } }
        }
        #expect(commands.count >= 16 && commands.contains(["watch", "add"]), "\(commands)")
        for command in commands {
            #expect(manual.contains(".B " + command.joined(separator: " ")), "\(command)")
            let help = try await BoxOfficeProcess.run(command + ["--help-hidden"], in: folder.url)
            let options = Set(
                help.stdout.split(whereSeparator: { !($0.isLetter || $0 == "-") }).filter { $0.hasPrefix("--") && $0.count > 3 }.map(String.init))
            #expect(!options.isEmpty)
            for option in options {
                // man(7) writes a hyphen as \-.
                #expect(manual.contains(option.replacingOccurrences(of: "-", with: "\\-")), "man/boxoffice.1 lacks \(command) \(option)")
            }
        }
        #expect(manual.contains("\\(dq검은 파도\\(dq"), "the Korean title, quoted as a shell needs it")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(manual.contains(".SH \(section)\n"), "\(section)")
        }
        for status in ExitStatus.allCases {
            #expect(manual.contains(".B \(status.rawValue)\n"), "EXIT STATUS lacks \(status.rawValue)")
        }
    }

    /// The names a help page lists under SUBCOMMANDS, but ArgumentParser's own `help`.
    static func subcommands(inHelp help: String) -> [String] {
        help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "SUBCOMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    @Test("man renders the page with no warning", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "man is not installed"))
    func manPageRendersCleanly() async throws {
        let result = try await Subprocess.run(
            "/usr/bin/man", ["--warnings", "-l", TestPaths.repositoryRoot.appendingPathComponent("man/boxoffice.1").path],
            environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": "80", "PATH": "/usr/bin:/bin", "MANPAGER": "cat", "PAGER": "cat"])
        let text = String(decoding: result.output, as: UTF8.self)
        let warnings = String(decoding: result.errors, as: UTF8.self)
        #expect(result.status == 0 && warnings.isEmpty, "\(warnings)")
        #expect(text.contains("boxoffice film --sample \"검은 파도\""))
    }

    @Test("the binary prints bash, zsh and fish completions naming its commands")
    func completions() async throws {
        let folder = try TemporaryFolder()
        for shell in ["bash", "zsh", "fish"] {
            let result = try await BoxOfficeProcess.run(["--generate-completion-script", shell], in: folder.url)
            #expect(result.status == 0 && result.stdout.contains("report") && result.stdout.contains("csv-delimiter"), "\(shell)")
        }
    }
}

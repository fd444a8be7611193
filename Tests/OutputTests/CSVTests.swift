import Foundation
import TestSupport
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

@Suite("CSV output")
struct CSVTests {
    static let filmsHeader =
        "rank,movie_cd,title,title_en,open_date,days_on_chart,best_rank,audience,sales,audience_share_pct,audience_cumulative,sales_cumulative,audience_per_screen,nations,genres,directors,distributor,watch_grade,runtime_min"
    static let dailyHeader =
        "date,rank,rank_change,is_new,movie_cd,title,open_date,day_of_release,audience,audience_change,audience_change_pct,audience_cumulative,sales,sales_share_pct,sales_change,sales_cumulative,screens,showings,audience_per_screen"

    static let hostileTitles = [
        "쉼표, 그리고 \"따옴표\"",
        "줄\n바꿈",
        "윈도우\r\n줄바꿈",
        "=HYPERLINK(\"http://example.com\",\"click\")",
        "+821012345678",
        "-분노-",
        "@멘션",
        "\t탭으로 시작",
        " 앞뒤 공백 ",
        "<script>alert(1)</script> & |파이프|",
    ]

    /// A one-day report whose films carry the hostile titles.
    static func hostileReport() -> BoxOfficeReport {
        let entries = hostileTitles.enumerated().map { index, title in
            ChartEntry(
                rank: index + 1, rankChange: index % 3 - 1, isNew: index == 0, movieCode: "2024\(1000 + index)", title: title,
                openDate: Day("2024-01-10"), sales: 1_000_000 - Int64(index) * 1000, salesShare: 10.5,
                salesChange: -2_000, salesChangePercent: -13, salesCumulative: 75_140_632_640,
                audience: 100_000 - Int64(index) * 100, audienceChange: -2, audienceChangePercent: -2.5,
                audienceCumulative: 9_000_000, screens: 3, showings: 9)
        }
        let movies = Dictionary(
            uniqueKeysWithValues: entries.map {
                (
                    $0.movieCode,
                    MovieInfo(
                        code: $0.movieCode, title: $0.title, titleEnglish: "=cmd|' /C calc'!A0",
                        nations: ["한국", "미국"], genres: ["드라마"], companies: [.init(name: "배급, 주식회사", role: "배급사")])
                )
            })
        let range = DateRange(start: Day("2024-01-10"), end: Day("2024-01-10"))
        return ReportBuilder.build(range: range, charts: [DailyChart(date: range.start, entries: entries)], movies: movies, options: .init())
    }

    func render(_ report: BoxOfficeReport, bom: Bool = true) async throws -> [String: Data] {
        let renderer = ReportRenderer(templates: try ReportTemplates.bundled(), options: .init(csv: .init(byteOrderMark: bom)))
        let files = try await renderer.render(report, formats: [.csv])
        return Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
    }

    @Test("every cell reads back as written: quotes, commas, line breaks, Korean, BOM, formula prefix")
    func roundTrip() async throws {
        let report = Self.hostileReport()
        let files = try await render(report)
        let films = try #require(files["boxoffice-2024-01-10-films.csv"])
        #expect(films.starts(with: [0xEF, 0xBB, 0xBF]), "UTF-8 byte-order mark")
        let text = try #require(String(data: films.dropFirst(3), encoding: .utf8))
        let records = try CSVReader.parse(text)
        #expect(records[0].joined(separator: ",").hasPrefix(Self.filmsHeader))
        let header = records[0]
        #expect(records.count == 1 + Self.hostileTitles.count)
        #expect(Set(records.map(\.count)) == [header.count])

        for (record, film) in zip(records.dropFirst(), report.films) {
            let row = Dictionary(uniqueKeysWithValues: zip(header, record))
            // A line break inside a title comes back exactly as written (LF stays LF, CRLF stays CRLF).
            let expectedTitle = film.title
            // A title that is a plain signed number ("+821012345678") is what a spreadsheet reads as that number: no prefix.
            let formula = ["=", "+", "-", "@", "\t"].contains { film.title.hasPrefix($0) } && !CSVContentType.isPlainNumber(film.title)
            #expect(row["title"] == (formula ? "'" : "") + expectedTitle)
            #expect(row["title_en"] == "'=cmd|' /C calc'!A0")
            #expect(row["movie_cd"] == film.movieCode)
            #expect(row["audience"] == String(film.audience), "raw numbers, no separators")
            #expect(row["sales_cumulative"] == "75140632640")
            #expect(row["nations"] == "한국; 미국")
            #expect(row["distributor"] == "배급, 주식회사")
            #expect(row["open_date"] == "2024-01-10")
            #expect(row["data_source"] == "KOBIS")
        }
    }

    @Test("a rendered CSV becomes its file as byte by byte: CRLF outside quotes only, the delimiter outside quotes only, the BOM")
    func fileBytesAsByteByByte() {
        // The file's rule, one byte at a time.
        func byteByByte(_ rendered: String, _ dialect: CSVDialect) -> [UInt8] {
            var out: [UInt8] = dialect.byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
            var quoted = false
            var previous: UInt8 = 0
            for byte in rendered.utf8 {
                if byte == UInt8(ascii: "\"") {
                    quoted.toggle()
                } else if !quoted, byte == 0x0A, previous != 0x0D {
                    out.append(0x0D)
                } else if !quoted, byte == UInt8(ascii: ",") {
                    out.append(dialect.delimiter.byte)
                    previous = byte
                    continue
                }
                out.append(byte)
                previous = byte
            }
            return out
        }
        let pieces = ["a", "bc", ",", "\"", "\"\"", "\n", "\r", "\r\n", "한글", ";", "\t", "0123456789abcdef", "\n\n"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["", "\n", "\"", ",", "\r\n", String(repeating: "x", count: 100) + "\n"]
        for _ in 0..<400 {
            texts.append((0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            for delimiter in CSVDialect.Delimiter.allCases {
                for mark in [true, false] {
                    let dialect = CSVDialect(byteOrderMark: mark, delimiter: delimiter)
                    #expect(
                        Array(CSVContentType.file(from: text, dialect: dialect)) == byteByByte(text, dialect), "\(text.debugDescription) \(delimiter)"
                    )
                }
            }
        }
    }

    @Test("daily rows: negative numbers stay numbers, booleans and blanks as documented")
    func dailyCells() async throws {
        let files = try await render(Self.hostileReport(), bom: false)
        let daily = try #require(files["boxoffice-2024-01-10-daily.csv"])
        #expect(!daily.starts(with: [0xEF, 0xBB, 0xBF]), "--no-bom drops the mark")
        let records = try CSVReader.parse(try #require(String(data: daily, encoding: .utf8)))
        #expect(records[0].joined(separator: ",").hasPrefix(Self.dailyHeader))
        let rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }
        #expect(rows.count == Self.hostileTitles.count)
        #expect(rows[0]["rank_change"] == "-1" && rows[0]["is_new"] == "true" && rows[1]["is_new"] == "false")
        #expect(rows[1]["audience_change"] == "-2" && rows[1]["audience_change_pct"] == "-2.5" && rows[1]["sales_change"] == "-2000")
        // KOBIS counts a NEW row's change from nothing: no change to show, blank (the JSON keeps it).
        #expect(rows[0]["audience_change"] == "" && rows[0]["audience_change_pct"] == "" && rows[0]["sales_change"] == "")
        #expect(rows[0]["day_of_release"] == "1" && rows[0]["date"] == "2024-01-10" && rows[0]["sales_share_pct"] == "10.5")
    }

    @Test("every importer's defaults read the same columns: LibreOffice's Tab+Comma+Semicolon, and --csv-delimiter semicolon")
    func importerDefaults() async throws {
        let renderer = ReportRenderer(templates: try ReportTemplates.bundled())
        let semicolons = ReportRenderer(
            templates: try ReportTemplates.bundled(), options: .init(csv: .init(byteOrderMark: false, delimiter: .semicolon)))
        for report in [Self.hostileReport(), FixedReports.threeDays] {
            let comma = try await renderer.render(report, formats: [.csv])
            let semicolon = try await semicolons.render(report, formats: [.csv])
            #expect(comma.map(\.name) == semicolon.map(\.name))
            for (file, other) in zip(comma, semicolon) {
                let text = try #require(String(data: file.contents.dropFirst(3), encoding: .utf8))
                let strict = try CSVReader.parse(text)
                // List cells ("한국; 미국") and separators inside titles are quoted, so splitting at
                // all three separators changes nothing.
                #expect(try CSVReader.parse(text, separators: [",", ";", "\t"]) == strict, "\(file.name)")
                #expect(Set(strict.map(\.count)).count == 1, "\(file.name): every row as wide as the header")
                let semicolonText = try #require(String(data: other.contents, encoding: .utf8))
                #expect(try CSVReader.parse(semicolonText, separators: [";"]) == strict, "\(file.name) with ;")
                #expect(try CSVReader.parse(semicolonText, separators: [",", ";", "\t"]) == strict)
            }
        }
    }

    /// LibreOffice's command-line program, when installed.
    static let soffice = ["/usr/bin/soffice", "/usr/local/bin/soffice", "/usr/bin/libreoffice"].first(where: FileManager.default.isExecutableFile)

    @Test(
        "the films CSV opened by LibreOffice's default import: the same rows and columns",
        .enabled(if: soffice != nil, "LibreOffice (soffice) is not installed; apt-get install libreoffice-calc-nogui to run it"))
    func libreOffice() async throws {
        let soffice = try #require(Self.soffice)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-lo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try await render(Self.hostileReport())
        let films = try #require(files["boxoffice-2024-01-10-films.csv"])
        let input = folder.appendingPathComponent("films.csv")
        try films.write(to: input)
        // LibreOffice's import dialog defaults: Tab, Comma and Semicolon (9/44/59), " as the text
        // delimiter, UTF-8 (76); written back out with commas, every text cell quoted.
        _ = try await Subprocess.run(
            soffice,
            [
                "-env:UserInstallation=file://\(folder.path)/profile", "--headless", "--infilter=CSV:9/44/59,34,76,1",
                "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true", "--outdir", folder.appendingPathComponent("out").path,
                input.path,
            ])
        let converted = try String(contentsOf: folder.appendingPathComponent("out/films.csv"), encoding: .utf8)
        let original = try CSVReader.parse(try #require(String(data: films.dropFirst(3), encoding: .utf8)))
        // LibreOffice writes LF between records: read its lines with a lenient split on LF.
        let read = try CSVReader.parse(converted.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(read.count == original.count)
        #expect(read.map(\.count) == original.map(\.count), "no row shifted")
        let titleColumn = try #require(original[0].firstIndex(of: "title"))
        let nations = try #require(original[0].firstIndex(of: "nations"))
        for (row, expected) in zip(read.dropFirst(), original.dropFirst()) {
            #expect(row[nations] == "한국; 미국")
            // A plain number ("+821012345678") is read as the number it is, by design.
            guard !CSVContentType.isPlainNumber(expected[titleColumn]) else { continue }
            #expect(
                row[titleColumn].replacingOccurrences(of: "\r\n", with: "\n") == expected[titleColumn].replacingOccurrences(of: "\r\n", with: "\n"))
        }
    }

    @Test(
        "the content type: quoting and the formula guard",
        arguments: [
            ("plain", "plain"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("line\nbreak", "\"line\nbreak\""),
            ("a;b", "\"a;b\""),
            ("a\tb", "\"a\tb\""),
            ("한국; 미국", "\"한국; 미국\""),
            ("=1+1", "'=1+1"),
            ("-2", "-2"),
            ("-2.5", "-2.5"),
            ("+3", "+3"),
            ("-", "'-"),
            ("-1e5", "'-1e5"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\rX", "\"'\rX\""),
            ("", ""),
            ("한국어", "한국어"),
        ])
    func contentType(input: String, output: String) {
        #expect(CSVContentType().escapeText(input) == output)
    }
}

@Suite("boxoffice revisions written a piece at a time")
struct RevisionWriterTests {
    static func revisions(_ count: Int) -> [Revision] {
        (0..<count).map {
            Revision(
                date: Day(iso: "2025-03-09")!, movieCode: "2025900\($0)", title: "=검은 \"파도\", \($0)", field: .audience, before: 123_155,
                after: 130_000 + Int64($0), seenAt: 1_741_539_600)
        }
    }

    static func written(_ format: RevisionView.Writer.Format, _ revisions: [Revision]) throws -> (Data, pieces: Int) {
        var data = Data()
        var pieces = 0
        var writer = RevisionView.Writer(format) {
            data += $0
            pieces += 1
        }
        for revision in revisions { try writer.add(revision) }
        try writer.finish()
        return (data, pieces)
    }

    @Test(
        "the JSON, written in pieces, is byte for byte the revisions table's JSON written whole, for none, one and many", arguments: [0, 1, 3, 9_000])
    func jsonAsTheTableWritesIt(count: Int) throws {
        let revisions = Self.revisions(count)
        let (data, pieces) = try Self.written(.json, revisions)
        #expect(data == TableJSON.data(ReportTables.table(of: revisions)))
        #expect(count < 9_000 || pieces > 1, "a long list goes out in pieces: \(pieces)")
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["schema_version"] as? Int == 3 && document["table"] as? String == "revisions")
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == count)
        if count > 0 {
            #expect(
                rows[0]["after"] as? Int == 130_000 && rows[0]["seen_at"] as? String == "2025-03-09T17:00:00Z"
                    && rows[0]["field"] as? String == "audience")
        }
    }

    @Test("the CSV: one byte-order mark, a header, a row per revision escaped like every CSV's, across pieces", arguments: [0, 20_000])
    func csvInPieces(count: Int) throws {
        let (data, pieces) = try Self.written(.csv, Self.revisions(count))
        #expect(data.starts(with: [0xEF, 0xBB, 0xBF]) && !data.dropFirst(3).starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(data.dropFirst(3).firstRange(of: Data([0xEF, 0xBB, 0xBF])) == nil, "no mark inside the file")
        let rows = try CSVReader.table(data.dropFirst(3))
        #expect(rows.count == count && (count < 20_000 || pieces > 1))
        if count > 0 {
            #expect(rows[0]["title"] == "'=검은 \"파도\", 0" && rows[0]["after"] == "130000" && rows[0]["seen_at"] == "2025-03-09T17:00:00Z")
        }
    }
}

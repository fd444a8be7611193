import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes, nothing else.
enum CSVReader {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var scalars = text.unicodeScalars[...]
        var quoted = false
        var fieldStarted = false
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { scalars.removeFirst(); field.unicodeScalars.append("\"") } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where !fieldStarted:
                quoted = true
                fieldStarted = true
            case "\"":
                throw Malformed(description: "quote inside an unquoted field after \(field.debugDescription)")
            case ",":
                record.append(field)
                field = ""
                fieldStarted = false
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed(description: "CR without LF") }
                record.append(field)
                records.append(record)
                record = []
                field = ""
                fieldStarted = false
            case "\n":
                throw Malformed(description: "bare LF as a record separator")
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        guard !quoted else { throw Malformed(description: "unterminated quoted field") }
        guard field.isEmpty, record.isEmpty else { throw Malformed(description: "last record not ended by CRLF") }
        return records
    }
}

@Suite("CSV output")
struct CSVTests {
    static let filmsHeader =
        "rank,movie_cd,title,title_en,open_date,days_on_chart,best_rank,audience,sales,audience_share_pct,audience_cumulative,sales_cumulative,audience_per_screen,nations,genres,directors,distributor,watch_grade,runtime_min"
    static let dailyHeader =
        "date,rank,rank_change,is_new,movie_cd,title,open_date,days_since_open,audience,audience_change,audience_change_pct,audience_cumulative,sales,sales_share_pct,sales_change,sales_cumulative,screens,showings,audience_per_screen"

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
        let renderer = ReportRenderer(templates: try ReportTemplates.bundled(), options: .init(csvByteOrderMark: bom))
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
            let expectedTitle = film.title.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
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
        #expect(rows[0]["days_since_open"] == "0" && rows[0]["date"] == "2024-01-10" && rows[0]["sales_share_pct"] == "10.5")
    }

    @Test(
        "the content type: quoting and the formula guard",
        arguments: [
            ("plain", "plain"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("line\nbreak", "\"line\r\nbreak\""),
            ("=1+1", "'=1+1"),
            ("-2", "-2"),
            ("-2.5", "-2.5"),
            ("+3", "+3"),
            ("-", "'-"),
            ("-1e5", "'-1e5"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\rX", "\"'\r\nX\""),
            ("", ""),
            ("한국어", "한국어"),
        ])
    func contentType(input: String, output: String) {
        #expect(CSVContentType().escapeText(input) == output)
    }
}

import Foundation
import TestSupport
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline

/// The Excel workbook (`-f xlsx`) against the CSVs it is made from: cell for cell.
@Suite("The xlsx workbook")
struct XLSXTests {
    @Test(
        "a cell's type in the sheet is its column's: numbers and dates typed, codes, flags and text kept as written",
        arguments: [
            ("20259001", ColumnType.integer, XLSXWorkbook.Cell.number("20259001")), ("-5", .integer, .number("-5")),
            ("+3.5", .decimal(places: 1), .number("3.5")), ("42.20", .decimal(places: 2), .number("42.20")),
            ("20259001", .code, .text("20259001")), ("0105001", .code, .text("0105001")), ("1987", .text, .text("1987")),
            ("2025-03-05", .date, .date(45_721)), ("1899-12-31", .date, .date(1)), ("2025-3-5", .date, .text("2025-3-5")),
            ("=cmd", .text, .text("'=cmd")), ("-2", .text, .text("-2")), ("true", .boolean, .boolean(true)),
            ("false", .boolean, .boolean(false)), ("maybe", .boolean, .text("maybe")),
            ("", .integer, .empty), ("", .text, .empty), ("검은 파도", .text, .text("검은 파도")),
        ])
    func cellTypes(text: String, type: ColumnType, cell: XLSXWorkbook.Cell) {
        #expect(XLSXWorkbook.cell(text, type) == cell)
    }

    @Test("XML text: entities escaped, a CR kept as a reference, characters XML cannot hold dropped, Korean as it is")
    func escaping() {
        #expect(XLSXWorkbook.escape("a&b<c>\"d\r\n\t\u{1}e\u{FFFE}f\u{FFFF}검은 파도'") == "a&amp;b&lt;c&gt;&quot;d&#13;\n\tef검은 파도'")
    }

    @Test("column names: A … Z, AA, AZ, BA")
    func columnNames() {
        #expect([0, 25, 26, 51, 52, 701, 702].map(XLSXWorkbook.columnName) == ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"])
    }

    /// The cells of `csv` against sheet `index` of `workbook`: text equal, numbers equal as
    /// numbers, dates the same day, booleans TRUE for true; a header row in bold, frozen.
    static func expectSameCells(_ workbook: XLSXReader, sheet index: Int, csv: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try #require(String(data: csv, encoding: .utf8))
        let expected = try CSVReader.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        let rows = try workbook.rows(ofSheet: index)
        #expect(rows.count == expected.count, "rows", sourceLocation: sourceLocation)
        for (number, (row, cells)) in zip(expected, rows).enumerated() {
            for (column, value) in row.enumerated() {
                let cell = column < cells.count ? cells[column] : nil
                guard let cell else {
                    #expect(value.isEmpty, "row \(number + 1) column \(column + 1): \(value) missing", sourceLocation: sourceLocation)
                    continue
                }
                if number == 0 {
                    #expect(cell.type == "inlineStr" && cell.style == "2" && cell.value == value, sourceLocation: sourceLocation)
                } else if cell.type == "inlineStr" {
                    #expect(cell.value == value, "row \(number + 1) column \(column + 1)", sourceLocation: sourceLocation)
                } else if cell.type == "b" {
                    #expect(cell.value == (value == "true" ? "1" : "0") && ["true", "false"].contains(value), sourceLocation: sourceLocation)
                } else if cell.style == "1" {
                    let day = XLSXWorkbook.excelEpoch + (Int(cell.value) ?? -1)
                    #expect(day.iso == value, "row \(number + 1) column \(column + 1)", sourceLocation: sourceLocation)
                } else {
                    #expect(
                        Double(cell.value) == Double(value), "row \(number + 1) column \(column + 1): \(cell.value) for \(value)",
                        sourceLocation: sourceLocation)
                }
            }
            #expect(cells.count <= row.count, "no cell past the CSV's columns", sourceLocation: sourceLocation)
        }
        let xml = try #require(workbook.parts["xl/worksheets/sheet\(index).xml"])
        let pane = XLSXReader.Elements(xml, named: "pane").attributes.first
        #expect(pane?["state"] == "frozen" && pane?["ySplit"] == "1", "the header row frozen", sourceLocation: sourceLocation)
        #expect(
            XLSXReader.Elements(xml, named: "col").attributes.count == expected.first?.count, "a width for every column",
            sourceLocation: sourceLocation)
        let dimension = "A1:\(XLSXWorkbook.columnName((expected.first?.count ?? 1) - 1))\(expected.count)"
        #expect(XLSXReader.Elements(xml, named: "dimension").attributes.first?["ref"] == dimension, sourceLocation: sourceLocation)
    }

    @Test("hostile titles (quotes, commas, line breaks, formulas, Korean): the workbook's cells are the CSVs' cells")
    func hostileRoundTrip() async throws {
        let renderer = ReportRenderer(templates: try ReportTemplates.bundled())
        let files = try await renderer.render(CSVTests.hostileReport(), formats: [.csv, .xlsx])
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
        let workbook = try XLSXReader(try #require(byName["boxoffice-2024-01-10.xlsx"]))
        #expect(workbook.sheetNames == ReportTables.tables(periods: false).map(\.rawValue) + ["report"])
        for (index, name) in workbook.sheetNames.dropLast().enumerated() {
            try Self.expectSameCells(workbook, sheet: index + 1, csv: try #require(byName["boxoffice-2024-01-10-\(name).csv"]))
        }
        // The formula guard travels: the English title that would run as a formula is text, prefixed.
        let films = try workbook.rows(ofSheet: 1)
        let english = try #require(films[0].firstIndex { $0?.value == "title_en" })
        #expect(films.dropFirst().allSatisfy { $0[english]?.value == "'=cmd|' /C calc'!A0" && $0[english]?.type == "inlineStr" })
    }

    @Test("the sample week and a weekend: films, daily and days sheets, or films and weeks, equal to their CSVs")
    func sampleRoundTrip() async throws {
        for periods in [false, true] {
            let report = try await TestReports.sample {
                if periods {
                    let weekend = ChartPeriod(.weekend, inWeekOf: SampleData.week.start)
                    $0.range = DateRange(start: weekend.start, end: weekend.end)
                    $0.periods = (.weekend, [weekend])
                }
            }
            let files = try await ReportRenderer(templates: try ReportTemplates.bundled()).render(report, formats: [.csv, .xlsx])
            let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
            let base = ReportRenderer.baseName(for: report)
            let workbook = try XLSXReader(try #require(byName[base + ".xlsx"]))
            #expect(workbook.sheetNames == ReportTables.tables(periods: periods).map(\.rawValue) + ["report"])
            for (index, name) in workbook.sheetNames.dropLast().enumerated() {
                try Self.expectSameCells(workbook, sheet: index + 1, csv: try #require(byName["\(base)-\(name).csv"]))
            }
            // The report sheet: what the figures are, a fact a row, as the SQLite database's report table.
            let facts = try workbook.rows(ofSheet: workbook.sheetNames.count)
            #expect(facts.first?.map { $0?.value } == ["fact", "value"])
            #expect(facts.contains { $0.first??.value == "schema_version" && $0.last??.value == "3" })
            #expect(facts.contains { $0.first??.value == "data_source" && $0.last??.value == "SIMULATED" })
            // Korean intact, dates typed.
            let second = try workbook.rows(ofSheet: 2)
            #expect(second.joined().contains { $0?.value == "검은 파도" })
            let dateColumn = try #require(second[0].firstIndex { $0?.value == (periods ? "start" : "date") })
            #expect(second.dropFirst().allSatisfy { $0[dateColumn]?.style == "1" }, "the \(periods ? "start" : "date") column holds dates")
        }
    }

    @Test(
        "LibreOffice opens the workbook with the CSVs' cells on every sheet",
        .enabled(if: CSVTests.soffice != nil, "LibreOffice (soffice) is not installed; apt-get install libreoffice-calc-nogui to run it"))
    func libreOfficeReadsIt() async throws {
        let soffice = try #require(CSVTests.soffice)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-xlsx-lo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try await ReportRenderer(templates: try ReportTemplates.bundled()).render(CSVTests.hostileReport(), formats: [.csv, .xlsx])
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
        let workbook = folder.appendingPathComponent("book.xlsx")
        try #require(byName["boxoffice-2024-01-10.xlsx"]).write(to: workbook)
        // Every sheet (-1) to its own CSV, commas, quotes, UTF-8, cells as shown.
        _ = try await Subprocess.run(
            soffice,
            [
                "-env:UserInstallation=file://\(folder.path)/profile", "--headless", "--convert-to",
                "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,false,false,false,-1", "--outdir", folder.appendingPathComponent("out").path,
                workbook.path,
            ])
        for name in ["films", "daily", "days"] {
            let converted = try String(contentsOf: folder.appendingPathComponent("out/book-\(name).csv"), encoding: .utf8)
            let read = try CSVReader.parse(converted.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n"))
            let csv = try #require(byName["boxoffice-2024-01-10-\(name).csv"])
            let original = try CSVReader.parse(try #require(String(data: csv.dropFirst(3), encoding: .utf8)))
            #expect(read.count == original.count, "\(name): rows")
            for (row, expected) in zip(read, original) {
                #expect(row.count == expected.count, "\(name): no row shifted")
                for (got, want) in zip(row, expected) where got != want {
                    // LibreOffice writes numbers as it shows them (42.2 for 42.20), booleans as TRUE and
                    // FALSE, and line breaks as LF.
                    let sameNumber = Double(got) != nil && Double(got) == Double(want)
                    let sameBoolean = ["true", "false"].contains(want) && got == want.uppercased()
                    let sameText = got.replacingOccurrences(of: "\r\n", with: "\n") == want.replacingOccurrences(of: "\r\n", with: "\n")
                    #expect(sameNumber || sameBoolean || sameText, "\(name): \(got) for \(want)")
                }
            }
        }
    }

    @Test("a text past Excel's 32,767 characters a cell is cut there, whole characters kept, with a mark saying how long it was")
    func cellLimit() {
        let keywords = String(repeating: "액션, 스릴러, 🎬 ", count: 6_000)
        #expect(keywords.utf16.count > XLSXWorkbook.cellLimit)
        guard case .text(let cut) = XLSXWorkbook.cell(keywords, .text) else {
            Issue.record("not a text cell")
            return
        }
        #expect(cut.utf16.count <= XLSXWorkbook.cellLimit && cut.utf16.count > XLSXWorkbook.cellLimit - 100)
        #expect(cut.hasSuffix(" … [cut: \(keywords.utf16.count) characters, more than a cell holds; the CSV has them all]"))
        #expect(keywords.hasPrefix(String(cut.prefix { $0 != "…" }.dropLast())), "the kept part is the text's start, no character split")
        #expect(XLSXWorkbook.fitted("short") == "short")
    }

    @Test("a value with a line break enters a sentence as one line, in every format's view")
    func sentenceValuesAreOneLine() {
        let sentence: Sentence = "\("줄바꿈\n있는 제목") is #1"
        #expect(sentence.plain == "줄바꿈 있는 제목 is #1")
    }

    /// python3 with openpyxl, when installed (CI installs it).
    static let openpyxl = Python.canImport("openpyxl")

    @Test(
        "openpyxl reads the workbook with the CSVs' cells: text, numbers, dates, the frozen header",
        .enabled(if: openpyxl, "python3 with openpyxl is not installed; pip install openpyxl to run it"))
    func openpyxlReadsIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-xlsx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try await TestReports.sample()
        for file in try await ReportRenderer(templates: try ReportTemplates.bundled()).render(report, formats: [.csv, .xlsx]) {
            try file.contents.write(to: folder.appendingPathComponent(file.name))
        }
        let base = ReportRenderer.baseName(for: report)
        let result = try await Subprocess.run(
            "/usr/bin/env", ["python3", TestPaths.repositoryRoot.appendingPathComponent("Tests/Tools/xlsx_cells.py").path, folder.path, base])
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(result.status == 0, "\(text)")
        let sheets = ReportTables.tables(periods: false).map(\.rawValue).joined(separator: " ")
        #expect(text.hasPrefix("\(sheets): 0 mismatches, header frozen, printed at 8 pt or more"), "\(text)")
    }
}

@Suite("xlsx print scale")
struct XLSXPrintScaleTests {
    @Test("a narrow sheet prints at 100 %, a wide one scaled to the page, a very wide one at no less than 73 % (8 pt)")
    func scale() {
        #expect(XLSXWorkbook.printScale([10, 10, 10]) == 100)
        // 20 columns of 8 characters: 200 × 5.6 pt = 1,120 pt at 100 %; the page holds 734.
        #expect(XLSXWorkbook.printScale(Array(repeating: 8, count: 20)) == 73, "1,120 pt would need 65 %: held at 73 %")
        let middle = XLSXWorkbook.printScale(Array(repeating: 10, count: 11))  // 132 × 5.6 = 739 pt: just over a page
        #expect(middle == 99)
        #expect(XLSXWorkbook.printScale([]) == 100)
    }
}

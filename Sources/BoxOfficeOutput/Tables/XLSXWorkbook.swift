import BoxOfficeModel
import Foundation

/// An Excel workbook (Office Open XML, `.xlsx`) of a report's tables, one sheet per table.
///
/// Its cells are the tables' cells, typed by their columns' definitions (``ColumnType``): integer
/// and decimal columns are numbers, date columns are dates (shown `yyyy-mm-dd`), and codes, flags
/// and text stay text, whatever they look like (a movie code, a title such as `1987`). The header
/// row is bold and frozen, and columns are as wide as their widest cell (Korean counting double).
/// Boolean columns are TRUE/FALSE. Each sheet prints landscape, one page wide, its header on every page.
/// Text that the CSV prefixes with `'` so that a spreadsheet does not run it as a formula keeps that
/// prefix: an xlsx text cell is never evaluated, and the cell reads as the CSV's does.
enum XLSXWorkbook {
    /// The workbook's bytes (a stored ZIP; see ``StoredZip``), a sheet per table, and last a
    /// `report` sheet of `facts` (what the figures are, the caveats and the summary: the SQLite
    /// database's `report` table, a fact a row). Each sheet's XML is let go once it is in the
    /// archive: a twenty-year daily sheet's XML is ~90 MB.
    static func data(_ tables: [Table], facts: ReportFacts? = nil) throws(OutputError) -> Data {
        var zip = StoredZip.Writer()
        let names = tables.map(\.name.rawValue) + (facts == nil ? [] : ["report"])
        do {
            try zip.add("[Content_Types].xml", Data(contentTypes(names.count).utf8))
            try zip.add("_rels/.rels", Data(rootRelationships.utf8))
            try zip.add("xl/workbook.xml", Data(workbook(names).utf8))
            try zip.add("xl/_rels/workbook.xml.rels", Data(workbookRelationships(names.count).utf8))
            try zip.add("xl/styles.xml", Data(styles.utf8))
            for (index, table) in tables.enumerated() {
                try zip.add("xl/worksheets/sheet\(index + 1).xml", worksheet(table))
            }
            if let facts {
                let columns = [ColumnInfo(name: "fact", type: .text, about: ""), ColumnInfo(name: "value", type: .integer, about: "")]
                let rows = facts.pairs.map { ($0.name, $0.value.text) }
                try zip.add(
                    "xl/worksheets/sheet\(tables.count + 1).xml",
                    worksheet(columns: columns, count: rows.count) { row, column in column == 0 ? rows[row].0 : rows[row].1 })
            }
            return try zip.finish()
        } catch {
            // The one error a stored archive has: past the 4 GiB a ZIP without ZIP64 holds.
            throw .workbookTooLarge(megabytes: 4_096)
        }
    }

    // MARK: - Cells

    /// What a CSV cell becomes in the sheet.
    enum Cell: Equatable {
        case number(String)
        /// TRUE or FALSE, a spreadsheet's own booleans (a filter offers them as such).
        case boolean(Bool)
        /// Days since 1899-12-30, Excel's epoch for dates.
        case date(Int)
        case text(String)
        case empty
    }

    /// The day a cell holds when it is an ISO date, written whole (`2025-03-05`, not `2025-3-5`).
    static func isoDay(_ text: String) -> Day? {
        text.utf8.count == 10 ? Day(iso: text) : nil
    }

    /// The sheet's cell for a table's cell of a column of `type`.
    static func cell(_ text: String, _ type: ColumnType) -> Cell {
        if text.isEmpty { return .empty }
        switch type {
        case .integer, .decimal:
            if CSVContentType.isPlainNumber(text) { return .number(text.hasPrefix("+") ? String(text.dropFirst()) : text) }
        case .date:
            if let day = isoDay(text) { return .date(excelEpoch.distance(to: day)) }
        case .boolean:
            if text == "true" || text == "false" { return .boolean(text == "true") }
        case .text, .code: break
        }
        return .text(fitted(CSVContentType.formulaGuarded(text)))
    }

    /// Excel refuses (or "repairs" the workbook of) a cell longer than this many characters (UTF-16
    /// units, as Excel counts them): TMDB's keywords reach 54,000.
    static let cellLimit = 32_767

    /// `text` whole when a cell can hold it; else cut at a whole character, with a mark saying so
    /// (the CSV keeps the whole text).
    static func fitted(_ text: String) -> String {
        let length = text.utf16.count
        guard length > cellLimit else { return text }
        let mark = " … [cut: \(length) characters, more than a cell holds; the CSV has them all]"
        var kept = 0
        var end = text.startIndex
        for character in text {
            let size = character.utf16.count
            guard kept + size + mark.utf16.count <= cellLimit else { break }
            kept += size
            end = text.index(after: end)
        }
        return String(text[..<end]) + mark
    }

    static let excelEpoch = Day(iso: "1899-12-30")!

    // MARK: - Parts

    /// A sheet's XML from a table, in two passes over its cells (the column widths, then the
    /// cells), so that no more than one row's cells are held at a time.
    static func worksheet(_ table: Table) -> [UInt8] {
        worksheet(columns: table.columns, count: table.count, cell: table.cell)
    }

    /// A sheet's XML from `count` rows of `columns`, `cell` giving each row's (from 0) text.
    static func worksheet(columns infos: [ColumnInfo], count: Int, cell text: (_ row: Int, _ column: Int) -> String) -> [UInt8] {
        let table = (columns: infos, count: count, cell: text)
        var widths = table.columns.map { DisplayWidth.of($0.name) }
        for row in 0..<table.count {
            for (column, info) in table.columns.enumerated() {
                let text = table.cell(row, column)
                let width = info.type == .date && !text.isEmpty ? 10 : DisplayWidth.of(text)
                widths[column] = max(widths[column], min(width, 60))
            }
        }
        let columns = widths.indices.map { Array(columnName($0).utf8) }
        var xml: [UInt8] = []
        xml.reserveCapacity(table.count * table.columns.count * 40 + 1_024)
        func put(_ text: String) { xml.append(contentsOf: text.utf8) }
        put(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
            <dimension ref="A1:\(columnName(max(widths.count, 1) - 1))\(table.count + 1)"/>\
            <sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>\
            </sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>
            """)
        if !widths.isEmpty {
            put("<cols>")
            for (column, width) in widths.enumerated() {
                put("<col min=\"\(column + 1)\" max=\"\(column + 1)\" width=\"\(max(width, 4) + 2)\" customWidth=\"1\"/>")
            }
            put("</cols>")
        }
        put("<sheetData>")
        for number in 1...(table.count + 1) {
            let rowNumber = Array(String(number).utf8)
            put("<row r=\"")
            xml.append(contentsOf: rowNumber)
            put("\">")
            for (column, info) in table.columns.enumerated() {
                // The header row is text, bold (style 2).
                let cell = number == 1 ? .text(info.name) : cell(table.cell(number - 2, column), info.type)
                if case .empty = cell { continue }
                put("<c r=\"")
                xml.append(contentsOf: columns[column])
                xml.append(contentsOf: rowNumber)
                switch cell {
                case .empty: break
                case .number(let value):
                    put("\"><v>")
                    put(value)
                    put("</v></c>")
                case .date(let serial):
                    put("\" s=\"1\"><v>")
                    put(String(serial))
                    put("</v></c>")
                case .boolean(let value): put(value ? "\" t=\"b\"><v>1</v></c>" : "\" t=\"b\"><v>0</v></c>")
                case .text(let value):
                    put(
                        number == 1
                            ? "\" s=\"2\" t=\"inlineStr\"><is><t xml:space=\"preserve\">" : "\" t=\"inlineStr\"><is><t xml:space=\"preserve\">")
                    escape(value, into: &xml)
                    put("</t></is></c>")
                }
            }
            put("</row>")
        }
        // Printed landscape, the header row (and the first column) repeated on each page (the
        // workbook's print titles), at the scale that fits the sheet to a page's width, but never
        // below 73 % (8 pt of the 11 pt text). A fit to width (fitToPage) left the scale to the
        // reader, and LibreOffice fitted a long sheet's height too: 0.7 pt text.
        put(
            """
            </sheetData><pageMargins left="0.4" right="0.4" top="0.5" bottom="0.5" header="0.3" footer="0.3"/>\
            <pageSetup orientation="landscape" scale="\(Self.printScale(widths))"/></worksheet>
            """)
        return xml
    }

    /// `A`, `B` … `Z`, `AA` …: a column's letters from its 0-based index.
    static func columnName(_ index: Int) -> String {
        var index = index + 1
        var letters: [Character] = []
        while index > 0 {
            let remainder = (index - 1) % 26
            letters.insert(Character(Unicode.Scalar(UInt8(65 + remainder))), at: 0)
            index = (index - 1) / 26
        }
        return String(letters)
    }

    /// XML text: `&`, `<`, `>` and `"` escaped, a carriage return as `&#13;`; characters XML 1.0
    /// cannot hold (C0 controls other than tab and line breaks, which decoding already removes from
    /// service text) dropped.
    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        escape(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func escape(_ text: String, into bytes: inout [UInt8]) {
        var utf8 = text.utf8[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            // A carriage return as a reference: XML readers turn a literal CR LF into LF.
            case 0x0D: bytes.append(contentsOf: "&#13;".utf8)
            case 0x09, 0x0A: bytes.append(byte)
            case 0x00..<0x20: continue
            // U+FFFE and U+FFFF (EF BF BE, EF BF BF), which XML cannot hold either.
            case 0xEF where utf8.starts(with: [0xBF, 0xBE]) || utf8.starts(with: [0xBF, 0xBF]): utf8 = utf8.dropFirst(2)
            default: bytes.append(byte)
            }
        }
    }

    static func contentTypes(_ sheets: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/>\
        <Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
        <Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
        """
            + (1...max(sheets, 1)).map {
                "<Override PartName=\"/xl/worksheets/sheet\($0).xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
            }.joined() + "</Types>"
    }

    static let rootRelationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>\
        </Relationships>
        """

    /// The print scale, in percent, that fits columns `widths` (in characters) to the width of a
    /// landscape Letter page (the narrower of Letter and A4: 734 pt between the margins), from
    /// ``minimumPrintScale`` to 100. A column is about 5.6 pt a character at 100 % (11 pt text),
    /// with its two characters of padding.
    static func printScale(_ widths: [Int]) -> Int {
        let points = Double(widths.reduce(0) { $0 + max($1, 4) + 2 }) * 5.6
        guard points > 0 else { return 100 }
        return min(100, max(minimumPrintScale, Int((734 / points * 100).rounded(.down))))
    }

    /// 8 pt of the 11 pt text: below it a printed sheet cannot be read.
    static let minimumPrintScale = 73

    static func workbook(_ names: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
        xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>
        """
            + names.enumerated().map { "<sheet name=\"\(escape($1))\" sheetId=\"\($0 + 1)\" r:id=\"rId\($0 + 1)\"/>" }.joined()
            + "</sheets><definedNames>"
            + names.enumerated().map {
                "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"\($0)\">'\(escape($1))'!$A:$A,'\(escape($1))'!$1:$1</definedName>"
            }
            .joined()
            + "</definedNames></workbook>"
    }

    static func workbookRelationships(_ sheets: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
        """
            + (0..<sheets).map {
                "<Relationship Id=\"rId\($0 + 1)\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet\($0 + 1).xml\"/>"
            }.joined()
            + "<Relationship Id=\"rId\(sheets + 1)\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles\" Target=\"styles.xml\"/>"
            + "</Relationships>"
    }

    /// Style 0: general; 1: a date, `yyyy-mm-dd`; 2: bold (the header row).
    static let styles = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
        <numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts>\
        <fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
        <fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
        <borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
        <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
        <cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
        <xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
        <xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>\
        <cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
        </styleSheet>
        """
}

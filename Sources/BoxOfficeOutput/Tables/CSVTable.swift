import BoxOfficeModel
import Foundation

/// A table as a CSV file: the header, then a line per row, written straight from the table's
/// cells (``CSVContentType`` escapes each), CRLF line ends, `dialect`'s separator and byte-order
/// mark.
///
/// A user's own CSV template (`daily.csv.mustache` in `--templates`) replaces this: Mustache renders
/// it with the table's rows keyed by their column names (``TemplateRow``), which is slower on long
/// ranges (twenty years' daily rows take seconds rather than a fraction of one).
package enum CSVTable {
    /// The CSV file of `table`: from the user's template for it when `templates` has one.
    package static func data(_ table: Table, dialect: CSVDialect, templates: ReportTemplates) throws -> Data {
        let name = table.name.template
        guard templates.isOwn(name) else { return data(table, dialect: dialect) }
        return CSVContentType.file(from: try templates.render(name, context(table)), dialect: dialect)
    }

    /// The CSV file of `table` as the definition writes it.
    package static func data(_ table: Table, dialect: CSVDialect) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + table.count * table.columns.count * 8)
        append(table, header: true, dialect: dialect, to: &bytes)
        return Data(bytes)
    }

    /// `table`'s lines, its header first when asked for (with the byte-order mark, when the
    /// dialect has one): a long table is written in pieces (`boxoffice revisions`).
    package static func append(_ table: Table, header: Bool, dialect: CSVDialect, to bytes: inout [UInt8]) {
        let delimiter = dialect.delimiter.byte
        if header {
            if dialect.byteOrderMark { bytes += [0xEF, 0xBB, 0xBF] }
            for (index, column) in table.columns.enumerated() {
                if index > 0 { bytes.append(delimiter) }
                bytes += column.name.utf8
            }
            bytes.append(0x0D)
            bytes.append(0x0A)
        }
        let escaping = CSVContentType()
        for row in 0..<table.count {
            for column in table.columns.indices {
                if column > 0 { bytes.append(delimiter) }
                var cell = table.cell(row, column)
                // Most cells (numbers, dates, plain titles) are written as they are, from their bytes in place.
                let plain = cell.withUTF8 { utf8 in
                    guard CSVContentType.needsNothing(utf8) else { return false }
                    bytes.append(contentsOf: utf8)
                    return true
                }
                if !plain { bytes += escaping.escapeText(cell).utf8 }
            }
            bytes.append(0x0D)
            bytes.append(0x0A)
        }
    }

    /// What a CSV template sees: the table's rows under its list's name, each keyed by column name.
    package static func context(_ table: Table) -> [String: Any] {
        let columns = TemplateColumns(table.columns.map(\.name))
        return [table.name.listKey: (0..<table.count).map { TemplateRow(columns: columns, values: table.row($0)) }]
    }

    /// The starter template of a table, made from its definition: the header, then a `{{column}}`
    /// per column inside the list's section; it renders the bytes ``data(_:dialect:)`` writes.
    package static func defaultTemplate(_ name: ReportTable) -> String {
        let columns = ReportTables.columns(name).map(\.name)
        let header = columns.joined(separator: ",")
        let row = columns.map { "{{\($0)}}" }.joined(separator: ",")
        return "{{% CONTENT_TYPE: CSV}}\n\(header)\n{{#\(name.listKey)}}\n\(row)\n{{/\(name.listKey)}}\n"
    }
}

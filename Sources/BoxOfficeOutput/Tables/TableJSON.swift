import BoxOfficeModel
import Foundation

/// A table as JSON rows, for the commands whose output is one table (`quota`, `watch list`,
/// `revisions`): `{"rows": [{"date": "2025-03-10", …}], "schema_version": 2, "table": "quota"}`,
/// each cell typed by its column (numbers, `true`/`false`, `null` for a blank cell), keys sorted,
/// each row by Foundation's encoder. The schema version is every command's JSON's
/// (``BoxOfficeReport/schemaVersion``). A long table is written in pieces: ``opening``, each
/// batch's ``rows(_:first:)``, then ``closing(_:empty:)``.
package enum TableJSON {
    package static func data(_ table: Table) -> Data {
        Data((opening + rows(table, first: true) + closing(table.name, empty: table.count == 0)).utf8)
    }

    /// The document up to its first row.
    package static let opening = "{\n  \"rows\" : ["

    /// `table`'s rows as they stand inside the document's list: indented, joined by commas, the
    /// first of them after `[` when `first`.
    package static func rows(_ table: Table, first: Bool) -> String {
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var text = ""
        for row in 0..<table.count {
            var object: [String: Any] = [:]
            for (index, column) in table.columns.enumerated() { object[column.name] = value(table.cell(row, index), column.type) }
            let json = (try? JSONSerialization.data(withJSONObject: object, options: options)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            // JSON text holds no raw line break but between its tokens: every line moves in two levels.
            text += (first && row == 0 ? "\n    " : ",\n    ") + json.replacingOccurrences(of: "\n", with: "\n    ")
        }
        return text
    }

    /// The document after its last row.
    package static func closing(_ table: ReportTable, empty: Bool) -> String {
        (empty ? "\n\n  ]" : "\n  ]") + ",\n  \"schema_version\" : \(BoxOfficeReport.schemaVersion),\n  \"table\" : \"\(table.rawValue)\"\n}\n"
    }

    /// A cell as its column's JSON value.
    static func value(_ cell: String, _ type: ColumnType) -> Any {
        if cell.isEmpty { return NSNull() }
        switch type {
        case .integer: return Int64(cell).map { $0 as Any } ?? cell
        case .decimal: return Double(cell).map { $0 as Any } ?? cell
        case .boolean: return cell == "true"
        case .text, .code, .date: return cell
        }
    }
}

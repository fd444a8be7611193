import BoxOfficeModel
import Foundation

/// A table as JSON rows, for the commands whose output is one table (`quota`, `watch list`):
/// `{"schema_version": 2, "table": "quota", "rows": [{"date": "2025-03-10", …}]}`, each cell typed
/// by its column (numbers, `true`/`false`, `null` for a blank cell), keys sorted, by Foundation's
/// encoder. The schema version is every command's JSON's (``BoxOfficeReport/schemaVersion``).
package enum TableJSON {
    package static func data(_ table: Table) -> Data {
        let rows = (0..<table.count).map { row -> [String: Any] in
            var object: [String: Any] = [:]
            for (index, column) in table.columns.enumerated() { object[column.name] = value(table.cell(row, index), column.type) }
            return object
        }
        let document: [String: Any] = ["schema_version": BoxOfficeReport.schemaVersion, "table": table.name.rawValue, "rows": rows]
        let json = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return json + Data("\n".utf8)
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

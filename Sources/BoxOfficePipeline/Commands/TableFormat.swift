import BoxOfficeModel
import BoxOfficeOutput
import Foundation

/// How a command that prints one table prints it (`quota`, `watch list`): lines for people, or the
/// table's JSON rows or CSV, from its definition (``ReportTables``).
package enum TableFormat: String, CaseIterable, Sendable {
    case text, json, csv

    /// Prints `table` in this format on `console`; `text` prints `lines` instead.
    func print(_ table: @autoclosure () -> Table, lines: @autoclosure () -> [String], on console: Console) {
        switch self {
        case .text: lines().forEach(console.line)
        case .json: console.write(TableJSON.data(table()))
        case .csv: console.write(CSVTable.data(table(), dialect: CSVDialect()))
        }
    }
}

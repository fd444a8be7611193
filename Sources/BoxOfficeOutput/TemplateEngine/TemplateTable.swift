import Foundation
import Mustache

/// A pre-formatted value for a template. Strings work as well; this wrapper is simply cheaper for
/// swift-mustache to recognize (it renders a String through two more casts and
/// `String(describing:)`), which matters when a CSV has a hundred thousand rows, and every string
/// of a view model is handed to Mustache as one (``RenderBudget``).
///
/// It behaves as the string would in every template: the same text, escaped the same way, the
/// string transforms (`{{uppercased(title)}}`, `{{#empty(note)}}`), and no children of its own.
package struct TemplateText: MustacheCustomRenderable, MustacheTransformable, CustomReflectable, Sendable, Equatable,
    CustomStringConvertible
{
    package let text: String
    package init(_ text: String) { self.text = text }
    package var renderText: String { text }
    package var isNull: Bool { false }
    package var description: String { text }
    package func transform(_ name: String) -> Any? { text.transform(name) }
    /// As a String's: Mustache looks a name up in a value without children of its own by reflection.
    package var customMirror: Mirror { Mirror(reflecting: text) }
}

/// The column names of a list's rows, shared by every row of the list.
package final class TemplateColumns: Sendable {
    package let names: [String]
    let positions: [String: Int]

    package convenience init(_ names: [String]) {
        precondition(Set(names).count == names.count, "duplicate column names in \(names)")
        self.init(unique: names)
    }

    /// Names known to be distinct (a dictionary's keys).
    init(unique names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        positions.reserveCapacity(names.count)
        for (position, name) in names.enumerated() { positions[name] = position }
        self.positions = positions
    }

    /// Where `name`'s value is in a row, if a row has it.
    package func position(of name: String) -> Int? { positions[name] }
}

/// One row of a template's list (a CSV line): one pre-formatted value per column.
///
/// A class that answers `child(named:)` itself is the cheapest thing for swift-mustache to look
/// names up in; and rows sharing their columns let ``ReportTemplates`` render a plain list of
/// them without going through Mustache for every cell.
package final class TemplateRow: MustacheParent, Sendable {
    package let columns: TemplateColumns
    package let values: [String]

    package init(columns: TemplateColumns, values: [String]) {
        precondition(values.count == columns.names.count, "a row has \(values.count) values for \(columns.names.count) columns")
        self.columns = columns
        self.values = values
    }

    /// A row with columns of its own, for a handful of rows; a table's rows share theirs.
    package convenience init(_ pairs: KeyValuePairs<String, String>) {
        self.init(columns: TemplateColumns(pairs.map(\.key)), values: pairs.map(\.value))
    }

    package subscript(name: String) -> String? { columns.position(of: name).map { values[$0] } }

    package func child(named name: String) -> Any? { columns.position(of: name).map { TemplateText(values[$0]) } }
}

/// One row of a document's table (a film, a run, a chart row, a week) as the view model builds it:
/// its names and values in order, the names shared by every row of the table (``ViewTable``).
///
/// Why not a dictionary: a twenty-year report's films and runs tables are 7,400 rows of 11 to 35
/// names, and as dictionaries each name was hashed when the row was built, again for each of the
/// two documents at every tag that named it, and the values cast to their kinds at each tag (7% of
/// a twenty-year weekly report's instructions went on ``RowSection``'s lookups). Rows sharing their
/// columns are wrapped without hashing (``RenderBudget``), and ``RowSection`` finds a name's
/// position once per table. Mustache reads a row as it reads a dictionary.
// Unchecked Sendable: immutable after init; its values are view-model values, only read.
package struct ViewRow: MustacheParent, MustacheTransformable, @unchecked Sendable {
    package let columns: TemplateColumns
    /// Each column's name and value, in the columns' order: the literal the row was written as,
    /// kept as it came (taking the values out of it copied each one, and cost more than the
    /// dictionary it replaces).
    let pairs: [(String, Any)]

    fileprivate init(columns: TemplateColumns, pairs: [(String, Any)]) {
        precondition(pairs.count == columns.names.count, "a row has \(pairs.count) values for \(columns.names.count) columns")
        self.columns = columns
        self.pairs = pairs
    }

    package subscript(name: String) -> Any? { columns.position(of: name).map { pairs[$0].1 } }

    package func child(named name: String) -> Any? { self[name] }

    /// The row as a dictionary.
    package var dictionary: [String: Any] { Dictionary(uniqueKeysWithValues: pairs) }

    /// `count(row)`, `enumerated(row)` and the other dictionary transforms work as on the dictionary.
    package func transform(_ name: String) -> Any? { dictionary.transform(name) }

    /// The same row with `name`'s value replaced.
    package func setting(_ name: String, to value: Any) -> ViewRow {
        guard let position = columns.position(of: name) else { preconditionFailure("no column \(name)") }
        var pairs = pairs
        pairs[position].1 = value
        return ViewRow(columns: columns, pairs: pairs)
    }
}

/// The columns of one table's ``ViewRow``s, taken from the first row made and shared by the rest.
///
/// Every row of a table is written as one literal, so its names come in the same order every
/// time; they are compared with the known columns' (the same literal strings, so each comparison
/// is one of two words), and a row whose names differ gets columns of its own.
// Unchecked Sendable: `known` is read and written under `lock` only.
package final class ViewTable: @unchecked Sendable {
    private let lock = NSLock()
    private var known: TemplateColumns?

    package init() {}

    /// A row written as a dictionary literal: its names and values in the order written.
    package struct Literal: ExpressibleByDictionaryLiteral {
        let pairs: [(String, Any)]
        package init(dictionaryLiteral elements: (String, Any)...) { pairs = elements }
    }

    package func row(_ literal: Literal) -> ViewRow {
        let pairs = literal.pairs
        if let known = lock.withLock({ known }), Self.names(of: pairs, are: known.names) {
            return ViewRow(columns: known, pairs: pairs)
        }
        let columns = TemplateColumns(pairs.map(\.0))
        lock.withLock { known = columns }
        return ViewRow(columns: columns, pairs: pairs)
    }

    /// Whether `pairs` are named `names`, in order (read in place: no value is copied).
    private static func names(of pairs: [(String, Any)], are names: [String]) -> Bool {
        pairs.withUnsafeBufferPointer { pairs in
            names.withUnsafeBufferPointer { names in
                guard pairs.count == names.count else { return false }
                for index in 0..<names.count where pairs[index].0 != names[index] { return false }
                return true
            }
        }
    }
}

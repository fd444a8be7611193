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

    package init(_ names: [String]) {
        precondition(Set(names).count == names.count, "duplicate column names in \(names)")
        self.names = names
        self.positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
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

    /// A row with columns of its own, for a handful of rows; a long list is built with a ``TemplateTable``.
    package convenience init(_ pairs: KeyValuePairs<String, String>) {
        self.init(columns: TemplateColumns(pairs.map(\.key)), values: pairs.map(\.value))
    }

    package subscript(name: String) -> String? { columns.position(of: name).map { values[$0] } }

    package func child(named name: String) -> Any? { columns.position(of: name).map { TemplateText(values[$0]) } }
}

/// How to turn items into template rows: a column name and a formatting rule per column, in order.
package struct TemplateTable<Item>: Sendable {
    package let columns: TemplateColumns
    private let cells: [@Sendable (Item) -> String]

    package init(_ definitions: KeyValuePairs<String, @Sendable (Item) -> String>) {
        self.init(columns: definitions.map { ($0.key, $0.value) })
    }

    /// Columns given as a list, so that tables can share some of their columns.
    package init(columns definitions: [(String, @Sendable (Item) -> String)]) {
        columns = TemplateColumns(definitions.map(\.0))
        cells = definitions.map(\.1)
    }

    package func row(_ item: Item) -> TemplateRow {
        TemplateRow(columns: columns, values: cells.map { $0(item) })
    }

    package func rows(_ items: some Sequence<Item>) -> [TemplateRow] { items.map(row) }
}

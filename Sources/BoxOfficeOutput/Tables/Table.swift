import BoxOfficeModel
import Foundation

/// A machine table's definition: its columns in order, each with a name, a type, a one-line
/// description and how a row fills it. CSV, the Excel workbook, the SQLite database and the data
/// package are all written from it (``ReportTables`` holds the definitions), so a column is named,
/// typed and described once.
///
/// A cell is the text the CSV writes (raw numbers, ISO dates, `true`/`false`, blank when there is
/// no value); the type says what the other formats make of it.
package struct TableDefinition<Row>: Sendable {
    package let table: ReportTable
    package let facts: TableFacts
    package let columns: [Column<Row>]

    package init(_ table: ReportTable, _ facts: TableFacts, _ columns: [Column<Row>]) {
        precondition(Set(columns.map(\.name)).count == columns.count, "duplicate column names in \(table)")
        precondition(facts.key.allSatisfy { key in columns.contains { $0.name == key } }, "\(table)'s key names no column")
        self.table = table
        self.facts = facts
        self.columns = columns
    }

    /// The table of these rows.
    package func filled(_ rows: [Row]) -> Table where Row: Sendable {
        let cells = columns.map(\.cell)
        return Table(table, columns: columns.map(\.info), count: rows.count) { row, column in cells[column](rows[row]) }
    }
}

/// What a table is besides its columns, stated with its definition: the columns whose values
/// identify a row, those that name a row of another table of the same report, how the folder's
/// index and the workbook's readers name it, and whether a CSV template of the user's may replace
/// its CSV (the list the template repeats its row line for).
package struct TableFacts: Sendable {
    package var key: [String]
    package var label: (en: String, ko: String)
    package var listKey = "rows"
    /// What its CSV template writes (`templates list` says it), for a table whose CSV a template of
    /// the user's may replace: the reports', `film`'s and `rank`'s; nil for those the commands print
    /// to a terminal.
    package var template: String?
    package var foreignKeys: [(column: String, table: ReportTable, references: String)] = []

    package init(
        key: [String], label: (en: String, ko: String), listKey: String = "rows", template: String? = nil,
        foreignKeys: [(column: String, table: ReportTable, references: String)] = []
    ) {
        (self.key, self.label, self.listKey, self.template, self.foreignKeys) = (key, label, listKey, template, foreignKeys)
    }
}

/// One column of a ``TableDefinition``.
package struct Column<Row>: Sendable {
    package let info: ColumnInfo
    package let cell: @Sendable (Row) -> String
    package var name: String { info.name }

    package init(_ name: String, _ type: ColumnType, _ about: String, _ cell: @escaping @Sendable (Row) -> String) {
        info = ColumnInfo(name: name, type: type, about: about)
        self.cell = cell
    }
}

/// A column as every format sees it: its name, type and description.
package struct ColumnInfo: Sendable, Equatable {
    package let name: String
    package let type: ColumnType
    package let about: String
}

/// What a column holds, as the typed formats (xlsx, SQLite, the data package's Table Schema) declare it.
package enum ColumnType: Sendable, Equatable {
    /// Free text: titles, names, lists joined with `; `.
    case text
    /// A whole number.
    case integer
    /// A number with this many places after the point.
    case decimal(places: Int)
    /// An ISO date, `2025-03-05`.
    case date
    /// `true` or `false`.
    case boolean
    /// An identifier kept as text (KOBIS's movie codes may start with a zero).
    case code

    /// The type's name in the docs' column lists.
    package var label: String {
        switch self {
        case .text: "text"
        case .integer: "integer"
        case .decimal(let places): "decimal (\(places))"
        case .date: "date"
        case .boolean: "boolean"
        case .code: "code"
        }
    }
}

/// Every machine table boxoffice writes. A closed set: each has a definition in ``ReportTables``.
package enum ReportTable: String, Sendable, CaseIterable {
    case films, daily, days, weeks
    /// `boxoffice film`'s table: a film's charted days.
    case film
    /// `boxoffice film`'s weekends from KOBIS's weekend chart (``RunShape``).
    case weekends
    /// `boxoffice film A B …`: the films' cumulatives by day of release (``FilmComparison``).
    case comparison
    /// `report --regions`: each period's chart in every region (``RegionalChart``).
    case regions
    /// `boxoffice company` and `boxoffice person`: the films, with their lifetimes (``Filmography``).
    case filmography
    /// `boxoffice company`: its admissions and share by year.
    case companyYears = "company_years"
    /// `boxoffice rank`'s table: a period's films ranked.
    case rank
    /// `boxoffice rank`'s market tables (``MarketStructure``): the distributor league by company
    /// code, the shares by nation, watch grade and genre, and the months.
    case distributors, nations, grades, genres, months
    /// `boxoffice rank`'s tables of a period over more than one calendar year: each year's
    /// indicators, and each year's distributor league.
    case years
    case distributorYears = "distributor_years"
    /// `boxoffice rank`'s weekends from KOBIS's weekend charts (``WeekendTable``).
    case weekendTotals = "weekend_totals"
    /// `boxoffice rank`'s same dates in every year the cache holds (``SameSpan``).
    case sameSpan = "same_span"
    /// `boxoffice rank`'s quarters and halves, and each month's admissions by nation (KOFIC's tables 5 and 6).
    case quarters
    case monthNations = "month_nations"
    /// `boxoffice rank`'s films released in the period (``Releases``), its diversity films
    /// (``DiversityFilms``), and with `--regions` each region's admissions (``RegionTotals``).
    case releases
    case diversityFilms = "diversity_films"
    case regionTotals = "region_totals"
    /// `boxoffice quota`'s table: today's KOBIS calls per key.
    case quota
    /// `boxoffice watch list`'s table: the watchlist with each film's latest chart day.
    case watchlist
    /// `boxoffice revisions`' table: the figures KOBIS revised, as runs saw them.
    case revisions
    /// `boxoffice calendar`'s table: releases and watched films' projected dates (``ReleaseCalendar``).
    case calendar

    /// The user's template that replaces the table's CSV: `daily.csv.mustache`.
    package var template: String { rawValue + ".csv" }

    /// What its definition states besides its columns (``TableFacts``), read once per process.
    package var facts: TableFacts { Self.facts[self]! }
    private static let facts = Dictionary(uniqueKeysWithValues: allCases.map { ($0, ReportTables.definition($0).facts) })

    /// Whether a CSV template of the user's may replace the table's CSV.
    package var hasTemplate: Bool { facts.template != nil }

    /// The name of the list the CSV template repeats its row line for.
    package var listKey: String { facts.listKey }

    /// The columns whose values identify a row.
    package var primaryKey: [String] { facts.key }

    /// Columns that name a row of another table of the same report: a chart row's film is one of
    /// the report's films, a daily row's date one of its days.
    package var foreignKeys: [(column: String, table: ReportTable, references: String)] { facts.foreignKeys }

    /// How the folder's index and the workbook's readers name the table, in English and Korean.
    package var label: (en: String, ko: String) { facts.label }
}

/// A table filled with rows, ready for any format: ``count`` rows of ``columns``, each cell read
/// when a writer asks for it (a twenty-year daily table's 2.9 million cells are never held).
package struct Table: Sendable {
    package let name: ReportTable
    package let columns: [ColumnInfo]
    package let count: Int
    private let cellAt: @Sendable (_ row: Int, _ column: Int) -> String

    package init(_ name: ReportTable, columns: [ColumnInfo], count: Int, cell: @escaping @Sendable (_ row: Int, _ column: Int) -> String) {
        self.name = name
        self.columns = columns
        self.count = count
        self.cellAt = cell
    }

    /// The cell of `row` (from 0) in `column`, as the CSV writes it.
    package func cell(_ row: Int, _ column: Int) -> String { cellAt(row, column) }

    /// Every row's cell in the column called `name` (none when there is no such column).
    package func cells(of name: String) -> [String] {
        guard let column = columns.firstIndex(where: { $0.name == name }) else { return [] }
        return (0..<count).map { cellAt($0, column) }
    }

    /// A row's cells, in the columns' order.
    package func row(_ row: Int) -> [String] { columns.indices.map { cellAt(row, $0) } }
}

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
    package let columns: [Column<Row>]

    package init(_ table: ReportTable, _ columns: [Column<Row>]) {
        precondition(Set(columns.map(\.name)).count == columns.count, "duplicate column names in \(table)")
        self.table = table
        self.columns = columns
    }

    /// The table of these rows.
    package func filled(_ rows: [Row]) -> Table where Row: Sendable {
        let cells = columns.map(\.cell)
        return Table(table, columns: columns.map(\.info), count: rows.count) { row, column in cells[column](rows[row]) }
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

    /// Whether a CSV template of the user's may replace the table's CSV: the reports', `film`'s
    /// and `rank`'s tables; the commands that print a table to the terminal have none.
    package var hasTemplate: Bool {
        switch self {
        case .films, .daily, .days, .weeks, .film, .rank: true
        case .quota, .watchlist, .revisions, .distributors, .nations, .grades, .genres, .months, .years, .distributorYears, .weekends, .regions,
            .filmography, .companyYears, .calendar:
            false
        }
    }

    /// The name of the list the CSV template repeats its row line for.
    package var listKey: String {
        switch self {
        case .films, .rank, .watchlist: "films"
        case .daily, .weeks, .distributors, .nations, .grades, .genres, .months, .years, .distributorYears, .weekends, .regions, .filmography,
            .companyYears, .calendar:
            "rows"
        case .days, .film: "days"
        case .quota: "keys"
        case .revisions: "revisions"
        }
    }

    /// The columns whose values identify a row.
    package var primaryKey: [String] {
        switch self {
        case .films, .rank, .watchlist: ["movie_cd"]
        case .daily: ["date", "movie_cd"]
        case .days, .film: ["date"]
        case .weekends: ["weekend"]
        case .regions: ["start", "region_cd", "rank"]
        case .filmography: ["movie_cd"]
        case .companyYears: ["year"]
        case .weeks: ["start", "movie_cd"]
        case .quota: ["date", "key"]
        case .revisions: ["date", "movie_cd", "field", "seen_at"]
        case .distributors: ["company_cd"]
        case .nations: ["nation"]
        case .grades: ["watch_grade"]
        case .genres: ["genre"]
        case .months: ["month"]
        case .years: ["year"]
        case .distributorYears: ["year", "company_cd"]
        case .calendar: ["uid"]
        }
    }

    /// Columns that name a row of another table of the same report: a chart row's film is one of
    /// the report's films, a daily row's date one of its days.
    package var foreignKeys: [(column: String, table: ReportTable, references: String)] {
        switch self {
        case .daily: [("movie_cd", .films, "movie_cd"), ("date", .days, "date")]
        case .weeks: [("movie_cd", .films, "movie_cd")]
        case .distributorYears: [("year", .years, "year")]
        case .films, .days, .film, .weekends, .regions, .filmography, .companyYears, .rank, .quota, .watchlist, .revisions, .distributors, .nations,
            .grades, .genres, .months,
            .years, .calendar:
            []
        }
    }

    /// How the folder's index and the workbook's readers name the table, in English and Korean.
    package var label: (en: String, ko: String) {
        switch self {
        case .films: ("films", "영화")
        case .daily: ("daily", "일별")
        case .days: ("days", "날짜")
        case .weeks: ("weeks", "주별")
        case .film: ("film", "영화 일별")
        case .weekends: ("weekends", "주말별")
        case .regions: ("regions", "지역별")
        case .filmography: ("films", "영화")
        case .companyYears: ("years", "연도별")
        case .rank: ("rank", "순위")
        case .quota: ("quota", "호출 한도")
        case .watchlist: ("watchlist", "관심 영화")
        case .revisions: ("revisions", "수정")
        case .distributors: ("distributors", "배급사별")
        case .nations: ("nations", "국적별")
        case .grades: ("watch grades", "관람 등급별")
        case .genres: ("genres", "장르별")
        case .months: ("months", "월별")
        case .years: ("years", "연도별")
        case .distributorYears: ("distributors by year", "연도별 배급사")
        case .calendar: ("calendar", "개봉 달력")
        }
    }
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

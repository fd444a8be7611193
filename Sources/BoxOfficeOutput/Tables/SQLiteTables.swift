import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A report's tables as one SQLite database (`-f sqlite`): a table per report table, with its
/// columns' declared types, its primary key and its foreign keys (``ReportTable``), and a `report`
/// table of one row saying what the figures are (range, source, depth, provisional days …).
///
/// The database is built in memory and handed over whole (`sqlite3_serialize`), so it is written
/// like any other report file: staged, then committed with the rest, never half-written.
package enum SQLiteTables {
    /// The database file's bytes: `tables`, and a `report` table of `facts`.
    static func database(_ facts: ReportFacts, tables: [Table]) throws -> Data {
        let sqlite = try SQLiteLibrary.load()
        let database = try sqlite.openInMemory()
        defer { sqlite.close(database) }
        // Foreign keys are declared, not enforced while inserting (SQLite's default): a constraint
        // that fails here is a key's, and `pragma foreign_key_check` finds none (tests hold it to).
        try sqlite.execute("BEGIN", on: database)
        // Referenced tables first: films and days before the chart rows that name them.
        let ordered = tables.sorted { ($0.name.foreignKeys.isEmpty ? 0 : 1) < ($1.name.foreignKeys.isEmpty ? 0 : 1) }
        for table in ordered {
            try sqlite.execute(createStatement(table), on: database)
            try sqlite.insert(table, into: database)
        }
        try sqlite.execute(reportStatements(facts), on: database)
        try sqlite.execute("COMMIT", on: database)
        return try sqlite.serialize(database)
    }

    /// `CREATE TABLE` for a table: its columns with their SQL types, its keys.
    static func createStatement(_ table: Table) -> String {
        var parts = table.columns.map { "\(quoted($0.name)) \(sqlType($0.type))" }
        parts.append("PRIMARY KEY (\(table.name.primaryKey.map(quoted).joined(separator: ", ")))")
        for key in table.name.foreignKeys {
            parts.append("FOREIGN KEY (\(quoted(key.column))) REFERENCES \(quoted(key.table.rawValue)) (\(quoted(key.references)))")
        }
        return "CREATE TABLE \(quoted(table.name.rawValue)) (\n  " + parts.joined(separator: ",\n  ") + "\n)"
    }

    /// The SQL type a column is declared with (booleans are 0 and 1, dates ISO text).
    static func sqlType(_ type: ColumnType) -> String {
        switch type {
        case .integer, .boolean: "INTEGER"
        case .decimal: "REAL"
        case .text, .code, .date: "TEXT"
        }
    }

    /// The `report` table: one row of what the figures are.
    static func reportStatements(_ facts: ReportFacts) -> String {
        let columns = facts.pairs.map { "\(quoted($0.name)) \($0.value.sqlType)" }.joined(separator: ", ")
        let values = facts.pairs.map(\.value.sqlLiteral).joined(separator: ", ")
        return "CREATE TABLE \"report\" (\(columns)); INSERT INTO \"report\" VALUES (\(values))"
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

/// Why a SQLite database could not be made.
package enum SQLiteError: UserFacingError, Equatable {
    /// `-f sqlite` on a machine without libsqlite3 (or without `sqlite3_serialize`, SQLite 3.36).
    case sqliteMissing(library: String)
    /// SQLite refused a statement building the database: a bug, said with SQLite's words.
    case sqliteFailed(reason: String)
    /// Two rows of a table with one key (a chart listing a film twice): a database holds one.
    case duplicateRow(table: String, key: String)

    package var errorDescription: String? {
        switch self {
        case let .sqliteMissing(library):
            "-f sqlite needs libsqlite3 3.36 or later (\(library) cannot be loaded); install it (apt-get install libsqlite3-0) or ask for another format"
        case let .sqliteFailed(reason):
            "cannot build the SQLite database: \(reason)"
        case let .duplicateRow(table, key):
            "the \(table) table has two rows for \(key) (the service listed one film twice); the SQLite database keeps one row per key, so leave sqlite out of --format"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .sqliteMissing: .configuration
        case .sqliteFailed: .internalError
        case .duplicateRow: .malformedResponse
        }
    }
}

/// What a report's figures are, for the machine formats that describe themselves (the SQLite
/// `report` table, the data package's provenance): one list, named once.
struct ReportFacts {
    enum Value {
        case text(String?)
        case integer(Int?)
        case boolean(Bool)

        var sqlType: String {
            switch self {
            case .text: "TEXT"
            case .integer, .boolean: "INTEGER"
            }
        }

        var sqlLiteral: String {
            switch self {
            case .text(let text): text.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL"
            case .integer(let number): number.map(String.init) ?? "NULL"
            case .boolean(let flag): flag ? "1" : "0"
            }
        }

        /// The value as a CSV cell writes it: blank for none, `true`/`false`.
        var text: String {
            switch self {
            case .text(let text): text ?? ""
            case .integer(let number): number.map(String.init) ?? ""
            case .boolean(let flag): flag ? "true" : "false"
            }
        }

        var json: Any {
            switch self {
            case .text(let text): text ?? NSNull()
            case .integer(let number): number ?? NSNull()
            case .boolean(let flag): flag
            }
        }
    }

    let pairs: [(name: String, value: Value)]

    /// A fetch time as ISO 8601 in UTC, to the second: `2025-03-10T01:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    /// A ranking's (`boxoffice rank`): its period, source and what its figures count.
    init(_ ranking: PeriodRanking) {
        pairs = [
            ("schema_version", .integer(PeriodRanking.schemaVersion)),
            ("source", .text(ranking.source)),
            ("data_source", .text(ReportTables.dataSource(simulated: ranking.simulated))),
            ("simulated", .boolean(ranking.simulated)),
            ("span", .text(ranking.span)),
            ("start", .text(ranking.start.iso)),
            ("end", .text(ranking.end.iso)),
            ("asked_end", .text(ranking.askedEnd?.iso)),
            ("days", .integer(ranking.days)),
            ("films", .integer(ranking.films.count)),
            ("listed_in_documents", .integer(ranking.listed)),
            ("charted_audience", .integer(Int(ranking.chartedAudience))),
            ("charted_sales", .integer(Int(ranking.chartedSales))),
            ("estimated_market_sales", .integer(ranking.estimatedMarketSales.map(Int.init))),
            ("estimated_market_days", .integer(ranking.estimatedMarketDays)),
            ("estimated_market_audience", .integer(ranking.market.estimatedMarketAudience.map(Int.init))),
            ("average_ticket_price", .integer(ranking.market.averageTicketPrice.map(Int.init))),
            ("korean_share_pct", .text(ReportTables.decimal(ranking.audienceShareByNation.korean, places: 2))),
            ("foreign_share_pct", .text(ReportTables.decimal(ranking.audienceShareByNation.foreign, places: 2))),
            ("last_year_start", .text(ranking.lastYear?.start.iso)),
            ("last_year_end", .text(ranking.lastYear?.end.iso)),
            ("last_year_charted_audience", .integer(ranking.lastYear.map { Int($0.chartedAudience) })),
            ("caveats", .text(ranking.caveats.map(\.rawValue).joined(separator: ReportTables.listSeparator))),
        ]
    }

    init(_ report: BoxOfficeReport) {
        let provisional = report.days.filter(\.provisional).count + report.periods.filter(\.provisional).count
        pairs = [
            ("schema_version", .integer(BoxOfficeReport.schemaVersion)),
            ("source", .text(report.source)),
            ("data_source", .text(ReportTables.dataSource(simulated: report.simulated))),
            ("simulated", .boolean(report.simulated)),
            ("start", .text(report.range.start.iso)),
            ("end", .text(report.range.end.iso)),
            ("days", .integer(report.range.days)),
            ("period_kind", .text(report.periodKind?.rawValue)),
            ("ranked_by", .text(report.rankedBy.rawValue)),
            ("depth", .integer(report.depth.rawValue)),
            ("exact_through_rank", .integer(report.days.map(\.exactThroughRank).min())),
            ("provisional_charts", .integer(provisional)),
            ("revisions", .integer(report.revisions?.count ?? 0)),
            ("charts_fetched_from", .text(report.chartsFetched.map { Self.timestamp($0.lowerBound) })),
            ("charts_fetched_to", .text(report.chartsFetched.map { Self.timestamp($0.upperBound) })),
            ("tmdb", .text(report.enrichment.state.rawValue)),
        ]
    }
}

/// libsqlite3, loaded when a run first asks for `-f sqlite`, the way libcurl is loaded when a run
/// first needs the network: a binary on a machine without it starts, and every other format works.
///
/// Every function boxoffice calls takes fixed arguments, so they are looked up by name and called
/// through typed C function pointers; no SQLite header is needed to build.
/// C function pointers into a library that is never unloaded, and no state: Sendable as it is.
package struct SQLiteLibrary: Sendable {
    typealias Database = OpaquePointer
    typealias Statement = OpaquePointer

    /// The library's file, or `BOXOFFICE_SQLITE_LIBRARY` when set (a library kept elsewhere).
    static var path: String {
        ProcessInfo.processInfo.environment["BOXOFFICE_SQLITE_LIBRARY"]
            ?? {
                #if canImport(Darwin)
                "libsqlite3.dylib"
                #else
                "libsqlite3.so.0"
                #endif
            }()
    }

    private static let loaded: Result<SQLiteLibrary, SQLiteError> = {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return .failure(.sqliteMissing(library: path)) }
        guard let library = SQLiteLibrary(handle: handle) else { return .failure(.sqliteMissing(library: path)) }
        return .success(library)
    }()

    /// The library, loaded once per process; ``SQLiteError/sqliteMissing(library:)`` without it.
    package static func load() throws(SQLiteError) -> SQLiteLibrary { try loaded.get() }

    private let open: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Database?>?, Int32, UnsafePointer<CChar>?) -> Int32
    private let closeDatabase: @convention(c) (Database?) -> Int32
    private let exec: @convention(c) (Database?, UnsafePointer<CChar>?, OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    private let prepare: @convention(c) (Database?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Statement?>?, OpaquePointer?) -> Int32
    /// The last argument is SQLite's destructor, passed as SQLITE_TRANSIENT (-1): the text is copied.
    private let bindText: @convention(c) (Statement?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
    private let bindInt64: @convention(c) (Statement?, Int32, Int64) -> Int32
    private let bindDouble: @convention(c) (Statement?, Int32, Double) -> Int32
    private let bindNull: @convention(c) (Statement?, Int32) -> Int32
    private let step: @convention(c) (Statement?) -> Int32
    private let reset: @convention(c) (Statement?) -> Int32
    private let finalize: @convention(c) (Statement?) -> Int32
    private let errorMessage: @convention(c) (Database?) -> UnsafePointer<CChar>?
    private let serializeDatabase:
        @convention(c) (Database?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int64>?, UInt32) -> UnsafeMutablePointer<UInt8>?
    private let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

    private init?(handle: UnsafeMutableRawPointer) {
        func find<Function>(_ name: String, as: Function.Type) -> Function? {
            dlsym(handle, name).map { unsafeBitCast($0, to: Function.self) }
        }
        guard let open = find("sqlite3_open_v2", as: type(of: self.open)),
            let closeDatabase = find("sqlite3_close_v2", as: type(of: self.closeDatabase)),
            let exec = find("sqlite3_exec", as: type(of: self.exec)),
            let prepare = find("sqlite3_prepare_v2", as: type(of: self.prepare)),
            let bindText = find("sqlite3_bind_text", as: type(of: self.bindText)),
            let bindInt64 = find("sqlite3_bind_int64", as: type(of: self.bindInt64)),
            let bindDouble = find("sqlite3_bind_double", as: type(of: self.bindDouble)),
            let bindNull = find("sqlite3_bind_null", as: type(of: self.bindNull)),
            let step = find("sqlite3_step", as: type(of: self.step)),
            let reset = find("sqlite3_reset", as: type(of: self.reset)),
            let finalize = find("sqlite3_finalize", as: type(of: self.finalize)),
            let errorMessage = find("sqlite3_errmsg", as: type(of: self.errorMessage)),
            // SQLite 3.36 (2021) and later.
            let serializeDatabase = find("sqlite3_serialize", as: type(of: self.serializeDatabase)),
            let free = find("sqlite3_free", as: type(of: self.free))
        else { return nil }
        (self.open, self.closeDatabase, self.exec, self.prepare) = (open, closeDatabase, exec, prepare)
        (self.bindText, self.bindInt64, self.bindDouble, self.bindNull) = (bindText, bindInt64, bindDouble, bindNull)
        (self.step, self.reset, self.finalize, self.errorMessage) = (step, reset, finalize, errorMessage)
        (self.serializeDatabase, self.free) = (serializeDatabase, free)
    }

    private static let ok: Int32 = 0, constraint: Int32 = 19, done: Int32 = 101
    /// SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY.
    private static let openFlags: Int32 = 0x2 | 0x4 | 0x80

    func openInMemory() throws(SQLiteError) -> Database {
        var database: Database?
        guard open(":memory:", &database, Self.openFlags, nil) == Self.ok, let database else {
            close(database)
            throw .sqliteFailed(reason: "cannot open a database in memory")
        }
        return database
    }

    func close(_ database: Database?) { _ = closeDatabase(database) }

    func execute(_ sql: String, on database: Database) throws(SQLiteError) {
        guard exec(database, sql, nil, nil, nil) == Self.ok else { throw .sqliteFailed(reason: message(database)) }
    }

    /// Every row of `table`, in one prepared statement; a blank cell is NULL, a boolean 0 or 1.
    func insert(_ table: Table, into database: Database) throws(SQLiteError) {
        let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        let sql = "INSERT INTO \(SQLiteTables.quoted(table.name.rawValue)) VALUES (\(placeholders))"
        var statement: Statement?
        guard prepare(database, sql, -1, &statement, nil) == Self.ok, let statement else { throw .sqliteFailed(reason: message(database)) }
        defer { _ = finalize(statement) }
        for row in 0..<table.count {
            for (index, column) in table.columns.enumerated() {
                bind(table.cell(row, index), type: column.type, at: Int32(index + 1), in: statement)
            }
            switch step(statement) {
            case Self.done: break
            case Self.constraint:
                let key = table.name.primaryKey.compactMap { name in table.columns.firstIndex { $0.name == name }.map { table.cell(row, $0) } }
                throw .duplicateRow(table: table.name.rawValue, key: key.joined(separator: ", "))
            default: throw .sqliteFailed(reason: "\(table.name.rawValue) row \(row + 1): \(message(database))")
            }
            _ = reset(statement)
        }
    }

    private func bind(_ cell: String, type: ColumnType, at position: Int32, in statement: Statement) {
        if cell.isEmpty {
            _ = bindNull(statement, position)
            return
        }
        switch type {
        case .integer:
            if let number = Int64(cell) { _ = bindInt64(statement, position, number) } else { bindText(cell, at: position, in: statement) }
        case .decimal:
            if let number = Double(cell) { _ = bindDouble(statement, position, number) } else { bindText(cell, at: position, in: statement) }
        case .boolean:
            _ = bindInt64(statement, position, cell == "true" ? 1 : 0)
        case .text, .code, .date:
            bindText(cell, at: position, in: statement)
        }
    }

    private func bindText(_ text: String, at position: Int32, in statement: Statement) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = bindText(statement, position, $0.baseAddress, Int32(bytes.count), -1) }
        }
    }

    func serialize(_ database: Database) throws(SQLiteError) -> Data {
        var size: Int64 = 0
        guard let bytes = serializeDatabase(database, "main", &size, 0) else { throw .sqliteFailed(reason: "cannot serialize the database") }
        return Data(bytesNoCopy: bytes, count: Int(size), deallocator: .custom { [free] pointer, _ in free(pointer) })
    }

    private func message(_ database: Database?) -> String {
        errorMessage(database).map { String(cString: $0) } ?? "unknown error"
    }
}

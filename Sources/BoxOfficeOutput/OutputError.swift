import BoxOfficeModel
import Foundation

package enum OutputError: UserFacingError, Equatable {
    case cannotWrite(path: String, reason: String)
    /// `--output -` and the reader went away (EPIPE) before the whole file was written.
    case standardOutputClosed
    /// `--output -` and standard output failed for another reason (a full device, an I/O error).
    case cannotWriteStandardOutput(reason: String)
    /// An xlsx workbook past the 4 GiB a ZIP archive without ZIP64 holds.
    case workbookTooLarge(megabytes: Int)
    /// `-f sqlite` on a machine without libsqlite3 (or without `sqlite3_serialize`, SQLite 3.36).
    case sqliteMissing(library: String)
    /// SQLite refused a statement building the database: a bug, said with SQLite's words.
    case sqliteFailed(reason: String)
    /// Two rows of a table with one key (a chart listing a film twice): a database holds one.
    case duplicateRow(table: String, key: String)

    package var errorDescription: String? {
        switch self {
        case let .cannotWrite(path, reason):
            "cannot write the report to \(path): \(reason); choose another folder with --output"
        case .standardOutputClosed:
            "standard output was closed before the whole report was written (the reader ended early); what was fetched is cached"
        case let .cannotWriteStandardOutput(reason):
            "cannot write the report to standard output: \(reason); write it to a folder with --output DIR instead"
        case let .workbookTooLarge(megabytes):
            "the xlsx workbook would be about \(megabytes) MB, past the 4 GiB an xlsx file can hold; ask for csv, or a shorter range"
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
        case .cannotWrite, .cannotWriteStandardOutput, .workbookTooLarge: .cannotWrite
        case .standardOutputClosed: .outputClosed
        case .sqliteMissing: .configuration
        case .sqliteFailed: .internalError
        case .duplicateRow: .malformedResponse
        }
    }
}

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
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .cannotWrite, .cannotWriteStandardOutput, .workbookTooLarge: .cannotWrite
        case .standardOutputClosed: .outputClosed
        }
    }
}

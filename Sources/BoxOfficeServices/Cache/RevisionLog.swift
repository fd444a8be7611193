import BoxOfficeFiles
import BoxOfficeModel
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What KOBIS revised, kept beside the cache as `revisions.jsonl`: one JSON line per changed figure,
/// appended (each line one `write` on a file opened for appending, so lines from two runs never
/// interleave), read by `boxoffice revisions` and the report. The first-fetched body is not kept:
/// the comparison happens when the day is fetched again, before its entry is replaced. The log is
/// a ``SideFile``: a link, a FIFO or a folder in its place is refused, never followed or waited on.
package final class RevisionLog: Sendable {
    package let url: URL
    /// The revisions this process saw, for its report, and why they could not be logged, if so.
    private let seen = Mutex<(revisions: [Revision], refusal: SideFile.Refusal?)>(([], nil))

    package init(cacheDirectory: URL) {
        url = cacheDirectory.appendingPathComponent("revisions.jsonl")
    }

    package var seenThisRun: [Revision] { seen.withLock { $0.revisions } }

    /// One line for stderr when revisions this run saw could not be logged (the report still says them).
    package var warning: String? {
        seen.withLock { $0.refusal }.map { "KOBIS's revisions were not logged: \($0)" }
    }

    /// The longest line read: a revision is a few hundred bytes, its title at most 1,000 characters.
    static let longestLine = 16 << 10

    /// Appends `revisions`; a log that cannot be written is left as it is, and said once (``warning``).
    package func append(_ revisions: [Revision]) {
        guard !revisions.isEmpty else { return }
        seen.withLock { $0.revisions += revisions }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data()
        for revision in revisions {
            guard let line = try? encoder.encode(revision) else { continue }
            data += line + Data([UInt8(ascii: "\n")])
        }
        try? AtomicFile.makeFolder(url.deletingLastPathComponent())
        do throws(SideFile.Refusal) {
            try SideFile.append(data, to: url.path)
        } catch {
            seen.withLock { if $0.refusal == nil { $0.refusal = error } }
        }
    }

    /// Each revision logged, oldest first, read a block at a time (a log grows for as long as the
    /// cache is kept); a damaged line is passed over and counted: the count is returned. Throws
    /// when the log is not a regular file or cannot be read, or when `body` throws.
    @discardableResult
    package func forEach(_ body: (Revision) throws -> Void) throws -> Int {
        let decoder = JSONDecoder()
        var damaged = 0
        try SideFile.forEachLine(url.path, longestLine: Self.longestLine) { line in
            if let revision = try? decoder.decode(Revision.self, from: line) { try body(revision) } else { damaged += 1 }
        }
        return damaged
    }
}

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
/// the comparison happens when the day is fetched again, before its entry is replaced.
package final class RevisionLog: Sendable {
    package let url: URL
    /// The revisions this process saw, for its report.
    private let seen = Mutex<[Revision]>([])

    package init(cacheDirectory: URL) {
        url = cacheDirectory.appendingPathComponent("revisions.jsonl")
    }

    package var seenThisRun: [Revision] { seen.withLock { $0 } }

    /// Appends `revisions`; a log that cannot be written is left as it is (the report still says them).
    package func append(_ revisions: [Revision]) {
        guard !revisions.isEmpty else { return }
        seen.withLock { $0 += revisions }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data()
        for revision in revisions {
            guard let line = try? encoder.encode(revision) else { continue }
            data += line + Data([UInt8(ascii: "\n")])
        }
        try? AtomicFile.makeFolder(url.deletingLastPathComponent())
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Every revision logged, oldest first; a damaged line is skipped.
    package func all() -> [Revision] {
        guard let data = RegularFile.contents(atPath: url.path, limit: 64 << 20) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(Revision.self, from: Data($0)) }
    }
}

import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Report files written to temporary files in their folder, not yet visible under their names.
///
/// Nothing is renamed into place before ``commit(_:)``; whatever is not committed is removed by
/// ``discard()``, or when the set is dropped.
public final class StagedFiles {
    public let directory: URL
    private var temporaries: [(name: String, url: URL)] = []

    init(directory: URL) {
        self.directory = directory
    }

    /// Writes `file` whole to a temporary file beside its final place and flushes it to disk.
    public func add(_ file: RenderedFile) throws(OutputError) {
        let temporary = AtomicFile.temporary(beside: directory.appendingPathComponent(file.name))
        temporaries.append((file.name, temporary))
        try ReportWriter.writeDurably(file.contents, to: temporary)
    }

    /// Renames the files called `names` (each added before) into place, in that order, and returns
    /// their final paths; on any failure nothing more is renamed and the temporaries are removed.
    public func commit(_ names: [String]) throws(OutputError) -> [URL] {
        var moves: [(temporary: URL, name: String)] = []
        for name in names {
            guard let temporary = temporaries.first(where: { $0.name == name })?.url else {
                discard()
                throw .cannotWrite(path: directory.appendingPathComponent(name).path, reason: "it was never rendered")
            }
            moves.append((temporary, name))
        }
        var finals: [URL] = []
        for (temporary, name) in moves {
            let final = directory.appendingPathComponent(name)
            guard rename(temporary.path, final.path) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw .cannotWrite(path: final.path, reason: reason)
            }
            finals.append(final)
        }
        temporaries = []
        return finals
    }

    /// Removes every temporary file not renamed into place.
    public func discard() {
        for (_, temporary) in temporaries { unlink(temporary.path) }
        temporaries = []
    }

    deinit {
        discard()
    }
}

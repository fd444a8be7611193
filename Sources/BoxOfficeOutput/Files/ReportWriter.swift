import BoxOfficeFiles
import BoxOfficeModel
import Foundation

/// Writes report files so that a reader never sees a partial one: each goes to a temporary file in
/// the destination folder, and only when every file is complete are they renamed into place.
///
/// A failure before the renames leaves the folder as it was, temporary files removed.
///
/// ``standardOutput`` writes the first file of a commit to standard output instead, whole, and
/// only once every file rendered (`--output -`).
package struct ReportWriter: Sendable {
    package let directory: URL
    /// Writes to standard output rather than to `directory`.
    package let toStandardOutput: Bool

    package init(directory: URL) {
        self.directory = directory
        toStandardOutput = false
    }

    private init(standardOutput: Void) {
        directory = URL(fileURLWithPath: "/dev/stdout")
        toStandardOutput = true
    }

    /// A writer whose commit prints the first file named to standard output.
    package static let standardOutput = ReportWriter(standardOutput: ())

    /// Writes `files`, returning their final paths in the same order.
    package func write(_ files: [RenderedFile]) throws(OutputError) -> [URL] {
        let staged = try stage()
        do {
            for file in files { try staged.add(file) }
            return try staged.commit(files.map(\.name))
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Starts a set of files written one by one as they are ready, so that each one's contents can
    /// be freed at once, and renamed into place together by ``StagedFiles/commit(_:)``.
    package func stage() throws(OutputError) -> StagedFiles {
        if toStandardOutput { return StagedFiles(standardOutput: .standardOutput) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory.path, reason: Self.blockingFile(of: directory) ?? Self.reason(error))
        }
        removeStaleTemporaries()
        return StagedFiles(directory: directory)
    }

    /// Removes this writer's temporary files that a killed run (`kill -9`, power loss) left behind,
    /// once they are an hour old, so a live run writing to the same folder is never disturbed.
    ///
    /// Every name ``AtomicFile/temporary(beside:)`` gives counts (reports, the index, film pages,
    /// the kept links), and only regular files: a link is never followed or removed.
    ///
    /// The sweep runs only when the folder's commit lock can be had at once: a run committing now
    /// holds it, and its kept links (hard links, so as old as the files they keep) are not abandoned.
    func removeStaleTemporaries(olderThan age: TimeInterval = 3600) {
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        defer { close(folder) }
        guard flock(folder, LOCK_EX | LOCK_NB) == 0 else { return }
        defer { flock(folder, LOCK_UN) }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        let now = Date().timeIntervalSince1970
        for name in names where AtomicFile.isTemporaryName(name) {
            let path = directory.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if now - Double(status.st_mtim.tv_sec) > age { unlink(path) }
        }
    }

    /// Creates the file exclusively, writes it whole and flushes it to disk before returning.
    static func writeDurably(_ data: Data, to url: URL) throws(OutputError) {
        do {
            try AtomicFile.write(data, toNew: url, durable: true, reportingAs: url.deletingLastPathComponent().path)
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// "/tmp/notes is a file, not a folder" when a component of `directory`'s path is one.
    static func blockingFile(of directory: URL) -> String? {
        var url = directory.standardizedFileURL
        while url.path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : "\(url.path) is a file, not a folder"
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? OutputError, case let .cannotWrite(_, reason) = error { return reason }
        return SystemError.reason(error)
    }
}

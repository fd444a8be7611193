import BoxOfficeFiles
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
///
/// A commit is all or nothing, and one at a time per folder:
/// 1. it takes an exclusive lock on the folder itself (`flock` on the folder), so two runs writing
///    one folder commit one after the other and the folder always holds one run's complete set;
/// 2. it checks every final name first (a folder in the way, a file it may not replace in a sticky
///    shared folder) and keeps a hard link (or a copy) of each file it will replace, changing
///    nothing visible;
/// 3. it renames each temporary file into place; if one rename fails, the files already renamed
///    are put back as they were (the old file from its link, or removed when there was none).
///
/// Bound for standard output (`--output -`), the files are held in memory instead and the commit
/// writes the first one named, whole, to standard output: nothing is printed unless rendering succeeded.
// Unchecked Sendable: the temporaries change under `lock` only; the rest is immutable.
package final class StagedFiles: ReportFileSink, @unchecked Sendable {
    package let directory: URL
    /// Guards ``temporaries`` and ``held``: a file streamed by one lane of the renderer is added
    /// while another lane's files are.
    private let lock = NSLock()
    private var temporaries: [(name: String, url: URL)] = []
    /// `rename(2)`, replaceable so that tests can make the n-th rename fail.
    private let renameFile: (String, String) -> Int32
    /// Set for standard output: where the first committed file goes, and the files held until then.
    private let standardOutput: FileHandle?
    private var held: [String: Data] = [:]

    init(directory: URL, rename renameFile: @escaping (String, String) -> Int32 = { rename($0, $1) }) {
        self.directory = directory
        self.renameFile = renameFile
        standardOutput = nil
    }

    init(standardOutput: FileHandle) {
        directory = URL(fileURLWithPath: "/dev/stdout")
        renameFile = { _, _ in -1 }
        self.standardOutput = standardOutput
    }

    /// Writes `file` whole to a temporary file beside its final place and flushes it to disk.
    package func add(_ file: RenderedFile) throws(OutputError) {
        if standardOutput != nil {
            lock.withLock { held[file.name] = file.contents }
            return
        }
        let temporary = reserveTemporary(for: file.name)
        try ReportWriter.writeDurably(file.contents, to: temporary)
    }

    /// Writes the file called `name` piece by piece, as `produce` hands each piece over, to a
    /// temporary file beside its final place, and flushes it to disk: a twenty-year report's JSON
    /// (77 MB) is written as it is encoded, never held whole.
    package func add(streaming name: String, _ produce: ((UnsafeRawBufferPointer) throws -> Void) async throws -> Void) async throws {
        if standardOutput != nil {
            var data = Data()
            try await produce { data.append(contentsOf: $0) }
            lock.withLock { held[name] = data }
            return
        }
        let temporary = reserveTemporary(for: name)
        let folder = directory.path
        let file: AtomicFile.NewFile
        do {
            file = try AtomicFile.NewFile(temporary, reportingAs: folder)
        } catch {
            throw OutputError.cannotWrite(path: error.path, reason: error.reason)
        }
        do {
            try await produce { piece in
                do throws(FileWriteError) {
                    try file.append(piece)
                } catch {
                    throw OutputError.cannotWrite(path: error.path, reason: error.reason)
                }
            }
        } catch {
            file.abandon()
            throw error
        }
        do {
            try file.finish(durable: true)
        } catch {
            throw OutputError.cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// Stages `name` as a second name for the staged file `existing` (`--latest`): a hard link to
    /// its temporary file, or a copy where the file system has no links.
    package func add(_ name: String, sameAs existing: String) throws(OutputError) {
        if standardOutput != nil {
            lock.withLock { held[name] = held[existing] }
            return
        }
        guard let source = lock.withLock({ temporaries.first { $0.name == existing }?.url }) else {
            throw .cannotWrite(path: directory.appendingPathComponent(name).path, reason: "\(existing) was never rendered")
        }
        let temporary = reserveTemporary(for: name)
        guard link(source.path, temporary.path) != 0 else { return }
        do {
            try FileManager.default.copyItem(at: source, to: temporary)
        } catch {
            throw .cannotWrite(path: directory.path, reason: SystemError.reason(error))
        }
    }

    /// A new temporary file's name beside `name`'s final place, recorded so that it is removed
    /// unless committed.
    private func reserveTemporary(for name: String) -> URL {
        let temporary = AtomicFile.temporary(beside: directory.appendingPathComponent(name))
        lock.withLock { temporaries.append((name, temporary)) }
        return temporary
    }

    /// How long a commit waits for another run's commit into the same folder (which takes milliseconds).
    static let lockWait: TimeInterval = 30

    /// Renames the files called `names` (each added before) into place and returns their final
    /// paths, in that order; on any failure the folder is left as it was and the temporaries removed.
    package func commit(_ names: [String]) throws(OutputError) -> [URL] {
        defer { discard() }
        if let standardOutput {
            guard let name = names.first, let data = lock.withLock({ held[name] }) else { return [] }
            try Self.writeAll(data, to: standardOutput.fileDescriptor)
            return []
        }
        var moves: [(temporary: URL, final: URL)] = []
        for name in names {
            guard let temporary = lock.withLock({ temporaries.first(where: { $0.name == name })?.url }) else {
                throw .cannotWrite(path: directory.appendingPathComponent(name).path, reason: "it was never rendered")
            }
            moves.append((temporary, directory.appendingPathComponent(name)))
        }
        let folderLock = try lockFolder()
        defer { close(folderLock) }
        return try renameIntoPlace(moves)
    }

    /// Writes `data` whole to `descriptor` with `write(2)`, so the error says why it stopped: a
    /// reader that went away (EPIPE, as SIGPIPE is ignored) or anything else (ENOSPC for /dev/full).
    static func writeAll(_ data: Data, to descriptor: Int32) throws(OutputError) {
        if descriptor == STDOUT_FILENO, StandardStreams.outputClosedAtStart { throw .standardOutputClosed }
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        guard let failure else { return }
        throw failure == EPIPE ? .standardOutputClosed : .cannotWriteStandardOutput(reason: String(cString: strerror(failure)))
    }

    /// Under the folder's commit lock: hands `body` the names in the folder now, adds the files it
    /// returns and renames them into place, so that what is written from a listing (the archive
    /// index) is never older than another run's listing written before it.
    package func commit(fromListing body: ([String]) throws(OutputError) -> [RenderedFile]) throws(OutputError) -> [URL] {
        defer { discard() }
        let folderLock = try lockFolder()
        defer { close(folderLock) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
        let files = try body(names)
        for file in files { try add(file) }
        return try renameIntoPlace(lock.withLock { temporaries }.map { ($0.url, directory.appendingPathComponent($0.name)) })
    }

    /// Renames each temporary file into place (the caller holds the folder lock), or none of them.
    private func renameIntoPlace(_ moves: [(temporary: URL, final: URL)]) throws(OutputError) -> [URL] {
        // Nothing visible changes until every name is known to be replaceable.
        var backups: [URL?] = []
        defer { for case let backup? in backups { unlink(backup.path) } }
        for (_, final) in moves {
            backups.append(try keepOld(final))
        }
        for (index, move) in moves.enumerated() where renameFile(move.temporary.path, move.final.path) != 0 {
            let failure = FileWriteError.system(move.final.path)
            let undone = rollBack(moves.prefix(index).map(\.final), backups: backups)
            throw .cannotWrite(
                path: failure.path,
                reason: failure.reason
                    + (undone
                        ? "; the files already renamed were put back, so the folder is as it was"
                        : "; some files already renamed could not be put back"))
        }
        // The deferred discard removes whatever was staged but not named (renamed names are gone already).
        return moves.map(\.final)
    }

    /// Takes the folder's commit lock, waiting up to ``lockWait`` for another run's commit.
    private func lockFolder() throws(OutputError) -> Int32 {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: directory.path, reason: String(cString: strerror(errno))) }
        let deadline = Date().addingTimeInterval(Self.lockWait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                throw .cannotWrite(path: directory.path, reason: "another boxoffice run kept the folder locked for \(Int(Self.lockWait)) s")
            }
            usleep(2_000)
        }
        return descriptor
    }

    /// Checks that `final` can be replaced, and keeps a hard link to the file there now (nil when
    /// there is none), so that a failed commit can put it back.
    private func keepOld(_ final: URL) throws(OutputError) -> URL? {
        var status = stat()
        guard lstat(final.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .cannotWrite(path: final.path, reason: String(cString: strerror(errno)))
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw .cannotWrite(path: final.path, reason: "a folder of that name is in the way")
        }
        var folder = stat()
        if stat(directory.path, &folder) == 0, folder.st_mode & S_ISVTX != 0, geteuid() != 0,
            status.st_uid != geteuid(), folder.st_uid != geteuid()
        {
            throw .cannotWrite(path: final.path, reason: "it belongs to another user in a shared folder, so it cannot be replaced")
        }
        let backup = AtomicFile.temporary(beside: final)
        if link(final.path, backup.path) == 0 { return backup }
        // A file system without hard links (FAT, some network shares): a copy serves as well.
        do {
            try FileManager.default.copyItem(at: final, to: backup)
        } catch {
            unlink(backup.path)
            throw .cannotWrite(path: final.path, reason: "cannot keep the old file while it is replaced, so it is left alone")
        }
        return backup
    }

    /// Puts the `renamed` files back as they were before the commit; false when one could not be.
    private func rollBack(_ renamed: [URL], backups: [URL?]) -> Bool {
        var complete = true
        for (index, final) in renamed.enumerated().reversed() {
            if let backup = backups[index] {
                if renameFile(backup.path, final.path) != 0 { complete = false }
            } else if unlink(final.path) != 0 {
                complete = false
            }
        }
        return complete
    }

    /// Removes every temporary file not renamed into place.
    package func discard() {
        let removed = lock.withLock {
            held = [:]
            defer { temporaries = [] }
            return temporaries
        }
        for (_, temporary) in removed { unlink(temporary.path) }
    }

    deinit {
        discard()
    }
}

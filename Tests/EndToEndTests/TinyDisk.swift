import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs mounted on a folder, to fill a disk or make it read-only for real. Mounting needs
/// root (CI and these machines run tests as root); where it is refused, the tests that need it are
/// skipped, and say so in their name's trait.
final class TinyDisk {
    let url: URL

    /// Mounts `bytes` of tmpfs on a new folder inside `parent`.
    init(bytes: Int, in parent: URL) throws {
        url = parent.appendingPathComponent("disk-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Self.mount(["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", url.path])
    }

    /// Remounts it read-only, as a read-only share or a locked-down backup would be.
    func makeReadOnly() throws {
        try Self.mount(["-o", "remount,ro", url.path])
    }

    /// Grows or shrinks it (tmpfs keeps its files): "free some space".
    func resize(bytes: Int) throws {
        try Self.mount(["-o", "remount,size=\(bytes)", url.path])
    }

    /// Fills what is left of it, so the next write of any size fails with "No space left on device".
    func fill() {
        let descriptor = open(url.appendingPathComponent("filler").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    deinit {
        try? Self.run("/bin/umount", ["-l", url.path])
        try? FileManager.default.removeItem(at: url)
    }

    /// True when this process may mount a tmpfs (tried once, on a scratch folder).
    static let available: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-mount-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            (try? mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path])) != nil
        else { return false }
        try? run("/bin/umount", [folder.path])
        return true
    }()

    private static func mount(_ arguments: [String]) throws { try run("/bin/mount", arguments) }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}

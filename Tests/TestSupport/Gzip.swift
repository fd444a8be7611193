import Foundation

/// Data compressed by the system's `gzip`, as a server would send it with `Content-Encoding: gzip`.
public enum Gzip {
    public struct Failed: Error {}

    /// `data` through `gzip -9`, by way of a temporary file (a pipe in both directions could fill).
    public static func compress(_ data: Data) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("body")
        try data.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-9", file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed() }
        return try Data(contentsOf: file.appendingPathExtension("gz"))
    }
}

import Foundation

/// Runs a helper program (python3, LibreOffice, man) for a test, and waits for it on a thread of its
/// own rather than on one of Swift's cooperative threads.
///
/// Why: the suite runs every test at once on as many cooperative threads as the machine has cores
/// (two here), and `Process.waitUntilExit()` in an async test holds one of them for as long as the
/// helper runs; two such waits stopped every other test, and a test that was waiting for a server's
/// answer saw it time out.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var output: Data
        public var errors: Data
    }

    /// `executable` with `arguments`, `input` on its standard input; its output and errors are
    /// collected in temporary files (so neither pipe can fill while the other is read).
    public static func run(
        _ executable: String, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try runBlocking(executable, arguments, input: input, environment: environment) })
            }
        }
    }

    private static func runBlocking(_ executable: String, _ arguments: [String], input: Data?, environment: [String: String]?) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outputFile, errorFile) = (folder.appendingPathComponent("out"), folder.appendingPathComponent("err"))
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let pipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : pipe
        try process.run()
        if let input {
            try? pipe.fileHandleForWriting.write(contentsOf: input)
            try? pipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: try Data(contentsOf: outputFile), errors: try Data(contentsOf: errorFile))
    }
}

import Foundation
import Testing

/// Runs the built `boxoffice` binary as a user would, capturing stdout, stderr and the exit code.
struct BoxOfficeProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// The `boxoffice` executable beside this test bundle in the build folder.
    static let executable: URL = {
        let candidates = [
            Bundle.main.bundleURL,
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for folder in candidates {
            for base in [folder, folder.deletingLastPathComponent()] {
                let url = base.appendingPathComponent("boxoffice")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue { return url }
            }
        }
        return candidates[0].appendingPathComponent("boxoffice")
    }()

    /// A clean environment: no inherited keys, a pinned "today", whatever the test adds. HOME is the
    /// test's own folder (set by `run`), so each test has its own cache and quota ledger.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "BOXOFFICE_TODAY": "2025-03-10"]
        environment.merge(extra) { $1 }
        return environment
    }

    static func run(_ arguments: [String], environment: [String: String] = environment(), in directory: URL) async throws -> Result {
        try await launch(arguments, environment: environment, in: directory) { _ in }.result
    }

    /// Runs the binary as the user `nobody` (through `setpriv`, which needs root), to meet
    /// another user's files as a shared folder would show them.
    static func runAsNobody(_ arguments: [String], environment: [String: String], in directory: URL) async throws -> Result {
        try await launch(
            arguments, environment: environment, in: directory,
            wrapper: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        ) { _ in }.result
    }

    /// True when tests may run the binary as another user (root, with `setpriv`).
    static let canSwitchUser = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Starts the binary, sends `signal` after `after` seconds, and returns its result with the
    /// seconds it took to exit after the signal.
    static func runInterrupted(
        _ arguments: [String], signal: Int32, after: Double, environment: [String: String],
        in directory: URL
    ) async throws -> (Result, Double) {
        let run = try await launch(arguments, environment: environment, in: directory) { process in
            try await Task.sleep(nanoseconds: UInt64(after * 1e9))
            kill(process.processIdentifier, signal)
        }
        return (run.result, run.secondsAfterAction)
    }

    /// Runs the binary with stdout and stderr captured in files (no pipe to fill up), performing
    /// `action` once it has started; returns its result and how long it ran after `action`.
    private static func launch(
        _ arguments: [String], environment: [String: String], in directory: URL, wrapper: [String] = [],
        action: (Process) async throws -> Void
    ) async throws -> (result: Result, secondsAfterAction: Double) {
        let outURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let process = Process()
        if let tool = wrapper.first {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = wrapper.dropFirst() + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var environment = environment
        if environment["HOME"] == nil { environment["HOME"] = directory.path }
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        try await action(process)
        let acted = Date()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                exited.wait()
                continuation.resume()
            }
        }
        let result = Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
        return (result, Date().timeIntervalSince(acted))
    }
}

/// A fresh temporary folder, removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Names of the files in a subfolder, hidden ones included, sorted.
    /// The report files in folder `name`, without the archive index every report run rebuilds
    /// there (``allFiles(in:)`` has it too).
    func files(in name: String) -> [String] {
        allFiles(in: name).filter { $0 != "index.html" && $0 != "index.md" }
    }

    func allFiles(in name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(name).path)) ?? []).sorted()
    }
}

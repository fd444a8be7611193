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

    /// The binary under test: `BOXOFFICE_BINARY` when set (CI points it at the release build that
    /// `make install` ships), else the `boxoffice` executable beside this test bundle.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["BOXOFFICE_BINARY"], !path.isEmpty {
            precondition(FileManager.default.isExecutableFile(atPath: path), "BOXOFFICE_BINARY=\(path) is not an executable file")
            return URL(fileURLWithPath: path)
        }
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

    /// Runs the binary to its end; with `watchdog`, a run still going after that many seconds is
    /// killed (status 9), for tests whose failure would otherwise be a run that never ends.
    static func run(
        _ arguments: [String], environment: [String: String] = environment(), in directory: URL, watchdog: Double? = nil
    ) async throws -> Result {
        try await launch(arguments, environment: environment, in: directory, watchdog: watchdog) { _ in }
    }

    /// Runs the binary as the user `nobody` (through `setpriv`, which needs root), to meet
    /// another user's files as a shared folder would show them.
    static func runAsNobody(_ arguments: [String], environment: [String: String], in directory: URL) async throws -> Result {
        try await launch(
            arguments, environment: environment, in: directory,
            wrapper: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        ) { _ in }
    }

    /// True when tests may run the binary as another user (root, with `setpriv`).
    static let canSwitchUser = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Starts the binary, sends `signal` once `ready()` holds (polled; the state a test needs, such
    /// as a chart cached and a request in flight, never a fixed delay), and returns its result.
    ///
    /// A run still going `watchdog` seconds after the signal is killed (status 9), so a signal that
    /// is ignored fails the test instead of hanging it; nothing here measures how fast it exited.
    static func runInterrupted(
        _ arguments: [String], signal: Int32, when ready: @escaping @Sendable () -> Bool, watchdog: Double = 90,
        environment: [String: String], in directory: URL
    ) async throws -> Result {
        try await launch(arguments, environment: environment, in: directory, watchdog: watchdog) { process in
            while !ready() {
                guard process.isRunning else { return }
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            kill(process.processIdentifier, signal)
        }
    }

    /// Runs the binary with stdout and stderr captured in files (no pipe to fill up), performing
    /// `action` once it has started; returns its result.
    private static func launch(
        _ arguments: [String], environment: [String: String], in directory: URL, wrapper: [String] = [],
        watchdog: Double? = nil, action: (Process) async throws -> Void
    ) async throws -> Result {
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
        if let watchdog {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + watchdog) { if process.isRunning { kill(pid, SIGKILL) } }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                exited.wait()
                continuation.resume()
            }
        }
        return Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}

/// A fresh temporary folder, removed when the test ends.
final class TemporaryFolder: Sendable {
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

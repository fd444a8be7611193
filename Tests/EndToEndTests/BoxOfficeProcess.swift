import BoxOfficeModel
import BoxOfficeOutput
import FakeServices
import Foundation
import Testing

/// Runs the built `boxoffice` binary as a user would, capturing stdout, stderr and the exit code.
struct BoxOfficeProcess {
    /// A daily report's CSVs, one per table its definitions list (films, daily, days …).
    static let dailyCSVs = ReportTables.tables(periods: false).count
    /// The files a daily report writes by default: its JSON, CSVs, Markdown, HTML and text.
    static let dailyReportFiles = 4 + dailyCSVs

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output as bytes, for a binary format written to it.
        var stdoutBytes = Data()
        /// From the spawn to the reaping of the process; recorded, never asserted.
        var wall: Duration = .zero
        /// From the first signal a test sent to the reaping; recorded, never asserted.
        var afterSignal: Duration? = nil
        /// The program's peak resident memory, in bytes (`ru_maxrss`); nil where python3 is missing.
        var peakMemory: Int? = nil
        /// The output folder, cache and ledger as the run left them.
        var after: RunState? = nil

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
        // No watchlist unless a test makes one: a developer's own would open every report with their films.
        var environment = ["PATH": "/usr/bin:/bin", "BOXOFFICE_TODAY": "2025-03-10", "XDG_CONFIG_HOME": "/nonexistent/boxoffice-tests-config"]
        environment.merge(extra) { $1 }
        return environment
    }

    /// The environment of a user pointed at a loopback KOBIS, with the XDG folders (cache, state,
    /// config) inside `folder` and "today" pinned.
    static func environment(kobis server: FakeKOBISServer, folder: TemporaryFolder, today: String) -> [String: String] {
        environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": today,
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path, "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path,
        ])
    }

    /// Runs the binary in `folder` as a user pointed at a loopback KOBIS (``environment(kobis:folder:today:)``).
    static func run(
        _ arguments: [String], kobis server: FakeKOBISServer, folder: TemporaryFolder, today: String = "2025-03-10"
    ) async throws -> Result {
        try await run(arguments, environment: environment(kobis: server, folder: folder, today: today), in: folder.url)
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
            process.signal(signal)
        }
    }

    /// Runs the binary with stdout (unless `standardOutput` sends it elsewhere) and stderr captured
    /// in files (no pipe to fill up), performing `action` once it has started; returns its result with the run's wall time, its peak memory
    /// and the state it left behind.
    ///
    /// Spawned with `posix_spawn` and reaped with `wait4` rather than through Foundation's
    /// `Process`, to measure the child's own peak memory (see ``SpawnedProcess``).
    static func launch(
        _ arguments: [String], environment: [String: String], in directory: URL, wrapper: [String] = [],
        standardOutput: SpawnedProcess.Output? = nil, watchdog: Double? = nil, action: (SpawnedProcess) async throws -> Void
    ) async throws -> Result {
        let outURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        var environment = environment
        if environment["HOME"] == nil { environment["HOME"] = directory.path }
        let command = wrapper.isEmpty ? [executable.path] + arguments : wrapper + [executable.path] + arguments
        let started = ContinuousClock.now
        let process = try SpawnedProcess(
            command, environment: environment, in: directory, stdout: standardOutput ?? .file(outURL), stderr: errURL)
        try await action(process)
        if let watchdog {
            DispatchQueue.global().asyncAfter(deadline: .now() + watchdog) { process.signal(SIGKILL) }
        }
        let ended = await process.exit()
        let now = ContinuousClock.now
        let stdoutBytes = (try? Data(contentsOf: outURL)) ?? Data()
        return Result(
            status: ended.status,
            stdout: String(data: stdoutBytes, encoding: .utf8) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
            stdoutBytes: stdoutBytes,
            wall: now - started,
            afterSignal: process.signalled.map { now - $0 },
            peakMemory: ended.peakMemory,
            after: RunState(arguments: arguments, environment: environment, directory: directory))
    }
}

/// A child process started with `posix_spawn`: its own stdin (`/dev/null`), stdout and stderr
/// files and working folder, default signal dispositions, no inherited descriptors.
final class SpawnedProcess: @unchecked Sendable {
    private let spawned: pid_t
    private let lock = NSLock()
    private var ended: (status: Int32, peakMemory: Int?)?
    private var waiters: [CheckedContinuation<(status: Int32, peakMemory: Int?), Never>] = []
    private var exited = false
    /// Where the meter writes the program's pid (`.pid`) and, when it ends, its status and peak.
    private let report: URL?
    private var program: pid_t?

    /// Where the child's standard output goes.
    enum Output: Sendable {
        /// A file the test reads afterwards.
        case file(URL)
        /// A descriptor of the test's, such as a pipe's write end (the child gets a copy).
        case descriptor(Int32)
        /// Closed before the program starts, as `>&-` does.
        case closed
    }

    /// Measures a program's own peak memory. `wait4`'s `ru_maxrss` cannot be read for a program
    /// this test process starts: `posix_spawn` shares this process's memory until the exec, and
    /// Linux carries the high-water mark of the memory a process leaves at exec into its
    /// `ru_maxrss`, so every run would report at least the test runner's size (which grows to
    /// 160 MB over the suite). A small Python process forks the program instead, so it starts
    /// from Python's ~10 MB, and reports what `wait4` says of it. Without python3, nothing is
    /// measured.
    private static let meterScript = """
        import os, signal, sys
        report, command = sys.argv[1], sys.argv[2:]
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            try:
                os.execv(command[0], command)
            finally:
                os._exit(127)
        with open(report + ".pid", "w") as f:
            f.write(str(pid))
        while True:
            try:
                _, status, usage = os.wait4(pid, 0)
                break
            except InterruptedError:
                pass
        with open(report, "w") as f:
            f.write(f"{status} {usage.ru_maxrss}")
        """

    /// The real python3 executable (not a shim), found once on the test runner's PATH.
    private static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let found = path.split(separator: ":").map({ "\($0)/python3" }).first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: found)
        process.arguments = ["-c", "import sys; print(sys.executable)"]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let executable = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && FileManager.default.isExecutableFile(atPath: executable) ? executable : nil
    }()

    init(_ command: [String], environment: [String: String], in directory: URL, stdout: Output, stderr: URL) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        switch stdout {
        case .file(let url): posix_spawn_file_actions_addopen(&actions, 1, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
        case .closed: posix_spawn_file_actions_addclose(&actions, 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderr.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard Self.closeFrom(&actions, 3) == 0, Self.changeFolder(&actions, directory.path) == 0 else {
            throw POSIXError(.EINVAL)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var command = command
        if let python = Self.python {
            let report = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-meter-\(UUID().uuidString)")
            self.report = report
            command = [python, "-I", "-S", "-c", Self.meterScript, report.path] + command
        } else {
            report = nil
        }
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EINVAL) }
        spawned = pid
        if report == nil { program = pid }
        Thread.detachNewThread { [self] in reap() }
    }

    var isRunning: Bool { lock.withLock { !exited } }

    // glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) and `…_addchdir_np` (2.29) are
    // declared only for _GNU_SOURCE, which Swift's Glibc module does not define: found at run time.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeFolder = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let closeFrom = unsafeBitCast(dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")!, to: CloseFrom.self)
    private static let changeFolder = unsafeBitCast(dlsym(nil, "posix_spawn_file_actions_addchdir_np")!, to: ChangeFolder.self)

    /// The program's pid: the meter's child, once the meter has said it (it does so before it
    /// waits), or nil if the run ended first.
    private func programPID() -> pid_t? {
        for _ in 0..<500 {
            if let known = lock.withLock({ exited ? -1 : program }) { return known < 0 ? nil : known }
            if let report, let text = try? String(contentsOfFile: report.path + ".pid", encoding: .utf8), let pid = pid_t(text) {
                lock.withLock { program = pid }
                return pid
            }
            usleep(5_000)
        }
        return nil
    }

    /// Sends `signal` to the program unless it has ended (so a reused pid is never signalled).
    func signal(_ signal: Int32) {
        guard let pid = programPID() else { return }
        lock.withLock {
            guard !exited else { return }
            if firstSignal == nil { firstSignal = .now }
            _ = kill(pid, signal)
        }
    }

    /// When the first signal was sent, if one was.
    var signalled: ContinuousClock.Instant? { lock.withLock { firstSignal } }
    private var firstSignal: ContinuousClock.Instant?

    /// The exit status (the signal's number when a signal ended it, as `Process` reports) and the
    /// program's peak resident memory in bytes (nil when it could not be measured).
    func exit() async -> (status: Int32, peakMemory: Int?) {
        await withCheckedContinuation { continuation in
            lock.withLock {
                if let ended { continuation.resume(returning: ended) } else { waiters.append(continuation) }
            }
        }
    }

    /// Waits for the exit without reaping, marks the process ended (so no signal is sent to its
    /// pid afterwards), then reaps it and reads what the meter measured.
    private func reap() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(spawned), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        lock.withLock { exited = true }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(spawned, &status, 0, &usage) < 0 && errno == EINTR {}
        var peak: Int?
        if let report {
            let measured = (try? String(contentsOf: report, encoding: .utf8))?.split(separator: " ").compactMap { Int($0) } ?? []
            if measured.count == 2 {
                status = Int32(measured[0])
                peak = measured[1] * 1024
            } else {
                status = 127 << 8  // the meter did not finish: reported as a failed start, never as success
            }
            try? FileManager.default.removeItem(at: report)
            try? FileManager.default.removeItem(atPath: report.path + ".pid")
        }
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
        let result = (status: code, peakMemory: peak)
        let waiting = lock.withLock { () -> [CheckedContinuation<(status: Int32, peakMemory: Int?), Never>] in
            ended = result
            defer { waiters = [] }
            return waiters
        }
        waiting.forEach { $0.resume(returning: result) }
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

    /// The report files in folder `name`, without the archive index every report run rebuilds
    /// there, or the headlines kept beside it (``allFiles(in:)`` has them too).
    func files(in name: String) -> [String] {
        // The folder's bookkeeping: its index, its feed and the digest's state.
        allFiles(in: name).filter {
            !["index.html", "index.md", "feed.xml"].contains($0) && $0 != ArchiveIndex.stateFile && $0 != ArchiveIndex.folderIDFile
                && $0 != DigestState.fileName
        }
    }

    func allFiles(in name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(name).path)) ?? []).sorted()
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of a program: its wall time, the CPU time it used (user + system, its children's
/// included) and its peak resident memory, read from `wait4`, which reports them for that one child.
struct Measurement {
    var wall: Double
    var cpu: Double
    var peakBytes: Int
    var status: Int32

    var peakMB: Double { Double(peakBytes) / 1_000_000 }

    /// Runs `executable` with `arguments` and `environment`, standard output and error discarded.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Measurement {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = DispatchTime.now()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Measurement(
            wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakBytes: Int(usage.ru_maxrss) * 1024, status: exit)
    }
}

/// A benchmark that cannot go on, with the reason.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The median of some numbers (the upper one of an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func seconds(_ value: Double) -> String { value < 1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.2f s", value) }

/// The `boxoffice` binary beside this benchmark in the build folder, unless `--binary` names one.
func boxofficeBinary(_ path: String?) throws -> String {
    let binary = path ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("boxoffice").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw BenchError("\(binary) is not an executable; build it first (swift build -c release --product boxoffice) or pass --binary")
    }
    return binary
}

/// Prints a line at once (`print` is block-buffered into a file or pipe, so a long benchmark, or
/// `serve`, would show nothing until it ends).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

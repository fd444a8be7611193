// Benchmarks `boxoffice` end to end, as release builds run it.
//
//   swift build -c release && .build/release/boxoffice-bench [--days 31] [--latency-ms 50] [--runs 5] [--serve]
//
// The release binary against a loopback KOBIS that adds a fixed latency to every response, compared
// with the ideal ceil(requests / N) × latency. The same run against a KOBIS without the latency gives
// the fixed cost (start-up, HTTP, decoding, rendering, writing); the difference is the time spent
// waiting, which the ideal describes.
//
//   .build/release/boxoffice-bench history [--from 2003-11-11] [--to 2026-10-31] [--runs 5] [--cache DIR]
//
// Fills a cache with every date of the range (simulated, in KOBIS's format; kept in DIR between
// invocations with --cache), then times `boxoffice report RANGE --offline` in all formats and
// reports each run's wall time, the median and best, and the peak memory, next to a fixed CPU loop's
// time as a reference for how fast the machine is at the moment.
//
//   .build/release/boxoffice-bench profile-render DIR
//
// Times each stage of that report in one process (cache reads and decoding, join, each format's
// view model and rendering, the final write) on a cache filled by `history --cache DIR`.
import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else { return value }
    return number
}

if CommandLine.arguments.dropFirst().first == "profile-render", CommandLine.arguments.count > 2 {
    try await RenderProfile.run(cacheDirectory: CommandLine.arguments[2], from: Day(iso: "2003-11-11")!, to: Day(iso: "2026-10-31")!)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "history" {
    try HistoryBenchmark.run()
    exit(0)
}

let days = option("--days", default: 31)
let latencyMS = option("--latency-ms", default: 50)
let runs = option("--runs", default: 5)
let widths = [1, 4, 8, 16]

let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("boxoffice")
guard FileManager.default.isExecutableFile(atPath: executable.path) else {
    FileHandle.standardError.write(Data("boxoffice-bench: build the boxoffice product first (swift build -c release)\n".utf8))
    exit(1)
}

let range = DateRange(start: Day(year: 2025, month: 1, day: 1)!, end: Day(year: 2025, month: 1, day: 1)! + (days - 1))
let films = SyntheticCatalogue.films(covering: range)
let server = try FakeKOBISServer(films: films, delay: Double(latencyMS) / 1000)
/// The same service without the added latency: what the run costs apart from waiting.
let instant = try FakeKOBISServer(films: films)
if CommandLine.arguments.contains("--serve") {
    // Keeps the fake KOBIS up for manual runs: KOBIS_BASE_URL=<printed URL> KOBIS_API_KEY=<printed key> boxoffice report …
    let line = "KOBIS_BASE_URL=\(server.baseURL.absoluteString) KOBIS_API_KEY=\(server.validKey) (range \(range.start.iso)..\(range.end.iso))\n"
    FileHandle.standardOutput.write(Data(line.utf8))
    while true { sleep(3600) }
}
let output = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: output) }

/// Runs the binary once; returns wall-clock seconds and the requests the server saw.
func runOnce(width: Int, against server: FakeKOBISServer = server) throws -> (seconds: Double, requests: Int) {
    server.server.resetLog()
    let process = Process()
    process.executableURL = executable
    // Every run fetches for real: no cache, and a fresh HOME so the quota ledger starts empty.
    let home = output.appendingPathComponent("home-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    process.arguments = [
        "report", "\(range.start.iso)..\(range.end.iso)", "--concurrency", String(width), "--output", output.path,
        "--no-cache", "--quiet",
    ]
    process.environment = [
        "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString,
        "BOXOFFICE_TODAY": (range.end + 2).iso, "PATH": "/usr/bin:/bin", "HOME": home.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    let start = DispatchTime.now()
    try process.run()
    process.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    guard process.terminationStatus == 0 else {
        throw NSError(
            domain: "boxoffice-bench", code: Int(process.terminationStatus),
            userInfo: [NSLocalizedDescriptionKey: "boxoffice exited \(process.terminationStatus)"])
    }
    return (seconds, server.server.requests.count)
}

func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }

func best(_ width: Int, against server: FakeKOBISServer) throws -> (best: Double, median: Double, requests: Int) {
    var times: [Double] = []
    var requests = 0
    for _ in 0..<runs {
        let run = try runOnce(width: width, against: server)
        times.append(run.seconds)
        requests = run.requests
    }
    times.sort()
    return (times[0], times[times.count / 2], requests)
}

print(
    "boxoffice-bench: \(days)-day range \(range.start.iso)..\(range.end.iso), loopback KOBIS adding \(latencyMS) ms to every response, best and median of \(runs) runs"
)
_ = try runOnce(width: 8)  // warm-up: fills the fake's answers
_ = try runOnce(width: 8, against: instant)
for width in widths {
    let slow = try best(width, against: server)
    let fast = try best(width, against: instant)
    let rounds = (slow.requests + width - 1) / width
    let ideal = Double(rounds * latencyMS) / 1000
    print(
        "--concurrency \(width): \(slow.requests) requests; ideal ceil(\(slow.requests)/\(width)) × \(latencyMS) ms = \(ms(ideal)); "
            + "measured best \(ms(slow.best)), median \(ms(slow.median)); "
            + "the same run with no added latency \(ms(fast.best)); waiting = \(ms(slow.best - fast.best)) "
            + "(\(String(format: "%.2f", (slow.best - fast.best) / ideal))× ideal)")
}

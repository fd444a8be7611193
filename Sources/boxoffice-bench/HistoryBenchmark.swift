import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

/// A report over two decades from a warm cache: the historical-export case after `boxoffice fetch`.
struct HistoryBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "The warm 20-year report in every format: each run's wall, CPU and peak memory, and the files' sizes.")

    @Option(help: "First day (YYYY-MM-DD).") var from = "2003-11-11"
    @Option(help: "Last day (YYYY-MM-DD).") var to = "2026-10-31"
    @Option(help: "Runs; the median and best are shown.") var runs = 5
    @Option(help: "Where to keep the warmed cache between runs.") var cache: String?
    @Option(help: "The boxoffice binary (default: the one beside this benchmark).") var binary: String?

    func run() throws {
        guard let first = Day(iso: from), let last = Day(iso: to), first <= last else {
            throw ValidationError("--from and --to take YYYY-MM-DD, in order")
        }
        let binary = try boxofficeBinary(binary)
        let range = DateRange(start: first, end: last)
        let folder = try WarmCache.folder(for: range, in: cache.map { URL(fileURLWithPath: $0) })
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        say(
            "history: machine reference \(Self.referenceMilliseconds()) ms (a fixed CPU loop; this machine's speed varies, so compare figures with it)"
        )
        var measurements: [Measurement] = []
        let output = work.appendingPathComponent("out")
        for run in 1...max(1, runs) {
            try? FileManager.default.removeItem(at: output)
            let measurement = try Measurement.run(
                binary, WarmCache.reportArguments(range, cache: folder, output: output, extra: []),
                environment: WarmCache.environment(range, home: work))
            guard measurement.status == 0 else { throw BenchError("boxoffice exited \(measurement.status)") }
            measurements.append(measurement)
            say("history: run \(run): \(seconds(measurement.wall)) wall, \(seconds(measurement.cpu)) CPU, \(Int(measurement.peakMB)) MB peak")
        }
        let sizes = ((try? FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: [.fileSizeKey])) ?? [])
            .map {
                "\($0.lastPathComponent.split(separator: "_").last ?? "") \(((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) / 1024) KiB"
            }
            .sorted()
        say("history: wrote \(sizes.joined(separator: ", "))")
        say(
            "history: report \(range.start.iso)..\(range.end.iso) --offline, all formats, \(runs) runs: median \(seconds(median(measurements.map(\.wall)))) wall "
                + "(best \(seconds(measurements.map(\.wall).min() ?? 0))), median \(seconds(median(measurements.map(\.cpu)))) CPU, "
                + "peak memory \(Int(median(measurements.map(\.peakMB)))) MB")
    }

    /// Milliseconds for a fixed chain of xorshift steps, each depending on the last.
    static func referenceMilliseconds() -> Int {
        let start = DispatchTime.now()
        var x: UInt64 = 88_172_645_463_325_252
        for _ in 0..<100_000_000 {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
        }
        let elapsed = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
        return x == 0 ? -1 : elapsed
    }
}

import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation

/// Two `boxoffice` binaries run alternately on the same workloads (A B A B …), so the machine's
/// drift falls on both alike, and their ratio per workload: how a change is measured against `main`.
struct CompareBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Run two boxoffice binaries alternately on the same workloads and print B/A per workload.",
        discussion: """
            Build main's binary into another folder first, e.g.
              git worktree add /tmp/main main && (cd /tmp/main && swift build -c release --product boxoffice)
              boxoffice-bench compare /tmp/main/.build/release/boxoffice .build/release/boxoffice
            """)

    @Argument(help: "Binary A (the baseline, e.g. main's).") var a: String
    @Argument(help: "Binary B (the change).") var b: String
    @Option(help: "Paired runs per workload.") var runs = 7
    @Option(help: "Workloads, comma-separated: sample, month, year, history, weekly20, rank20, fetch.") var workloads =
        "sample,month,year,history,fetch"
    @Option(help: "Where to keep the warmed caches between runs.") var cache: String?

    func run() throws {
        for binary in [a, b] where !FileManager.default.isExecutableFile(atPath: binary) { throw BenchError("\(binary) is not an executable") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let base = cache.map { URL(fileURLWithPath: $0) }
        say("compare: A = \(a)\n         B = \(b)\n         \(runs) paired runs per workload, medians; B/A < 1 means B is faster")
        say("workload   A wall    B wall    B/A wall  A CPU     B CPU     B/A CPU   A peak MB  B peak MB")
        for workload in workloads.split(separator: ",").map(String.init) {
            let run = try self.workload(workload, work: work, cache: base)
            var results: [[Measurement]] = [[], []]
            for index in 0..<(runs * 2) {
                // A B, then B A, and so on: neither always runs first.
                let which = (index / 2).isMultiple(of: 2) ? index % 2 : 1 - index % 2
                let measurement = try run([a, b][which])
                guard measurement.status == 0 else { throw BenchError("\([a, b][which]) exited \(measurement.status) on \(workload)") }
                results[which].append(measurement)
            }
            let (wallA, wallB) = (median(results[0].map(\.wall)), median(results[1].map(\.wall)))
            let (cpuA, cpuB) = (median(results[0].map(\.cpu)), median(results[1].map(\.cpu)))
            func cell(_ text: String, _ width: Int = 10) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
            say(
                cell(workload, 11) + cell(seconds(wallA)) + cell(seconds(wallB)) + cell(String(format: "%.2f", wallB / wallA))
                    + cell(seconds(cpuA)) + cell(seconds(cpuB)) + cell(String(format: "%.2f", cpuB / cpuA))
                    + cell(String(format: "%.0f", median(results[0].map(\.peakMB))), 11) + String(format: "%.0f", median(results[1].map(\.peakMB))))
        }
    }

    /// A closure that runs one binary once on `name`.
    func workload(_ name: String, work: URL, cache base: URL?) throws -> (String) throws -> Measurement {
        let output = work.appendingPathComponent("out")
        switch name {
        case "sample":
            return { binary in
                try? FileManager.default.removeItem(at: output)
                return try Measurement.run(
                    binary, ["report", "--sample", "--quiet", "--output", output.path], environment: ["PATH": "/usr/bin:/bin", "HOME": work.path])
            }
        case "month", "year", "history", "weekly20", "rank20":
            let range = ScalingBenchmark.range(years: ["month": 0, "year": 1][name] ?? 20)
            let warmed = try WarmCache.folder(for: ScalingBenchmark.range(years: 20), in: base)
            // Each binary gets its own copy of the warmed cache: what one derives beside it (the
            // totals index, whose format a change may alter) must not be rebuilt by the other on
            // every alternate run.
            var folders: [String: URL] = [:]
            for binary in [a, b] {
                let copy = work.appendingPathComponent("cache-\(folders.count)")
                try? FileManager.default.removeItem(at: copy)
                try FileManager.default.copyItem(at: warmed, to: copy)
                folders[binary] = copy
            }
            let extra = name == "weekly20" ? ["--weekly"] : []
            return { binary in
                try? FileManager.default.removeItem(at: output)
                // rank20: `rank` over the whole years the warm cache holds, in its default formats.
                let arguments =
                    name == "rank20"
                    ? [
                        "rank", "\(range.start.year + 1)..\(range.end.year - 1)", "--offline", "--no-look-back", "--quiet", "--cache-dir",
                        folders[binary]!.path, "--output", output.path,
                    ]
                    : WarmCache.reportArguments(range, cache: folders[binary]!, output: output, extra: extra)
                return try Measurement.run(binary, arguments, environment: WarmCache.environment(range, home: work))
            }
        case "fetch":
            let range = DateRange(start: Day(iso: "2025-01-01")!, end: Day(iso: "2025-01-31")!)
            let server = try FakeKOBISServer(films: SyntheticCatalogue.films(covering: range), delay: 0.05)
            // With the look-back each binary does (builds before --no-look-back have no such option).
            return { binary in try FetchBenchmark.once(binary, server, range, width: 8, work: work, lookBack: true).0 }
        default:
            throw BenchError("unknown workload \(name): sample, month, year, history, weekly20, rank20 or fetch")
        }
    }
}

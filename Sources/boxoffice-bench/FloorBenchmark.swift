import ArgumentParser
import BoxOfficeModel
import Foundation

/// The least a warm report over a range can cost on this machine: reading every cache entry it
/// needs and writing as many bytes as its reports hold, durably (the I/O floor). Issue 25 reckoned
/// its floor with one decode pass as well (read, decode, write: "about 0.8 s" then), so that is
/// measured too: every entry's body through Foundation's `JSONSerialization`, on one thread, as
/// any reader of the cache must decode it once. Nothing is rendered.
struct FloorBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor", abstract: "The floor of a warm 20-year report: read its cache entries, decode them once, write its reports' bytes.")

    @Option(help: "Years of the range, ending 2026-10-31.") var years = 20
    @Option(help: "Where to keep the warmed cache between runs.") var cache: String?
    @Option(help: "Runs of each pass and of the report; the medians are shown.") var runs = 3
    @Option(help: "The boxoffice binary, run once to learn the reports' size (default: the one beside this benchmark).") var binary: String?

    func run() throws {
        let range = ScalingBenchmark.range(years: years)
        let folder = try WarmCache.folder(for: range, in: cache.map { URL(fileURLWithPath: $0) })
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // The daily report reads the unfiltered charts and the movie infos.
        let daily = folder.appendingPathComponent("kobis/daily/all")
        let movies = folder.appendingPathComponent("kobis/movie")
        let files = [daily, movies].flatMap { root in
            (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []).filter { !$0.hasDirectoryPath }
        }
        let output = work.appendingPathComponent("out")
        let binary = try boxofficeBinary(binary)
        /// The report itself, into an empty folder each time; a run of it between the passes below.
        func report() throws -> Measurement {
            try? FileManager.default.removeItem(at: output)
            let report = try Measurement.run(
                binary, WarmCache.reportArguments(range, cache: folder, output: output, extra: []),
                environment: WarmCache.environment(range, home: work))
            guard report.status == 0 else { throw BenchError("boxoffice exited \(report.status)") }
            return report
        }
        var reports = [try report()]
        let written = (try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: [.fileSizeKey]))
            .map { (try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }.reduce(0, +)
        var reads: [Double] = [], writes: [Double] = [], decodes: [Double] = []
        var bytesRead = 0
        for _ in 0..<runs {
            var start = DispatchTime.now()
            bytesRead = 0
            var entries: [Data] = []
            entries.reserveCapacity(files.count)
            for file in files { entries.append(try Data(contentsOf: file)) }
            bytesRead = entries.reduce(0) { $0 + $1.count }
            reads.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
            start = DispatchTime.now()
            for entry in entries {
                // A cache entry is one header line, then the body as the service sent it.
                guard let newline = entry.firstIndex(of: 0x0A) else { throw BenchError("a cache entry without its header line") }
                _ = try JSONSerialization.jsonObject(with: entry[(newline + 1)...])
            }
            decodes.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
            start = DispatchTime.now()
            let target = work.appendingPathComponent("floor.bin")
            let handle = try FileHandle(
                forWritingTo: {
                    _ = FileManager.default.createFile(atPath: target.path, contents: nil); return target
                }())
            let chunk = Data(count: 1 << 20)
            var left = written
            while left > 0 {
                try handle.write(contentsOf: chunk.prefix(min(left, chunk.count)))
                left -= chunk.count
            }
            try handle.synchronize()
            try handle.close()
            writes.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
            if reports.count < runs { reports.append(try report()) }
        }
        let wall = median(reports.map(\.wall)), cpu = median(reports.map(\.cpu)), peak = median(reports.map(\.peakMB))
        let floor = median(reads) + median(writes)
        let decoded = floor + median(decodes)
        say(
            "floor: \(range.start.iso)..\(range.end.iso): read \(files.count) cache entries (\(bytesRead / 1_000_000) MB) in \(seconds(median(reads))), "
                + "write \(written / 1_000_000) MB durably in \(seconds(median(writes))): I/O floor \(seconds(floor))")
        say(
            "floor: one decode pass (JSONSerialization, one thread) \(seconds(median(decodes))): floor with it, as issue 25 reckoned it, \(seconds(decoded))"
        )
        say(
            "floor: the report itself took \(seconds(wall)) wall, \(seconds(cpu)) CPU, \(Int(peak)) MB peak (medians of \(reports.count)): "
                + "\(String(format: "%.1f", wall / floor))× the I/O floor, \(String(format: "%.2f", wall / decoded))× the floor with one decode pass")
    }
}

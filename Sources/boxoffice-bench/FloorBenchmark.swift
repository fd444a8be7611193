import ArgumentParser
import BoxOfficeModel
import Foundation

/// The least a warm report over a range can cost on this machine: reading every cache entry it
/// needs and writing as many bytes as its reports hold, durably. Nothing is decoded or rendered.
struct FloorBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor", abstract: "The I/O floor of a warm 20-year report: read its cache entries, write its reports' bytes.")

    @Option(help: "Years of the range, ending 2026-10-31.") var years = 20
    @Option(help: "Where to keep the warmed cache between runs.") var cache: String?
    @Option(help: "Runs; the median is shown.") var runs = 3
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
        let report = try Measurement.run(
            try boxofficeBinary(binary), WarmCache.reportArguments(range, cache: folder, output: output, extra: []),
            environment: WarmCache.environment(range, home: work))
        guard report.status == 0 else { throw BenchError("boxoffice exited \(report.status)") }
        let written = (try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: [.fileSizeKey]))
            .map { (try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }.reduce(0, +)
        var reads: [Double] = [], writes: [Double] = []
        var bytesRead = 0
        for _ in 0..<runs {
            var start = DispatchTime.now()
            bytesRead = 0
            for file in files { bytesRead += (try Data(contentsOf: file)).count }
            reads.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
            start = DispatchTime.now()
            let target = work.appendingPathComponent("floor.bin")
            let handle = try FileHandle(forWritingTo: { _ = FileManager.default.createFile(atPath: target.path, contents: nil); return target }())
            let chunk = Data(count: 1 << 20)
            var left = written
            while left > 0 {
                try handle.write(contentsOf: chunk.prefix(min(left, chunk.count)))
                left -= chunk.count
            }
            try handle.synchronize()
            try handle.close()
            writes.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        }
        let floor = median(reads) + median(writes)
        say("floor: \(range.start.iso)..\(range.end.iso): read \(files.count) cache entries (\(bytesRead / 1_000_000) MB) in \(seconds(median(reads))), "
            + "write \(written / 1_000_000) MB durably in \(seconds(median(writes))): floor \(seconds(floor)) (decoding not included)")
        say("floor: the report itself took \(seconds(report.wall)) wall, \(seconds(report.cpu)) CPU, \(Int(report.peakMB)) MB peak: \(String(format: "%.1f", report.wall / floor))× the floor")
    }
}

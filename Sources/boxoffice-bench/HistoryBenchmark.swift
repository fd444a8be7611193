import BoxOfficeModel
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A report over two decades from a warm cache: the historical-export case after `boxoffice fetch`.
enum HistoryBenchmark {
    static func run() throws {
        let arguments = CommandLine.arguments
        func value(_ name: String, _ fallback: String) -> String {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
            return arguments[index + 1]
        }
        guard let from = Day(iso: value("--from", "2003-11-11")), let to = Day(iso: value("--to", "2026-10-31")), from <= to else {
            FileHandle.standardError.write(Data("boxoffice-bench history: --from and --to take YYYY-MM-DD\n".utf8))
            exit(64)
        }
        let range = DateRange(start: from, end: to)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("boxoffice")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        // --cache DIR keeps the warmed cache between runs of the benchmark (it is warmed once).
        let kept = arguments.firstIndex(of: "--cache").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        let cache = ResponseCache(directory: kept.map { URL(fileURLWithPath: $0) } ?? work.appendingPathComponent("cache"))
        let marker = cache.directory.appendingPathComponent("warmed-\(range.start.iso)_\(range.end.iso)")
        if !FileManager.default.fileExists(atPath: marker.path) { try warm(cache, range: range, marker: marker) }
        time(range: range, cache: cache, work: work, executable: executable, runs: max(1, Int(value("--runs", "5")) ?? 5))
    }

    static func warm(_ cache: ResponseCache, range: DateRange, marker: URL) throws {
        // Warm the cache as `boxoffice fetch` would leave it: every chart, every film's movie info.
        let started = Date()
        let kobis = SimulatedKOBIS(films: SyntheticCatalogue.films(covering: range))
        var codes = Set<String>()
        var rows = 0
        for day in range {
            let object = kobis.dailyChartBody(on: day)
            let body = try JSONSerialization.data(withJSONObject: object)
            try cache.write(KOBISCacheKeys.chart(day, filters: .init()), body: body, fetchedAt: Date())
            let chart = (object["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: String]] ?? []
            rows += chart.count
            for row in chart { if let code = row["movieCd"] { codes.insert(code) } }
        }
        for code in codes {
            let body = try JSONSerialization.data(withJSONObject: kobis.movieInfoBody(code: code))
            try cache.write(KOBISCacheKeys.movieInfo(code), body: body, fetchedAt: Date())
        }
        print(
            "history: cached \(range.dayCount) dates (\(rows) chart rows) and \(codes.count) films in \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
        )
        _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
    }

    static func time(range: DateRange, cache: ResponseCache, work: URL, executable: URL, runs: Int) {
        print("history: machine reference \(referenceMilliseconds()) ms (a fixed CPU loop; this machine's speed varies, so compare figures with it)")
        var walls: [Double] = []
        for run in 1...runs {
            let output = work.appendingPathComponent("out")
            try? FileManager.default.removeItem(at: output)
            let process = Process()
            process.executableURL = executable
            process.arguments = [
                "report", "\(range.start.iso)..\(range.end.iso)", "--offline", "--no-tmdb", "--quiet",
                "--cache-dir", cache.directory.path, "--output", output.path,
            ]
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": work.path, "BOXOFFICE_TODAY": (range.end + 2).iso]
            process.standardOutput = FileHandle.nullDevice
            let start = DispatchTime.now()
            do { try process.run() } catch {
                print("history: cannot start boxoffice: \(error)")
                exit(1)
            }
            process.waitUntilExit()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            guard process.terminationStatus == 0 else {
                print("history: boxoffice exited \(process.terminationStatus)")
                exit(1)
            }
            walls.append(seconds)
            print("history: run \(run): \(String(format: "%.2f", seconds)) s")
            if run == runs {
                let sizes =
                    (try? FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: [.fileSizeKey]))?
                    .map {
                        "\($0.lastPathComponent.split(separator: "_").last ?? "") \(((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) / 1024) KiB"
                    }
                    .sorted() ?? []
                print("history: wrote \(sizes.joined(separator: ", "))")
            }
        }
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        let sorted = walls.sorted()
        let peakBytes = Double(usage.ru_maxrss) * 1024
        print(
            "history: report \(range.start.iso)..\(range.end.iso) --offline, all formats, \(runs) runs: median \(String(format: "%.2f", sorted[sorted.count / 2])) s, "
                + "best \(String(format: "%.2f", sorted[0])) s wall; peak memory \(Int(peakBytes / 1_048_576)) MiB (\(Int(peakBytes / 1_000_000)) MB)"
        )
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

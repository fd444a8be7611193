import ArgumentParser
import BoxOfficeModel
import Foundation

/// Reports from a warm cache over 1 month, 1, 5, 10 and 20 years, in every format: wall, CPU, peak
/// memory and CPU per day, for daily charts, `--weekly` and `--depth 40`. CPU per day that stays
/// flat as the range grows says every stage is linear in its days; the last column, the CPU each
/// day adds over the row above (its CPU less that row's, over its days less that row's), leaves
/// out what every run costs whatever its range (start-up, templates), which CPU per day of a
/// short range mostly is.
struct ScalingBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaling", abstract: "Warm reports over 1 month to 20 years: wall, CPU, peak memory and CPU per day.")

    @Option(help: "Runs per row; the medians are shown.") var runs = 3
    @Option(help: "Where to keep the warmed caches between runs (default: a folder in the temporary directory).") var cache: String?
    @Option(help: "Years to measure, comma-separated (0 = one month).") var years = "0,1,5,10,20"
    @Option(help: "Shapes: daily, weekly, depth40, comma-separated.") var shapes = "daily,weekly,depth40"
    @Option(help: "The boxoffice binary (default: the one beside this benchmark).") var binary: String?

    /// The range ending 2026-10-31 that spans `years` (one month for 0), never before 2003-11-11.
    static func range(years: Int) -> DateRange {
        let end = Day(iso: "2026-10-31")!
        let start = years == 0 ? Day(iso: "2026-10-01")! : max(Day(year: 2026 - years, month: 11, day: 1)!, DateRange.earliest)
        return DateRange(start: start, end: end)
    }

    static let shapeArguments: [String: [String]] = ["daily": [], "weekly": ["--weekly"], "depth40": ["--depth", "40"]]

    func run() throws {
        let binary = try boxofficeBinary(binary)
        let base = cache.map { URL(fileURLWithPath: $0) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // One cache for the longest range serves every shorter one (they end on the same day).
        let spans = years.split(separator: ",").compactMap { Int($0) }
        let folder = try WarmCache.folder(for: Self.range(years: spans.max() ?? 20), in: base)
        say("scaling: warm reports ending 2026-10-31, all formats, --offline, median of \(runs) runs")
        say("shape    range                      days    wall      CPU     CPU/day   peak MB   +CPU/+day")
        for shape in shapes.split(separator: ",").map(String.init) {
            guard let extra = Self.shapeArguments[shape] else { throw BenchError("unknown shape \(shape): daily, weekly or depth40") }
            var previous: (days: Int, cpu: Double)?
            for span in spans {
                let range = Self.range(years: span)
                var walls: [Double] = [], cpus: [Double] = [], peaks: [Double] = []
                for _ in 0..<runs {
                    let output = work.appendingPathComponent("out")
                    try? FileManager.default.removeItem(at: output)
                    let measurement = try Measurement.run(
                        binary, WarmCache.reportArguments(range, cache: folder, output: output, extra: extra),
                        environment: WarmCache.environment(range, home: work))
                    guard measurement.status == 0 else { throw BenchError("boxoffice exited \(measurement.status) for \(shape) \(range.displayText)") }
                    walls.append(measurement.wall)
                    cpus.append(measurement.cpu)
                    peaks.append(measurement.peakMB)
                }
                let cpu = median(cpus)
                let marginal = previous.flatMap { previous in
                    range.dayCount > previous.days ? String(format: "%7.3f ms", (cpu - previous.cpu) * 1000 / Double(range.dayCount - previous.days)) : nil
                }
                previous = (range.dayCount, cpu)
                say(
                    shape.padding(toLength: 9, withPad: " ", startingAt: 0) + "\(range.start.iso)..\(range.end.iso)".padding(toLength: 26, withPad: " ", startingAt: 0)
                        + String(format: "%5d  %7.2f s  %6.2f s  %6.3f ms  %7.0f", range.dayCount, median(walls), cpu, cpu * 1000 / Double(range.dayCount), median(peaks))
                        + "  " + (marginal ?? ""))
            }
        }
    }
}

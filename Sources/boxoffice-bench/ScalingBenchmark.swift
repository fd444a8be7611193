import ArgumentParser
import BoxOfficeModel
import Foundation

/// Reports from a warm cache over 1 month, 1, 5, 10 and 20 years, in every format: wall, CPU, peak
/// memory and CPU per day, for daily charts, `--weekly` and `--depth 40`. CPU per day that stays
/// flat as the range grows says every stage is linear in its days. Two columns leave out what
/// every run costs whatever its range (start-up, templates), which CPU per day of a short range
/// mostly is: the CPU a day costs past the first row's (the row's CPU less the first row's, over
/// its days less the first row's), and the CPU each day adds over the row above. The first is the
/// steadier: the second is the difference of two medians over a few hundred days for the shorter
/// rows. The ranges are measured in turn, one run of each per round, so that the machine's drift
/// over a minute falls on every row alike.
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
        say("shape    range                      days    wall      CPU     CPU/day   peak MB   CPU/day past 1st  +CPU/+day")
        for shape in shapes.split(separator: ",").map(String.init) {
            guard let extra = Self.shapeArguments[shape] else { throw BenchError("unknown shape \(shape): daily, weekly or depth40") }
            let ranges = spans.map(Self.range(years:))
            var walls = ranges.map { _ in [Double]() }, cpus = walls, peaks = walls
            for _ in 0..<runs {
                for (index, range) in ranges.enumerated() {
                    let output = work.appendingPathComponent("out")
                    try? FileManager.default.removeItem(at: output)
                    let measurement = try Measurement.run(
                        binary, WarmCache.reportArguments(range, cache: folder, output: output, extra: extra),
                        environment: WarmCache.environment(range, home: work))
                    guard measurement.status == 0 else {
                        throw BenchError("boxoffice exited \(measurement.status) for \(shape) \(range.displayText)")
                    }
                    walls[index].append(measurement.wall)
                    cpus[index].append(measurement.cpu)
                    peaks[index].append(measurement.peakMB)
                }
            }
            let first = (days: ranges[0].dayCount, cpu: median(cpus[0]))
            var previous: (days: Int, cpu: Double)?
            for (index, range) in ranges.enumerated() {
                let cpu = median(cpus[index])
                func perDay(since earlier: (days: Int, cpu: Double)?) -> String {
                    guard let earlier, range.dayCount > earlier.days else { return "" }
                    return String(format: "%7.3f ms", (cpu - earlier.cpu) * 1000 / Double(range.dayCount - earlier.days))
                }
                let pastFirst = index == 0 ? "" : perDay(since: first)
                let marginal = perDay(since: previous)
                previous = (range.dayCount, cpu)
                say(
                    shape.padding(toLength: 9, withPad: " ", startingAt: 0)
                        + "\(range.start.iso)..\(range.end.iso)".padding(toLength: 26, withPad: " ", startingAt: 0)
                        + String(
                            format: "%5d  %7.2f s  %6.2f s  %6.3f ms  %7.0f", range.dayCount, median(walls[index]), cpu,
                            cpu * 1000 / Double(range.dayCount), median(peaks[index]))
                        + "  " + pastFirst.padding(toLength: 18, withPad: " ", startingAt: 0) + marginal)
            }
        }
    }
}

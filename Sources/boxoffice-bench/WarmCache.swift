import BoxOfficeModel
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

/// A cache filled as `boxoffice fetch RANGE --weekly --depth 40` would leave it, with simulated
/// charts in KOBIS's format: every date's top 10 and its four depth-40 partitions, every whole
/// week's chart, and every film's movie info. Kept in a folder between runs (marked when complete).
enum WarmCache {
    static func folder(for range: DateRange, in base: URL?) throws -> URL {
        let root = base ?? FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-bench-cache")
        let directory = root.appendingPathComponent("\(range.start.iso)_\(range.end.iso)")
        let marker = directory.appendingPathComponent("complete-3")
        if FileManager.default.fileExists(atPath: marker.path) { return directory }
        let started = Date()
        let cache = ResponseCache(directory: directory)
        let kobis = SimulatedKOBIS(films: SyntheticCatalogue.films(covering: range))
        var codes = Set<String>()
        func store(_ object: [String: Any], _ key: String) throws {
            try cache.write(key, body: try JSONSerialization.data(withJSONObject: object), fetchedAt: Date())
            let list = (object["boxOfficeResult"] as? [String: Any]).flatMap { $0["dailyBoxOfficeList"] ?? $0["weeklyBoxOfficeList"] }
            for row in list as? [[String: String]] ?? [] { if let code = row["movieCd"] { codes.insert(code) } }
        }
        for day in range {
            try store(kobis.dailyChartBody(on: day), KOBISCacheKeys.chart(day, filters: .init()))
            for partition in ChartDepth.top40.partitions {
                let filters = partition.filters(area: nil)
                try store(kobis.dailyChartBody(on: day, filters: filters), KOBISCacheKeys.chart(day, filters: filters))
            }
        }
        // Every week a --weekly report over the range asks for: those it overlaps that have ended
        // by the report's "today" (two days after the range).
        var week = ChartPeriod(.week, inWeekOf: range.start)
        while week.end < range.end + 2 {
            try store(kobis.weeklyChartBody(week), KOBISCacheKeys.weeklyChart(week, filters: .init()))
            week = ChartPeriod(.week, inWeekOf: week.start + 7)
        }
        for code in codes {
            try cache.write(
                KOBISCacheKeys.movieInfo(code), body: try JSONSerialization.data(withJSONObject: kobis.movieInfoBody(code: code)), fetchedAt: Date())
        }
        _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
        say("cached \(range.dayCount) dates (5 charts each), their weeks and \(codes.count) films in \(seconds(Date().timeIntervalSince(started)))")
        return directory
    }

    /// `boxoffice report RANGE --offline` over a warm cache, in every format, with the extra arguments.
    static func reportArguments(_ range: DateRange, cache: URL, output: URL, extra: [String]) -> [String] {
        ["report", "\(range.start.iso)..\(range.end.iso)", "--offline", "--no-tmdb", "--quiet", "--cache-dir", cache.path, "--output", output.path]
            + extra
    }

    /// A clean environment for `boxoffice`, "today" two days after the range.
    static func environment(_ range: DateRange, home: URL) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": home.path, "BOXOFFICE_TODAY": (range.end + 2).iso]
    }
}

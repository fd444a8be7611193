import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

/// Times each stage on a report built from a warm cache (fill one with `history --cache DIR` first):
///   .build/release/boxoffice-bench profile-render DIR
enum RenderProfile {
    static func run(cacheDirectory: String, from: Day, to: Day) async throws {
        func time<T>(_ label: String, _ body: () async throws -> T) async rethrows -> T {
            let start = DispatchTime.now()
            let value = try await body()
            say(
                label + ": " + String(format: "%.2f s", Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
                    + ", resident \(Memory.residentMiB()) MiB, peak so far \(Memory.peakMiB()) MiB")
            return value
        }
        let range = DateRange(start: from, end: to)
        let access = CacheAccess(
            cache: ResponseCache(directory: URL(fileURLWithPath: cacheDirectory)), mode: .offline,
            calendar: SeoulCalendar(pinnedToday: to + 2))
        let client = KOBISClient(transport: ClosureTransport { _ in throw CancellationError() }, key: "x", cache: access)
        let fetched = try await time("fetch (cache reads and decoding)") {
            try await FetchStage(client: client, width: 8).fetch(range, filters: .init())
        }
        let report = await time("join and rank") {
            ReportBuilder.build(range: range, charts: fetched.charts, movies: fetched.movies, options: .init())
        }
        let renderer = ReportRenderer(templates: try ReportTemplates.bundled())
        for format in ReportFormat.byDefault {
            _ = try await time("render \(format.rawValue)") { try await renderer.render(report, formats: [format]) }
        }
        let templates = try ReportTemplates.bundled()
        let view = await time("view model for md and html") { ReportView.make(report) }
        _ = try await time("report.md from that view") { try templates.render("report.md", view) }
        let daily = await time("daily table") { ReportTables.table(.daily, of: report) }
        let written = await time("daily.csv from its definition") { CSVTable.data(daily, dialect: .init()) }
        let byTemplate = try await time("daily.csv by Mustache, as a user's template is") {
            CSVContentType.file(from: try templates.render("daily.csv", CSVTable.context(daily)), dialect: .init())
        }
        say("daily.csv by Mustache is \(byTemplate == written ? "identical to" : "DIFFERENT from") the definition's")
        let files = try await time("render all, as boxoffice does") { try await renderer.render(report, formats: ReportFormat.byDefault) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await time("write all files (temporary files, fsync, rename)") { try ReportWriter(directory: folder).write(files) }
    }
}

/// This process's memory, as the kernel counts it.
enum Memory {
    /// Resident set size now (Linux: the second field of /proc/self/statm, in pages).
    static func residentMiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return -1 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// The largest resident set size so far.
    static func peakMiB() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage.ru_maxrss / 1024
    }
}

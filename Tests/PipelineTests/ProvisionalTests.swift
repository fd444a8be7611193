import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

/// Yesterday's chart is provisional whatever the run reads from: the pipeline takes "today" from
/// its request, never from the cache (a `--no-cache` or `--sample` run has none).
@Suite("Provisional days")
struct ProvisionalTests {
    static let week = SampleData.week  // 2025-03-03 … 2025-03-09

    static func report(today: Day, cache: CacheAccess?, range: DateRange = week) async throws -> BoxOfficeReport {
        let client = KOBISClient(transport: SampleData.transport(), key: "sample", cache: cache)
        let pipeline = ReportPipeline(
            fetch: FetchStage(client: client, width: 4),
            renderer: ReportRenderer(templates: try ReportTemplates.bundled()),
            writer: ReportWriter(directory: FileManager.default.temporaryDirectory), simulated: true)
        return try await pipeline.report(for: .init(range: range, today: today))
    }

    static func temporaryCache(today: Day) -> CacheAccess {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("provisional-\(UUID().uuidString)")
        return CacheAccess(cache: ResponseCache(directory: folder), calendar: SeoulCalendar(pinnedToday: today))
    }

    static func provisionalDates(_ report: BoxOfficeReport) -> [String] {
        report.days.filter(\.provisional).map(\.date.iso)
    }

    @Test("with the cache and without it (--no-cache), the day before today is provisional and the note says so")
    func everyMode() async throws {
        let today = Day("2025-03-09")
        let withCache = try await Self.report(
            today: today, cache: Self.temporaryCache(today: today),
            range: DateRange(start: Day("2025-03-03"), end: Day("2025-03-08")))
        let noCache = try await Self.report(today: today, cache: nil, range: DateRange(start: Day("2025-03-03"), end: Day("2025-03-08")))
        for report in [withCache, noCache] {
            #expect(Self.provisionalDates(report) == ["2025-03-08"])
            #expect(report.notes.contains { $0.english.hasPrefix("Provisional: KOBIS revises the figures for 2025-03-08") })
        }
    }

    @Test("dates two or more days back are final: no provisional day and no note")
    func finalDays() async throws {
        let report = try await Self.report(today: Day("2025-03-11"), cache: nil)
        #expect(Self.provisionalDates(report).isEmpty)
        #expect(!report.notes.contains { $0.english.hasPrefix("Provisional") })
        let lastDay = try await Self.report(today: Day("2025-03-10"), cache: nil)
        #expect(Self.provisionalDates(lastDay) == ["2025-03-09"])
    }
}

/// What the fetch tells its progress line: every chart once, and each film the first time a chart
/// names it, however many charts name it and in whatever order they arrive.
@Suite("Fetch progress")
struct FetchProgressTests {
    final class Last: @unchecked Sendable {
        private let lock = NSLock()
        private var value: FetchStage.Progress?
        private var calls = 0
        func record(_ progress: FetchStage.Progress) {
            lock.withLock {
                value = progress; calls += 1
            }
        }
        var seen: (last: FetchStage.Progress?, calls: Int) { lock.withLock { (value, calls) } }
    }

    @Test("charts done and films known count each chart and each distinct film once", arguments: [1, 4])
    func counts(width: Int) async throws {
        let last = Last()
        let stage = FetchStage(
            client: KOBISClient(transport: SampleData.transport(), key: "sample", cache: nil), width: width,
            progress: { last.record($0) })
        let output = try await stage.fetch(SampleData.week, filters: .init())
        let films = Set(output.charts.flatMap { $0.entries.map(\.movieCode) })
        let (progress, calls) = last.seen
        #expect(output.charts.count == SampleData.week.dayCount && films.count > 10)
        #expect(progress?.chartsDone == SampleData.week.dayCount && progress?.chartsTotal == SampleData.week.dayCount)
        #expect(progress?.filmsKnown == films.count && progress?.filmsDone == films.count)
        #expect(calls == SampleData.week.dayCount + films.count, "one report per chart and per film")
    }
}

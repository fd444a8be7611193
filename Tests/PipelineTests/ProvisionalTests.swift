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

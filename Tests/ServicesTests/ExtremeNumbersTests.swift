import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficeServices

/// Issue 27, item 1: every number a chart can carry inside ``ChartBounds``, extreme and tiny, goes
/// through the whole report path (join, story, market estimate, sums, shares, per-screen, %±, every
/// format) without a trap. A trap here would end the test process, so completing is the assertion,
/// with the invariants below.
@Suite("Extreme numbers within the bounds, through every report")
struct ExtremeNumbersTests {
    /// Every format but the SQLite database: these charts list a film twice on a day, which no
    /// KOBIS chart does, and a database keeps one row per key (``SQLiteTests`` checks that refusal).
    static let formats = ReportFormat.allCases.filter { $0 != .sqlite }

    /// A deterministic generator (xorshift), so a failure names a reproducible seed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    }

    static func bounds<T>(_ range: ClosedRange<T>, _ more: [T]) -> [T] { [range.lowerBound, range.upperBound] + more }

    static func charts(seed: UInt64, days: Int) -> [DailyChart] {
        var random = Generator(state: seed)
        let shares: [Double] = [0, 1e-300, 0.0001, 0.001, 0.05, 0.1, 33.3, 100]
        return (0..<days).map { offset in
            let date = Day("2025-01-01") + offset
            // Every third day's shares are all tiny: the whole day's share is then almost nothing.
            let dayShares = offset % 3 == 0 ? [1e-300, 0.0001, 0.001] : shares
            return DailyChart(
                date: date,
                entries: (1...10).map { rank in
                    ChartEntry(
                        rank: rank, rankChange: Int(random.pick(bounds(ChartBounds.rankChange, [0, 1]))), isNew: random.pick([true, false]),
                        movieCode: "2025\(String(format: "%04d", Int(random.next() % 25)))", title: random.pick(["가", "B", ""]),
                        openDate: random.pick([nil, date, date - 400, date + 30]),
                        sales: random.pick(bounds(ChartBounds.sales, [1, 1_000])), salesShare: random.pick(dayShares),
                        salesChange: random.pick(bounds(ChartBounds.salesChange, [0])),
                        salesChangePercent: random.pick(bounds(ChartBounds.percentChange, [0, 100])),
                        salesCumulative: random.pick(bounds(ChartBounds.salesCumulative, [1])),
                        audience: random.pick(bounds(ChartBounds.audience, [1])),
                        audienceChange: random.pick(bounds(ChartBounds.audienceChange, [0])),
                        audienceChangePercent: random.pick(bounds(ChartBounds.percentChange, [0])),
                        audienceCumulative: random.pick(bounds(ChartBounds.audienceCumulative, [1, 999_999, 1_000_000])),
                        screens: random.pick(bounds(ChartBounds.screens, [1])), showings: random.pick(bounds(ChartBounds.showings, [1])))
                })
        }
    }

    @Test("daily reports: no trap, every market estimate absent or within its bound, every format rendered", arguments: [1, 7, 42, 99] as [UInt64])
    func daily(seed: UInt64) async throws {
        let charts = Self.charts(seed: seed * 2_654_435_761 | 1, days: 30)
        let range = DateRange(start: charts.first!.date, end: charts.last!.date)
        let report = ReportBuilder.build(range: range, charts: charts, movies: [:], options: .init())
        for day in report.days {
            if let market = day.estimatedMarketSales { #expect(market > 0 && Double(market) <= DayReport.largestMarketEstimate) }
        }
        let files = try await ReportRenderer(templates: try ReportTemplates.bundled()).render(report, formats: Self.formats)
        #expect(files.count >= 7 && files.allSatisfy { !$0.contents.isEmpty })
    }

    @Test("the tiny shares of the hostile cases give no estimate rather than a trap")
    func tinyShares() {
        func entries(share: Double, sales: Int64) -> [DayEntry] {
            let chart = DailyChart(
                date: Day("2025-01-01"), entries: [ChartEntry(rank: 1, movieCode: "20250001", title: "x", sales: sales, salesShare: share)])
            return ReportBuilder.build(range: DateRange(start: chart.date, end: chart.date), charts: [chart], movies: [:], options: .init()).days[0]
                .entries
        }
        #expect(DayReport.marketEstimate(entries(share: 1e-300, sales: 1_000)) == nil)
        #expect(DayReport.marketEstimate(entries(share: 0.0001, sales: 10_000_000_000_000)) == nil)
        #expect(DayReport.marketEstimate(entries(share: 0.001, sales: 10_000_000_000_000)) == nil)
        #expect(DayReport.marketEstimate(entries(share: 50, sales: 1_000))?.sales == 2_000, "a sound chart still has its estimate")
    }

    @Test("weekend reports from extreme charts: no trap", arguments: [3, 11] as [UInt64])
    func periods(seed: UInt64) async throws {
        let daily = Self.charts(seed: seed, days: 28)
        let charts = stride(from: 0, to: 28, by: 7).map { offset in
            WeeklyChart(period: ChartPeriod(.weekend, inWeekOf: daily[offset].date), entries: daily[offset].entries)
        }
        let range = DateRange(start: charts.first!.period.start, end: charts.last!.period.end)
        let report = ReportBuilder.build(range: range, periods: charts, kind: .weekend, movies: [:], options: .init())
        let files = try await ReportRenderer(templates: try ReportTemplates.bundled()).render(report, formats: Self.formats)
        #expect(!files.isEmpty)
    }
}

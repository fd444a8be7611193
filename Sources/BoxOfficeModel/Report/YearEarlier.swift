import Foundation

/// A day's (or a range's) charted totals against a year earlier: the comparison Korean box-office
/// news leads with (전년 동기 대비).
///
/// One rule everywhere: a day or a range of days meets the same calendar dates a year back
/// (``sameDate(_:)``; a year's report meets the calendar year before, as its year to date does);
/// a week-shaped period (a week, a weekend, weekdays) meets the same kind of period 52 weeks back
/// (``weeks``), so a weekend meets a weekend, and says so. A comparison never overlaps its period:
/// a range longer than a year has no year-earlier total (``span(for:)``).
///
/// Charted totals on both sides: the sums of the charts' rows, at the report's depth. Set only when
/// every earlier chart was had and held films; otherwise the figure is blank and the report's note
/// says which days could not be had, never a guess.
package struct YearEarlier: Codable, Sendable, Equatable {
    /// Days between a week-shaped period and the one it is compared with: 52 weeks.
    package static let weeks = 364

    /// The same month and day a year earlier; 28 February for a 29th.
    package static func sameDate(_ day: Day) -> Day {
        Day(year: day.year - 1, month: day.month, day: day.day) ?? Day(year: day.year - 1, month: 2, day: 28)!
    }

    /// The days `range` is compared with: the same calendar dates a year back; nil when they would
    /// overlap it (a range longer than a year), or start before KOBIS's first chart.
    package static func span(for range: DateRange) -> DateRange? {
        let span = DateRange(start: sameDate(range.start), end: sameDate(range.end))
        guard span.end < range.start, span.start >= DateRange.earliest else { return nil }
        return span
    }

    /// The earlier day, or the earlier range's first day.
    package var start: Day
    package var end: Day
    package var chartedAudience: Int64
    package var chartedSales: Int64
    /// Against the earlier figures, one decimal; nil when the earlier one is zero.
    package var audienceChangePercent: Double?
    package var salesChangePercent: Double?

    package init(start: Day, end: Day, audience: Int64, sales: Int64, comparedWith now: (audience: Int64, sales: Int64)) {
        self.start = start
        self.end = end
        chartedAudience = audience
        chartedSales = sales
        audienceChangePercent = Self.change(now.audience, from: audience)
        salesChangePercent = Self.change(now.sales, from: sales)
    }

    /// Against an earlier chart's rows (their sums); nil when that chart held no film, which is
    /// not a zero to compare with.
    package init?(charted entries: [ChartEntry], start: Day, end: Day, comparedWith now: (audience: Int64, sales: Int64)) {
        guard !entries.isEmpty else { return nil }
        self.init(
            start: start, end: end, audience: entries.reduce(0) { $0 + $1.audience }, sales: entries.reduce(0) { $0 + $1.sales },
            comparedWith: now)
    }

    /// `(now − then) ÷ then × 100`, one decimal; nil when `then` is zero.
    static func change(_ now: Int64, from then: Int64) -> Double? {
        guard then > 0 else { return nil }
        return ((Double(now) - Double(then)) / Double(then) * 1000).rounded() / 10
    }

    /// The range's totals against the same calendar dates a year back (``span(for:)``), when every
    /// one of those days' charts is had and held films.
    package static func range(_ days: [DayReport], over range: DateRange, charts: (Day) -> DailyChart?) -> YearEarlier? {
        guard let span = span(for: range) else { return nil }
        var audience: Int64 = 0
        var sales: Int64 = 0
        for day in span {
            guard let chart = charts(day), !chart.entries.isEmpty else { return nil }
            for entry in chart.entries {
                audience += entry.audience
                sales += entry.sales
            }
        }
        let now = (days.reduce(Int64(0)) { $0 + $1.audience }, days.reduce(Int64(0)) { $0 + $1.sales })
        return YearEarlier(start: span.start, end: span.end, audience: audience, sales: sales, comparedWith: now)
    }

    /// A period report's totals against the same periods 52 weeks earlier, when every period has its
    /// earlier one and none of them is one of the report's own (a report over more than 52 weeks).
    package static func range(_ periods: [PeriodReport]) -> YearEarlier? {
        guard let first = periods.first, periods.allSatisfy({ ($0.lastYear?.end ?? first.start) < first.start }) else { return nil }
        return total(periods.map { ($0.lastYear, $0.audience, $0.sales) })
    }

    /// The sum of the parts' earlier totals against the sum of theirs, when every part has one.
    static func total(_ parts: [(earlier: YearEarlier?, audience: Int64, sales: Int64)]) -> YearEarlier? {
        guard let first = parts.first?.earlier, let last = parts.last?.earlier, parts.allSatisfy({ $0.earlier != nil }) else { return nil }
        let audience = parts.reduce(Int64(0)) { $0 + ($1.earlier?.chartedAudience ?? 0) }
        let sales = parts.reduce(Int64(0)) { $0 + ($1.earlier?.chartedSales ?? 0) }
        let now = (parts.reduce(Int64(0)) { $0 + $1.audience }, parts.reduce(Int64(0)) { $0 + $1.sales })
        return YearEarlier(start: first.start, end: last.end, audience: audience, sales: sales, comparedWith: now)
    }

    /// A period's figures against the same period 52 weeks earlier, when that chart held films.
    package static func period(_ period: PeriodReport, earlier chart: WeeklyChart?) -> YearEarlier? {
        guard let chart, !period.entries.isEmpty else { return nil }
        return YearEarlier(charted: chart.entries, start: chart.period.start, end: chart.period.end, comparedWith: (period.audience, period.sales))
    }

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case start
        case end
        case chartedAudience = "charted_audience"
        case chartedSales = "charted_sales"
        case audienceChangePercent = "charted_audience_change_pct"
        case salesChangePercent = "charted_sales_change_pct"
    }
}

extension YearEarlier {
    /// What each key holds, for the JSON writer (``JSONFieldValue``).
    package func jsonValue(_ field: CodingKeys) -> JSONFieldValue {
        switch field {
        case .start: .day(start)
        case .end: .day(end)
        case .chartedAudience: .integer(chartedAudience)
        case .chartedSales: .integer(chartedSales)
        case .audienceChangePercent: .maybe(audienceChangePercent)
        case .salesChangePercent: .maybe(salesChangePercent)
        }
    }
}

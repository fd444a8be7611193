import Foundation

/// A day's (or a range's) charted totals against the same weekdays 52 weeks earlier (364 days, so a
/// Sunday meets a Sunday): the comparison Korean box-office news leads with (전년 동기 대비).
///
/// Charted totals on both sides: the sums of the charts' rows, at the report's depth. Set only when
/// the earlier chart was had and held films; otherwise the figure is blank and the report's note
/// says which days could not be had, never a guess.
package struct YearEarlier: Codable, Sendable, Equatable {
    /// Days between a date and the one it is compared with: 52 weeks.
    package static let days = 364

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

    /// The range's totals a year earlier: the sum of its days' earlier totals, when every day has one.
    package static func range(_ days: [DayReport]) -> YearEarlier? {
        total(days.map { ($0.lastYear, $0.audience, $0.sales) })
    }

    /// A period report's totals a year earlier, when every period has its earlier one.
    package static func range(_ periods: [PeriodReport]) -> YearEarlier? {
        total(periods.map { ($0.lastYear, $0.audience, $0.sales) })
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

import Foundation

/// The charts a report reads beyond its own range: the day before it, the same days a week
/// earlier, the #1's run counted back, and weekend charts already in the cache.
package struct ChartHistory: Sendable {
    /// How far before a range's first day the streak look-back goes at most.
    package static let streakLookBackDays = 60

    /// Daily charts outside the range, by date.
    package var charts: [Day: DailyChart]
    /// Days looked for and not had, with why (`not cached`, `the call budget is spent` …).
    package var unavailable: [Day: String]
    /// Weekend charts (any filters the report uses) found in the cache, by period.
    package var weekends: [ChartPeriod: WeeklyChart]

    package init(charts: [Day: DailyChart] = [:], unavailable: [Day: String] = [:], weekends: [ChartPeriod: WeeklyChart] = [:]) {
        self.charts = charts
        self.unavailable = unavailable
        self.weekends = weekends
    }

    /// The days a daily report over `range` compares with: the day before it, each of its days a
    /// week earlier, the same dates a year back (``YearEarlier/span(for:)``: none for a range longer
    /// than a year) and last year's same holidays, those inside the range and before KOBIS's first
    /// date left out.
    package static func comparisonDays(for range: DateRange) -> [Day] {
        var days: [Day] = []
        let earlier =
            [range.start - 1] + range.days.map { $0 - 7 } + (YearEarlier.span(for: range)?.days ?? [])
            + range.days.compactMap(KoreanHolidays.sameHolidayLastYear)
        for day in earlier where !range.contains(day) && day >= DateRange.earliest && !days.contains(day) {
            days.append(day)
        }
        return days.sorted()
    }

    /// One note saying which comparisons are blank and why; nil when nothing was missing.
    package func unavailableNote() -> ReportNote? {
        guard !unavailable.isEmpty else { return nil }
        return .historyUnavailable(days: unavailable.keys.sorted(), reasons: Set(unavailable.values).sorted())
    }
}

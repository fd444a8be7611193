import Foundation

/// A period's chart from KOBIS's weekly service: the top 10 of a week, a weekend or its weekdays,
/// with KOBIS's own totals for the whole period (days a film spent outside the daily top 10
/// included). Changes, rank changes and NEW compare with the same period a week earlier.
package struct WeeklyChart: Hashable, Sendable, Codable {
    package var period: ChartPeriod
    package var entries: [ChartEntry]
    /// Fetched while KOBIS could still revise the period's last day (``DailyChart/provisional``).
    package var provisional = false

    package init(period: ChartPeriod, entries: [ChartEntry]) {
        self.period = period
        self.entries = entries
    }
}

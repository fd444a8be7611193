import Foundation

/// The charted totals from 1 January to a report's last day, against the same calendar span a year
/// earlier (1 January to the same month and day; 28 February for a 29th): Korean box-office news'
/// 연간 누적 comparison. Top-10 charts on both sides.
package struct YearToDate: Codable, Sendable, Equatable {
    package var start: Day
    package var end: Day
    package var chartedAudience: Int64
    package var chartedSales: Int64
    package var lastYear: YearEarlier

    package init(start: Day, end: Day, audience: Int64, sales: Int64, lastYear: YearEarlier) {
        self.start = start
        self.end = end
        chartedAudience = audience
        chartedSales = sales
        self.lastYear = lastYear
    }

    /// This year's span through `end` and last year's same span.
    package static func spans(through end: Day) -> (this: DateRange, last: DateRange) {
        let last = Day(year: end.year - 1, month: end.month, day: end.day) ?? Day(year: end.year - 1, month: 2, day: 28)!
        return (
            DateRange(start: Day(year: end.year, month: 1, day: 1)!, end: end),
            DateRange(start: Day(year: end.year - 1, month: 1, day: 1)!, end: last)
        )
    }

    enum CodingKeys: String, CodingKey {
        case start
        case end
        case chartedAudience = "charted_audience"
        case chartedSales = "charted_sales"
        case lastYear = "last_year"
    }
}

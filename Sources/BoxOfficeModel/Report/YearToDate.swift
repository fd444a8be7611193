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
        (
            DateRange(start: Day(year: end.year, month: 1, day: 1)!, end: end),
            DateRange(start: Day(year: end.year - 1, month: 1, day: 1)!, end: YearEarlier.sameDate(end))
        )
    }

    /// The days whose totals the year to date of every day in `range` needs: from 1 January of the
    /// range's first year to its end, and last year's span before the first year's last day.
    package static func neededDays(for range: DateRange) -> [DateRange] {
        let firstYearEnd = min(range.end, Day(year: range.start.year, month: 12, day: 31)!)
        return [
            DateRange(start: Day(year: range.start.year - 1, month: 1, day: 1)!, end: YearEarlier.sameDate(firstYearEnd)),
            DateRange(start: Day(year: range.start.year, month: 1, day: 1)!, end: range.end),
        ]
    }

    /// The year to date of every day of `range`, from each needed day's totals (``neededDays(for:)``;
    /// a day missing from `totals` leaves blank every figure whose span holds it). A year before
    /// 2005 has none: last year's span would start before the first chart (2003-11-11).
    package static func daily(_ range: DateRange, totals: [Day: (audience: Int64, sales: Int64)]) -> [Day: YearToDate] {
        // Running sums from 1 January, nil from the first day missing to the year's end.
        var running: [Day: (audience: Int64, sales: Int64)] = [:]
        for span in neededDays(for: range) {
            var sum: (audience: Int64, sales: Int64)? = (0, 0)
            for day in span {
                if day.month == 1, day.day == 1 { sum = (0, 0) }
                if day >= DateRange.earliest {
                    if let add = totals[day], let before = sum { sum = (before.audience + add.audience, before.sales + add.sales) } else { sum = nil }
                }
                if let sum { running[day] = sum }
            }
        }
        var result: [Day: YearToDate] = [:]
        for day in range {
            let (this, last) = spans(through: day)
            // Last year's span must be KOBIS's whole: nothing before 2005 has one.
            guard last.start >= DateRange.earliest, let now = running[day], let then = running[last.end] else { continue }
            result[day] = YearToDate(
                start: this.start, end: day, audience: now.audience, sales: now.sales,
                lastYear: YearEarlier(start: last.start, end: last.end, audience: then.audience, sales: then.sales, comparedWith: now))
        }
        return result
    }

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case start
        case end
        case chartedAudience = "charted_audience"
        case chartedSales = "charted_sales"
        case lastYear = "last_year"
    }
}

extension YearToDate {
    /// What each key holds, for the JSON writer (``JSONFieldValue``).
    package func jsonValue(_ field: CodingKeys) -> JSONFieldValue {
        switch field {
        case .start: .day(start)
        case .end: .day(end)
        case .chartedAudience: .integer(chartedAudience)
        case .chartedSales: .integer(chartedSales)
        case .lastYear: .nested
        }
    }
}

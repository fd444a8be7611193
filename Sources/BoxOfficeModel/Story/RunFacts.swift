import Foundation

/// A film's figures over some dates: one day, or a stretch such as its opening weekend.
package struct RunFigure: Codable, Sendable, Equatable {
    package var start: Day
    package var end: Day
    package var audience: Int64
    package var sales: Int64
    /// The film's rank that day (single days only).
    package var rank: Int?

    package init(start: Day, end: Day, audience: Int64, sales: Int64, rank: Int? = nil) {
        self.start = start
        self.end = end
        self.audience = audience
        self.sales = sales
        self.rank = rank
    }
}

/// What a film's charted days say about its run: opening day, opening weekend, best day, days in
/// release. Pure; the rows are the film's chart rows by date, from whatever charts are at hand.
package enum RunFacts {
    /// The open date's own row; nil when the film was not charted that day.
    package static func openingDay(openDate: Day?, rows: [Day: ChartEntry]) -> RunFigure? {
        guard let openDate, let row = rows[openDate] else { return nil }
        return RunFigure(start: openDate, end: openDate, audience: row.audience, sales: row.sales, rank: row.rank)
    }

    /// The Friday-to-Sunday weekend of the open date's week (Monday to Sunday), from the open date
    /// when the film opened on the weekend itself. Paid previews before the open date never count.
    package static func openingWeekendDays(openDate: Day) -> (start: Day, end: Day) {
        let friday = openDate.weekStart + 4
        return (max(friday, openDate), openDate.weekStart + 6)
    }

    /// Admissions and sales over the opening weekend, from KOBIS's cumulatives: Sunday's cumulative
    /// minus the cumulative before the weekend's first day (so off-chart days between count), which
    /// needs the film charted on both; or the charted days' sum when it was charted every day. Nil
    /// when neither can be had.
    package static func openingWeekend(openDate: Day?, rows: [Day: ChartEntry]) -> RunFigure? {
        guard let openDate else { return nil }
        let (start, end) = openingWeekendDays(openDate: openDate)
        let days = (0...start.distance(to: end)).map { start + $0 }
        let charted = days.compactMap { rows[$0] }
        let summed = (charted.reduce(Int64(0)) { $0 + $1.audience }, charted.reduce(Int64(0)) { $0 + $1.sales })
        if let first = rows[start], let last = rows[end] {
            let audience = last.audienceCumulative - (first.audienceCumulative - first.audience)
            let sales = last.salesCumulative - (first.salesCumulative - first.sales)
            if first.audienceCumulative >= first.audience, audience >= summed.0, sales >= summed.1 {
                return RunFigure(start: start, end: end, audience: audience, sales: sales)
            }
        }
        guard charted.count == days.count else { return nil }
        return RunFigure(start: start, end: end, audience: summed.0, sales: summed.1)
    }

    /// The charted day with the most admissions (the earlier on a tie).
    package static func bestDay(rows: [Day: ChartEntry]) -> RunFigure? {
        rows.min { a, b in a.value.audience != b.value.audience ? a.value.audience > b.value.audience : a.key < b.key }.map {
            RunFigure(start: $0.key, end: $0.key, audience: $0.value.audience, sales: $0.value.sales, rank: $0.value.rank)
        }
    }

    /// ``bestDay(rows:)`` for rows in date order.
    package static func bestDay(_ rows: [DatedRow]) -> RunFigure? {
        rows.min { a, b in a.audience != b.audience ? a.audience > b.audience : a.date < b.date }.map {
            RunFigure(start: $0.date, end: $0.date, audience: $0.audience, sales: $0.sales, rank: $0.rank)
        }
    }

    /// Days in release on `date`, the open date counted as day 1; nil without an open date or
    /// before it.
    package static func daysInRelease(openDate: Day?, on date: Day) -> Int? {
        guard let openDate, openDate <= date else { return nil }
        return Milestone.dayOfRelease(openDate, on: date)
    }

    /// `value` against `previous` in percent, one decimal; nil when there is nothing to compare with.
    package static func change(_ value: Int64, from previous: Int64) -> Double? {
        previous <= 0 ? nil : (Double(value - previous) * 1_000 / Double(previous)).rounded() / 10
    }
}

import Foundation

/// Which days of a Monday-to-Sunday week a KOBIS weekly chart covers (`weekGb`).
package enum PeriodKind: String, Sendable, Codable, CaseIterable {
    /// Monday to Sunday (`weekGb=0`).
    case week
    /// Friday to Sunday (`weekGb=1`), the chart Korean box-office news leads with.
    case weekend
    /// Monday to Thursday (`weekGb=2`).
    case weekdays

    /// The `weekGb` value KOBIS expects; always sent, since peers disagree about its default.
    package var weekGb: String {
        switch self {
        case .week: "0"
        case .weekend: "1"
        case .weekdays: "2"
        }
    }

    /// "week", "weekend", "weekdays (Mon–Thu)": for notes and headings.
    package var displayName: String {
        switch self {
        case .week: "weekly (Mon–Sun)"
        case .weekend: "weekend (Fri–Sun)"
        case .weekdays: "weekdays (Mon–Thu)"
        }
    }

    /// `weekly`, `weekend`, `weekdays`: the command-line flag (after `--`), and the chart's adjective.
    package var optionName: String {
        switch self {
        case .week: "weekly"
        case .weekend: "weekend"
        case .weekdays: "weekdays"
        }
    }

    /// What one period is called in counts: "1 weekend", "3 weeks", "2 Mon–Thu stretches".
    package func unitName(plural: Bool) -> String {
        switch self {
        case .week: plural ? "weeks" : "week"
        case .weekend: plural ? "weekends" : "weekend"
        case .weekdays: plural ? "Mon–Thu stretches" : "Mon–Thu stretch"
        }
    }

    /// The first and last day of this kind within a week, counted from its Monday.
    var offsets: ClosedRange<Int> {
        switch self {
        case .week: 0...6
        case .weekend: 4...6
        case .weekdays: 0...3
        }
    }
}

/// One period of a weekly chart: a week, a weekend or a week's weekdays, named by its ISO week.
package struct ChartPeriod: Hashable, Sendable, Codable, Comparable {
    package let kind: PeriodKind
    package let start: Day
    package let end: Day

    /// The period of `kind` in the Monday-to-Sunday week that holds `day`.
    package init(_ kind: PeriodKind, inWeekOf day: Day) {
        let monday = day.weekStart
        self.kind = kind
        start = monday + kind.offsets.lowerBound
        end = monday + kind.offsets.upperBound
    }

    package static func < (lhs: ChartPeriod, rhs: ChartPeriod) -> Bool { (lhs.start, lhs.kind.weekGb) < (rhs.start, rhs.kind.weekGb) }

    /// The ISO 8601 year and week of the period's week (its Thursday's year): what KOBIS sends as
    /// `yearWeekTime` (`201152` for 2011-12-26..2012-01-01; years with a week 53 exist).
    package var isoWeek: (year: Int, week: Int) {
        let thursday = start.weekStart + 3
        let firstThursday = Self.firstThursday(of: thursday.year)
        return (thursday.year, firstThursday.distance(to: thursday) / 7 + 1)
    }

    /// `2025-W10`: ISO 8601's week notation.
    package var isoWeekText: String {
        let (year, week) = isoWeek
        return "\(year)-W\(week < 10 ? "0" : "")\(week)"
    }

    /// `yearWeekTime` as KOBIS writes it: `YYYYWW`.
    package var yearWeekTime: String {
        let (year, week) = isoWeek
        return "\(year)\(week < 10 ? "0" : "")\(week)"
    }

    /// `showRange` as KOBIS writes it: `yyyyMMdd~yyyyMMdd`.
    package var showRange: String { "\(start.compact)~\(end.compact)" }

    package var days: [Day] { (0...start.distance(to: end)).map { start + $0 } }

    /// The same kind of period a week earlier (what KOBIS's changes compare with).
    package var previous: ChartPeriod { ChartPeriod(kind, inWeekOf: start - 7) }

    /// The latest period of `kind` that has ended by yesterday (Seoul): on a Monday the weekend
    /// that ended the day before; on a Saturday the previous one, since this one has not ended.
    package static func lastCompleted(_ kind: PeriodKind, today: Day) -> ChartPeriod {
        let candidate = ChartPeriod(kind, inWeekOf: today - 1)
        return candidate.end <= today - 1 ? candidate : candidate.previous
    }

    /// The periods of `kind` that overlap `range`, oldest first, leaving out any not ended by
    /// yesterday; `snapped` is true when they do not cover exactly the range's days.
    /// The same kind of period 52 weeks earlier (``YearEarlier/weeks``): a weekend meets a weekend.
    package var yearEarlier: ChartPeriod { ChartPeriod(kind, inWeekOf: start - YearEarlier.weeks) }

    package static func covering(_ range: DateRange, _ kind: PeriodKind, today: Day) -> (periods: [ChartPeriod], snapped: Bool) {
        let last = lastCompleted(kind, today: today)
        var periods: [ChartPeriod] = []
        var period = ChartPeriod(kind, inWeekOf: range.start)
        if period.end < range.start { period = ChartPeriod(kind, inWeekOf: period.start + 7) }
        while period.start <= range.end, period <= last {
            if period.start >= DateRange.earliest { periods.append(period) }
            period = ChartPeriod(kind, inWeekOf: period.start + 7)
        }
        let covered = periods.reduce(0) { $0 + $1.days.count }
        let exact = periods.first?.start == range.start && periods.last?.end == range.end && (kind != .week || covered == range.dayCount)
        return (periods, !exact)
    }

    /// The Monday-to-Sunday weeks whose Thursday lies in `range` (the ISO rule, so a year's are its
    /// ISO weeks), ended by `lastDay`: what `rank` sums KOBIS's weekly diversity and regional charts
    /// over. ``covering(_:_:today:)`` takes every week that overlaps a range instead.
    package static func weeks(thursdaysIn range: DateRange, endingBy lastDay: Day) -> [ChartPeriod] {
        var weeks: [ChartPeriod] = []
        var week = ChartPeriod(.week, inWeekOf: range.start)
        if !range.contains(week.start + 3) { week = ChartPeriod(.week, inWeekOf: week.start + 7) }
        while range.contains(week.start + 3), week.end <= lastDay {
            if week.start >= DateRange.earliest { weeks.append(week) }
            week = ChartPeriod(.week, inWeekOf: week.start + 7)
        }
        return weeks
    }

    private static func firstThursday(of year: Int) -> Day {
        let january4 = Day(year: year, month: 1, day: 4)!  // always in ISO week 1
        return january4.weekStart + 3
    }
}

import Foundation

/// A period's weekends, The Numbers' weekend breakdown for Korea, from KOBIS's weekend charts
/// (Friday to Sunday, `weekGb=1`): each whole weekend of the period with its charted total (the
/// chart's top 10, so its total equals KOBIS's chart), its change on the weekend before and on the
/// weekend 52 weeks earlier (the same weekdays, the nearest to a year), its #1 film and that film's
/// share, and the films in its chart that opened in its week (Monday to Sunday).
///
/// Only whole weekends count: a Friday-to-Sunday that a period's first or last day cuts is left out.
/// A period of more than ``longestSpan`` days has no weekend table (a weekend chart is one KOBIS call,
/// so twenty years would be a thousand).
package struct WeekendTable: Codable, Sendable, Equatable {
    /// A film of a weekend: its #1 or an opener.
    package struct Film: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        package var audience: Int64
        /// Of the weekend's charted admissions, %.
        package var sharePercent: Double

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case audience
            case sharePercent = "share_pct"
        }
    }

    /// One weekend.
    package struct Weekend: Codable, Sendable, Equatable {
        /// Its Friday and Sunday.
        package var start: Day
        package var end: Day
        /// The sums of its chart's top 10.
        package var audience: Int64
        package var sales: Int64
        /// On the weekend before (a week earlier), %; nil when that chart was not had or held nothing.
        package var changePercent: Double?
        /// On the weekend 52 weeks earlier (``yearEarlier(_:)``), %; nil when that chart was not had or held nothing.
        package var yearEarlierPercent: Double?
        package var top: Film?
        /// Its chart's films that opened in its week, most admissions first.
        package var openers: [Film]
        /// The period's largest total (the first, when two tie), of two weekends or more.
        package var best: Bool

        enum CodingKeys: String, CodingKey {
            case start
            case end
            case audience
            case sales
            case changePercent = "change_pct"
            case yearEarlierPercent = "year_earlier_change_pct"
            case top
            case openers
            case best
        }
    }

    package var weekends: [Weekend]
    /// The Fridays of the period's weekends whose chart could not be had (not cached with
    /// `--offline`, or no KOBIS call left): left out of ``weekends``, and named.
    package var missing: [Day]

    /// The longest period, in days, that has a weekend table: a leap year and a week.
    package static let longestSpan = 373

    /// The whole weekends of `range`, oldest first: none for a range longer than ``longestSpan``.
    package static func weekends(in range: DateRange) -> [ChartPeriod] {
        guard range.start.distance(to: range.end) < longestSpan else { return [] }
        var friday = ChartPeriod(.weekend, inWeekOf: range.start)
        if friday.start < range.start { friday = ChartPeriod(.weekend, inWeekOf: range.start + 7) }
        var periods: [ChartPeriod] = []
        while friday.end <= range.end {
            periods.append(friday)
            friday = ChartPeriod(.weekend, inWeekOf: friday.start + 7)
        }
        return periods
    }

    /// The weekend 52 weeks before `period`: the same weekdays, a year back give or take a day.
    package static func yearEarlier(_ period: ChartPeriod) -> ChartPeriod { ChartPeriod(.weekend, inWeekOf: period.start - 364) }

    /// The weekend charts beyond `range` its table compares with: the weekend before its first,
    /// and each one's weekend 52 weeks earlier; none before KOBIS's first chart (2003-11-11).
    package static func comparisons(in range: DateRange) -> [ChartPeriod] {
        let own = weekends(in: range)
        guard let first = own.first else { return [] }
        return ([first.previous] + own.map(yearEarlier)).filter { $0.start >= DateRange.earliest }
    }

    /// The table of `periods` from the weekend charts had (`charts`, the comparisons' among them).
    package init(_ periods: [ChartPeriod], charts: [ChartPeriod: WeeklyChart]) {
        func total(_ period: ChartPeriod) -> Int64? {
            charts[period].map { $0.entries.reduce(0) { $0 + $1.audience } }
        }
        missing = periods.filter { charts[$0] == nil }.map(\.start)
        weekends = periods.compactMap { period in
            guard let chart = charts[period], let audience = total(period) else { return nil }
            func film(_ entry: ChartEntry) -> Film {
                Film(
                    movieCode: entry.movieCode, title: entry.title, audience: entry.audience,
                    sharePercent: JoinStage.percent(entry.audience, of: audience))
            }
            let week = period.start.weekStart...period.end
            let openers = chart.entries.filter { $0.openDate.map(week.contains) ?? false }
                .sorted { ($0.audience, $1.movieCode) > ($1.audience, $0.movieCode) }
            let top = chart.entries.max { ($0.audience, $1.movieCode) < ($1.audience, $0.movieCode) }
            return Weekend(
                start: period.start, end: period.end, audience: audience, sales: chart.entries.reduce(0) { $0 + $1.sales },
                changePercent: total(period.previous).flatMap { RunFacts.change(audience, from: $0) },
                yearEarlierPercent: total(Self.yearEarlier(period)).flatMap { RunFacts.change(audience, from: $0) },
                top: top.map(film), openers: openers.map(film), best: false)
        }
        if weekends.count > 1, let best = weekends.indices.max(by: { (weekends[$0].audience, $1) < (weekends[$1].audience, $0) }),
            weekends[best].audience > 0
        {
            weekends[best].best = true
        }
    }
}

extension WeekendTable {
    /// The `boxoffice fetch` that caches the weekend charts of the weekends whose Fridays are
    /// `fridays`: what the note naming them (``ReportNote/weekendsMissing(_:)``) says, in either language.
    package static func fillCommand(_ fridays: [Day]) -> String {
        guard let first = fridays.min(), let last = fridays.max() else { return "" }
        return "boxoffice fetch \(first.iso)..\((last + 2).iso) --weekend --no-daily"
    }
}

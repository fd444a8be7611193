import Foundation

/// How a film's run held, as Box Office Mojo and The Numbers judge one: its weekends from KOBIS's
/// weekend chart (`weekGb=1`: Friday to Sunday, days outside the daily top 10 included), the
/// multiplier both ways, the second weekend's change, each weekend's hold, and the run's length.
package struct RunShape: Codable, Sendable, Equatable {
    /// A weekend of the run, counted from the opening weekend (1).
    package struct Weekend: Codable, Sendable, Equatable {
        package var number: Int
        package var start: Day
        package var end: Day
        /// KOBIS's figure for the film's weekend; nil when the film was not in the weekend's top 10
        /// or the chart could not be had (``RunShape/missingWeekends``).
        package var audience: Int64?
        package var rank: Int?
        /// Against the weekend before, when both are known.
        package var changePercent: Double?

        enum CodingKeys: String, CodingKey {
            case number, start, end, audience, rank
            case changePercent = "change_pct"
        }
    }

    package var weekends: [Weekend]
    /// The run's admissions so far: the last charted day's cumulative.
    package var audienceCumulative: Int64
    /// Cumulative ÷ the opening weekend (Box Office Mojo's multiplier); nil without the opening
    /// weekend's figure.
    package var multiplier: Double?
    /// Cumulative ÷ the biggest weekend (The Numbers' multiplier).
    package var multiplierOfBiggest: Double?
    /// The biggest known weekend.
    package var biggestWeekend: Int?
    /// The second weekend against the first.
    package var secondWeekendChangePercent: Double?
    /// Days from the first charted day to the last, both counted.
    package var runDays: Int
    /// The film is still running: its figures are "to date".
    package var toDate: Bool
    /// The first days of the weekends whose chart could not be had (`--offline`, not cached).
    package var missingWeekends: [Day]

    enum CodingKeys: String, CodingKey {
        case weekends
        case audienceCumulative = "audience_cumulative"
        case multiplier
        case multiplierOfBiggest = "multiplier_of_biggest"
        case biggestWeekend = "biggest_weekend"
        case secondWeekendChangePercent = "second_weekend_change_pct"
        case runDays = "run_days"
        case toDate = "to_date"
        case missingWeekends = "missing_weekends"
    }

    /// The weekends from the open date's week to the last charted day's, those that have ended by
    /// `through`: the charts a run's shape reads.
    package static func weekends(openDate: Day, lastCharted: Day, through: Day) -> [ChartPeriod] {
        var periods: [ChartPeriod] = []
        var period = ChartPeriod(.weekend, inWeekOf: openDate)
        while period.start <= lastCharted, period.end <= through {
            periods.append(period)
            period = ChartPeriod(.weekend, inWeekOf: period.start + 7)
        }
        return periods
    }

    /// The shape of `code`'s run: `charts` holds the weekend charts of ``weekends(openDate:lastCharted:through:)``
    /// (nil for one that could not be had), `firstCharted…lastCharted` its charted span.
    package static func of(
        _ code: String, charts: [(period: ChartPeriod, chart: WeeklyChart?)], audienceCumulative: Int64, firstCharted: Day,
        lastCharted: Day, toDate: Bool
    ) -> RunShape {
        var weekends: [Weekend] = []
        for (index, (period, chart)) in charts.enumerated() {
            let entry = chart?.entries.first { $0.movieCode == code }
            var weekend = Weekend(number: index + 1, start: period.start, end: period.end, audience: entry?.audience, rank: entry?.rank)
            if let audience = entry?.audience, let before = weekends.last?.audience {
                weekend.changePercent = RunFacts.change(audience, from: before)
            }
            weekends.append(weekend)
        }
        let opening = weekends.first?.audience.flatMap { $0 > 0 ? $0 : nil }
        let biggest = weekends.compactMap(\.audience).max().flatMap { $0 > 0 ? $0 : nil }
        func ratio(_ whole: Int64, _ part: Int64?) -> Double? {
            part.map { (Double(whole) / Double($0) * 100).rounded() / 100 }
        }
        return RunShape(
            weekends: weekends, audienceCumulative: audienceCumulative, multiplier: ratio(audienceCumulative, opening),
            multiplierOfBiggest: ratio(audienceCumulative, biggest),
            biggestWeekend: biggest.flatMap { top in weekends.first { $0.audience == top }?.number },
            secondWeekendChangePercent: weekends.count > 1 ? weekends[1].changePercent : nil,
            runDays: firstCharted.distance(to: lastCharted) + 1, toDate: toDate,
            missingWeekends: charts.filter { $0.chart == nil }.map(\.period.start))
    }
}

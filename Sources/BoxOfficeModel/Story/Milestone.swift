import Foundation

/// A film crossing a round number of cumulative admissions (100만, 200만 …) on a date.
package struct Milestone: Codable, Sendable, Equatable {
    /// The admissions crossed: 1,000,000 for 100만.
    package var threshold: Int64
    /// The date KOBIS's cumulative reached it: `audiAcc − audiCnt < threshold ≤ audiAcc` that day.
    package var date: Day
    /// The day of release it took, the open date being day 1; nil when the open date is unknown, 0 or
    /// less for a paid preview before it.
    package var dayOfRelease: Int?
    /// For a period chart, the period's first day: the film crossed it on some day from this one to
    /// `date` (a period chart does not say which). Nil for a daily chart.
    package var earliestDate: Day?

    package init(threshold: Int64, date: Day, dayOfRelease: Int?, earliestDate: Day? = nil) {
        self.threshold = threshold
        self.date = date
        self.dayOfRelease = dayOfRelease
        self.earliestDate = earliestDate
    }

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case threshold
        case date
        case dayOfRelease = "day_of_release"
        case earliestDate = "earliest_date"
    }

    /// The step between thresholds: 100만.
    package static let stepSize: Int64 = 1_000_000

    /// The thresholds Korean news reports: every 100만 (100만, 200만, … 900만, 1,000만, 1,100만 …);
    /// the news counts each (a film "passes 400만" as it does 1,000만).
    package static func isThreshold(_ value: Int64) -> Bool {
        value > 0 && value % 1_000_000 == 0
    }

    /// Every threshold in `(before, after]`, smallest first.
    package static func crossed(before: Int64, after: Int64) -> [Int64] {
        let million: Int64 = 1_000_000
        guard after > before, after >= million else { return [] }
        let first = max(before, 0) / million + 1
        let last = after / million
        guard first <= last else { return [] }
        return (first...last).map { $0 * million }.filter(isThreshold)
    }

    /// The milestones crossed on each charted day (`rows` in date order): the day's cumulative
    /// before its own admissions against the cumulative after them. Each threshold is crossed once,
    /// on the first day that reaches it: a cumulative that KOBIS corrects downwards and that rises
    /// again crosses nothing twice (and a hostile chart repeating a 10⁹ cumulative makes a thousand
    /// milestones once, not every day).
    package static func crossings(_ rows: [(date: Day, entry: ChartEntry)], openDate: Day?) -> [Milestone] {
        crossings(rows.map { DatedRow(date: $0.date, entry: $0.entry) }, openDate: openDate)
    }

    package static func crossings(_ rows: [DatedRow], openDate: Day?) -> [Milestone] {
        var highest: Int64 = 0
        var found: [Milestone] = []
        for row in rows {
            for threshold in crossed(before: max(row.audienceCumulative - row.audience, highest), after: row.audienceCumulative) {
                found.append(Milestone(threshold: threshold, date: row.date, dayOfRelease: openDate.map { dayOfRelease($0, on: row.date) }))
                highest = threshold
            }
        }
        return found
    }

    /// The open date is day 1, the next day day 2; a preview the day before it is day 0. The one
    /// day numbering of every file and page (개봉 1일째, as Korean news counts).
    package static func dayOfRelease(_ openDate: Day, on date: Day) -> Int {
        openDate.distance(to: date) + 1
    }
}

/// A film passing a 100만 step on a day, as one chart shows it and the totals index keeps it: the
/// step and the day of release it took (``StoryStage/yearFastestMilestones(_:range:crossings:)``).
package struct MilestoneCrossing: Sendable, Equatable {
    package var threshold: Int64
    package var movieCode: String
    package var dayOfRelease: Int

    package init(threshold: Int64, movieCode: String, dayOfRelease: Int) {
        self.threshold = threshold
        self.movieCode = movieCode
        self.dayOfRelease = dayOfRelease
    }

    /// Steps above this are no film's: a hostile cumulative of 10⁹ crosses none rather than a thousand.
    package static let highestThreshold: Int64 = 30_000_000

    /// The steps each film with an open date passed on the chart's day (its cumulative before the
    /// day's admissions against after them, as ``Milestone/crossings(_:openDate:)`` counts them), on
    /// day 1 of its release or later.
    package static func of(_ chart: DailyChart) -> [MilestoneCrossing] {
        chart.entries.flatMap { entry -> [MilestoneCrossing] in
            guard let open = entry.openDate, entry.audienceCumulative <= highestThreshold else { return [] }
            let day = Milestone.dayOfRelease(open, on: chart.date)
            guard day >= 1 else { return [] }
            return Milestone.crossed(before: entry.audienceCumulative - entry.audience, after: entry.audienceCumulative).map {
                MilestoneCrossing(threshold: $0, movieCode: entry.movieCode, dayOfRelease: day)
            }
        }
    }
}

/// A film's figures on one chart day: what its run's story reads of the row (milestones, best day,
/// open date). No strings: grouping twenty years of rows by film copies no references, where
/// copies of the whole ``ChartEntry`` retained and released every string (and freeing the groups
/// took 5 ms) on the films' side of the build (`perf`).
package struct DatedRow: Sendable, Equatable {
    package var date: Day
    package var rank: Int
    package var audience: Int64
    package var audienceCumulative: Int64
    package var sales: Int64
    package var openDate: Day?

    package init(date: Day, entry: ChartEntry) {
        self.date = date
        rank = entry.rank
        audience = entry.audience
        audienceCumulative = entry.audienceCumulative
        sales = entry.sales
        openDate = entry.openDate
    }
}

extension Milestone {
    /// What each key holds, for the JSON writer (``JSONFieldValue``).
    package func jsonValue(_ field: CodingKeys) -> JSONFieldValue {
        switch field {
        case .threshold: .integer(threshold)
        case .date: .day(date)
        case .dayOfRelease: .maybe(dayOfRelease)
        case .earliestDate: .maybe(earliestDate)
        }
    }
}

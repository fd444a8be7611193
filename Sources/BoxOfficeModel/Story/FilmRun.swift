import Foundation

/// One film's whole run as the daily charts show it: every charted day, its opening, milestones,
/// best rank and streaks at #1, and weekly totals with %± LW. Built by ``build(code:info:charts:span:gaps:simulated:)``.
package struct FilmRun: Encodable, Sendable, Equatable {
    /// A charted day.
    package struct Day_: Codable, Sendable, Equatable {
        package var date: Day
        /// The open date is day 1; 0 or less for a paid preview.
        package var dayOfRelease: Int?
        package var rank: Int
        package var isNew: Bool
        package var audience: Int64
        package var sales: Int64
        package var screens: Int64
        package var showings: Int64
        package var audienceCumulative: Int64
        package var salesCumulative: Int64

        enum CodingKeys: String, CodingKey {
            case date
            case dayOfRelease = "day_of_release"
            case rank
            case isNew = "is_new"
            case audience
            case sales
            case screens
            case showings
            case audienceCumulative = "audience_cumulative"
            case salesCumulative = "sales_cumulative"
        }
    }

    /// A week (Monday to Sunday) of the run.
    package struct Week: Codable, Sendable, Equatable {
        package var start: Day
        package var end: Day
        /// Days of the week the film was charted, and of those it was in release (previews count).
        package var daysCharted: Int
        package var daysInRun: Int
        /// The charted days' sum: the week's whole figure when `complete`.
        package var audience: Int64
        package var sales: Int64
        /// Charted on every day of the week it was in release.
        package var complete: Bool
        /// Against the week before, when both are complete.
        package var audienceChangePercent: Double?

        enum CodingKeys: String, CodingKey {
            case start
            case end
            case daysCharted = "days_charted"
            case daysInRun = "days_in_run"
            case audience
            case sales
            case complete
            case audienceChangePercent = "audience_change_pct"
        }
    }

    /// 2: the CSV's names for the keys (`movie_cd`, `title_en`, `…_pct`), as in the report's JSON.
    package var schemaVersion = BoxOfficeReport.schemaVersion
    package var source: String
    package var simulated: Bool
    package var movieCode: String
    package var title: String
    package var titleEnglish: String
    package var openDate: Day?
    package var nations: [String]
    package var genres: [String]
    package var directors: [String]
    package var distributors: [String]
    /// The dates whose charts were read: from a week before the open date (paid previews) to the
    /// end of the run (two weeks off the chart) or yesterday.
    package var first: Day
    package var last: Day
    /// Dates in that span whose chart could not be had (`--offline` and not cached).
    package var gaps: [Day]
    package var days: [Day_]
    package var bestRank: Int?
    package var daysAtNumberOne: Int
    /// Every run at #1, oldest first.
    package var streaks: [Streak]
    package var milestones: [Milestone]
    package var openingDay: RunFigure?
    package var openingWeekend: RunFigure?
    package var bestDay: RunFigure?
    package var weeks: [Week]
    /// Cumulative admissions and sales on the last charted day.
    package var audienceCumulative: Int64
    package var salesCumulative: Int64
    package var notes: [ReportNote]
    /// Its pace against the films that went on to 1,000만 in the cached charts; nil without a cache
    /// (the bundled sample, `--no-cache`) or without a charted day of release.
    package var pace: FilmPace? = nil
    /// How the run held, from KOBIS's weekend charts (``RunShape``); nil without a charted day or an
    /// open date.
    package var shape: RunShape? = nil
    /// Its place among the lifetimes the cached charts hold (``FilmLadder``); nil without a cache.
    package var ladder: FilmLadder? = nil
    /// Its franchise, where TMDB gives a collection the cache knows more of (``Franchise``).
    package var franchise: Franchise? = nil
    /// Where it is heading (``FilmProjection``): nil once it has left the chart for a week, or
    /// before its second charted day.
    package var projection: FilmProjection? = nil

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case source
        case simulated
        case movieCode = "movie_cd"
        case title
        case titleEnglish = "title_en"
        case openDate = "open_date"
        case nations
        case genres
        case directors
        case distributors
        case first
        case last
        case gaps
        case days
        case bestRank = "best_rank"
        case daysAtNumberOne = "days_at_number_one"
        case streaks
        case milestones
        case openingDay = "opening_day"
        case openingWeekend = "opening_weekend"
        case bestDay = "best_day"
        case weeks
        case audienceCumulative = "audience_cumulative"
        case salesCumulative = "sales_cumulative"
        case notes
        case pace
        case shape
        case ladder
        case franchise
        case projection
    }

    /// The run of `code` from the charts of `first…last` (`charts` holds those had; `gaps` those not).
    package static func build(
        code: String, info: MovieInfo?, charts: [Day: DailyChart], first: Day, last: Day, gaps: [Day], simulated: Bool
    ) -> FilmRun {
        var rows: [Day: ChartEntry] = [:]
        for (day, chart) in charts where first <= day && day <= last {
            if let entry = chart.entries.first(where: { $0.movieCode == code }) { rows[day] = entry }
        }
        let sorted = rows.sorted { $0.key < $1.key }
        let openDate = sorted.last { $0.value.openDate != nil }?.value.openDate ?? info?.openDate
        let days = sorted.map { date, entry in
            Day_(
                date: date, dayOfRelease: openDate.map { Milestone.dayOfRelease($0, on: date) }, rank: entry.rank, isNew: entry.isNew,
                audience: entry.audience, sales: entry.sales, screens: entry.screens, showings: entry.showings,
                audienceCumulative: entry.audienceCumulative, salesCumulative: entry.salesCumulative)
        }
        // Every run at #1: each day it led that the day after it did not.
        var streaks: [Streak] = []
        for (date, entry) in sorted where entry.rank == 1 && Streak.leader(charts[date + 1]) != .film(code) {
            if let streak = Streak.daily(code, endingOn: date, charts: charts) { streaks.append(streak) }
        }
        var run = FilmRun(
            source: simulated ? "Simulated KOBIS data (boxoffice's bundled sample)" : "KOBIS daily box office (Korean Film Council)",
            simulated: simulated, movieCode: code, title: sorted.last?.value.title ?? info?.title ?? "", titleEnglish: info?.titleEnglish ?? "",
            openDate: openDate, nations: info?.nations ?? [], genres: info?.genres ?? [], directors: info?.directors.map(\.name) ?? [],
            distributors: info?.distributors ?? [], first: first, last: last, gaps: gaps, days: days,
            bestRank: sorted.map(\.value.rank).min(), daysAtNumberOne: sorted.filter { $0.value.rank == 1 }.count, streaks: streaks,
            milestones: Milestone.crossings(sorted.map { (date: $0.key, entry: $0.value) }, openDate: openDate),
            openingDay: RunFacts.openingDay(openDate: openDate, rows: rows),
            openingWeekend: RunFacts.openingWeekend(openDate: openDate, rows: rows),
            bestDay: RunFacts.bestDay(rows: rows), weeks: [],
            audienceCumulative: sorted.last?.value.audienceCumulative ?? 0, salesCumulative: sorted.last?.value.salesCumulative ?? 0,
            notes: [])
        run.weeks = weeks(rows: rows, through: last)
        if simulated { run.notes.append(.simulated) }
        run.notes.append(.filmChartCoverage)
        if !gaps.isEmpty {
            run.notes.append(.offlineGaps(gaps))
        }
        // The film's days whose figures are early ones (yesterday, or a chart cached before the day was final).
        let early = sorted.filter { charts[$0.key]?.provisional == true }.map(\.key)
        if !early.isEmpty { run.notes.append(.provisionalDays(early)) }
        return run
    }

    /// Weeks from the first charted day's to the last's, each with its charted days.
    static func weeks(rows: [Day: ChartEntry], through last: Day) -> [Week] {
        guard let firstDay = rows.keys.min(), let lastDay = rows.keys.max() else { return [] }
        var weeks: [Week] = []
        var start = firstDay.weekStart
        while start <= lastDay {
            let end = start + 6
            let inRun = (0...6).map { start + $0 }.filter { $0 >= firstDay && $0 <= min(end, last) }
            let charted = inRun.compactMap { rows[$0] }
            var week = Week(
                start: start, end: end, daysCharted: charted.count, daysInRun: inRun.count,
                audience: charted.reduce(0) { $0 + $1.audience }, sales: charted.reduce(0) { $0 + $1.sales },
                complete: charted.count == inRun.count)
            // Whole weeks only: an opening week of four days against a full one says nothing.
            if let before = weeks.last, before.complete, week.complete, before.daysInRun == 7, week.daysInRun == 7 {
                week.audienceChangePercent = RunFacts.change(week.audience, from: before.audience)
            }
            weeks.append(week)
            start = start + 7
        }
        return weeks
    }
}

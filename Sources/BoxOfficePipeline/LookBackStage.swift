import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// Fetches what a report compares with beyond its range, after the range itself: the day before it
/// and the same days a week earlier (at the report's depth), then, while the range's first #1 kept
/// its place, one day further back at a time (top 10 only, at most
/// ``ChartHistory/streakLookBackDays``), and weekend charts already in the cache.
///
/// Every call is cached and taken from the run's budget like any other; what cannot be had (offline
/// and not cached, the budget or quota spent, KOBIS failing) leaves a blank with a note, never a
/// failed report.
struct LookBackStage: Sendable {
    let client: KOBISClient
    let width: Int

    /// The history of a daily report, and warnings for look-backs KOBIS failed (not for the ones the
    /// run chose not to have: offline, budget).
    func daily(range: DateRange, charts: [DailyChart], depth: ChartDepth, filters: KOBISFilters) async throws -> (ChartHistory, [String]) {
        var history = ChartHistory()
        var warnings: [String] = []
        func record(_ day: Day, _ outcome: Result<DailyChart, KOBISError>) {
            switch outcome {
            case .success(let chart): history.charts[day] = chart
            case .failure(let error):
                history.unavailable[day] = Self.reason(error)
                if warnings.isEmpty, let warning = Self.warning(error) { warnings.append(warning) }
            }
        }
        let client = client
        let days = ChartHistory.comparisonDays(for: range)
        for (day, outcome) in try await BoundedTaskGroup.mapResults(days, width: width, recovering: Self.isRecoverable, { day in
            try await client.dailyChart(on: day, depth: depth, filters: filters)
        }) {
            record(day, outcome)
        }
        // The #1 of the range's first day: count its run back while it kept the place.
        if let first = charts.first(where: { $0.date == range.start }), case .film(let code) = Streak.leader(first) {
            let bound = max(range.start - ChartHistory.streakLookBackDays, DateRange.earliest)
            var day = range.start - 1
            while day >= bound, history.unavailable[day] == nil {
                if history.charts[day] == nil { record(day, try await Self.chart(client, day, .top10, filters)) }
                guard let chart = history.charts[day], Streak.leader(chart) == .film(code) else { break }
                day = day - 1
            }
        }
        history.weekends = cachedPeriods(.weekend, endingBy: range.end, filters: filters)
        return (history, warnings)
    }

    /// The period just before a period report's first, for the comparisons its first period needs
    /// (screens ±, the total's change, the opening weekend of films that opened the week before):
    /// fetched, cached and budgeted like a day's look-back. Nil with the reason when it cannot be had
    /// (and a warning when KOBIS failed rather than the run choosing not to ask).
    func previousPeriod(
        before first: ChartPeriod, filters: KOBISFilters
    ) async throws -> (chart: WeeklyChart?, unavailable: String?, warning: String?) {
        let period = first.previous
        guard period.start >= DateRange.earliest else { return (nil, nil, nil) }
        do {
            return (try await client.weeklyChart(period, filters: filters), nil, nil)
        } catch let error as KOBISError where Self.isRecoverable(error) {
            return (nil, Self.reason(error), Self.warning(error))
        }
    }

    /// Period charts a period report compares with (the same periods 52 weeks earlier), fetched,
    /// cached and budgeted like a day's look-back; those not had come back with the reason, and one
    /// warning when KOBIS failed rather than the run choosing not to ask.
    func periods(
        _ periods: [ChartPeriod], filters: KOBISFilters
    ) async throws -> (charts: [ChartPeriod: WeeklyChart], unavailable: [ChartPeriod: String], warning: String?) {
        var charts: [ChartPeriod: WeeklyChart] = [:]
        var unavailable: [ChartPeriod: String] = [:]
        var warning: String?
        let client = client
        let wanted = periods.filter { $0.start >= DateRange.earliest }
        for (period, outcome) in try await BoundedTaskGroup.mapResults(wanted, width: width, recovering: Self.isRecoverable, { period in
            try await client.weeklyChart(period, filters: filters)
        }) {
            switch outcome {
            case .success(let chart): charts[period] = chart
            case .failure(let error):
                unavailable[period] = Self.reason(error)
                if warning == nil { warning = Self.warning(error) }
            }
        }
        return (charts, unavailable, warning)
    }

    /// The year to date of every day of `range` against last year's same span, from the charts at
    /// hand and the cache only (top 10s; nothing is sent: a cold cache would cost two years of
    /// calls for one figure), with a note naming the fetches that would fill what is missing. A
    /// chart outside the range is read once, then its totals come from the cache's
    /// ``DailyTotalsIndex``. Without a cache (the sample, `--no-cache`) there is no year to date
    /// and nothing to say.
    func yearToDate(range: DateRange, filters: KOBISFilters, known: [Day: DailyChart]) -> YearFigures {
        guard let cache = client.cache?.cache else { return YearFigures() }
        let index = DailyTotalsIndex(cache: cache, filters: filters)
        defer { index.save() }
        var totals: [Day: DailyTotalsIndex.Totals] = [:]
        var missing: [Day] = []
        for span in YearToDate.neededDays(for: range) {
            for day in span where day >= DateRange.earliest && totals[day] == nil {
                // The range's own top 10s are at hand; a merged deeper chart is not a top 10.
                let atHand = known[day].flatMap { $0.depth == .top10 ? $0 : nil }
                if range.contains(day), let atHand {
                    totals[day] = DailyTotalsIndex.Totals(atHand)
                } else if let indexed = index.totals(on: day, chart: { atHand ?? client.cachedDailyChart(on: day, filters: filters) }) {
                    totals[day] = indexed
                } else {
                    missing.append(day)
                }
            }
        }
        var figures = YearFigures()
        figures.yearToDate = YearToDate.daily(range, totals: totals.mapValues { ($0.audience, $0.sales) })
        figures.bestOpening = totals.mapValues { $0.opening?.audience ?? 0 }
        figures.crossings = totals.mapValues(\.crossings)
        // Before 2005 no day has a year to date (``YearToDate/daily(_:totals:)``): nothing to fill.
        if !missing.isEmpty, range.end.year >= DateRange.earliest.year + 2 {
            figures.note = .yearToDateNotCached(missing: missing.count, spans: Self.spans(missing))
        }
        return figures
    }

    /// What the year's charts say beside a daily report: each day's year to date, each known day's
    /// biggest opening (0 for none), and the note naming what is missing.
    struct YearFigures {
        var yearToDate: [Day: YearToDate] = [:]
        var bestOpening: [Day: Int64] = [:]
        /// Each known day's 100만 steps passed (empty for none).
        var crossings: [Day: [MilestoneCrossing]] = [:]
        var note: ReportNote?
    }

    /// Days as the ranges that hold them: each run of consecutive days, or, past three runs, one
    /// range from the first to the last (a fetch skips what is cached).
    static func spans(_ days: [Day]) -> [DateRange] {
        let runs = DateRange.runs(of: days)
        guard runs.count > 3, let first = runs.first, let last = runs.last else { return runs.sorted { $0.start > $1.start } }
        return [DateRange(start: first.start, end: last.end)]
    }

    /// Charts of `kind` in the cache, going back from the latest one ending by `day` until one is
    /// missing (at most a year of them): they cost nothing, so a streak of weekends uses them only.
    func cachedPeriods(_ kind: PeriodKind, endingBy day: Day, filters: KOBISFilters) -> [ChartPeriod: WeeklyChart] {
        var period = ChartPeriod(kind, inWeekOf: day)
        if period.end > day { period = period.previous }
        var found: [ChartPeriod: WeeklyChart] = [:]
        while found.count < 53, period.start >= DateRange.earliest, let chart = client.cachedWeeklyChart(period, filters: filters) {
            found[period] = chart
            period = period.previous
        }
        return found
    }

    /// A date's chart at a depth, or the KOBIS error that kept it; any other error (cancellation, a
    /// cache that must not be written past) is thrown.
    static func chart(_ client: KOBISClient, _ day: Day, _ depth: ChartDepth, _ filters: KOBISFilters) async throws -> Result<DailyChart, KOBISError>
    {
        do {
            let chart = try await client.dailyChart(on: day, depth: depth, filters: filters)
            return .success(chart)
        } catch let error as KOBISError where isRecoverable(error) {
            return .failure(error)
        }
    }

    /// Every KOBIS error leaves a blank beside the report but a rejected key, which ends the run.
    @Sendable static func isRecoverable(_ error: KOBISError) -> Bool { error != .invalidKey }

    /// The one stderr line for a look-back KOBIS failed; nil for one the run chose not to have
    /// (offline, the budget spent), which the report's note alone says.
    static func warning(_ error: KOBISError) -> String? {
        guard !error.meansNotHad, let text = error.errorDescription else { return nil }
        return "comparisons beyond the range are incomplete: " + text
    }

    /// Why a chart was not had, as the report's note says it.
    static func reason(_ error: KOBISError) -> String {
        switch error {
        case .notCached: "not in the cache (--offline)"
        case .budgetSpent: "this run's KOBIS budget is spent"
        case .quotaExceeded: "the KOBIS daily quota is used up"
        case .unavailable: "KOBIS was unavailable"
        case .malformed: "KOBIS sent a malformed response"
        case .fault(let code, _, _): "KOBIS answered error \(code)"
        case .invalidKey, .notYetPublished: "KOBIS did not send it"
        }
    }
}

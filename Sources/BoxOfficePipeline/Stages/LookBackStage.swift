import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// What a report compares with beyond its range. The day before it, the same days a week and a
/// year earlier (a period report: the period before its first, the same periods a year earlier)
/// come with the range's own fetch (``FetchStage/Plan/comparisonDays``), so a cold report makes one
/// trip; this stage turns them into the report's history and, while the range's first #1 kept its
/// place, reads one day further back at a time (top 10 only, at most
/// ``ChartHistory/streakLookBackDays``), and weekend charts already in the cache.
///
/// Every call is cached and taken from the run's budget like any other; what cannot be had (offline
/// and not cached, the budget or quota spent, KOBIS failing) leaves a blank with a note, never a
/// failed report.
struct LookBackStage: Sendable {
    let client: KOBISClient

    /// The history of a daily report from its fetched comparison charts, and warnings for those
    /// KOBIS failed (not for the ones the run chose not to have: offline, budget).
    func daily(
        range: DateRange, charts: [DailyChart], comparisons: [Day: Result<DailyChart, KOBISError>], filters: KOBISFilters
    ) async throws -> (ChartHistory, [String]) {
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
        for (day, outcome) in comparisons.sorted(by: { $0.key < $1.key }) { record(day, outcome) }
        // The #1 of the range's first day: count its run back while it kept the place.
        if let first = charts.first(where: { $0.date == range.start }), case .film(let code) = Streak.leader(first) {
            let bound = max(range.start - ChartHistory.streakLookBackDays, DateRange.earliest)
            var day = range.start - 1
            while day >= bound, history.unavailable[day] == nil {
                if history.charts[day] == nil {
                    let client = client
                    record(day, try await Self.outcome { try await client.dailyChart(on: day, depth: .top10, filters: filters) })
                }
                guard let chart = history.charts[day], Streak.leader(chart) == .film(code) else { break }
                day = day - 1
            }
        }
        history.weekends = cachedPeriods(.weekend, endingBy: range.end, filters: filters)
        return (history, warnings)
    }

    /// The periods a period report over `periods` compares with: the one before the first (screens
    /// ±, the total's change, the opening weekend of films that opened the week before) and the
    /// same periods 52 weeks back that the report does not hold itself.
    static func comparisonPeriods(_ periods: [ChartPeriod]) -> [ChartPeriod] {
        guard let first = periods.first else { return [] }
        let held = Set(periods)
        let wanted = [first.previous] + periods.map(\.yearEarlier).filter { !held.contains($0) }
        var seen = Set<ChartPeriod>()
        return wanted.filter { $0.start >= DateRange.earliest && seen.insert($0).inserted }
    }

    /// A period report's comparisons from its fetched charts: the period before the first, the
    /// year-earlier charts, the cached periods before the first (for streaks), the note for those
    /// not had, and one warning when KOBIS failed rather than the run choosing not to ask.
    func periodHistory(
        _ periods: [ChartPeriod], kind: PeriodKind, comparisons: [ChartPeriod: Result<WeeklyChart, KOBISError>], filters: KOBISFilters
    ) -> (earlier: WeeklyChart?, cached: [ChartPeriod: WeeklyChart], yearEarlier: [ChartPeriod: WeeklyChart], note: ReportNote?, warning: String?) {
        guard let first = periods.first else { return (nil, [:], [:], nil, nil) }
        var cached = cachedPeriods(kind, endingBy: first.start - 1, filters: filters)
        var yearEarlier: [ChartPeriod: WeeklyChart] = [:]
        var missing: [ChartPeriod: String] = [:]
        var warning: String?
        for (period, outcome) in comparisons.sorted(by: { $0.key < $1.key }) {
            switch outcome {
            case .success(let chart) where period == first.previous: cached[period] = chart
            case .success(let chart): yearEarlier[period] = chart
            case .failure(let error):
                missing[period] = Self.reason(error)
                if warning == nil { warning = Self.warning(error) }
            }
        }
        // The year-earlier periods include the one before the first when it is 52 weeks back of one.
        if case .success(let chart)? = comparisons[first.previous], periods.contains(where: { $0.yearEarlier == first.previous }) {
            yearEarlier[first.previous] = chart
        }
        let note: ReportNote? =
            missing.isEmpty ? nil : .historyUnavailable(days: missing.keys.sorted().flatMap(\.days), reasons: Set(missing.values).sorted())
        return (cached[first.previous], cached, yearEarlier, note, warning)
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

    /// The period's dates in every year (``SameSpan``), from the cache alone (nothing sent): each
    /// day's charted totals from the totals index beside it, each film's nation from its cached
    /// movie info (none: counted as foreign, as the period's own share counts it). The period's own
    /// dates are read the same way, so every year is summed by one method. Nil without a cache, or
    /// with no other year whole. `rank` lists them; a month's or a year's report says its place.
    /// For a holiday or a season (`named`), each year's own days of it.
    ///
    /// A report's highlight says only the place for admissions: it passes `koreanShare: false`, and
    /// reads no movie info (reading every September's films' infos made a warm month's report 1.38×
    /// the wall time, `boxoffice-bench compare`, 7 paired runs) and no movie list (the ten years'
    /// releases); the shares are then 0 and the releases nil.
    func sameSpan(_ range: DateRange, named: NamedPeriod? = nil, koreanShare: Bool = true) -> SameSpan? {
        let spans = named.map { SameSpan.spans(of: $0) } ?? SameSpan.spans(of: range)
        guard spans.count > 1, let cache = client.cache?.cache else { return nil }
        let index = DailyTotalsIndex(cache: cache, filters: .init())
        defer { index.save() }
        var korean: [String: Bool] = [:]
        func isKorean(_ code: String) -> Bool {
            if let known = korean[code] { return known }
            let answer = client.cachedMovieInfo(code: code)?.isKorean ?? false
            korean[code] = answer
            return answer
        }
        var sums: [Int: SameSpan.Sums] = [:]
        years: for (year, span) in spans {
            var total = SameSpan.Sums(audience: 0, sales: 0, korean: 0)
            for day in span {
                guard let totals = index.totals(on: day, chart: { client.cachedDailyChart(on: day) }) else { continue years }
                total.audience += totals.audience
                total.sales += totals.sales
                total.screens = max(total.screens, totals.screens)
                if koreanShare { total.korean += totals.films.filter { isKorean($0.movieCode) }.reduce(0) { $0 + $1.audience } }
            }
            if koreanShare {
                let lists = (span.start.year...span.end.year).map { client.cachedReleases(year: $0) }
                total.releases = lists.contains { $0 == nil } ? nil : Releases.count(lists.flatMap { $0! }, in: span)
            }
            sums[year] = total
        }
        let table = SameSpan(spans, sums: sums, period: named?.year ?? range.start.year, named: named != nil)
        return table.years.count > 1 ? table : nil
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

    /// What `fetch` gave, or the KOBIS error that kept it; any other error (cancellation, a cache
    /// that must not be written past) and a rejected key are thrown.
    static func outcome<Chart>(_ fetch: () async throws -> Chart) async throws -> Result<Chart, KOBISError> {
        do {
            return .success(try await fetch())
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

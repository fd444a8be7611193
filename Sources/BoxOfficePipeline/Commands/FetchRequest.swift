import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// `boxoffice fetch`: a range's charts (and movie info, and TMDB's lookups) into the cache within
/// today's KOBIS budget, writing no report; the same request resumes it.
package struct FetchRequest: PipelineRequest {
    /// The range as typed.
    package var range: String
    /// The period charts to fetch too.
    package var kinds: [PeriodKind] = []
    /// Only the period charts.
    package var noDaily = false
    package var depth: ChartDepth = .top10
    package var filters = KOBISFilters()
    package var allowGaps = false

    package init(range: String) { self.range = range }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let wiring = try run.wiring(offersSample: false)
        let range = try DateRange.parse(self.range, calendar: wiring.calendar)
        let today = wiring.calendar.today
        var periods: [ChartPeriod] = []
        var notes: [String] = []
        for kind in kinds {
            let covered = try PeriodRange(kind, range: range, today: today)
            periods += covered.periods
            if let note = covered.snapNote { notes.append(note.english) }
        }
        var plan = FetchStage.Plan(days: noDaily ? [] : range.days, depth: depth, periods: periods, filters: filters)
        plan.allowGaps = allowGaps
        let (fetched, spent, tmdbUsed) = try await wiring.withKOBIS(run.context, recordEveryCall: true) { client, cache in
            let enrichment = try wiring.enrichment(run.context, cache: cache, upcoming: false)
            let fetched = try await run.fetchStage(client, enrichment: enrichment).fetch(plan)
            return (
                fetched, (spent: await client.budget?.spent ?? 0, kept: await client.budget?.keptForScheduledRuns ?? 0), enrichment.matcher != nil
            )
        }
        run.console.progress?.finish()
        // -q: the closing line only when something is left (the run then fails, saying how to resume).
        if !run.console.quiet || !fetched.missing.isEmpty {
            run.console.line(summary(fetched, range: range, periods: periods, spent: spent, tmdbUsed: tmdbUsed))
        }
        if !fetched.missing.isEmpty {
            var left: [String] = []
            if !fetched.missingDates.isEmpty {
                left.append("\(fetched.missingDates.count) dates (\(DateRange.compactList(fetched.missingDates, limit: 4)))")
            }
            if !fetched.missingPeriods.isEmpty { left.append("\(fetched.missingPeriods.count) period charts") }
            if !fetched.missingFilms.isEmpty { left.append("movie info for \(fetched.missingFilms.count) films") }
            run.console.line("left: " + left.joined(separator: ", "))
            try ReportPipeline.requireComplete(fetched, offline: false, resume: plan.fetchCommand(range))
        }
        (notes + fetched.warnings + [fetched.gapNote].compactMap { $0 }).forEach(run.console.warn)
        if fetched.enrichment.state == .incomplete, let reason = fetched.enrichment.reason {
            run.console.warn(Redactor(secrets: wiring.secrets).redact("TMDB lookups incomplete: \(reason)"))
        }
        return []
    }

    /// The closing line: what of the range is cached now, the calls this run spent, and those
    /// `--reserve` kept for scheduled runs.
    func summary(_ fetched: FetchStage.Output, range: DateRange, periods: [ChartPeriod], spent: (spent: Int, kept: Int), tmdbUsed: Bool) -> String {
        let films = fetched.movies.count + fetched.missingFilms.count
        var parts: [String] = []
        if !noDaily {
            let gapDates = fetched.gaps.filter { if case .chart = $0.subject { true } else { false } }.count
            let cachedDates = range.dayCount - fetched.missingDates.count - gapDates
            parts.append(
                "\(PeopleFormat.grouped(Int64(cachedDates))) of \(PeopleFormat.grouped(Int64(range.dayCount))) dates cached\(depth == .top10 ? "" : " (up to \(depth.rawValue) films a day)")"
            )
        }
        for kind in kinds {
            let all = periods.filter { $0.kind == kind }.count
            let missing =
                fetched.missingPeriods.filter { $0.kind == kind }.count
                + fetched.gaps.filter { if case .period(let period) = $0.subject { period.kind == kind } else { false } }.count
            parts.append("\(all - missing) of \(all) \(kind.unitName(plural: true)) cached")
        }
        var line = "\(range.start.iso)..\(range.end.iso): " + parts.joined(separator: ", ")
        line += ", movie info for \(PeopleFormat.grouped(Int64(fetched.movies.count))) of \(PeopleFormat.grouped(Int64(films))) films known so far"
        if tmdbUsed { line += ", \(fetched.matches.count) TMDB lookups" }
        line += "; \(spent.spent) KOBIS call\(spent.spent == 1 ? "" : "s") spent"
        if spent.kept > 0 { line += ", \(spent.kept) kept for scheduled runs (--reserve)" }
        return line
    }
}

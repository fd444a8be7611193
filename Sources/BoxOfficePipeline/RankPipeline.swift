import BoxOfficeModel
import BoxOfficeOutput
import Foundation

/// `boxoffice rank`: the daily report over a period, fetched and cached like `report`'s (TMDB
/// left out), made into a ranking of its films with the period's totals and records, and KOFIC's
/// remaining 결산 tables beside it (``KOFICStage``).
package struct RankPipeline: Sendable {
    package struct Request: Sendable {
        package var span: RankSpan
        /// What the user typed, for error messages.
        package var input: String
        /// Films listed; 0 lists every one.
        package var top: Int
        package var calendar: SeoulCalendar
        package var offline: Bool
        /// The same dates a year earlier, for the totals' comparison: fetched, cached and budgeted
        /// like `report`'s look-back.
        package var lookBack = true
        /// `--regions`: each region's weekly charts over the period (KOFIC's table 3).
        package var regions = false

        package init(span: RankSpan, input: String, top: Int, calendar: SeoulCalendar, offline: Bool) {
            self.span = span
            self.input = input
            self.top = top
            self.calendar = calendar
            self.offline = offline
        }
    }

    package let fetch: FetchStage
    package let simulated: Bool

    package init(fetch: FetchStage, simulated: Bool) {
        self.fetch = fetch
        self.simulated = simulated
    }

    package func ranking(_ request: Request) async throws -> PeriodRanking {
        let cached = request.span == .all ? fetch.client.cachedChartSpan() : nil
        let (range, askedEnd) = try request.span.days(calendar: request.calendar, cached: cached, input: request.input)
        var report = ReportPipeline.Request(range: range, formats: [], today: request.calendar.today, offline: request.offline)
        report.lookBack = request.lookBack
        report.weekends = true
        let kofic = try await KOFICStage.plan(range, regions: request.regions, calendar: request.calendar, client: fetch.client)
        (report.sideDays, report.sidePeriods) = (kofic.sideDays, kofic.sidePeriods)
        let pipeline = ReportPipeline(
            fetch: fetch, renderer: ReportRenderer(templates: try ReportTemplates.bundled()), writer: .standardOutput, simulated: simulated)
        let (built, sides) = try await pipeline.reportAndSideCharts(for: report)
        var ranking = PeriodRanking(built, span: request.span.name, top: request.top == 0 ? Int.max : request.top, askedEnd: askedEnd)
        let named: NamedPeriod? = if case .named(let named) = request.span { named } else { nil }
        // The releases first: the same span counts the period's own from the movie list they cache.
        try await KOFICStage(client: fetch.client, width: fetch.width).complete(&ranking, report: built, plan: kofic, sides: sides)
        ranking.sameSpan = LookBackStage(client: fetch.client).sameSpan(range, named: named)
        ranking.notes += KOFICStage.comparisonNotes(ranking, range: range, named: named)
        return ranking
    }
}

import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice rank`: a period's films ranked by admissions, with its summary (결산) and records.
package struct RankRequest: PipelineRequest {
    /// The period as typed (`2024`, `2020..2024`, `2024-07`); nil with `all` or the sample's week.
    package var period: String?
    /// Every day whose chart the cache holds.
    package var all: Bool
    /// `--holiday` or `--season`: a holiday's or a season's days.
    package var named: NamedPeriod?
    /// Films the documents list (0: every one); the data files hold all.
    package var top: Int
    /// Fetch the year-earlier period to compare with.
    package var lookBack: Bool
    /// `--regions`: each region's weekly charts over the period (KOFIC's table 3).
    package var regions = false
    package var output: OutputSettings

    package init(period: String?, all: Bool, named: NamedPeriod? = nil, top: Int, lookBack: Bool, output: OutputSettings) {
        (self.period, self.all, self.named, self.top, self.lookBack, self.output) = (period, all, named, top, lookBack, output)
    }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let wiring = try run.wiring()
        let publishing = try Publishing(output)
        let span: RankSpan
        if all {
            span = .all
        } else if let named {
            span = .named(named)
        } else if run.isSample {
            span = .range(try ReportScope.range(asked: period, sample: true, calendar: wiring.calendar))
        } else {
            span = try RankSpan.parse(period ?? "", calendar: wiring.calendar)
        }
        // A period outside the calendar is the user's to fix before anything else (the key included).
        let input = named.map { _ in span.name } ?? period ?? "--all"
        if span != .all { _ = try span.days(calendar: wiring.calendar, cached: nil, input: input) }
        var request = RankPipeline.Request(span: span, input: input, top: top, calendar: wiring.calendar, offline: run.offline)
        request.lookBack = lookBack
        request.regions = regions
        return try await wiring.withKOBIS(run.context) { client, _ in
            let stage = run.fetchStage(client, enrichment: .disabled(reason: run.isSample ? EnrichmentPlan.noTMDBReason : "rank does not use TMDB"))
            return try await RankPipeline(fetch: stage, simulated: run.isSample).write(request, to: publishing)
        }
    }
}

extension PipelineRun {
    /// The fetch stage over `client`, as wide as `--concurrency` allows, showing its progress.
    func fetchStage(_ client: KOBISClient, enrichment: EnrichmentPlan) -> FetchStage {
        var update: (@Sendable (FetchStage.Progress) -> Void)?
        if let display = console.progress { update = { display.update($0) } }
        return FetchStage(client: client, width: width, enrichment: enrichment, progress: update)
    }
}

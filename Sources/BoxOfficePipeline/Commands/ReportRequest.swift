import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice report`: a date range's charts fetched (KOBIS, TMDB), its films ranked, and the
/// reports written, as the command line's options ask.
package struct ReportRequest: PipelineRequest {
    /// The range as typed; yesterday (the sample's week) when nil.
    package var range: String?
    /// `--weekly`, `--weekend` or `--weekdays`.
    package var period: PeriodKind?
    /// `--holiday` or `--season`: the range is its days, said in a note.
    package var named: NamedPeriod?
    package var depth: ChartDepth = .top10
    package var filters = KOBISFilters()
    package var rankBy: RankKey = .audience
    /// Every region's chart of each period too.
    package var regions = false
    /// TMDB's coming soon in Korea (always for yesterday's report).
    package var upcoming = false
    /// Also `boxoffice-latest.*`.
    package var latest = false
    /// Leave the folder's index and feed as they are.
    package var noIndex = false
    /// Where the folder is served, for the feed's links.
    package var baseURL: URL?
    package var allowGaps = false
    /// Fetch the day and week before the range, for the changes on them.
    package var lookBack = true
    package var output: OutputSettings

    package init(range: String?, output: OutputSettings) { (self.range, self.output) = (range, output) }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let wiring = try run.wiring()
        let scope = try ReportScope(range: self.range, period: period, sample: run.isSample, calendar: wiring.calendar)
        let range = scope.range
        var request = ReportPipeline.Request(
            range: range, filters: filters, rankBy: rankBy, formats: output.formats, today: wiring.calendar.today, offline: run.offline)
        request.depth = depth
        request.lookBack = lookBack
        request.named = named
        if let named { request.notes.append(.namedPeriod(named, range)) }
        request.allowGaps = allowGaps
        request.periods = scope.periods.map { (period!, $0.periods) }
        request.latest = latest
        request.regions = regions
        request.index = noIndex || output.toStandardOutput ? nil : output.language
        request.baseURL = baseURL
        // Your films: the watchlist, for a live report (the bundled sample has none of them).
        var watchlistWarning: String?
        if !run.isSample {
            do {
                request.watchlist = try WatchlistFile.standard(run.environment).load()
            } catch {
                watchlistWarning = (error.errorDescription ?? "\(error)") + "; this report leaves Your films out"
            }
        }
        // The snapping is said with the run's other warnings, once it has succeeded: a run that
        // fails says one line, its error.
        let snapNote = scope.snapNote
        if let snapNote { request.notes.append(snapNote) }
        let templates = try output.loadTemplates()
        if request.lookBack, request.periods == nil { run.console.progress?.expectLookBack(charts: ChartHistory.comparisonDays(for: range).count) }
        let renderer = ReportRenderer(
            templates: templates, options: .init(csv: output.csv, style: ReportView.Style(language: output.language, posters: output.posters)))
        let result = try await wiring.withKOBIS(run.context) { client, cache in
            let enrichment = try wiring.enrichment(run.context, cache: cache, upcoming: upcoming || range.end == wiring.calendar.yesterday)
            return try await ReportPipeline(
                fetch: run.fetchStage(client, enrichment: enrichment), renderer: renderer, writer: output.writer, simulated: run.isSample
            )
            .run(request, requireEnrichment: run.context.tmdb.required)
        }
        run.console.progress?.finish()
        ([snapNote?.english, watchlistWarning].compactMap { $0 } + result.warnings).forEach(run.console.warn)
        if !run.console.quiet, result.enrichment.state != .complete, let reason = result.enrichment.reason,
            result.enrichment.state != .off || Wiring.shouldSayTMDBOff(reason: reason, environment: run.environment)
        {
            run.console.warn(
                Redactor(secrets: wiring.secrets).redact(
                    result.enrichment.state == .off ? "TMDB enrichment off: \(reason)" : "TMDB enrichment incomplete: \(reason)"))
        }
        if let warning = result.indexWarning { run.console.warn(warning) }
        return result.paths
    }
}

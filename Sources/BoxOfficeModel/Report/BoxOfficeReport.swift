import Foundation

/// The full report over a date range: the model every output format is rendered from.
///
/// Totals cover charted days only: KOBIS publishes each day's top 10, so a film's audience on a
/// day it was outside the top 10 is not counted.
package struct BoxOfficeReport: Encodable, Sendable, Equatable {
    /// 2: the keys that name what a CSV column names use the CSV's name (`movie_cd`, `…_pct`,
    /// `title_en`, `runtime_min`, `distributor`, `charted_audience`), as docs/tables.md lists. The
    /// version of every command's JSON (`film`, `rank`, `quota`, `watch list` too).
    package static let schemaVersion = 3
    package var schemaVersion: Int = BoxOfficeReport.schemaVersion
    /// Where the figures come from, for people: "KOBIS daily box office" or the simulated sample.
    package var source: String
    /// True for the bundled sample: every output says so.
    package var simulated: Bool
    package var range: ReportRange
    package var filters: KOBISFilters
    package var rankedBy: RankKey
    package var notes: [ReportNote]
    /// The facts the report opens with (new #1, streaks, milestones, biggest moves), as data.
    package var highlights: [Highlight] = []
    /// Highlights past the lead's ``Highlight/limit``, weakest kinds last (the records section);
    /// nil (and left out of the JSON) when every highlight leads.
    package var records: [Highlight]?
    package var summary: ReportSummary
    package var films: [FilmRanking]
    package var days: [DayReport]
    /// `week`, `weekend` or `weekdays` for a report built from KOBIS's period charts (then `days` is
    /// empty and `periods` holds the charts); nil for a daily report.
    package var periodKind: PeriodKind?
    /// The period charts of a weekly, weekend or weekdays report, oldest first.
    package var periods: [PeriodReport] = []
    /// How deep each day's chart goes (10 unless a deeper chart was asked for).
    package var depth: ChartDepth = .top10
    /// Whether the TMDB fields are complete.
    package var enrichment: EnrichmentStatus
    /// TMDB's films coming soon in Korea, not yet on the chart; nil when not asked for.
    package var upcoming: [UpcomingFilm]?
    /// The user's watchlist as this report sees it ("Your films"); nil without a watchlist.
    package var watched: [WatchedFilm]?
    /// Figures KOBIS revised that this run saw (a provisional day fetched again); nil for none.
    package var revisions: [Revision]?
    /// What changed since the last report written to the same folder; nil without one.
    package var digest: Digest?
    /// When the charts read were fetched from KOBIS, earliest to latest; nil for the sample. Cited
    /// by the SQLite database and the data package; not in the JSON.
    package var chartsFetched: ClosedRange<Date>?
    /// `rank`'s weekends (``WeekendTable``), when its request asked for them; not in the report's
    /// own files.
    package var weekends: WeekendTable?

    package init(
        source: String, simulated: Bool, range: ReportRange, filters: KOBISFilters, rankedBy: RankKey,
        notes: [ReportNote], summary: ReportSummary, films: [FilmRanking], days: [DayReport],
        enrichment: EnrichmentStatus, upcoming: [UpcomingFilm]?
    ) {
        self.source = source
        self.simulated = simulated
        self.range = range
        self.filters = filters
        self.rankedBy = rankedBy
        self.notes = notes
        self.summary = summary
        self.films = films
        self.days = days
        self.enrichment = enrichment
        self.upcoming = upcoming
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case source
        case simulated
        case range
        case filters
        case rankedBy = "ranked_by"
        case notes
        case highlights
        case records
        case summary
        case films
        case days
        case periodKind = "period_kind"
        case periods
        case depth
        case enrichment
        case upcoming
        case watched
        case revisions
        case digest
    }
}

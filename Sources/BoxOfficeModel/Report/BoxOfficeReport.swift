import Foundation

/// The full report over a date range: the model every output format is rendered from.
///
/// Totals cover charted days only: KOBIS publishes each day's top 10, so a film's audience on a
/// day it was outside the top 10 is not counted.
public struct BoxOfficeReport: Codable, Sendable, Equatable {
    public static let schemaVersion = 1
    public static let chartCoverageNote =
        "KOBIS daily charts list the top 10 films of each day, so range totals count charted days only."
    /// The coverage note of a report whose days merge filtered charts.
    public static func deepChartNote(_ depth: ChartDepth) -> String {
        let parts = depth == .top20 ? "the Korean and the foreign top 10" : "four top 10s (Korean and foreign, each diversity and commercial)"
        return "Each day merges \(parts) into one chart of up to \(depth.rawValue) films, ranked by audience; "
            + "it is certainly the day's top down to the rank each day states (below it, a film outside every partition's top 10 could sell as much). "
            + "Range totals count charted days only."
    }
    /// The coverage note of a period report.
    public static func periodChartNote(_ kind: PeriodKind) -> String {
        "KOBIS \(kind.displayName) charts list each period's top 10 with the films' figures for the whole period (days outside the daily top 10 included); "
            + "changes, rank changes and NEW compare with the same period a week earlier, as KOBIS computes them."
    }
    /// The note of a daily report made with `--no-look-back`.
    public static let noLookBackNote =
        "Compared within the range only (--no-look-back): %± LW needs the day a week earlier in the range, and #1 streaks start at the range's first day."
    public static let simulatedNote =
        "SIMULATED DATA: these figures come from boxoffice's bundled sample, not from KOBIS."

    public var schemaVersion: Int = BoxOfficeReport.schemaVersion
    /// Where the figures come from, for people: "KOBIS daily box office" or the simulated sample.
    public var source: String
    /// True for the bundled sample: every output says so.
    public var simulated: Bool
    public var range: ReportRange
    public var filters: KOBISFilters
    public var rankedBy: RankKey
    public var notes: [String]
    /// The facts the report opens with (new #1, streaks, milestones, biggest moves), as data.
    public var highlights: [Highlight] = []
    public var summary: ReportSummary
    public var films: [FilmRanking]
    public var days: [DayReport]
    /// `week`, `weekend` or `weekdays` for a report built from KOBIS's period charts (then `days` is
    /// empty and `periods` holds the charts); nil for a daily report.
    public var periodKind: PeriodKind?
    /// The period charts of a weekly, weekend or weekdays report, oldest first.
    public var periods: [PeriodReport] = []
    /// How deep each day's chart goes (10 unless a deeper chart was asked for).
    public var depth: ChartDepth = .top10
    /// Whether the TMDB fields are complete.
    public var enrichment: EnrichmentStatus
    /// TMDB's films coming soon in Korea, not yet on the chart; nil when not asked for.
    public var upcoming: [UpcomingFilm]?

    public init(
        source: String, simulated: Bool, range: ReportRange, filters: KOBISFilters, rankedBy: RankKey,
        notes: [String], summary: ReportSummary, films: [FilmRanking], days: [DayReport],
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
        case summary
        case films
        case days
        case periodKind = "period_kind"
        case periods
        case depth
        case enrichment
        case upcoming
    }
}

import Foundation

/// The full report over a date range: the model every output format is rendered from.
///
/// Totals cover charted days only: KOBIS publishes each day's top 10, so a film's audience on a
/// day it was outside the top 10 is not counted.
public struct BoxOfficeReport: Codable, Sendable, Equatable {
    public static let schemaVersion = 1
    public static let chartCoverageNote =
        "KOBIS daily charts list the top 10 films of each day, so range totals count charted days only."
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
    public var summary: ReportSummary
    public var films: [FilmRanking]
    public var days: [DayReport]
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
        case summary
        case films
        case days
        case enrichment
        case upcoming
    }
}

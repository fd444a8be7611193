import Foundation

public struct DayEntry: Codable, Sendable, Equatable {
    public var rank: Int
    /// Previous rank minus this rank (positive: up). Nil when not known: a merged (deeper) chart's
    /// first day, whose previous merged chart is not in the report.
    public var rankChange: Int?
    public var isNew: Bool
    public var movieCode: String
    public var title: String
    public var openDate: Day?
    /// Days from the open date to this date: 0 on opening day, negative for paid previews, nil when unknown.
    public var daysSinceOpen: Int?
    public var audience: Int64
    public var audienceChange: Int64
    public var audienceChangePercent: Double
    public var audienceCumulative: Int64
    public var sales: Int64
    public var salesSharePercent: Double
    public var salesChange: Int64
    /// KOBIS's change against the previous day (or period) in percent; "100" on a NEW row.
    public var salesChangePercent: Double
    public var salesCumulative: Int64
    public var screens: Int64
    public var showings: Int64
    /// One decimal; nil without screens.
    public var audiencePerScreen: Double?
    /// The filtered chart a merged chart took the row from; nil for KOBIS's own top 10.
    public var partition: ChartPartition?
    /// The film's admissions on the same weekday a week earlier, when it was charted then.
    public var audienceLastWeek: Int64?
    /// Against `audienceLastWeek`, in percent, one decimal (Box Office Mojo's %± LW); nil when the
    /// film was not charted a week earlier or that chart could not be had.
    public var audienceChangeLastWeekPercent: Double?
    /// Screens against the previous day's (or, for a period, the previous period's) row; nil when
    /// the film was not charted then or that chart could not be had.
    public var screensChange: Int64?
    /// On a merged (deeper) chart, whether the row's rank is certain: true through the day's
    /// `exact_through_rank`, false past it (a film outside every partition may belong above it).
    /// Nil for KOBIS's own top 10, every rank of which is KOBIS's.
    public var rankExact: Bool?

    enum CodingKeys: String, CodingKey {
        case rank
        case rankChange = "rank_change"
        case isNew = "is_new"
        case movieCode = "movie_code"
        case title
        case openDate = "open_date"
        case daysSinceOpen = "days_since_open"
        case audience
        case audienceChange = "audience_change"
        case audienceChangePercent = "audience_change_percent"
        case audienceCumulative = "audience_cumulative"
        case sales
        case salesSharePercent = "sales_share_percent"
        case salesChange = "sales_change"
        case salesChangePercent = "sales_change_percent"
        case salesCumulative = "sales_cumulative"
        case screens
        case showings
        case audiencePerScreen = "audience_per_screen"
        case partition
        case audienceLastWeek = "audience_last_week"
        case audienceChangeLastWeekPercent = "audience_change_last_week_percent"
        case screensChange = "screens_change"
        case rankExact = "rank_exact"
    }
}

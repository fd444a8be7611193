import Foundation

/// One row of a KOBIS daily chart, with numbers and dates parsed.
public struct ChartEntry: Hashable, Sendable, Codable {
    public var rank: Int
    /// Previous rank minus this rank: positive means the film moved up.
    public var rankChange: Int
    /// KOBIS marked it `NEW`: it entered the chart this day (a re-release comes back as new).
    public var isNew: Bool
    public var movieCode: String
    public var title: String
    /// The open date KOBIS shows for the current release; nil when blank (often a re-release).
    public var openDate: Day?
    public var sales: Int64
    /// Percent of the whole day's sales, all films counted.
    public var salesShare: Double
    public var salesChange: Int64
    public var salesChangePercent: Double
    public var salesCumulative: Int64
    public var audience: Int64
    public var audienceChange: Int64
    public var audienceChangePercent: Double
    public var audienceCumulative: Int64
    public var screens: Int64
    public var showings: Int64
    /// The filtered chart a merged (deeper) chart took this row from; nil for an unfiltered chart.
    public var partition: ChartPartition?

    public init(
        rank: Int, rankChange: Int = 0, isNew: Bool = false, movieCode: String, title: String,
        openDate: Day? = nil, sales: Int64 = 0, salesShare: Double = 0, salesChange: Int64 = 0,
        salesChangePercent: Double = 0, salesCumulative: Int64 = 0, audience: Int64 = 0,
        audienceChange: Int64 = 0, audienceChangePercent: Double = 0, audienceCumulative: Int64 = 0,
        screens: Int64 = 0, showings: Int64 = 0, partition: ChartPartition? = nil
    ) {
        self.rank = rank
        self.rankChange = rankChange
        self.isNew = isNew
        self.movieCode = movieCode
        self.title = title
        self.openDate = openDate
        self.sales = sales
        self.salesShare = salesShare
        self.salesChange = salesChange
        self.salesChangePercent = salesChangePercent
        self.salesCumulative = salesCumulative
        self.audience = audience
        self.audienceChange = audienceChange
        self.audienceChangePercent = audienceChangePercent
        self.audienceCumulative = audienceCumulative
        self.screens = screens
        self.showings = showings
        self.partition = partition
    }
}

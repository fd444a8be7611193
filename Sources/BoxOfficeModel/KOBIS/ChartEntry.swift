import Foundation

/// One row of a KOBIS daily chart, with numbers and dates parsed.
package struct ChartEntry: Hashable, Sendable, Codable {
    package var rank: Int
    /// Previous rank minus this rank: positive means the film moved up.
    package var rankChange: Int
    /// KOBIS marked it `NEW`: it entered the chart this day (a re-release comes back as new).
    package var isNew: Bool
    package var movieCode: String
    package var title: String
    /// The open date KOBIS shows for the current release; nil when blank (often a re-release).
    package var openDate: Day?
    package var sales: Int64
    /// Percent of the whole day's sales, all films counted.
    package var salesShare: Double
    package var salesChange: Int64
    package var salesChangePercent: Double
    package var salesCumulative: Int64
    package var audience: Int64
    package var audienceChange: Int64
    package var audienceChangePercent: Double
    package var audienceCumulative: Int64
    package var screens: Int64
    package var showings: Int64
    /// The filtered chart a merged (deeper) chart took this row from; nil for an unfiltered chart.
    package var partition: ChartPartition?

    package init(
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

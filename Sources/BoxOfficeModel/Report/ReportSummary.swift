import Foundation

public struct ReportSummary: Codable, Sendable, Equatable {
    public struct NationShare: Codable, Sendable, Equatable {
        /// Percentages of charted audience, two decimals; `unknown` counts films without movie info.
        public var korean: Double
        public var foreign: Double
        public var unknown: Double
    }

    public struct DistributorTotal: Codable, Sendable, Equatable {
        public var name: String
        public var audience: Int64
        public var sales: Int64
        public var films: Int
        public var audienceSharePercent: Double

        enum CodingKeys: String, CodingKey {
            case name
            case audience
            case sales
            case films
            case audienceSharePercent = "audience_share_percent"
        }
    }

    public struct NewEntry: Codable, Sendable, Equatable {
        public var date: Day
        public var movieCode: String
        public var title: String
        public var rank: Int

        enum CodingKeys: String, CodingKey {
            case date
            case movieCode = "movie_code"
            case title
            case rank
        }
    }

    public var chartedAudience: Int64
    public var chartedSales: Int64
    public var films: Int
    /// Dates whose chart came back empty (possible with narrow filters).
    public var emptyDays: Int
    public var audienceShareByNation: NationShare
    /// By audience, five at most; a film counts for its first listed distributor.
    public var topDistributors: [DistributorTotal]
    /// Films KOBIS marked `NEW` on some date of the range, in date and rank order.
    public var newEntries: [NewEntry]
    /// Monday-to-Sunday weeks clipped to the range, with their totals and top film.
    public var weeks: [WeekSummary]
    /// The whole market's sales over the days that have an estimate (``DayReport/estimatedMarketSales``):
    /// an **estimate**; nil when no day has one.
    public var estimatedMarketSales: Int64?
    /// Days whose market could be estimated (all of them, unless some chart was empty).
    public var estimatedMarketDays: Int = 0
    /// The charted films' share of that estimate, two decimals.
    public var chartedShareOfEstimatedMarketPercent: Double?

    enum CodingKeys: String, CodingKey {
        case chartedAudience = "charted_audience"
        case chartedSales = "charted_sales"
        case films
        case emptyDays = "empty_days"
        case audienceShareByNation = "audience_share_by_nation"
        case topDistributors = "top_distributors"
        case newEntries = "new_entries"
        case weeks
        case estimatedMarketSales = "estimated_market_sales"
        case estimatedMarketDays = "estimated_market_days"
        case chartedShareOfEstimatedMarketPercent = "charted_share_of_estimated_market_percent"
    }
}

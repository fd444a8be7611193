import Foundation

public struct DayEntry: Codable, Sendable, Equatable {
    public var rank: Int
    public var rankChange: Int
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
    public var salesCumulative: Int64
    public var screens: Int64
    public var showings: Int64
    /// One decimal; nil without screens.
    public var audiencePerScreen: Double?

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
        case salesCumulative = "sales_cumulative"
        case screens
        case showings
        case audiencePerScreen = "audience_per_screen"
    }
}

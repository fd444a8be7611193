import Foundation

package struct DayEntry: Codable, Sendable, Equatable {
    package var rank: Int
    /// Previous rank minus this rank (positive: up). Nil when not known: a merged (deeper) chart's
    /// first day, whose previous merged chart is not in the report.
    package var rankChange: Int?
    package var isNew: Bool
    package var movieCode: String
    package var title: String
    package var openDate: Day?
    /// The day of release, as Korean news counts it (개봉 1일째): 1 on opening day, 0 and below for
    /// paid previews, nil when the open date is unknown (``Milestone/dayOfRelease(_:on:)``).
    package var dayOfRelease: Int?
    package var audience: Int64
    package var audienceChange: Int64
    package var audienceChangePercent: Double
    package var audienceCumulative: Int64
    package var sales: Int64
    package var salesSharePercent: Double
    package var salesChange: Int64
    /// KOBIS's change against the previous day (or period) in percent; "100" on a NEW row.
    package var salesChangePercent: Double
    package var salesCumulative: Int64
    package var screens: Int64
    package var showings: Int64
    /// One decimal; nil without screens.
    package var audiencePerScreen: Double?
    /// Admissions per showing (`audiCnt / showCnt`, one decimal), as KOBIS's statistics pages give
    /// it; nil without showings.
    package var audiencePerShowing: Double?
    /// The average ticket price in won (`salesAmt / audiCnt`, rounded); nil without admissions.
    package var averageTicketPrice: Int64?
    /// The filtered chart a merged chart took the row from; nil for KOBIS's own top 10.
    package var partition: ChartPartition?
    /// The film's admissions on the same weekday a week earlier, when it was charted then.
    package var audienceLastWeek: Int64?
    /// Against `audienceLastWeek`, in percent, one decimal (Box Office Mojo's %± LW); nil when the
    /// film was not charted a week earlier or that chart could not be had.
    package var audienceChangeLastWeekPercent: Double?
    /// On the user's watchlist; nil (and left out of the JSON) without a watchlist.
    package var watched: Bool?
    /// Screens against the previous day's (or, for a period, the previous period's) row; nil when
    /// the film was not charted then or that chart could not be had.
    package var screensChange: Int64?
    /// On a merged (deeper) chart, whether the row's rank is certain: true through the day's
    /// `exact_through_rank`, false past it (a film outside every partition may belong above it).
    /// Nil for KOBIS's own top 10, every rank of which is KOBIS's.
    package var rankExact: Bool?

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case rank
        case rankChange = "rank_change"
        case isNew = "is_new"
        case movieCode = "movie_cd"
        case title
        case openDate = "open_date"
        case dayOfRelease = "day_of_release"
        case audience
        case audienceChange = "audience_change"
        case audienceChangePercent = "audience_change_pct"
        case audienceCumulative = "audience_cumulative"
        case sales
        case salesSharePercent = "sales_share_pct"
        case salesChange = "sales_change"
        case salesChangePercent = "sales_change_pct"
        case salesCumulative = "sales_cumulative"
        case screens
        case showings
        case audiencePerScreen = "audience_per_screen"
        case audiencePerShowing = "audience_per_showing"
        case averageTicketPrice = "average_ticket_price"
        case partition
        case audienceLastWeek = "audience_last_week"
        case audienceChangeLastWeekPercent = "audience_change_lw_pct"
        case watched
        case screensChange = "screens_change"
        case rankExact = "rank_exact"
    }
}

extension DayEntry {
    /// What each key holds, for the JSON writer (``JSONFieldValue``).
    package func jsonValue(_ field: CodingKeys) -> JSONFieldValue {
        switch field {
        case .rank: .integer(Int64(rank))
        case .rankChange: .maybe(rankChange)
        case .isNew: .bool(isNew)
        case .movieCode: .string(movieCode)
        case .title: .string(title)
        case .openDate: .maybe(openDate)
        case .dayOfRelease: .maybe(dayOfRelease)
        case .audience: .integer(audience)
        case .audienceChange: .integer(audienceChange)
        case .audienceChangePercent: .double(audienceChangePercent)
        case .audienceCumulative: .integer(audienceCumulative)
        case .sales: .integer(sales)
        case .salesSharePercent: .double(salesSharePercent)
        case .salesChange: .integer(salesChange)
        case .salesChangePercent: .double(salesChangePercent)
        case .salesCumulative: .integer(salesCumulative)
        case .screens: .integer(screens)
        case .showings: .integer(showings)
        case .audiencePerScreen: .maybe(audiencePerScreen)
        case .audiencePerShowing: .maybe(audiencePerShowing)
        case .averageTicketPrice: .maybe(averageTicketPrice)
        case .partition: partition.map { .string($0.rawValue) } ?? .absent
        case .audienceLastWeek: .maybe(audienceLastWeek)
        case .audienceChangeLastWeekPercent: .maybe(audienceChangeLastWeekPercent)
        case .watched: .maybe(watched)
        case .screensChange: .maybe(screensChange)
        case .rankExact: .maybe(rankExact)
        }
    }
}

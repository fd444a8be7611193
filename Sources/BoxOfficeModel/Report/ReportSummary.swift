import Foundation

package struct ReportSummary: Codable, Sendable, Equatable {
    package struct NationShare: Codable, Sendable, Equatable {
        /// Percentages of charted audience, two decimals; `unknown` counts films without movie info.
        package var korean: Double
        package var foreign: Double
        package var unknown: Double
    }

    /// A distributor's line of the summary: ``MarketStructure/distributors(_:total:)``'s, the one
    /// league every command prints.
    package struct DistributorTotal: Codable, Sendable, Equatable {
        /// KOBIS's company code (the name where KOBIS gives none).
        package var code: String
        package var name: String
        package var audience: Int64
        package var sales: Int64
        package var films: Int
        /// Its films that another distributor shares, each credited in full to both.
        package var sharedFilms: Int
        package var audienceSharePercent: Double

        enum CodingKeys: String, CodingKey {
            case code
            case name
            case audience
            case sales
            case films
            case sharedFilms = "shared_films"
            case audienceSharePercent = "audience_share_pct"
        }

        init(_ share: MarketStructure.Share) {
            code = share.key
            name = share.name
            audience = share.audience
            sales = share.sales
            films = share.films
            sharedFilms = share.sharedFilms
            audienceSharePercent = share.audienceSharePercent
        }
    }

    package struct NewEntry: Codable, Sendable, Equatable {
        package var date: Day
        package var movieCode: String
        package var title: String
        package var rank: Int

        enum CodingKeys: String, CodingKey {
            case date
            case movieCode = "movie_cd"
            case title
            case rank
        }
    }

    package var chartedAudience: Int64
    package var chartedSales: Int64
    package var films: Int
    /// Dates whose chart came back empty (possible with narrow filters).
    package var emptyDays: Int
    package var audienceShareByNation: NationShare
    /// By audience, five at most: the top of the distributor league (``MarketStructure/distributors(_:total:)``:
    /// by KOBIS company code, a film several companies distribute counted in full for each).
    package var topDistributors: [DistributorTotal]
    /// Films new to the chart in the range: KOBIS marked them `NEW` and no earlier chart of the
    /// range held them (``entries(_:)``), in date and rank order.
    package var newEntries: [NewEntry]
    /// Films `NEW` again after leaving the chart earlier in the range: re-entries, counted apart.
    package var reEntries: [NewEntry] = []
    /// Monday-to-Sunday weeks clipped to the range, with their totals and top film.
    package var weeks: [WeekSummary]
    /// The whole market's sales over the days that have an estimate (``DayReport/estimatedMarketSales``):
    /// an **estimate**; nil when no day has one.
    package var estimatedMarketSales: Int64?
    /// Days whose market could be estimated (all of them, unless some chart was empty).
    package var estimatedMarketDays: Int = 0
    /// The charted films' share of that estimate, two decimals.
    package var chartedShareOfEstimatedMarketPercent: Double?
    /// The range's charted totals against the same dates a year earlier (``YearEarlier``), when every day has its
    /// earlier chart (daily reports).
    package var lastYear: YearEarlier?
    /// From 1 January to the range's last day, against the same span a year earlier, when the
    /// cache holds every chart of both (daily reports).
    package var yearToDate: YearToDate?
    /// The charted films' sales over their admissions, to the won; nil without admissions.
    package var averageTicketPrice: Int64? = nil
    /// The whole market's admissions, an **estimate**: ``estimatedMarketSales`` over
    /// ``averageTicketPrice``.
    package var estimatedMarketAudience: Int64? = nil

    /// The `NEW` rows of charts in date order, told apart: a film first charted in the range that
    /// day (`firstCharted`, each film's first charted date in the range) is new to the chart; one
    /// charted earlier in the range is a re-entry. The one rule for "new entries", wherever a report
    /// counts them (the summary, its weeks). Only the `NEW` rows are read: the films know their
    /// first charted day (a set of every row's film cost a twenty-year report 1–2 % of its CPU).
    package static func entries(_ charts: [(date: Day, entries: [DayEntry])], firstCharted: [String: Day]) -> (new: [NewEntry], re: [NewEntry]) {
        var new: [NewEntry] = []
        var re: [NewEntry] = []
        for chart in charts {
            for entry in chart.entries where entry.isNew {
                let item = NewEntry(date: chart.date, movieCode: entry.movieCode, title: entry.title, rank: entry.rank)
                if let first = firstCharted[entry.movieCode], first < chart.date { re.append(item) } else { new.append(item) }
            }
        }
        return (new, re)
    }

    enum CodingKeys: String, CodingKey {
        case chartedAudience = "charted_audience"
        case chartedSales = "charted_sales"
        case films
        case emptyDays = "empty_days"
        case audienceShareByNation = "audience_share_by_nation"
        case topDistributors = "top_distributors"
        case newEntries = "new_entries"
        case reEntries = "re_entries"
        case weeks
        case estimatedMarketSales = "estimated_market_sales"
        case estimatedMarketDays = "estimated_market_days"
        case chartedShareOfEstimatedMarketPercent = "charted_share_of_estimated_market_pct"
        case lastYear = "last_year"
        case yearToDate = "year_to_date"
        case averageTicketPrice = "average_ticket_price"
        case estimatedMarketAudience = "estimated_market_audience"
    }
}

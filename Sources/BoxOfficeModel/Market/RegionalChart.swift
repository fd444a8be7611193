import Foundation

/// One region's chart for a period (issue 50, item 3): KOBIS's weekly service with
/// `wideAreaCd`, the region's own top 10, its charted admissions against the nation's, and each of
/// its films' share of that film's national figure.
package struct RegionalChart: Codable, Sendable, Equatable {
    package struct Row: Codable, Sendable, Equatable {
        package var rank: Int
        package var movieCode: String
        package var title: String
        package var audience: Int64
        package var sales: Int64
        /// The film's admissions here against its national admissions for the period, when it is in
        /// the national top 10 (Seoul's share of a film is the figure distributors quote).
        package var filmSharePercent: Double?

        enum CodingKeys: String, CodingKey {
            case rank
            case movieCode = "movie_cd"
            case title, audience, sales
            case filmSharePercent = "film_share_pct"
        }
    }

    package var regionCode: String
    package var region: String
    package var regionEnglish: String
    /// Σ of its top 10's period admissions and sales.
    package var audience: Int64
    package var sales: Int64
    /// Its charted admissions against the nation's (Σ of the national top 10): each chart's top 10,
    /// not the whole market's, so the regions need not add up to 100.
    package var nationSharePercent: Double?
    package var entries: [Row]

    enum CodingKeys: String, CodingKey {
        case regionCode = "region_cd"
        case region
        case regionEnglish = "region_en"
        case audience = "charted_audience"
        case sales = "charted_sales"
        case nationSharePercent = "share_of_nation_pct"
        case entries
    }

    /// The region's chart against the national one of the same period.
    package init(region: KOBISRegion, chart: WeeklyChart, national: PeriodReport) {
        regionCode = region.code
        self.region = region.korean
        regionEnglish = region.english
        audience = chart.entries.reduce(0) { $0 + $1.audience }
        sales = chart.entries.reduce(0) { $0 + $1.sales }
        nationSharePercent = Self.percent(audience, of: national.audience)
        let nationally = Dictionary(national.entries.map { ($0.movieCode, $0.audience) }) { first, _ in first }
        entries = chart.entries.sorted { $0.rank < $1.rank }.map { entry in
            Row(
                rank: entry.rank, movieCode: entry.movieCode, title: entry.title, audience: entry.audience, sales: entry.sales,
                filmSharePercent: nationally[entry.movieCode].flatMap { Self.percent(entry.audience, of: $0) })
        }
    }

    /// `part` of `whole` in percent, one decimal; nil when there is no whole.
    static func percent(_ part: Int64, of whole: Int64) -> Double? {
        whole > 0 ? (Double(part) * 1_000 / Double(whole)).rounded() / 10 : nil
    }
}

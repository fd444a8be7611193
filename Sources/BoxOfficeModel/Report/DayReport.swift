import Foundation

/// One date's chart rows with the figures derived from them.
package struct DayReport: Codable, Sendable, Equatable {
    package var date: Day
    package var audience: Int64
    package var sales: Int64
    package var entries: [DayEntry]
    /// Yesterday's chart (or later): KOBIS may still revise it.
    package var provisional: Bool = false
    /// The whole market's sales that day, **estimated** from the charted rows: Σ sales ÷ Σ sales
    /// share × 100 (KOBIS rounds each share to 0.1 %, so the estimate is within about 1 %); nil
    /// when the chart is empty or carries no shares.
    package var estimatedMarketSales: Int64?
    /// The charted films' share of the whole day's sales (Σ of their shares), one decimal; nil with
    /// no estimate.
    package var chartedSalesSharePercent: Double?
    /// 10 for KOBIS's own top 10; 20 or 40 for a chart merged from filtered charts.
    package var depth: ChartDepth = .top10
    /// The rows are certainly the market's top films down to this rank (all of them at depth 10).
    package var exactThroughRank: Int = 0
    /// The public holiday the date was (설날, 추석, a substitute or election day …), if it was one.
    package var holiday: KoreanHoliday?
    /// The same date a year earlier (``YearEarlier/sameDate(_:)``), when its chart was had and held films.
    package var lastYear: YearEarlier?
    /// For a holiday, the same holiday a year earlier (``KoreanHolidays/sameHolidayLastYear(_:)``),
    /// when its chart was had and held films.
    package var holidayLastYear: YearEarlier?
    /// From 1 January to this date against the same span a year earlier, when the cache holds
    /// every top-10 chart of both.
    package var yearToDate: YearToDate?

    /// Films on the chart that day.
    package var filmsCharted: Int { entries.count }
    /// The day's #1 film.
    package var topFilm: DayEntry? { entries.min { $0.rank < $1.rank } }
    /// Films KOBIS marked `NEW` that day.
    package var newEntries: Int { entries.filter(\.isNew).count }

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case date
        case audience = "charted_audience"
        case sales = "charted_sales"
        case entries
        case provisional
        case estimatedMarketSales = "estimated_market_sales"
        case chartedSalesSharePercent = "charted_sales_share_pct"
        case depth
        case exactThroughRank = "exact_through_rank"
        case holiday
        case lastYear = "last_year"
        case holidayLastYear = "holiday_last_year"
        case yearToDate = "year_to_date"
    }

    /// The largest market estimate kept: 10⁵ times any real day's (about ₩10¹⁰), and small enough
    /// that twenty years of days add up inside Int64.
    package static let largestMarketEstimate = 1e15

    /// The market estimate for `entries`: Σ sales ÷ Σ share × 100, and Σ share (one decimal).
    ///
    /// None when the shares add up to less than KOBIS's rounding step (0.1 %: nothing can be told
    /// from less), or the estimate is past ``largestMarketEstimate``: a hostile or broken chart
    /// within the row bounds (a share of 1e-300) leaves a blank, never a trap.
    package static func marketEstimate(_ entries: [DayEntry]) -> (sales: Int64, chartedShare: Double)? {
        let share = entries.reduce(0.0) { $0 + $1.salesSharePercent }
        var sales: Int64 = 0
        for entry in entries {
            let (sum, overflow) = sales.addingReportingOverflow(entry.sales)
            guard !overflow else { return nil }
            sales = sum
        }
        guard share >= 0.1, share <= 100.5, sales > 0 else { return nil }
        let estimate = (Double(sales) / share * 100).rounded()
        guard estimate.isFinite, estimate <= largestMarketEstimate, let value = Int64(exactly: estimate) else { return nil }
        return (value, (share * 10).rounded() / 10)
    }
}

extension DayReport {
    /// What each key holds, for the JSON writer (``JSONFieldValue``).
    package func jsonValue(_ field: CodingKeys) -> JSONFieldValue {
        switch field {
        case .date: .day(date)
        case .audience: .integer(audience)
        case .sales: .integer(sales)
        case .entries: .nested
        case .provisional: .bool(provisional)
        case .estimatedMarketSales: .maybe(estimatedMarketSales)
        case .chartedSalesSharePercent: .maybe(chartedSalesSharePercent)
        case .depth: .integer(Int64(depth.rawValue))
        case .exactThroughRank: .integer(Int64(exactThroughRank))
        case .holiday: .maybe(nested: holiday)
        case .lastYear: .maybe(nested: lastYear)
        case .holidayLastYear: .maybe(nested: holidayLastYear)
        case .yearToDate: .maybe(nested: yearToDate)
        }
    }
}

import Foundation

/// One period's chart in a weekly, weekend or weekdays report: KOBIS's top 10 for the period, each
/// row with KOBIS's own figures for the whole period (days outside the daily top 10 included).
package struct PeriodReport: Codable, Sendable, Equatable {
    package var kind: PeriodKind
    package var start: Day
    package var end: Day
    /// ISO 8601 week of the period, as KOBIS's `yearWeekTime` names it: `2025-W10`.
    package var isoWeek: String
    /// Its last day is yesterday or later in Seoul: KOBIS may still revise it.
    package var provisional: Bool = false
    /// Σ of the charted films' period audience and sales.
    package var audience: Int64
    package var sales: Int64
    /// The charted total against the previous period's charted total, in percent, one decimal; nil
    /// for the report's first period (its previous period is not in the report).
    package var audienceChangePercent: Double?
    package var salesChangePercent: Double?
    /// The whole market's sales over the period, **estimated** as for a day (Σ sales ÷ Σ share × 100).
    package var estimatedMarketSales: Int64?
    package var chartedSalesSharePercent: Double?
    /// The rows; `rankChange`, `isNew` and the changes compare with the same period a week earlier,
    /// as KOBIS computes them; `dayOfRelease` counts to the period's last day.
    package var entries: [DayEntry]
    /// The same period 52 weeks earlier, when its chart was had and held films.
    package var lastYear: YearEarlier?
    /// `--regions`: every region's chart for the period, in KOBIS's code list's order; nil when not asked.
    package var regions: [RegionalChart]?
    /// `--regions`: the regions whose chart could not be had (`--offline` and not cached, or the
    /// budget spent), by code.
    package var regionsMissing: [String]?

    /// The period's #1 film.
    package var topFilm: DayEntry? { entries.min { $0.rank < $1.rank } }
    package var newEntries: Int { entries.filter(\.isNew).count }
    package var period: ChartPeriod { ChartPeriod(kind, inWeekOf: start) }

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case kind
        case start
        case end
        case isoWeek = "iso_week"
        case provisional
        case audience = "charted_audience"
        case sales = "charted_sales"
        case audienceChangePercent = "audience_change_pct"
        case salesChangePercent = "sales_change_pct"
        case estimatedMarketSales = "estimated_market_sales"
        case chartedSalesSharePercent = "charted_sales_share_pct"
        case entries
        case lastYear = "last_year"
        case regions
        case regionsMissing = "regions_missing"
    }

    /// Every period chart as a period of the report, each compared with the one before it; the
    /// first with `earlier`, the period before it, when the run has it.
    package static func periods(_ charts: [WeeklyChart], earlier: WeeklyChart? = nil, today: Day?) -> [PeriodReport] {
        var previous: PeriodReport? = earlier.flatMap { periods([$0], today: nil).first }
        return charts.sorted { $0.period < $1.period }.map { chart in
            var period = PeriodReport(
                kind: chart.period.kind, start: chart.period.start, end: chart.period.end,
                isoWeek: chart.period.isoWeekText,
                audience: chart.entries.reduce(0) { $0 + $1.audience },
                sales: chart.entries.reduce(0) { $0 + $1.sales },
                entries: chart.entries.map { entry in
                    var row = JoinStage.entry(entry, asOf: chart.period.end)
                    // KOBIS's own comparison with the same period a week earlier.
                    if !entry.isNew {
                        row.audienceLastWeek = entry.audience - entry.audienceChange
                        row.audienceChangeLastWeekPercent = entry.audienceChangePercent
                    }
                    if let before = previous, before.period == chart.period.previous,
                        let then = before.entries.first(where: { $0.movieCode == entry.movieCode })
                    {
                        row.screensChange = row.screens - then.screens
                    }
                    return row
                })
            // Provisional while the period's last day may still be revised, or while its chart is
            // one fetched before that day's figures were final (fetched again by the next online run).
            period.provisional = chart.provisional || (today.map { chart.period.end >= $0 - 1 } ?? false)
            if let before = previous, before.period == chart.period.previous {
                period.audienceChangePercent = RunFacts.change(period.audience, from: before.audience)
                period.salesChangePercent = RunFacts.change(period.sales, from: before.sales)
            }
            if let market = DayReport.marketEstimate(period.entries) {
                period.estimatedMarketSales = market.sales
                period.chartedSalesSharePercent = market.chartedShare
            }
            previous = period
            return period
        }
    }
}

extension PeriodReport {
    /// What each key holds, for the JSON writer (``JSONFieldValue``).
    package func jsonValue(_ field: CodingKeys) -> JSONFieldValue {
        switch field {
        case .kind: .string(kind.rawValue)
        case .start: .day(start)
        case .end: .day(end)
        case .isoWeek: .string(isoWeek)
        case .provisional: .bool(provisional)
        case .audience: .integer(audience)
        case .sales: .integer(sales)
        case .audienceChangePercent: .maybe(audienceChangePercent)
        case .salesChangePercent: .maybe(salesChangePercent)
        case .estimatedMarketSales: .maybe(estimatedMarketSales)
        case .chartedSalesSharePercent: .maybe(chartedSalesSharePercent)
        case .entries: .nested
        case .lastYear: .maybe(nested: lastYear)
        case .regions: .maybe(nested: regions)
        case .regionsMissing: .maybe(nested: regionsMissing)
        }
    }
}

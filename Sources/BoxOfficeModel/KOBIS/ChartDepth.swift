/// How deep a day's chart goes. KOBIS publishes a top 10 per request; a deeper chart merges the top
/// 10s of filtered charts whose films do not overlap (partitions), so it costs one call per partition.
package enum ChartDepth: Int, Sendable, Codable, CaseIterable, Comparable {
    /// KOBIS's own top 10: one call a day.
    case top10 = 10
    /// Korean top 10 ∪ foreign top 10: two calls a day (the unfiltered top 10 is inside the union).
    case top20 = 20
    /// Korean and foreign, each split into diversity and commercial films: four calls a day.
    case top40 = 40

    package static func < (lhs: ChartDepth, rhs: ChartDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The filtered charts a day of this depth is merged from; empty for the unfiltered top 10.
    package var partitions: [ChartPartition] {
        switch self {
        case .top10: []
        case .top20: [.korean, .foreign]
        case .top40: [.koreanDiversity, .koreanCommercial, .foreignDiversity, .foreignCommercial]
        }
    }

    /// KOBIS calls one date's chart costs.
    package var callsPerDay: Int { max(1, partitions.count) }

    /// One day's chart from the partitions' top 10s: every row once, ranked by audience (then sales,
    /// then movie code), never by the partitions' own ranks; rank changes are left for the caller,
    /// who knows the previous day's merged chart.
    ///
    /// `exactThroughRank` is R: a film missing from every partition sold no more than its own
    /// partition's 10th place, so the merged rows are the market's top films as far as their audience
    /// is above the largest 10th-place audience among partitions that returned 10 rows. When no
    /// partition returned 10 rows, nothing is missing and every row is exact.
    package static func merge(_ charts: [(partition: ChartPartition, chart: DailyChart)], on date: Day, depth: ChartDepth) -> DailyChart {
        var byCode: [String: ChartEntry] = [:]
        for (partition, chart) in charts {
            for var entry in chart.entries {
                entry.partition = partition
                if let seen = byCode[entry.movieCode], seen.audience >= entry.audience { continue }
                byCode[entry.movieCode] = entry
            }
        }
        var rows = byCode.values.sorted { a, b in
            (a.audience, a.sales, b.movieCode) > (b.audience, b.sales, a.movieCode)
        }
        for index in rows.indices {
            rows[index].rank = index + 1
            rows[index].rankChange = 0
        }
        let full = charts.filter { $0.chart.entries.count >= 10 }
        let threshold = full.compactMap { $0.chart.entries.map(\.audience).min() }.max()
        let exact = threshold.map { bar in rows.prefix { $0.audience > bar }.count } ?? rows.count
        var merged = DailyChart(date: date, entries: rows, depth: depth, exactThroughRank: exact)
        // Early figures in any part are early figures in the whole.
        merged.provisional = charts.contains { $0.chart.provisional }
        return merged
    }
}

/// One filtered chart a deeper chart is merged from (KOBIS `repNationCd` and `multiMovieYn`).
package enum ChartPartition: String, Sendable, Codable, CaseIterable {
    case korean = "K"
    case foreign = "F"
    case koreanDiversity = "K-diversity"
    case koreanCommercial = "K-commercial"
    case foreignDiversity = "F-diversity"
    case foreignCommercial = "F-commercial"

    /// The request filters that ask KOBIS for this partition, on top of a region filter.
    package func filters(area: String?) -> KOBISFilters {
        switch self {
        case .korean: KOBISFilters(nation: .korean, area: area)
        case .foreign: KOBISFilters(nation: .foreign, area: area)
        case .koreanDiversity: KOBISFilters(nation: .korean, films: .diversity, area: area)
        case .koreanCommercial: KOBISFilters(nation: .korean, films: .commercial, area: area)
        case .foreignDiversity: KOBISFilters(nation: .foreign, films: .diversity, area: area)
        case .foreignCommercial: KOBISFilters(nation: .foreign, films: .commercial, area: area)
        }
    }
}

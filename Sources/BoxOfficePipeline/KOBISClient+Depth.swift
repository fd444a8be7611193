import BoxOfficeModel
import BoxOfficeServices

extension KOBISClient {
    /// The charts a projection from `last` reads (``Projection/chartDays(through:)``: four weeks to
    /// it and last year's holidays): those `atHand` has, the others from the cache (nothing sent;
    /// a day the cache lacks is left out). The one read for `film`, `watch list`, a report's films
    /// and `calendar`.
    func projectionCharts(through last: Day, atHand: [Day: DailyChart] = [:]) -> [Day: DailyChart] {
        var charts: [Day: DailyChart] = [:]
        for day in Projection.chartDays(through: last) {
            if let chart = atHand[day] ?? cachedDailyChart(on: day) { charts[day] = chart }
        }
        return charts
    }

    /// A date's chart at a depth: KOBIS's top 10, or merged from its filtered charts, one call each
    /// (each cached on its own, so a run stopped between them resumes with the ones missing).
    func dailyChart(on day: Day, depth: ChartDepth, filters: KOBISFilters) async throws -> DailyChart {
        guard depth != .top10 else { return try await dailyChart(on: day, filters: filters) }
        var parts: [(partition: ChartPartition, chart: DailyChart)] = []
        for partition in depth.partitions {
            parts.append((partition, try await dailyChart(on: day, filters: partition.filters(area: filters.area))))
        }
        return ChartDepth.merge(parts, on: day, depth: depth)
    }
}

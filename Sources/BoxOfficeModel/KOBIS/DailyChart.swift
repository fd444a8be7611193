import Foundation

/// A date's chart: KOBIS publishes the top 10 at most.
package struct DailyChart: Hashable, Sendable, Codable {
    package var date: Day
    package var entries: [ChartEntry]
    /// How many rows a day may have: 10 for KOBIS's own chart, 20 or 40 for a merged one.
    package var depth: ChartDepth = .top10
    /// The merged chart's rows are certainly the market's top films down to this rank (see
    /// ``ChartDepth/merge(_:on:)``); every row for an unfiltered top 10.
    package var exactThroughRank: Int
    /// Fetched while KOBIS could still revise the day (before ``SeoulCalendar/finalFrom(_:)``):
    /// its figures are early ones until the chart is fetched again.
    package var provisional = false

    package init(date: Day, entries: [ChartEntry], depth: ChartDepth = .top10, exactThroughRank: Int? = nil) {
        self.date = date
        self.entries = entries
        self.depth = depth
        self.exactThroughRank = exactThroughRank ?? entries.count
    }
}
